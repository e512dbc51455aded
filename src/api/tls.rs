//! Trust and proxy settings shared by every HTTP client the tool builds: the API client,
//! presigned uploads, `webhooks trigger` and the listener's forwards. One place decides which
//! certificate authorities are trusted, so a company CA given once works everywhere.
//!
//! Trusted: the operating system's store (`SSL_CERT_FILE` / `SSL_CERT_DIR` honoured, as by
//! OpenSSL), plus the PEM authorities of `--ca-cert` / `RECRUIT_CA_CERT` / profile `ca_cert`.
//! The compiled-in webpki roots are only a fallback for a system with no store at all.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use rustls::RootCertStore;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::CertificateDer;

use crate::error::Error;

/// Largest CA file read: a bundle of every public root is about 250 KiB.
const MAX_CA_FILE: u64 = 16 * 1024 * 1024;

/// How clients reach HTTPS servers. Cheap to clone.
#[derive(Clone, Default)]
pub struct NetSettings {
    /// Extra authorities (a company's own CA), with the file they came from.
    extra: Arc<Vec<CertificateDer<'static>>>,
    ca_file: Option<PathBuf>,
}

impl std::fmt::Debug for NetSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NetSettings")
            .field("ca_file", &self.ca_file)
            .field("extra_authorities", &self.extra.len())
            .finish()
    }
}

impl NetSettings {
    /// The system's trust store only.
    pub fn system() -> NetSettings {
        NetSettings::default()
    }

    /// The system's store plus every certificate in the PEM file at `path`. A missing,
    /// unreadable or certificate-less file is a usage error (exit 2) naming the path.
    pub fn with_ca_file(path: &Path) -> Result<NetSettings, Error> {
        let shown = path.display();
        let meta = std::fs::metadata(path).map_err(|e| {
            Error::usage(format!(
                "cannot read the CA file '{shown}' (--ca-cert / RECRUIT_CA_CERT / ca_cert): {e}"
            ))
        })?;
        if !meta.is_file() {
            return Err(Error::usage(format!(
                "the CA file '{shown}' is not a regular file; pass a PEM file of certificates"
            )));
        }
        if meta.len() > MAX_CA_FILE {
            return Err(Error::usage(format!(
                "the CA file '{shown}' is over {} MiB; pass a PEM file of certificates",
                MAX_CA_FILE / 1024 / 1024
            )));
        }
        let pem = std::fs::read(path)
            .map_err(|e| Error::usage(format!("cannot read the CA file '{shown}': {e}")))?;
        let mut extra = Vec::new();
        for cert in CertificateDer::pem_slice_iter(&pem) {
            let cert = cert.map_err(|e| {
                Error::usage(format!(
                    "the CA file '{shown}' is not valid PEM ({e}); pass the authority's certificate in PEM form (-----BEGIN CERTIFICATE-----)"
                ))
            })?;
            extra.push(cert);
        }
        if extra.is_empty() {
            return Err(Error::usage(format!(
                "the CA file '{shown}' holds no PEM certificate (-----BEGIN CERTIFICATE-----)"
            )));
        }
        // Each must parse as a trust anchor now, not fail later on the first request.
        let mut probe = RootCertStore::empty();
        for cert in &extra {
            probe.add(cert.clone()).map_err(|e| {
                Error::usage(format!(
                    "the CA file '{shown}' holds a certificate that cannot be used as an authority: {e}"
                ))
            })?;
        }
        Ok(NetSettings {
            extra: Arc::new(extra),
            ca_file: Some(path.to_path_buf()),
        })
    }

    /// The CA file given, if any.
    pub fn ca_file(&self) -> Option<&Path> {
        self.ca_file.as_deref()
    }

    /// A reqwest builder that trusts these authorities. `env_proxy`: honour HTTPS_PROXY,
    /// HTTP_PROXY and NO_PROXY (for the service); off for loopback servers of our own (the
    /// sandbox, the listener's app), which a proxy elsewhere could never reach.
    pub fn client_builder(&self, env_proxy: bool) -> reqwest::ClientBuilder {
        let mut tls = self.rustls_config();
        tls.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        let builder = reqwest::Client::builder().use_preconfigured_tls(tls);
        if env_proxy {
            builder
        } else {
            builder.no_proxy()
        }
    }
}

impl NetSettings {
    /// A TLS client configuration that trusts these authorities (for connections that are
    /// not HTTP: `recruit sync` to PostgreSQL).
    pub fn rustls_config(&self) -> rustls::ClientConfig {
        let mut roots = RootCertStore::empty();
        roots.roots.extend(system_roots().roots.iter().cloned());
        for cert in self.extra.iter() {
            // Checked when the file was read.
            let _ = roots.add(cert.clone());
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("ring supports the default TLS versions")
            .with_root_certificates(roots)
            .with_no_client_auth()
    }
}

/// The operating system's roots, read once per process (`SSL_CERT_FILE` and `SSL_CERT_DIR`
/// honoured); the webpki roots when the system has none.
fn system_roots() -> &'static RootCertStore {
    static ROOTS: OnceLock<RootCertStore> = OnceLock::new();
    ROOTS.get_or_init(|| {
        let mut store = RootCertStore::empty();
        let found = rustls_native_certs::load_native_certs();
        // Unparseable entries in a system bundle are skipped, as OpenSSL does.
        let _ = store.add_parsable_certificates(found.certs);
        if store.is_empty() {
            store.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
        }
        store
    })
}

/// What went wrong in a TLS handshake with `url`'s host, in words that name the fix; `None`
/// when the error is not about TLS.
pub fn describe_tls_error(e: &(dyn std::error::Error + 'static), url: &url::Url) -> Option<String> {
    let target = format!(
        "{}:{}",
        url.host_str().unwrap_or(""),
        url.port_or_known_default().unwrap_or(443)
    );
    find_rustls(e).map(|tls| describe_rustls(tls, &target))
}

/// Whether a request failed in the TLS handshake (an untrusted or wrong certificate, or a
/// server that does not speak TLS): retrying cannot help.
pub fn is_tls_error(e: &(dyn std::error::Error + 'static)) -> bool {
    find_rustls(e).is_some()
}

/// The rustls error somewhere in a chain. An `io::Error`'s `source()` skips the error it
/// wraps (and hyper wraps one io::Error in another), so look inside those as well.
fn find_rustls<'a>(e: &'a (dyn std::error::Error + 'static)) -> Option<&'a rustls::Error> {
    if let Some(tls) = e.downcast_ref::<rustls::Error>() {
        return Some(tls);
    }
    if let Some(inner) = e
        .downcast_ref::<std::io::Error>()
        .and_then(|io| io.get_ref())
    {
        if let Some(tls) = find_rustls(inner) {
            return Some(tls);
        }
    }
    e.source().and_then(find_rustls)
}

fn describe_rustls(e: &rustls::Error, target: &str) -> String {
    use rustls::{CertificateError, Error as E};
    const FIX: &str =
        "if your network uses its own CA, pass it with --ca-cert FILE (or RECRUIT_CA_CERT)";
    match e {
        E::InvalidCertificate(CertificateError::UnknownIssuer)
        | E::InvalidCertificate(CertificateError::BadSignature) => format!(
            "the certificate of {target} is signed by an unknown authority; {FIX}"
        ),
        E::InvalidCertificate(CertificateError::Expired)
        | E::InvalidCertificate(CertificateError::ExpiredContext { .. }) => format!(
            "the certificate of {target} has expired (or this machine's clock is wrong); ask the server's owner to renew it"
        ),
        E::InvalidCertificate(CertificateError::NotValidYet)
        | E::InvalidCertificate(CertificateError::NotValidYetContext { .. }) => format!(
            "the certificate of {target} is not valid yet; check this machine's clock"
        ),
        E::InvalidCertificate(CertificateError::NotValidForName)
        | E::InvalidCertificate(CertificateError::NotValidForNameContext { .. }) => format!(
            "the certificate of {target} is not valid for that host name; check the host in the URL (the certificate names another)"
        ),
        E::InvalidCertificate(CertificateError::Revoked) => {
            format!("the certificate of {target} has been revoked")
        }
        E::InvalidCertificate(other) => format!(
            "the certificate of {target} was rejected ({other:?}); {FIX}"
        ),
        E::InvalidMessage(_) => format!(
            "the server at {target} does not speak TLS; did you mean http://?"
        ),
        other => format!("the TLS handshake with {target} failed: {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_and_empty_ca_files_are_usage_errors_naming_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("nope.pem");
        let err = NetSettings::with_ca_file(&missing).unwrap_err();
        assert_eq!(err.kind, crate::error::ExitKind::Usage);
        assert!(err.message.contains("nope.pem"), "{}", err.message);

        let empty = dir.path().join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        let err = NetSettings::with_ca_file(&empty).unwrap_err();
        assert_eq!(err.kind, crate::error::ExitKind::Usage);
        assert!(
            err.message.contains("no PEM certificate"),
            "{}",
            err.message
        );
    }

    #[test]
    fn handshake_errors_name_the_cause_and_the_fix() {
        use rustls::{CertificateError, Error as E};
        let unknown = describe_rustls(
            &E::InvalidCertificate(CertificateError::UnknownIssuer),
            "localhost:8443",
        );
        assert_eq!(
            unknown,
            "the certificate of localhost:8443 is signed by an unknown authority; if your network uses its own CA, pass it with --ca-cert FILE (or RECRUIT_CA_CERT)"
        );
        let plain = describe_rustls(
            &E::InvalidMessage(rustls::InvalidMessage::InvalidContentType),
            "h:1",
        );
        assert!(plain.contains("does not speak TLS; did you mean http://?"));
        // Found through an error chain, as reqwest wraps it.
        let io = std::io::Error::other(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            E::InvalidCertificate(CertificateError::Expired),
        ));
        let url = url::Url::parse("https://h:1/v1/").unwrap();
        let expired = describe_tls_error(&io, &url).unwrap();
        assert!(
            expired.starts_with("the certificate of h:1 has expired"),
            "{expired}"
        );
        let other = std::io::Error::other("connection refused");
        assert!(describe_tls_error(&other, &url).is_none());
        assert!(!is_tls_error(&other));
    }
}
