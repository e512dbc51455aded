//! Certificates for TLS tests (rcgen): a company CA and a server certificate it issued, as the
//! HTTPS stubs (DER) and PostgreSQL (PEM files) each need them.

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};

/// A server's certificate and key, and the certificate of whoever vouches for it.
pub struct Pki {
    /// The issuing CA's certificate (the server's own when it signs itself).
    pub ca_pem: String,
    pub cert_pem: String,
    pub cert_der: Vec<u8>,
    pub key_pem: String,
    pub key_der: Vec<u8>,
}

/// A CA's parameters under the common name `name`, its own names being `names`.
pub fn ca_params(name: &str, names: &[&str]) -> CertificateParams {
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let mut ca = CertificateParams::new(names).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name.push(DnType::CommonName, name);
    ca.key_usages = vec![
        KeyUsagePurpose::KeyCertSign,
        KeyUsagePurpose::CrlSign,
        KeyUsagePurpose::DigitalSignature,
    ];
    ca
}

/// A server with `server` as its certificate, issued by a new CA made from `ca` (`None`: the
/// certificate signs itself).
pub fn issued(ca: Option<CertificateParams>, server: CertificateParams) -> Pki {
    let key = KeyPair::generate().unwrap();
    let (ca_pem, cert) = match ca {
        Some(ca) => {
            let ca_key = KeyPair::generate().unwrap();
            let ca_cert = ca.self_signed(&ca_key).unwrap();
            let cert = server.signed_by(&key, &Issuer::new(ca, ca_key)).unwrap();
            (ca_cert.pem(), cert)
        }
        None => {
            let cert = server.self_signed(&key).unwrap();
            (cert.pem(), cert)
        }
    };
    Pki {
        ca_pem,
        cert_pem: cert.pem(),
        cert_der: cert.der().to_vec(),
        key_pem: key.serialize_pem(),
        key_der: key.serialize_der(),
    }
}

/// A company CA named `ca_name` and a certificate it issued for localhost and 127.0.0.1.
pub fn company(ca_name: &str) -> Pki {
    let server =
        CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()]).unwrap();
    issued(Some(ca_params(ca_name, &[])), server)
}
