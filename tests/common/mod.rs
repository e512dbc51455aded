//! Shared test helpers: an isolated `recruit` command, and small local HTTP servers.
#![allow(dead_code)]

pub mod keyring;
pub mod pg;
pub mod pki;
pub mod signed;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use assert_cmd::Command;

/// An isolated home for one test: config and data directories of its own.
pub struct Home {
    pub dir: tempfile::TempDir,
}

impl Home {
    pub fn new() -> Home {
        Home {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    pub fn config_dir(&self) -> PathBuf {
        self.dir.path().join("config")
    }

    pub fn data_dir(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// The policy file every command of this home reads (RECRUIT_POLICY_FILE): none until a
    /// test writes it.
    pub fn policy_path(&self) -> PathBuf {
        self.dir.path().join("policy.toml")
    }

    /// `recruit` with no RECRUIT_* variables from the outside, a fixed time zone and width.
    pub fn cmd(&self) -> Command {
        let mut c = Command::from_std(self.bare_cmd());
        c.timeout(std::time::Duration::from_secs(60));
        c
    }

    /// The same as [`Home::cmd`], as a `std::process::Command`: for tests that wire the
    /// child's streams themselves (a pipe closed early, a FIFO).
    pub fn std_cmd(&self) -> std::process::Command {
        let mut c = self.bare_cmd();
        c.stdin(std::process::Stdio::null());
        c
    }

    /// The binary in this home: no RECRUIT_* variables from the outside, a fixed time zone
    /// and width.
    fn bare_cmd(&self) -> std::process::Command {
        let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("recruit"));
        for (k, _) in std::env::vars() {
            // The locale chooses the language of messages: none from the tester's shell.
            if k.starts_with("RECRUIT_")
                || ["NO_COLOR", "LC_ALL", "LC_MESSAGES", "LANG"].contains(&k.as_str())
            {
                c.env_remove(k);
            }
        }
        c.env("RECRUIT_CONFIG_DIR", self.config_dir())
            .env("RECRUIT_DATA_DIR", self.data_dir())
            // The machine's policy is this home's (none unless a test writes it): a test of
            // /etc/recruit/policy.toml never reaches the others.
            .env("RECRUIT_POLICY_FILE", self.policy_path())
            .env("TZ", "UTC")
            .env("COLUMNS", "120")
            // No keyring but a test's own (tests/common/keyring.rs): the tester's session bus
            // and a service manager's credentials never reach a test.
            .env(
                "DBUS_SESSION_BUS_ADDRESS",
                format!("unix:path={}", self.dir.path().join("no-bus").display()),
            )
            .env_remove("CREDENTIALS_DIRECTORY");
        c
    }

    /// `recruit --sandbox ...` on this home's sandbox state.
    pub fn sandbox(&self) -> Command {
        let mut c = self.cmd();
        c.arg("--sandbox");
        c
    }
}

/// A request a stub server saw.
#[derive(Debug, Clone)]
pub struct Seen {
    pub method: String,
    pub uri: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Seen {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

pub type Log = Arc<Mutex<Vec<Seen>>>;

/// A canned answer: status, headers, body.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    pub delay_ms: u64,
}

impl Reply {
    pub fn json(status: u16, body: &str) -> Reply {
        Reply {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body: body.as_bytes().to_vec(),
            delay_ms: 0,
        }
    }
    pub fn with_header(mut self, n: &str, v: &str) -> Reply {
        self.headers.push((n.into(), v.into()));
        self
    }
}

/// A stub server: `route(method, path_and_query, n_th_call_of_that_path) -> Reply`.
pub struct Stub {
    pub addr: SocketAddr,
    pub log: Log,
    _rt: std::thread::JoinHandle<()>,
}

impl Stub {
    pub fn base(&self) -> String {
        format!("http://{}/v1", self.addr)
    }
    pub fn seen(&self) -> Vec<Seen> {
        self.log.lock().unwrap().clone()
    }
}

pub fn stub<F>(route: F) -> Stub
where
    F: Fn(&Seen, usize) -> Reply + Send + Sync + 'static,
{
    let (tx, rx) = std::sync::mpsc::channel();
    let log: Log = Arc::new(Mutex::new(Vec::new()));
    let log2 = log.clone();
    let route = Arc::new(route);
    let handle = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send(listener.local_addr().unwrap()).unwrap();
            let counts: Arc<Mutex<std::collections::HashMap<String, usize>>> = Default::default();
            let app = axum::Router::new().fallback(move |req: axum::extract::Request| {
                let log = log2.clone();
                let route = route.clone();
                let counts = counts.clone();
                async move {
                    let (parts, body) = req.into_parts();
                    let body = axum::body::to_bytes(body, 64 << 20)
                        .await
                        .unwrap_or_default();
                    let seen = Seen {
                        method: parts.method.to_string(),
                        uri: parts.uri.to_string(),
                        headers: parts
                            .headers
                            .iter()
                            .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or("").to_string()))
                            .collect(),
                        body: body.to_vec(),
                    };
                    let n = {
                        let mut c = counts.lock().unwrap();
                        let e = c.entry(parts.uri.path().to_string()).or_insert(0);
                        *e += 1;
                        *e
                    };
                    log.lock().unwrap().push(seen.clone());
                    let reply = route(&seen, n);
                    if reply.delay_ms > 0 {
                        tokio::time::sleep(std::time::Duration::from_millis(reply.delay_ms)).await;
                    }
                    let mut resp = axum::response::Response::builder().status(reply.status);
                    for (k, v) in &reply.headers {
                        resp = resp.header(k, v);
                    }
                    resp.body(axum::body::Body::from(reply.body)).unwrap()
                }
            });
            axum::serve(listener, app).await.unwrap();
        });
    });
    let addr = rx.recv().unwrap();
    Stub {
        addr,
        log,
        _rt: handle,
    }
}

/// A plain GET on loopback (no proxy): the status and the body, e.g. a listener's `/metrics`.
pub fn http_get(url: &str) -> (u16, String) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let r = reqwest::Client::builder()
            .no_proxy()
            .build()
            .unwrap()
            .get(url)
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.text().await.unwrap())
    })
}

/// The writing end of a pipe whose reader is already gone: every write to it fails as
/// `recruit ... | true` would.
pub fn closed_pipe() -> std::io::PipeWriter {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    writer
}

/// A loopback port that refuses every connection for as long as the socket returned lives:
/// bound but never listening, so no other test can take it (a port freed by dropping a
/// listener can be taken by a parallel test's server, which then answers).
pub fn refusing_port() -> (u16, tokio::net::TcpSocket) {
    let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
    socket
        .bind("127.0.0.1:0".parse().unwrap())
        .expect("a loopback port");
    let port = socket.local_addr().unwrap().port();
    (port, socket)
}

/// Send `signal` (`"INT"`, `"TERM"`) to `child`, as Ctrl-C or a service manager would; the
/// test fails if it can't be sent.
pub fn send_signal(child: &std::process::Child, signal: &str) {
    let status = std::process::Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{signal} {}", child.id());
}

/// What is left of `lines` (from [`lines`]) once its child has ended: every line up to the
/// end of the stream, or up to a 5 s pause if something else keeps it open.
pub fn drain(lines: &std::sync::mpsc::Receiver<String>) -> Vec<String> {
    let mut out = Vec::new();
    while let Ok(line) = lines.recv_timeout(std::time::Duration::from_secs(5)) {
        out.push(line);
    }
    out
}

/// Wait until `f` holds, at most `secs` seconds (then the test fails naming `what`).
pub fn wait_for(what: &str, secs: u64, mut f: impl FnMut() -> bool) {
    let end = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while std::time::Instant::now() < end {
        if f() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    panic!("timed out waiting for {what}");
}

/// Wait for `child` at most `secs` seconds (killed after that): its exit code.
pub fn wait_at_most(child: &mut std::process::Child, secs: u64) -> Option<i32> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            return status.code();
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the command did not end within {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// The lines `r` gives, read on a thread of their own (a child's stdout or stderr).
pub fn lines(r: impl std::io::Read + Send + 'static) -> std::sync::mpsc::Receiver<String> {
    use std::io::BufRead;
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(r).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

/// The address a server announced in its first stderr line, `listening on http://ADDR ...`.
pub fn listening_url(stderr: &std::sync::mpsc::Receiver<String>) -> String {
    let first = stderr
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("the server started");
    // A line for people, or a JSON log line whose message is that line.
    first
        .find("listening on http://")
        .and_then(|at| {
            first[at + "listening on ".len()..]
                .split_whitespace()
                .next()
        })
        .map(|url| url.trim_end_matches('"').to_string())
        .unwrap_or_else(|| panic!("unexpected first line: {first}"))
}

pub fn stdout_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

pub fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

/// A sandbox served in-process on an ephemeral port with its own state, and an isolated home
/// for the binary pointed at it (the key through the environment).
pub struct TestSandbox {
    pub rt: tokio::runtime::Runtime,
    sb: Option<recruit::sandbox::Sandbox>,
    pub home: Home,
}

impl TestSandbox {
    pub fn new() -> TestSandbox {
        Self::with(|_| {})
    }

    /// With options changed by `tune` (latency, fail rate, retry scale...).
    pub fn with(tune: impl FnOnce(&mut recruit::sandbox::SandboxOptions)) -> TestSandbox {
        let home = Home::new();
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let mut opts =
            recruit::sandbox::SandboxOptions::new(home.dir.path().join("sandbox-state.json"));
        tune(&mut opts);
        let sb = rt
            .block_on(recruit::sandbox::start(([127, 0, 0, 1], 0).into(), opts))
            .expect("sandbox starts");
        TestSandbox {
            rt,
            sb: Some(sb),
            home,
        }
    }

    pub fn sandbox(&self) -> &recruit::sandbox::Sandbox {
        self.sb.as_ref().unwrap()
    }

    pub fn base_url(&self) -> String {
        self.sandbox().base_url()
    }

    /// `recruit` pointed at this sandbox.
    pub fn cmd(&self) -> Command {
        let mut c = self.home.cmd();
        c.env("RECRUIT_BASE_URL", self.sandbox().base_url())
            .env("RECRUIT_API_KEY", &self.sandbox().api_key);
        c
    }

    pub fn run(&self, args: &[&str]) -> std::process::Output {
        self.cmd().args(args).output().unwrap()
    }

    /// Recorded apply requests.
    pub fn requests(&self) -> Vec<serde_json::Value> {
        self.admin("/_sandbox/requests")
    }

    /// Uploads received.
    pub fn uploads(&self) -> Vec<serde_json::Value> {
        self.admin("/_sandbox/uploads")
    }

    /// Write `v` as a JSON file `name` in the home directory; returns its path.
    pub fn file(&self, name: &str, v: &serde_json::Value) -> String {
        let p = self.home.dir.path().join(name);
        std::fs::write(&p, serde_json::to_string_pretty(v).unwrap()).unwrap();
        p.to_string_lossy().into_owned()
    }

    /// `recruit files upload` of a new local file; returns (path, file_url).
    pub fn upload(&self, name: &str, bytes: &[u8]) -> (String, String) {
        let p = self.home.dir.path().join(name);
        std::fs::write(&p, bytes).unwrap();
        let out = self.run(&["-o", "json", "files", "upload", p.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let v: serde_json::Value = serde_json::from_str(stdout_of(&out).trim()).unwrap();
        (
            v["path"].as_str().unwrap().to_string(),
            v["file_url"].as_str().unwrap().to_string(),
        )
    }

    /// The questions of form `code`, as `recruit forms get` shows them.
    pub fn questions(&self, code: &str) -> Vec<serde_json::Value> {
        let out = self.run(&["-o", "json", "forms", "get", code]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr_of(&out));
        let form: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        form["resource"]["questions"].as_array().unwrap().clone()
    }

    /// Change form `code` in the sandbox's state file (replaced atomically, as the sandbox
    /// itself does; it re-reads a file changed under it).
    pub fn edit_form(&self, code: &str, edit: impl FnOnce(&mut serde_json::Value)) {
        let path = self.sandbox().state_path().to_path_buf();
        let mut state: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let form = state["forms"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|f| f["code"] == serde_json::json!(code))
            .expect("form in the state");
        edit(form);
        let tmp = path.with_extension("edited");
        std::fs::write(&tmp, serde_json::to_vec_pretty(&state).unwrap()).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
    }

    /// GET a sandbox-only list (`/_sandbox/requests`, `/_sandbox/uploads`, ...). Anything but
    /// a list fails the test: an empty list read from a changed shape would make every
    /// "nothing was sent" check pass on nothing.
    pub fn admin(&self, path: &str) -> Vec<serde_json::Value> {
        match self.admin_value(path) {
            serde_json::Value::Array(items) => items,
            other => panic!("{path} answered {other}, not a list"),
        }
    }

    /// Change the sandbox's state file (replaced atomically; the sandbox reads it again at
    /// each request).
    pub fn edit_state(&self, edit: impl FnOnce(&mut serde_json::Value)) {
        let path = self.sandbox().state_path().to_path_buf();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut state: serde_json::Value = serde_json::from_str(&text).unwrap();
        edit(&mut state);
        let tmp = path.with_extension("edited");
        std::fs::write(&tmp, serde_json::to_vec_pretty(&state).unwrap()).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
    }

    /// GET a sandbox-only endpoint (`/_sandbox/stats`, ...) as JSON.
    pub fn admin_value(&self, path: &str) -> serde_json::Value {
        let url = format!("http://{}{path}", self.sandbox().addr);
        let key = self.sandbox().api_key.clone();
        self.rt.block_on(async move {
            let resp = reqwest::Client::builder()
                .no_proxy()
                .build()
                .unwrap()
                .get(url)
                .bearer_auth(key)
                .send()
                .await
                .unwrap();
            assert!(resp.status().is_success(), "{}", resp.status());
            resp.json().await.unwrap()
        })
    }
}

impl Drop for TestSandbox {
    fn drop(&mut self) {
        if let Some(sb) = self.sb.take() {
            self.rt.block_on(sb.shutdown());
        }
    }
}

/// Where `needle` occurs in the files of `dir` (a database, its WAL, shared-memory index and
/// journal): file, offset and the bytes from there.
pub fn markers_in(dir: &std::path::Path, needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        for (at, w) in bytes.windows(needle.len()).enumerate() {
            if w == needle.as_bytes() {
                let end = (at + 40).min(bytes.len());
                found.push(format!(
                    "{} @{at}: {}",
                    path.file_name().unwrap().to_string_lossy(),
                    String::from_utf8_lossy(&bytes[at..end])
                ));
            }
        }
    }
    found
}
