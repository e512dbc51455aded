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

use crate::error::{Error, ExitKind};
use crate::msg;
use crate::msg::{Arg, Msg};

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
            Error::caused(
                ExitKind::Usage,
                crate::msg!("ca-cannot-read-named", path = shown.to_string()),
                e,
            )
        })?;
        if !meta.is_file() {
            return Err(Error::usage(crate::msg!(
                "ca-not-a-file",
                path = shown.to_string()
            )));
        }
        if meta.len() > MAX_CA_FILE {
            return Err(Error::usage(crate::msg!(
                "ca-too-large",
                path = shown.to_string(),
                mib = MAX_CA_FILE / 1024 / 1024
            )));
        }
        let pem = std::fs::read(path).map_err(|e| {
            Error::caused(
                ExitKind::Usage,
                crate::msg!("ca-cannot-read", path = shown.to_string()),
                e,
            )
        })?;
        let mut extra = Vec::new();
        for cert in CertificateDer::pem_slice_iter(&pem) {
            let cert = cert.map_err(|e| {
                Error::usage(crate::msg!(
                    "ca-not-pem",
                    path = shown.to_string(),
                    why = pem_problem(&e)
                ))
            })?;
            extra.push(cert);
        }
        if extra.is_empty() {
            return Err(Error::usage(crate::msg!(
                "ca-no-certificate",
                path = shown.to_string()
            )));
        }
        // Each must parse as a trust anchor now, not fail later on the first request.
        let mut probe = RootCertStore::empty();
        for cert in &extra {
            probe.add(cert.clone()).map_err(|e| {
                Error::usage(crate::msg!(
                    "ca-unusable",
                    path = shown.to_string(),
                    why = certificate_problem(&e)
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
}

/// rustls's own verifier, unchanged, except that an unknown issuer that is the certificate
/// itself is said to be a self-signed certificate (which rustls doesn't tell apart). Built
/// on first use, from the system's roots and the `--ca-cert` authorities.
#[derive(Debug)]
struct TellsSelfSigned {
    extra: Arc<Vec<CertificateDer<'static>>>,
    provider: Arc<rustls::crypto::CryptoProvider>,
    webpki: std::sync::OnceLock<Arc<rustls::client::WebPkiServerVerifier>>,
}

impl TellsSelfSigned {
    fn webpki(&self) -> &rustls::client::WebPkiServerVerifier {
        self.webpki.get_or_init(|| {
            let mut roots = RootCertStore::empty();
            roots.roots.extend(system_roots().roots.iter().cloned());
            for cert in self.extra.iter() {
                // Checked when the file was read.
                let _ = roots.add(cert.clone());
            }
            rustls::client::WebPkiServerVerifier::builder_with_provider(
                Arc::new(roots),
                self.provider.clone(),
            )
            .build()
            .expect("the trust store has at least the fallback roots")
        })
    }
}

/// A server certificate that signs itself, outside the trusted authorities.
#[derive(Debug)]
struct SelfSigned;

impl std::fmt::Display for SelfSigned {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("self-signed certificate")
    }
}

impl std::error::Error for SelfSigned {}

/// Trait methods passed to rustls's verifier as they are: the signature checks.
macro_rules! delegate_to_webpki {
    ($($method:ident),*) => {$(
        fn $method(
            &self,
            message: &[u8],
            cert: &CertificateDer<'_>,
            dss: &rustls::DigitallySignedStruct,
        ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
            self.webpki().$method(message, cert, dss)
        }
    )*};
}

impl rustls::client::danger::ServerCertVerifier for TellsSelfSigned {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &rustls_pki_types::ServerName<'_>,
        ocsp_response: &[u8],
        now: rustls_pki_types::UnixTime,
    ) -> Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        use rustls::{CertificateError, Error as E};
        match self.webpki().verify_server_cert(
            end_entity,
            intermediates,
            server_name,
            ocsp_response,
            now,
        ) {
            Err(E::InvalidCertificate(CertificateError::UnknownIssuer))
                if intermediates.is_empty() && is_self_signed(end_entity) =>
            {
                Err(E::InvalidCertificate(CertificateError::Other(
                    rustls::OtherError(Arc::new(SelfSigned)),
                )))
            }
            other => other,
        }
    }

    delegate_to_webpki!(verify_tls12_signature, verify_tls13_signature);

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

/// Whether a DER certificate names itself as its issuer: its `issuer` and `subject` fields
/// are the same bytes (RFC 5280: Certificate > TBSCertificate > version?, serialNumber,
/// signature, issuer, validity, subject).
fn is_self_signed(der: &[u8]) -> bool {
    /// One DER element: (tag, contents, what follows it).
    fn element(b: &[u8]) -> Option<(u8, &[u8], &[u8])> {
        let (&tag, rest) = b.split_first()?;
        let (&first, rest) = rest.split_first()?;
        let (len, rest) = if first < 0x80 {
            (first as usize, rest)
        } else {
            let n = (first & 0x7f) as usize;
            if n == 0 || n > 4 || rest.len() < n {
                return None;
            }
            let len = rest[..n]
                .iter()
                .fold(0usize, |acc, b| (acc << 8) | *b as usize);
            (len, &rest[n..])
        };
        (rest.len() >= len).then(|| (tag, &rest[..len], &rest[len..]))
    }
    let fields = || -> Option<bool> {
        let (_, cert, _) = element(der)?;
        let (_, tbs, _) = element(cert)?;
        let (tag, _, after_version) = element(tbs)?;
        let rest = if tag == 0xa0 { after_version } else { tbs };
        let (_, _, rest) = element(rest)?; // serialNumber
        let (_, _, rest) = element(rest)?; // signature
        let (_, issuer, rest) = element(rest)?;
        let (_, _, rest) = element(rest)?; // validity
        let (_, subject, _) = element(rest)?;
        Some(issuer == subject)
    };
    fields().unwrap_or(false)
}

/// What is wrong with a PEM file (pki-types quotes the markers as byte arrays): a message,
/// or the library's own name for it.
fn pem_problem(e: &rustls_pki_types::pem::Error) -> Arg {
    use rustls_pki_types::pem::Error as P;
    match e {
        P::MissingSectionEnd { end_marker } => msg!(
            "pem-ends-early",
            marker = String::from_utf8_lossy(end_marker)
        )
        .into(),
        P::IllegalSectionStart { line } => msg!(
            "pem-bad-section-start",
            line = crate::text::one_line(&String::from_utf8_lossy(line), 80)
        )
        .into(),
        // The decoder's words are a String, not an error: kept for English, a sentence of
        // ours in another language.
        P::Base64Decode(why) => msg!(
            "pem-not-base64",
            why = crate::error::cause_with(&std::io::Error::other(why.clone()), why.clone())
        )
        .into(),
        P::Io(e) => msg!("pem-cannot-read", why = crate::error::cause_of(e)).into(),
        P::NoItemsFound => msg!("pem-no-certificate").into(),
        P::SectionTooLarge => msg!("pem-section-too-large").into(),
        other => crate::error::cause_with(other, humanize(&format!("{other:?}"))).into(),
    }
}

/// A certificate problem rustls reports: a message, or its own name for it.
fn certificate_problem(e: &rustls::Error) -> Arg {
    use rustls::{CertificateError, Error as E};
    match e {
        E::InvalidCertificate(CertificateError::BadEncoding) => msg!("cert-bad-encoding").into(),
        E::InvalidCertificate(CertificateError::Other(other)) => webpki_problem(other),
        // Kinds with no message of their own: the library's words in English, a message that
        // says where to find them in another language.
        E::InvalidCertificate(other) => {
            crate::error::cause_with(e, humanize(&format!("{other:?}"))).into()
        }
        other => crate::error::cause_of(other).into(),
    }
}

/// webpki's error behind rustls's `Other`: a message, or its own name for it.
fn webpki_problem(other: &rustls::OtherError) -> Arg {
    let inner: &(dyn std::error::Error + 'static) = &*other.0;
    if inner.downcast_ref::<SelfSigned>().is_some() {
        return msg!("cert-self-signed").into();
    }
    match inner.downcast_ref::<webpki::Error>() {
        Some(webpki::Error::CaUsedAsEndEntity) => msg!("cert-ca-as-server").into(),
        Some(webpki::Error::EndEntityUsedAsCa) => msg!("cert-server-as-ca").into(),
        Some(webpki::Error::UnsupportedCriticalExtension) => {
            msg!("cert-unknown-critical-extension").into()
        }
        Some(webpki::Error::PathLenConstraintViolated) => msg!("cert-chain-too-long").into(),
        Some(webpki::Error::NameConstraintViolation) => msg!("cert-name-constraint").into(),
        Some(other) => crate::error::cause_with(inner, humanize(&format!("{other:?}"))).into(),
        None => crate::error::cause_with(inner, humanize(&inner.to_string())).into(),
    }
}

/// `CaUsedAsEndEntity` (a name in code) as `ca used as end entity`; a variant's fields dropped.
fn humanize(name: &str) -> String {
    let name = name.split(['(', '{', ' ']).next().unwrap_or(name);
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}

impl NetSettings {
    /// A TLS client configuration that trusts these authorities: every HTTPS client's, and
    /// `recruit sync`'s to PostgreSQL. The trust store is read at the first TLS handshake,
    /// not here: a command that only speaks http:// (the sandbox, a local app) never reads the
    /// system's ~150 PEM files.
    pub fn rustls_config(&self) -> rustls::ClientConfig {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let verifier = TellsSelfSigned {
            extra: self.extra.clone(),
            provider: provider.clone(),
            webpki: std::sync::OnceLock::new(),
        };
        rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("ring supports the default TLS versions")
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(verifier))
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
pub fn describe_tls_error(e: &(dyn std::error::Error + 'static), url: &url::Url) -> Option<Msg> {
    let target = format!(
        "{}:{}",
        url.host_str().unwrap_or(""),
        url.port_or_known_default().unwrap_or(443)
    );
    find_rustls(e).map(|tls| describe_rustls(tls, &target))
}

/// [`describe_tls_error`] for a connection that is not a URL's (PostgreSQL's), its server
/// named as `target` (`db.example:5432`).
pub fn describe_tls_error_at(e: &(dyn std::error::Error + 'static), target: &str) -> Option<Msg> {
    find_rustls(e).map(|tls| describe_rustls(tls, target))
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

fn describe_rustls(e: &rustls::Error, target: &str) -> Msg {
    use rustls::{CertificateError, Error as E};
    match e {
        E::InvalidCertificate(CertificateError::UnknownIssuer)
        | E::InvalidCertificate(CertificateError::BadSignature) => {
            msg!("tls-unknown-issuer", target = target)
        }
        E::InvalidCertificate(CertificateError::Expired)
        | E::InvalidCertificate(CertificateError::ExpiredContext { .. }) => {
            msg!("tls-expired", target = target)
        }
        E::InvalidCertificate(CertificateError::NotValidYet)
        | E::InvalidCertificate(CertificateError::NotValidYetContext { .. }) => {
            msg!("tls-not-valid-yet", target = target)
        }
        E::InvalidCertificate(CertificateError::NotValidForName)
        | E::InvalidCertificate(CertificateError::NotValidForNameContext { .. }) => {
            msg!("tls-wrong-name", target = target)
        }
        E::InvalidCertificate(CertificateError::Revoked) => msg!("tls-revoked", target = target),
        E::InvalidCertificate(CertificateError::Other(other))
            if other.0.downcast_ref::<SelfSigned>().is_some() =>
        {
            msg!("tls-self-signed", target = target)
        }
        E::InvalidCertificate(CertificateError::Other(other))
            if matches!(
                other.0.downcast_ref::<webpki::Error>(),
                Some(webpki::Error::CaUsedAsEndEntity)
            ) =>
        {
            msg!("tls-ca-as-server", target = target)
        }
        E::InvalidCertificate(CertificateError::InvalidPurpose)
        | E::InvalidCertificate(CertificateError::InvalidPurposeContext { .. }) => {
            msg!("tls-not-for-servers", target = target)
        }
        E::InvalidCertificate(_) => msg!(
            "tls-rejected",
            target = target,
            why = certificate_problem(e)
        ),
        E::InvalidMessage(_) => msg!("tls-not-tls", target = target),
        other => msg!(
            "tls-failed",
            target = target,
            why = crate::error::cause_of(other)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_and_empty_ca_files_are_usage_errors_naming_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let (missing, empty) = (dir.path().join("nope.pem"), dir.path().join("empty.pem"));
        std::fs::write(&empty, "not a certificate\n").unwrap();
        for (path, says) in [
            (missing, "ca-cannot-read-named"),
            (empty, "ca-no-certificate"),
        ] {
            let err = NetSettings::with_ca_file(&path).unwrap_err();
            assert_eq!(err.kind, crate::error::ExitKind::Usage);
            let said = err.said.expect("a message");
            assert_eq!(said.id, says);
            assert_eq!(
                said.get("path"),
                Some(&Arg::Text(path.display().to_string()))
            );
        }
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
            msg!("tls-unknown-issuer", target = "localhost:8443")
        );
        let plain = describe_rustls(
            &E::InvalidMessage(rustls::InvalidMessage::InvalidContentType),
            "h:1",
        );
        assert_eq!(plain, msg!("tls-not-tls", target = "h:1"));
        // Found through an error chain, as reqwest wraps it.
        let io = std::io::Error::other(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            E::InvalidCertificate(CertificateError::Expired),
        ));
        let url = url::Url::parse("https://h:1/v1/").unwrap();
        let expired = describe_tls_error(&io, &url).unwrap();
        assert_eq!(expired, msg!("tls-expired", target = "h:1"));
        let other = std::io::Error::other("connection refused");
        assert!(describe_tls_error(&other, &url).is_none());
        assert!(!is_tls_error(&other));
        // webpki's reasons behind rustls's `Other`: in words, never debug text.
        let ca = describe_rustls(
            &E::InvalidCertificate(CertificateError::Other(rustls::OtherError(Arc::new(
                webpki::Error::CaUsedAsEndEntity,
            )))),
            "h:1",
        );
        assert_eq!(ca, msg!("tls-ca-as-server", target = "h:1"));
        let odd = describe_rustls(
            &E::InvalidCertificate(CertificateError::Other(rustls::OtherError(Arc::new(
                webpki::Error::MaximumPathDepthExceeded,
            )))),
            "h:1",
        );
        // A cause of the library's: its name in words (never debug text), kept for English.
        let Some(Arg::Msg(why)) = odd.get("why") else {
            panic!("a cause, not the library's words as the message: {odd:?}")
        };
        assert_eq!(why.id, "io-cause");
        assert_eq!(
            why.get("system"),
            Some(&Arg::Text("maximum path depth exceeded".into()))
        );
    }

    #[test]
    fn pem_problems_are_words_not_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let cut = dir.path().join("cut.pem");
        std::fs::write(&cut, "-----BEGIN CERTIFICATE-----\nMIIB\n").unwrap();
        let e = NetSettings::with_ca_file(&cut).unwrap_err();
        let said = e.said.expect("a message");
        assert_eq!(said.id, "ca-not-pem");
        assert_eq!(
            said.get("why"),
            Some(&Arg::from(msg!("pem-ends-early", marker = "CERTIFICATE")))
        );
        assert!(!e.message.contains("[45, 45"), "{}", e.message);
    }
}
