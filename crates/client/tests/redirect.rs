//! The API key never follows a redirect to another origin: two real local servers, the first
//! redirecting to the second (another port, another host, another scheme), and the second must
//! never see the key. A redirect within the origin is followed with the key, so the servers
//! would see it if it went.

use std::sync::{Arc, Mutex};

use recruit_client::api::{Client, ClientConfig, RequestSpec};
use recruit_client::redact::Secret;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

const KEY: &str = "rk_test_redirect_secret";

/// The request heads a server received, lower-cased.
type Seen = Arc<Mutex<Vec<String>>>;

/// A server on `ip` (port 0: any) answering every request with `answer(path)` (status line
/// and headers, without the blank line), recording each request's head.
async fn server(ip: &str, port: u16, answer: fn(&str, u16) -> String) -> (u16, Seen) {
    let listener = TcpListener::bind((ip, port)).await.expect("bind");
    let port = listener.local_addr().expect("addr").port();
    let seen: Seen = Arc::default();
    let kept = seen.clone();
    tokio::spawn(async move {
        while let Ok((mut sock, _)) = listener.accept().await {
            let kept = kept.clone();
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buf = [0u8; 1024];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match sock.read(&mut buf).await {
                        Ok(0) | Err(_) => break,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let head = String::from_utf8_lossy(&head).to_lowercase();
                let path = head.split_whitespace().nth(1).unwrap_or("/").to_string();
                kept.lock().unwrap().push(head);
                let reply = format!(
                    "{}\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{{}}",
                    answer(&path, port)
                );
                let _ = sock.write_all(reply.as_bytes()).await;
            });
        }
    });
    (port, seen)
}

fn ok(_: &str, _: u16) -> String {
    "HTTP/1.1 200 OK\r\ncontent-type: application/json".into()
}

fn client(base: String) -> Client {
    let mut cfg = ClientConfig::new(base, Some(Secret::new(KEY)));
    cfg.retries = 0;
    cfg.env_proxy = false;
    Client::new(cfg).expect("client")
}

fn with_key(seen: &Seen) -> usize {
    let seen = seen.lock().unwrap();
    seen.iter()
        .filter(|h| h.contains("authorization") || h.contains(&KEY.to_lowercase()))
        .count()
}

/// Where the first server sends every request.
static TARGET: Mutex<String> = Mutex::new(String::new());

fn to_target(_: &str, _: u16) -> String {
    format!(
        "HTTP/1.1 302 Found\r\nlocation: {}",
        TARGET.lock().unwrap().as_str()
    )
}

#[tokio::test]
async fn the_key_goes_only_to_the_base_urls_origin_through_redirects() {
    // The control: a redirect within the origin is followed, with the key.
    fn same(path: &str, port: u16) -> String {
        if path.ends_with("/target") {
            ok(path, port)
        } else {
            format!("HTTP/1.1 302 Found\r\nlocation: http://127.0.0.1:{port}/v1/target")
        }
    }
    let (port, seen) = server("127.0.0.1", 0, same).await;
    let c = client(format!("http://127.0.0.1:{port}/v1"));
    let answer = c.send(RequestSpec::get(c.endpoint(&["start"]))).await;
    assert!(answer.is_ok(), "{:?}", answer.err());
    assert_eq!(seen.lock().unwrap().len(), 2, "the redirect was followed");
    assert_eq!(with_key(&seen), 2, "with the key, within the origin");

    // Another port, another host (127.0.0.2 is this machine too), another scheme.
    let (b_port, b_seen) = server("127.0.0.1", 0, ok).await;
    let (h_port, h_seen) = server("127.0.0.2", 0, ok).await;
    let (a_port, a_seen) = server("127.0.0.1", 0, to_target).await;
    // The same host and port over https: the first server itself would see the handshake,
    // so no second server (None) and the first must see one request only.
    let elsewhere = [
        (
            format!("http://127.0.0.1:{b_port}/v1/x"),
            Some(b_seen.clone()),
        ),
        (
            format!("http://127.0.0.2:{h_port}/v1/x"),
            Some(h_seen.clone()),
        ),
        (format!("https://127.0.0.1:{a_port}/v1/x"), None),
    ];
    let c = client(format!("http://127.0.0.1:{a_port}/v1"));
    let count = |s: &Seen| s.lock().unwrap().len();
    for (target, other) in elsewhere {
        *TARGET.lock().unwrap() = target.clone();
        let before = (count(&a_seen), other.as_ref().map(count));
        let err = c
            .send(RequestSpec::get(c.endpoint(&["start"])))
            .await
            .expect_err("a redirect to another origin is not followed");
        assert_eq!(
            err.said.as_ref().map(|m| m.id),
            Some("http-redirected"),
            "{target}: {err}"
        );
        assert_eq!(
            count(&a_seen),
            before.0 + 1,
            "{target}: one request, to the origin"
        );
        let after = other.as_ref().map(count);
        assert_eq!(
            after, before.1,
            "{target}: nothing reached the other origin"
        );
    }
    assert_eq!(with_key(&b_seen) + with_key(&h_seen), 0);
}
