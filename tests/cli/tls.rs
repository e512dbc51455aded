//! HTTPS behind a company CA, and through a proxy: a CA generated here (rcgen), a TLS stub of
//! the service on loopback that counts connections, a plain-http server for the "wrong scheme"
//! case, and a small CONNECT proxy that counts tunnels.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::common::pki::{issued, Pki};
use crate::common::{refusing_port, Home};
use assert_cmd::Command;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

const BODY: &str = r#"{"collection":[{"code":"FORM-TLS","title":"Behind a company CA"}],"pagination":{"total":1}}"#;

fn pki() -> Pki {
    crate::common::pki::company("Example Corp TLS Inspection CA")
}

/// Background servers live as long as this runtime.
struct Servers {
    rt: tokio::runtime::Runtime,
}

impl Servers {
    fn new() -> Servers {
        Servers {
            rt: tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .unwrap(),
        }
    }

    fn bind(&self) -> TcpListener {
        self.rt.block_on(TcpListener::bind("127.0.0.1:0")).unwrap()
    }

    /// An HTTPS stub of the service: answers every request with a form list and counts the
    /// TCP connections it accepted (each is one attempt by the client).
    fn https(&self, pki: &Pki) -> (SocketAddr, Arc<AtomicUsize>, Arc<Mutex<Vec<String>>>) {
        let listener = self.bind();
        let addr = listener.local_addr().unwrap();
        let cert = rustls_pki_types::CertificateDer::from(pki.cert_der.clone());
        let key = rustls_pki_types::PrivateKeyDer::try_from(pki.key_der.clone()).unwrap();
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(vec![cert], key)
            .unwrap();
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
        let conns = Arc::new(AtomicUsize::new(0));
        let lines = Arc::new(Mutex::new(Vec::new()));
        let (c, l) = (conns.clone(), lines.clone());
        self.rt.spawn(async move {
            loop {
                let Ok((tcp, _)) = listener.accept().await else {
                    return;
                };
                c.fetch_add(1, Ordering::SeqCst);
                let acceptor = acceptor.clone();
                let l = l.clone();
                tokio::spawn(async move {
                    let Ok(mut tls) = acceptor.accept(tcp).await else {
                        return;
                    };
                    if let Some(head) = read_head(&mut tls).await {
                        l.lock().unwrap().push(head.lines().next().unwrap_or("").to_string());
                        let (status, body) = if head.starts_with("POST /hook") {
                            ("200 OK", "ok")
                        } else {
                            ("200 OK", BODY)
                        };
                        let resp = format!(
                            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                            body.len()
                        );
                        let _ = tls.write_all(resp.as_bytes()).await;
                        let _ = tls.shutdown().await;
                    }
                });
            }
        });
        (addr, conns, lines)
    }

    /// A plain-http server (for an https:// URL that points at it), counting connections.
    fn plain_http(&self) -> (SocketAddr, Arc<AtomicUsize>) {
        let listener = self.bind();
        let addr = listener.local_addr().unwrap();
        let conns = Arc::new(AtomicUsize::new(0));
        let c = conns.clone();
        self.rt.spawn(async move {
            loop {
                let Ok((mut tcp, _)) = listener.accept().await else {
                    return;
                };
                c.fetch_add(1, Ordering::SeqCst);
                tokio::spawn(async move {
                    let mut buf = [0u8; 1024];
                    let _ = tcp.read(&mut buf).await;
                    let _ = tcp
                        .write_all(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\nconnection: close\r\n\r\n")
                        .await;
                });
            }
        });
        (addr, conns)
    }

    /// A CONNECT proxy: records each tunnel's target and pipes bytes both ways.
    fn connect_proxy(&self) -> (SocketAddr, Arc<Mutex<Vec<String>>>) {
        let listener = self.bind();
        let addr = listener.local_addr().unwrap();
        let tunnels = Arc::new(Mutex::new(Vec::new()));
        let t = tunnels.clone();
        self.rt.spawn(async move {
            loop {
                let Ok((mut client, _)) = listener.accept().await else {
                    return;
                };
                let t = t.clone();
                tokio::spawn(async move {
                    let Some(head) = read_head(&mut client).await else {
                        return;
                    };
                    let first = head.lines().next().unwrap_or("").to_string();
                    let mut parts = first.split_whitespace();
                    let (Some("CONNECT"), Some(target)) = (parts.next(), parts.next()) else {
                        let _ = client
                            .write_all(
                                b"HTTP/1.1 405 Method Not Allowed\r\ncontent-length: 0\r\n\r\n",
                            )
                            .await;
                        return;
                    };
                    t.lock().unwrap().push(target.to_string());
                    let Ok(mut upstream) = TcpStream::connect(target).await else {
                        let _ = client.write_all(b"HTTP/1.1 502 Bad Gateway\r\n\r\n").await;
                        return;
                    };
                    let _ = client
                        .write_all(b"HTTP/1.1 200 Connection Established\r\n\r\n")
                        .await;
                    let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
                });
            }
        });
        (addr, tunnels)
    }
}

/// Read an HTTP head (up to the blank line), byte by byte so nothing after it is consumed.
async fn read_head<S: tokio::io::AsyncRead + Unpin>(s: &mut S) -> Option<String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() > 64 * 1024 || s.read(&mut byte).await.ok()? == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    String::from_utf8(head).ok()
}

/// `recruit` isolated from this machine's trust and proxy settings.
fn cmd(home: &Home) -> Command {
    let mut c = home.cmd();
    for k in [
        "SSL_CERT_FILE",
        "SSL_CERT_DIR",
        "HTTPS_PROXY",
        "https_proxy",
        "HTTP_PROXY",
        "http_proxy",
        "ALL_PROXY",
        "all_proxy",
        "NO_PROXY",
        "no_proxy",
    ] {
        c.env_remove(k);
    }
    c.env("RECRUIT_API_KEY", "tls-test-key-9f8e7d");
    c
}

fn write_ca(home: &Home, pki: &Pki) -> PathBuf {
    let path = home.dir.path().join("company-ca.pem");
    std::fs::File::create(&path)
        .unwrap()
        .write_all(pki.ca_pem.as_bytes())
        .unwrap();
    path
}

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn an_unknown_authority_fails_at_once_with_exit_7_and_names_the_fix() {
    let pki = pki();
    let servers = Servers::new();
    let (addr, conns, _) = servers.https(&pki);
    let home = Home::new();
    let out = cmd(&home)
        .args([
            "--base-url",
            &format!("https://localhost:{}/v1", addr.port()),
        ])
        .args(["--retries", "3", "forms", "list", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(7), "{}", stderr_of(&out));
    let err = stderr_of(&out);
    // -o json into a pipe: the error is its JSON envelope.
    let envelope: serde_json::Value = serde_json::from_str(err.trim()).expect("one JSON line");
    assert_eq!(envelope["error"]["code"], "network", "{err}");
    assert!(
        err.contains(&format!(
            "\"message\":\"the certificate of localhost:{} is signed by an unknown authority; if your network uses its own CA, pass it with --ca-cert FILE (or RECRUIT_CA_CERT)",
            addr.port()
        )),
        "{err}"
    );
    assert!(!err.contains("tls-test-key"), "the key leaked: {err}");
    // Not retried: one connection, although --retries 3 allows four attempts.
    assert_eq!(conns.load(Ordering::SeqCst), 1, "{err}");
}

#[test]
fn the_company_ca_is_trusted_from_the_flag_the_env_the_profile_and_ssl_cert_file() {
    let pki = pki();
    let servers = Servers::new();
    let (addr, _, lines) = servers.https(&pki);
    let base = format!("https://localhost:{}/v1", addr.port());
    let home = Home::new();
    let ca = write_ca(&home, &pki);
    let ca_s = ca.to_str().unwrap();

    let check = |c: &mut Command, how: &str| {
        let out = c.args(["forms", "list", "-o", "json"]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{how}: {}", stderr_of(&out));
        assert!(
            String::from_utf8_lossy(&out.stdout).contains("FORM-TLS"),
            "{how}"
        );
    };
    check(
        cmd(&home).args(["--base-url", &base, "--ca-cert", ca_s]),
        "--ca-cert",
    );
    check(
        cmd(&home)
            .env("RECRUIT_CA_CERT", &ca)
            .args(["--base-url", &base]),
        "RECRUIT_CA_CERT",
    );
    check(
        cmd(&home)
            .env("SSL_CERT_FILE", &ca)
            .args(["--base-url", &base]),
        "SSL_CERT_FILE",
    );
    // SSL_CERT_DIR: a directory of PEM files, as OpenSSL reads it.
    let dir = home.dir.path().join("certs");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("company.pem"), &pki.ca_pem).unwrap();
    check(
        cmd(&home)
            .env("SSL_CERT_DIR", &dir)
            .args(["--base-url", &base]),
        "SSL_CERT_DIR",
    );

    // The profile's ca_cert, set through `config set` (which checks the file first).
    let out = cmd(&home)
        .args(["config", "set", "ca_cert", ca_s])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    check(cmd(&home).args(["--base-url", &base]), "profile ca_cert");
    assert_eq!(lines.lock().unwrap().len(), 5);
    assert!(lines.lock().unwrap()[0].starts_with("GET /v1/application_forms"));
}

#[test]
fn a_missing_or_empty_ca_file_is_exit_2_naming_the_path() {
    let home = Home::new();
    let missing = home.dir.path().join("no-such-ca.pem");
    for how in ["flag", "env", "config"] {
        let mut c = cmd(&home);
        match how {
            "flag" => {
                c.args(["--ca-cert", missing.to_str().unwrap()]);
            }
            "env" => {
                c.env("RECRUIT_CA_CERT", &missing);
            }
            _ => {
                c.args(["config", "set", "ca_cert", missing.to_str().unwrap()]);
            }
        }
        if how != "config" {
            c.args(["--base-url", "https://localhost:9/v1", "forms", "list"]);
        }
        let out = c.output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{how}: {}", stderr_of(&out));
        assert!(stderr_of(&out).contains("no-such-ca.pem"), "{how}");
    }
    let junk = home.dir.path().join("junk.pem");
    std::fs::write(&junk, "hello\n").unwrap();
    let out = cmd(&home)
        .args(["--ca-cert", junk.to_str().unwrap()])
        .args(["--base-url", "https://localhost:9/v1", "forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("junk.pem"));
    assert!(stderr_of(&out).contains("no PEM certificate"));
}

#[test]
fn https_to_a_plain_http_server_says_it_does_not_speak_tls() {
    let servers = Servers::new();
    let (addr, conns) = servers.plain_http();
    let home = Home::new();
    let out = cmd(&home)
        .args([
            "--base-url",
            &format!("https://127.0.0.1:{}/v1", addr.port()),
        ])
        .args(["forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(7), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("does not speak TLS; did you mean http://?"),
        "{}",
        stderr_of(&out)
    );
    assert_eq!(conns.load(Ordering::SeqCst), 1, "not retried");
}

#[test]
fn requests_to_the_service_go_through_https_proxy_unless_no_proxy_covers_it() {
    let pki = pki();
    let servers = Servers::new();
    let (addr, _, _) = servers.https(&pki);
    let (proxy, tunnels) = servers.connect_proxy();
    let home = Home::new();
    let ca = write_ca(&home, &pki);
    let base = format!("https://localhost:{}/v1", addr.port());
    let proxy_url = format!("http://127.0.0.1:{}", proxy.port());

    let out = cmd(&home)
        .env("HTTPS_PROXY", &proxy_url)
        .args(["--base-url", &base, "--ca-cert", ca.to_str().unwrap()])
        .args(["forms", "list", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("FORM-TLS"));
    assert_eq!(
        *tunnels.lock().unwrap(),
        vec![format!("localhost:{}", addr.port())]
    );

    // The certificate error through the proxy is not retried either: one more tunnel only.
    let out = cmd(&home)
        .env("HTTPS_PROXY", &proxy_url)
        .args(["--base-url", &base, "forms", "list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(7));
    assert!(stderr_of(&out).contains("unknown authority"));
    assert_eq!(tunnels.lock().unwrap().len(), 2);

    // NO_PROXY covering the host: straight to the service.
    let out = cmd(&home)
        .env("HTTPS_PROXY", &proxy_url)
        .env("NO_PROXY", "localhost,127.0.0.1")
        .args(["--base-url", &base, "--ca-cert", ca.to_str().unwrap()])
        .args(["forms", "list", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert_eq!(tunnels.lock().unwrap().len(), 2);
}

#[test]
fn the_sandbox_never_goes_through_a_proxy() {
    let home = Home::new();
    // Every proxy variable points at a port where nothing listens.
    let (port, _refusing) = refusing_port();
    let dead = format!("http://127.0.0.1:{port}");
    let mut c = cmd(&home);
    for k in [
        "HTTPS_PROXY",
        "HTTP_PROXY",
        "ALL_PROXY",
        "https_proxy",
        "http_proxy",
    ] {
        c.env(k, &dead);
    }
    let out = c
        .args(["--sandbox", "forms", "list", "--limit", "2", "-o", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v.as_array().map(|a| a.len()), Some(2));
}

#[test]
fn webhooks_trigger_to_an_https_receiver_uses_the_same_trust() {
    let pki = pki();
    let servers = Servers::new();
    let (addr, _, lines) = servers.https(&pki);
    let home = Home::new();
    let ca = write_ca(&home, &pki);
    let to = format!("https://localhost:{}/hook", addr.port());

    let out = cmd(&home)
        .args(["webhooks", "trigger", "candidate_pass", "--to", &to])
        .args(["--ca-cert", ca.to_str().unwrap(), "--retry-delays", ""])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(lines.lock().unwrap()[0].starts_with("POST /hook"));

    let out = cmd(&home)
        .args(["webhooks", "trigger", "candidate_pass", "--to", &to])
        .args(["--retry-delays", ""])
        .output()
        .unwrap();
    // Not delivered, as for every delivery: 7.
    assert_eq!(out.status.code(), Some(7), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("signed by an unknown authority"),
        "{}",
        stderr_of(&out)
    );
}

fn ca_params() -> rcgen::CertificateParams {
    crate::common::pki::ca_params("Example Corp Root CA", &["localhost"])
}

/// `forms list` against an HTTPS server with `pki`'s certificate (its CA given with
/// --ca-cert when `trust_ca`): exit code and stderr.
fn list_against(pki: &Pki, trust_ca: bool) -> (Option<i32>, String) {
    let servers = Servers::new();
    let (addr, _, _) = servers.https(pki);
    let home = Home::new();
    let mut c = cmd(&home);
    c.args([
        "--base-url",
        &format!("https://localhost:{}/v1", addr.port()),
    ]);
    if trust_ca {
        c.arg("--ca-cert").arg(write_ca(&home, pki));
    }
    let out = c.args(["forms", "list", "-o", "json"]).output().unwrap();
    (out.status.code(), stderr_of(&out))
}

/// Certificate problems in plain language, never Rust's debug text
/// (`Other(OtherError(CaUsedAsEndEntity))`).
#[test]
fn certificate_problems_are_named_in_plain_language() {
    let no_debug = |err: &str| {
        assert!(!err.contains("Other("), "{err}");
        assert!(!err.contains("OtherError"), "{err}");
        assert!(!err.contains("CaUsedAsEndEntity"), "{err}");
    };
    let localhost = || rcgen::CertificateParams::new(vec!["localhost".to_string()]).unwrap();

    // A self-signed server certificate.
    let (code, err) = list_against(&issued(None, localhost()), false);
    assert_eq!(code, Some(7), "{err}");
    assert!(
        err.contains("is self-signed: no authority vouches for it"),
        "{err}"
    );
    assert!(err.contains("--ca-cert FILE"), "{err}");
    no_debug(&err);

    // A CA's certificate presented as the server's own, that CA trusted.
    let ca_only = issued(None, ca_params());
    let (code, err) = list_against(&ca_only, true);
    assert_eq!(code, Some(7), "{err}");
    assert!(
        err.contains("presents a certificate authority's certificate as its own"),
        "{err}"
    );
    no_debug(&err);

    // A certificate for another host.
    let other = rcgen::CertificateParams::new(vec!["other.example".to_string()]).unwrap();
    let (code, err) = list_against(&issued(Some(ca_params()), other), true);
    assert_eq!(code, Some(7), "{err}");
    assert!(err.contains("is not valid for that host name"), "{err}");
    no_debug(&err);

    // An expired certificate.
    let mut expired = localhost();
    expired.not_before = rcgen::date_time_ymd(2001, 1, 1);
    expired.not_after = rcgen::date_time_ymd(2002, 1, 1);
    let (code, err) = list_against(&issued(Some(ca_params()), expired), true);
    assert_eq!(code, Some(7), "{err}");
    assert!(err.contains("has expired"), "{err}");
    no_debug(&err);
}

/// A CA file cut short is named in words, not as the byte array of its missing marker.
#[test]
fn a_truncated_pem_is_explained_in_words() {
    let home = Home::new();
    let pki = pki();
    let cut = home.dir.path().join("cut.pem");
    std::fs::write(&cut, &pki.ca_pem[..pki.ca_pem.len() / 2]).unwrap();
    let out = cmd(&home)
        .args(["--base-url", "https://localhost:9/v1", "--ca-cert"])
        .arg(&cut)
        .args(["forms", "list"])
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("it ends before the line -----END CERTIFICATE-----"),
        "{err}"
    );
    assert!(!err.contains("[45, 45"), "{err}");
    assert!(!err.contains("[67, 69"), "{err}");
}

/// The trust store is read at the first TLS handshake, not for a command that only speaks
/// http://: with SSL_CERT_FILE a FIFO nobody writes to, reading it would block for ever.
#[test]
fn an_http_only_command_never_reads_the_trust_store() {
    let home = Home::new();
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("certs.pem");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let out = home
        .sandbox()
        .args(["forms", "get", "FORM-1001", "-o", "json"])
        .env("SSL_CERT_FILE", &fifo)
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"FORM-1001\""));
}
