//! A PostgreSQL server of one test, started from Debian's `postgresql` binaries (`initdb` +
//! `pg_ctl`, a Unix socket in a temporary directory): the sync's mirror and the relay's
//! shared store are tested against it.

use std::path::{Path, PathBuf};
use std::process::Command as Proc;

/// A PostgreSQL server of one test, in a temporary directory, stopped on drop.
pub struct Pg {
    dir: tempfile::TempDir,
    bin: PathBuf,
    as_postgres: bool,
    pub url: String,
}

/// The directory holding `initdb` and `pg_ctl`: on PATH, else Debian's
/// /usr/lib/postgresql/VERSION/bin (the newest).
fn pg_bin() -> Option<PathBuf> {
    let has = |d: &Path| d.join("initdb").is_file() && d.join("pg_ctl").is_file();
    if let Some(path) = std::env::var_os("PATH") {
        for d in std::env::split_paths(&path) {
            if has(&d) {
                return Some(d);
            }
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| {
            let e = e.ok()?;
            let v: u32 = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            has(&bin).then_some((v, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, b)| b)
}

fn is_root() -> bool {
    Proc::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

impl Pg {
    /// A running server, or `None` (said loudly) where the binaries are not installed.
    pub fn start(test: &str) -> Option<Pg> {
        let Some(bin) = pg_bin() else {
            let msg = format!(
                "\n*** SKIPPED the PostgreSQL part of {test}: no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin; install Debian's postgresql package (apt-get install postgresql) ***\n"
            );
            assert!(
                std::env::var_os("CI").is_none(),
                "{msg}(CI installs it: .ci/run)"
            );
            use std::io::Write;
            // Past the test harness's capture, so it shows even when the test passes.
            let _ = std::io::stderr().write_all(msg.as_bytes());
            return None;
        };
        // A short path: a Unix socket's path is limited to about 100 bytes.
        let dir = tempfile::Builder::new()
            .prefix("rpg")
            .tempdir_in("/tmp")
            .unwrap();
        let as_postgres = is_root();
        if as_postgres {
            // initdb refuses to run as root: the server runs as Debian's postgres user.
            let st = Proc::new("chown")
                .args(["postgres:", dir.path().to_str().unwrap()])
                .status()
                .unwrap();
            assert!(st.success(), "chown postgres {}", dir.path().display());
        }
        let pg = Pg {
            url: format!(
                "postgres://recruit@{}/postgres",
                dir.path().to_str().unwrap().replace('/', "%2F")
            ),
            dir,
            bin,
            as_postgres,
        };
        let data = pg.dir.path().join("data");
        // A copy of one cluster made by initdb for the whole test binary: initdb takes over a
        // second of CPU, a copy a tenth of that (`cp -a` keeps the postgres user as owner).
        let st = Proc::new("cp")
            .arg("-a")
            .arg(template(&pg))
            .arg(&data)
            .status()
            .unwrap();
        assert!(st.success(), "cp -a of the initdb template");
        pg.start_server();
        Some(pg)
    }

    /// Start the server (again, after [`Pg::stop_server`]), on the same socket and data.
    pub fn start_server(&self) {
        let opts = format!("-k {} -c listen_addresses= -F", self.dir.path().display());
        let log = self.dir.path().join("log");
        let log = log.to_str().unwrap();
        self.ctl(&["-o", &opts, "-l", log, "-w", "-t", "60", "start"]);
    }

    /// Stop the server at once (its clients' connections break), as a crash or a failover.
    pub fn stop_server(&self) {
        self.ctl(&["-m", "immediate", "-w", "stop"]);
    }

    /// From now on the server asks for `password` (SCRAM), as a shared one does.
    pub fn require_password(&self, password: &str) {
        let mut c = postgres::Client::connect(&self.url, postgres::NoTls).unwrap();
        c.batch_execute(&format!("ALTER ROLE recruit PASSWORD '{password}'"))
            .unwrap();
        let hba = self.dir.path().join("data").join("pg_hba.conf");
        std::fs::write(&hba, "local all all scram-sha-256\n").unwrap();
        self.ctl(&["reload"]);
        // A reload is taken in by the server a moment later.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while postgres::Client::connect(&self.url, postgres::NoTls).is_ok() {
            assert!(
                std::time::Instant::now() < deadline,
                "pg_hba.conf not reloaded"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Serve TLS too (`ssl=on` with this certificate and key), on a loopback TCP port: the
    /// address to it, `postgres://recruit@127.0.0.1:PORT/postgres` (its Unix socket moves to
    /// that port's name: use this address from here on).
    pub fn serve_tls(&self, cert_pem: &str, key_pem: &str) -> String {
        use std::os::unix::fs::PermissionsExt;
        let (cert, key) = (
            self.dir.path().join("server.crt"),
            self.dir.path().join("server.key"),
        );
        std::fs::write(&cert, cert_pem).unwrap();
        std::fs::write(&key, key_pem).unwrap();
        // The server refuses a key that others can read.
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
        if self.as_postgres {
            let st = Proc::new("chown")
                .arg("postgres:")
                .args([&cert, &key])
                .status()
                .unwrap();
            assert!(st.success(), "chown postgres the certificate");
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        // TCP connections over TLS only: one that is not is refused.
        let hba = self.dir.path().join("data").join("pg_hba.conf");
        std::fs::write(
            &hba,
            "local all all trust\nhostssl all all 127.0.0.1/32 trust\n",
        )
        .unwrap();
        self.stop_server();
        let opts = format!(
            "-k {} -c listen_addresses=127.0.0.1 -p {port} -c ssl=on -c ssl_cert_file={} -c ssl_key_file={} -F",
            self.dir.path().display(),
            cert.display(),
            key.display()
        );
        let log = self.dir.path().join("log");
        let log = log.to_str().unwrap();
        self.ctl(&["-o", &opts, "-l", log, "-w", "-t", "60", "start"]);
        format!("postgres://recruit@127.0.0.1:{port}/postgres")
    }

    /// `pg_ctl -D DATA args`.
    fn ctl(&self, args: &[&str]) {
        let data = self.dir.path().join("data");
        self.run(
            "pg_ctl",
            &[&["-D", data.to_str().unwrap()][..], args].concat(),
        );
    }

    /// The address with a password in it (the server trusts every local user: any password
    /// is accepted, and none must ever be shown).
    pub fn url_with_password(&self, password: &str) -> String {
        self.url.replacen(
            "postgres://recruit@",
            &format!("postgres://recruit:{password}@"),
            1,
        )
    }

    /// `tool` with `args`, as the postgres user when this runs as root.
    fn tool(&self, tool: &str, args: &[&str]) -> std::io::Result<std::process::Output> {
        let exe = self.bin.join(tool);
        if self.as_postgres {
            Proc::new("runuser")
                .args(["-u", "postgres", "--"])
                .arg(&exe)
                .args(args)
                .output()
        } else {
            Proc::new(&exe).args(args).output()
        }
    }

    fn run(&self, tool: &str, args: &[&str]) {
        let out = self
            .tool(tool, args)
            .unwrap_or_else(|e| panic!("{tool}: {e}"));
        assert!(
            out.status.success(),
            "{tool} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The data directory made once per test binary by initdb (`pg` runs it), in
/// /tmp/rpg-template-PID; those of test binaries that have ended are removed first.
fn template(pg: &Pg) -> &'static Path {
    static TEMPLATE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    TEMPLATE.get_or_init(|| {
        for e in std::fs::read_dir("/tmp").into_iter().flatten().flatten() {
            let name = e.file_name();
            let Some(pid) = name.to_str().and_then(|n| n.strip_prefix("rpg-template-")) else {
                continue;
            };
            if !Path::new("/proc").join(pid).exists() {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
        let dir = PathBuf::from(format!("/tmp/rpg-template-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir(&dir).unwrap();
        if pg.as_postgres {
            let st = Proc::new("chown")
                .args(["postgres:", dir.to_str().unwrap()])
                .status()
                .unwrap();
            assert!(st.success(), "chown postgres {}", dir.display());
        }
        let data = dir.join("data");
        pg.run(
            "initdb",
            &[
                "-D",
                data.to_str().unwrap(),
                "-U",
                "recruit",
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C.UTF-8",
                "-N",
            ],
        );
        data
    })
}

impl Drop for Pg {
    fn drop(&mut self) {
        let data = self.dir.path().join("data");
        let _ = self.tool(
            "pg_ctl",
            &["-D", data.to_str().unwrap(), "-m", "immediate", "stop"],
        );
    }
}
