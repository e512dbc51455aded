//! The PostgreSQL backend, for a team's shared database that BI tools connect to.
//!
//! The client is `postgres`, the blocking face of `tokio-postgres` (same maintainers): the
//! mirror's store runs on a thread of its own (see [`super::actor`]), so one synchronous
//! interface serves both databases. TLS goes through rustls with the same trust as every
//! other connection recruit makes (the system's store plus `--ca-cert`); with the default
//! `sslmode=prefer` a server without TLS (a local socket) is reached in plain text, and
//! `sslmode=require` refuses that. One sync at a time holds a session-level advisory lock,
//! which the server releases when the connection ends, however the process ended.

use std::borrow::Cow;
use std::collections::HashMap;
use std::str::FromStr;

use bytes::BytesMut;
use postgres::types::{FromSql, IsNull, ToSql, Type};
use postgres::{Client, Statement};

use super::db::{Backend, Dialect, Val};
use super::redact_url;
use crate::error::{Error, ExitKind};

pub struct Postgres {
    client: Client,
    shown: crate::msg::Msg,
    statements: HashMap<String, Statement>,
    /// Values written with U+FFFD in place of U+0000 (see [`fit`]).
    replaced: u64,
}

/// Statements kept prepared at most (inserts of different row counts are different
/// statements).
const STATEMENT_CACHE: usize = 512;

impl Postgres {
    /// Connect to `url` (`postgres://user:password@host:port/db?sslmode=...`).
    pub fn connect(url: &str, net: &recruit_core::tls::NetSettings) -> Result<Postgres, Error> {
        let (config, shown) = config(url)?;
        let client = open_client(&config, &shown, net)?;
        Ok(Postgres {
            client,
            shown,
            statements: HashMap::new(),
            replaced: 0,
        })
    }

    fn statement(&mut self, sql: &str) -> Result<Statement, Error> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let stmt = self
            .client
            .prepare(sql)
            .map_err(|e| pg_error(&self.shown, &e))?;
        if self.statements.len() >= STATEMENT_CACHE {
            self.statements.clear();
        }
        self.statements.insert(sql.to_string(), stmt.clone());
        Ok(stmt)
    }
}

/// `url` read as a PostgreSQL address, and what it is for messages (never the password).
/// The relay's store connects the same way as the mirror: `sync`, the relay's store, `privacy`
/// and `report` all come here, and so all follow [`tls_mode`].
pub(crate) fn config(url: &str) -> Result<(postgres::Config, crate::msg::Msg), Error> {
    let (url, asked) = ssl_mode_asked(url);
    let config = postgres::Config::from_str(&url).map_err(|e| {
        Error::usage(crate::msg!(
            "sync-not-pg-address",
            db = redact_url(&url).to_string(),
            error = crate::error::cause_of(&e)
        ))
    })?;
    let mut config = config;
    if config.get_password().is_none() {
        // As libpq does: a password kept out of the address (and out of `ps`).
        if let Some(pw) = std::env::var_os("PGPASSWORD").filter(|p| !p.is_empty()) {
            config.password(pw.as_encoded_bytes());
        }
    }
    let mode = tls_mode(config.get_hosts(), asked);
    config.ssl_mode(mode);
    let shown = describe(&config);
    Ok((config, shown))
}

/// The `sslmode` an address asks for, and the address as the client reads it: libpq's
/// `verify-ca` and `verify-full` are `require` here (rustls always checks the chain and the host
/// name), its `allow` is `prefer`.
fn ssl_mode_asked(url: &str) -> (Cow<'_, str>, Option<postgres::config::SslMode>) {
    use postgres::config::SslMode;
    let Some(at) = url.find("sslmode=") else {
        return (Cow::Borrowed(url), None);
    };
    let value_at = at + "sslmode=".len();
    let value = &url[value_at..];
    let value = &value[..value.find(['&', ' ', '#']).unwrap_or(value.len())];
    let (mode, written) = match value {
        "disable" => (SslMode::Disable, "disable"),
        "allow" | "prefer" => (SslMode::Prefer, "prefer"),
        "require" | "verify-ca" | "verify-full" => (SslMode::Require, "require"),
        // Left as written: the client's own error names it.
        _ => return (Cow::Borrowed(url), None),
    };
    let rewritten = format!(
        "{}{written}{}",
        &url[..value_at],
        &url[value_at + value.len()..]
    );
    (Cow::Owned(rewritten), Some(mode))
}

/// Whether a connection uses TLS: always to a host that is not loopback (a shared server's
/// data and password cross a network) unless the address says `sslmode=disable`; to this
/// machine (a loopback address, `localhost`, a Unix socket) as asked, TLS when the server
/// offers it by default, always with `sslmode=require`.
pub(crate) fn tls_mode(
    hosts: &[postgres::config::Host],
    asked: Option<postgres::config::SslMode>,
) -> postgres::config::SslMode {
    use postgres::config::SslMode;
    match asked {
        Some(SslMode::Disable) => SslMode::Disable,
        Some(SslMode::Require) => SslMode::Require,
        _ if hosts.iter().all(is_loopback) => SslMode::Prefer,
        _ => SslMode::Require,
    }
}

/// A host on this machine: a Unix socket, `localhost`, or a loopback address.
fn is_loopback(host: &postgres::config::Host) -> bool {
    match host {
        postgres::config::Host::Tcp(h) => {
            let h = h.trim_start_matches('[').trim_end_matches(']');
            h.eq_ignore_ascii_case("localhost")
                || h.to_ascii_lowercase().ends_with(".localhost")
                || h.parse::<std::net::IpAddr>()
                    .is_ok_and(|ip| ip.is_loopback())
        }
        #[cfg(unix)]
        postgres::config::Host::Unix(_) => true,
    }
}

/// A handshake the client refused (an unknown authority, a wrong host name, a server without
/// TLS where TLS is required), in words that name the fix: exit 7, as for any other server.
pub(crate) fn tls_refused(config: &postgres::Config, e: &postgres::Error) -> Option<Error> {
    let host = match config.get_hosts().first() {
        Some(postgres::config::Host::Tcp(h)) => h.clone(),
        _ => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let why = recruit_core::tls::describe_tls_error_at(e, &format!("{host}:{port}"))?;
    let mut err = Error::network(why);
    err.detail = Some(
        recruit_core::text::one_line(&e.to_string(), 300)
            .to_string()
            .into(),
    );
    Some(err)
}

/// A connection over TLS with the same trust as every other connection recruit makes (the
/// system's store plus `--ca-cert`); an unreachable server is a network failure (exit 7).
fn open_client(
    config: &postgres::Config,
    shown: &crate::msg::Msg,
    net: &recruit_core::tls::NetSettings,
) -> Result<Client, Error> {
    connect(config, net).map_err(|e| {
        if let Some(refused) = tls_refused(config, &e) {
            return refused;
        }
        let mut err = pg_error(shown, &e);
        if e.as_db_error().is_none() {
            // Not an answer of the server: it could not be reached at all.
            err.kind = ExitKind::Network;
            let said = crate::msg!(
                "sync-pg-unreachable",
                db = shown.clone(),
                error = recruit_core::text::one_line(&e.to_string(), 300).to_string()
            );
            err.message = said.said();
            err.said = Some(said);
        }
        err
    })
}

/// The connection itself, its failure as the client says it.
pub(crate) fn connect(
    config: &postgres::Config,
    net: &recruit_core::tls::NetSettings,
) -> Result<Client, postgres::Error> {
    let tls = tokio_postgres_rustls::MakeRustlsConnect::new(net.rustls_config());
    config.connect(tls)
}

/// Rewrite `tables` and rebuild their statistics (`VACUUM (FULL, ANALYZE)`, outside any
/// transaction, as it must be); the first one PostgreSQL did not rewrite, if any: VACUUM
/// skips a table the role does not own with a mere warning, so each table's file is compared
/// before and after.
pub(crate) fn rewrite(c: &mut Client, tables: &[&str]) -> Result<Option<String>, postgres::Error> {
    let names: Vec<String> = tables.iter().map(|t| t.to_string()).collect();
    let files = |c: &mut Client| -> Result<Vec<Option<u32>>, postgres::Error> {
        c.query(
            "SELECT pg_relation_filenode(t::regclass)::oid FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n",
            &[&names],
        )?
        .iter()
        .map(|r| r.try_get(0))
        .collect()
    };
    let before = files(c)?;
    c.batch_execute(&format!("VACUUM (FULL, ANALYZE) {}", tables.join(", ")))?;
    let after = files(c)?;
    Ok(names
        .into_iter()
        .zip(before.iter().zip(&after))
        .find(|(_, (b, a))| b == a)
        .map(|(t, _)| t))
}

/// The error of a table [`rewrite`] could not rewrite.
pub(crate) fn not_rewritten(shown: &crate::msg::Msg, table: &str) -> Error {
    Error::other(crate::msg!(
        "pg-erase-not-rewritten",
        db = shown.clone(),
        table = table
    ))
}

impl Postgres {
    /// ANALYZE of a table left empty keeps the statistics it had (there is no row to take
    /// new ones from): a superuser removes them; another role cannot (PostgreSQL 15 to 17
    /// have no call for it), which the README says.
    fn forget_statistics_of_empty(&mut self, tables: &[&str]) -> Result<(), Error> {
        let superuser = self
            .query(
                "SELECT rolsuper FROM pg_roles WHERE rolname = current_user",
                &[],
            )?
            .first()
            .and_then(|r| r.first())
            .is_some_and(Val::truthy);
        if !superuser {
            return Ok(());
        }
        for t in tables {
            let empty = self
                .query(&format!("SELECT NOT EXISTS (SELECT 1 FROM {t})"), &[])?
                .first()
                .and_then(|r| r.first())
                .is_some_and(Val::truthy);
            if empty {
                self.execute(
                    "DELETE FROM pg_statistic WHERE starelid = $1::text::regclass",
                    &[Val::text(*t)],
                )?;
            }
        }
        Ok(())
    }
}

impl Backend for Postgres {
    fn dialect(&self) -> Dialect {
        Dialect::Postgres
    }

    fn describe(&self) -> crate::msg::Msg {
        self.shown.clone()
    }

    fn batch(&mut self, sql: &str) -> Result<(), Error> {
        self.client
            .batch_execute(sql)
            .map_err(|e| pg_error(&self.shown, &e))
    }

    fn execute(&mut self, sql: &str, params: &[Val]) -> Result<u64, Error> {
        let stmt = self.statement(sql)?;
        let (params, replaced) = fit(sql, params);
        self.replaced += replaced;
        let refs: Vec<&(dyn ToSql + Sync)> = params.iter().map(|v| &**v as _).collect();
        self.client
            .execute(&stmt, &refs)
            .map_err(|e| pg_error(&self.shown, &e))
    }

    fn query(&mut self, sql: &str, params: &[Val]) -> Result<Vec<Vec<Val>>, Error> {
        let stmt = self.statement(sql)?;
        // Looked up as they were stored (a code read back is compared as written).
        let (params, _) = fit(sql, params);
        let refs: Vec<&(dyn ToSql + Sync)> = params.iter().map(|v| &**v as _).collect();
        let rows = self
            .client
            .query(&stmt, &refs)
            .map_err(|e| pg_error(&self.shown, &e))?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let mut vals = Vec::with_capacity(row.len());
            for i in 0..row.len() {
                vals.push(row.try_get(i).map_err(|e| pg_error(&self.shown, &e))?);
            }
            out.push(vals);
        }
        Ok(out)
    }

    fn begin(&mut self) -> Result<(), Error> {
        self.batch("BEGIN")
    }

    fn try_lock(&mut self) -> Result<bool, Error> {
        // One lock per schema: two mirrors in two schemas of one database may sync at once.
        let rows = self.query(
            "SELECT pg_try_advisory_lock(1919251314, hashtext(current_schema()))",
            &[],
        )?;
        Ok(rows
            .first()
            .and_then(|r| r.first())
            .is_some_and(Val::truthy))
    }

    fn prepare_for_writes(&mut self) -> Result<(), Error> {
        Ok(())
    }

    fn scrub(&mut self, tables: &[&str]) -> Result<(), Error> {
        if tables.is_empty() {
            return Ok(());
        }
        // This session's count of the rows the purge deleted is flushed to the server's
        // statistics only when it is idle, at most once a second: flushed after the VACUUM,
        // it would show as dead rows (`n_dead_tup`) that are not there. PostgreSQL 15 and
        // later flush at once when asked; the statement's answer comes after the flush.
        let version = self
            .query("SELECT current_setting('server_version_num')::int", &[])?
            .first()
            .and_then(|r| r.first())
            .and_then(Val::as_i64)
            .unwrap_or(0);
        if version >= 150_000 {
            self.batch("SELECT pg_stat_force_next_flush()")?;
        }
        // The old row versions (dead tuples, their TOAST values and index entries) keep
        // the values until the table is rewritten, and a plain VACUUM only marks their space
        // free (the bytes stay in the relation files). VACUUM FULL writes new files for each
        // table, its TOAST and its indexes, holding only the rows as they are now (outside
        // any transaction, as it must be; a BI query waits for it, table by table). ANALYZE
        // then rebuilds `pg_stats` from those rows: statistics gathered before (by a sync's
        // ANALYZE or autovacuum) hold sampled values, the erased ones among them.
        let skipped = rewrite(&mut self.client, tables).map_err(|e| pg_error(&self.shown, &e))?;
        if let Some(table) = skipped {
            return Err(not_rewritten(&self.shown, &table));
        }
        self.forget_statistics_of_empty(tables)
    }

    fn max_params(&self) -> usize {
        // The protocol's limit is 65,535.
        20_000
    }

    fn take_replaced(&mut self) -> u64 {
        std::mem::take(&mut self.replaced)
    }
}

/// `params` as PostgreSQL can hold them, and how many were changed: U+0000 is refused in
/// `text` (`invalid byte sequence for encoding "UTF8": 0x00`) and, as the escape `\u0000`,
/// in `jsonb` (`unsupported Unicode escape sequence`); either would refuse the whole row,
/// and every later run at it. U+FFFD, the replacement character, takes its place.
fn fit<'a>(sql: &str, params: &'a [Val]) -> (Vec<Cow<'a, Val>>, u64) {
    let suspect = |v: &Val| matches!(v, Val::Text(t) if t.contains('\0') || t.contains("\\u0000"));
    if !params.iter().any(suspect) {
        return (params.iter().map(Cow::Borrowed).collect(), 0);
    }
    let json = json_params(sql);
    let mut replaced = 0;
    let out = params
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let Val::Text(t) = v else {
                return Cow::Borrowed(v);
            };
            let mut fitted = Cow::Borrowed(t.as_str());
            if json.contains(&(i + 1)) {
                if let Some(j) = json_without_nul(&fitted) {
                    fitted = Cow::Owned(j);
                }
            }
            if fitted.contains('\0') {
                fitted = Cow::Owned(fitted.replace('\0', "\u{FFFD}"));
            }
            match fitted {
                Cow::Borrowed(_) => Cow::Borrowed(v),
                Cow::Owned(f) => {
                    replaced += 1;
                    Cow::Owned(Val::Text(f))
                }
            }
        })
        .collect();
    (out, replaced)
}

/// The numbers of the parameters a rendered statement reads as `jsonb` (`$3::text::jsonb`).
fn json_params(sql: &str) -> std::collections::HashSet<usize> {
    sql.match_indices("::text::jsonb")
        .filter_map(|(at, _)| {
            let head = &sql[..at];
            let number = head.trim_end_matches(|c: char| c.is_ascii_digit());
            let digits = &head[number.len()..];
            number.ends_with('$').then(|| digits.parse().ok()).flatten()
        })
        .collect()
}

/// JSON text with each `\u0000` escape made `\ufffd`, or `None` when it has none (an
/// escaped backslash followed by `u0000` is text, not an escape, and stays).
fn json_without_nul(json: &str) -> Option<String> {
    let b = json.as_bytes();
    let mut out: Option<String> = None;
    let (mut i, mut copied) = (0, 0);
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        if b[i + 1..].starts_with(b"u0000") {
            let o = out.get_or_insert_with(|| String::with_capacity(json.len()));
            o.push_str(&json[copied..i]);
            o.push_str("\\ufffd");
            i += 6;
            copied = i;
        } else {
            // The escaped character, whatever it is, is skipped with its backslash.
            i += 2;
        }
    }
    out.map(|mut o| {
        o.push_str(&json[copied..]);
        o
    })
}

impl ToSql for Val {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self {
            Val::Null => Ok(IsNull::Yes),
            Val::Int(i) if *ty == Type::INT4 => i32::try_from(*i)?.to_sql(ty, out),
            Val::Int(i) if *ty == Type::INT2 => i16::try_from(*i)?.to_sql(ty, out),
            Val::Int(i) if *ty == Type::FLOAT8 => (*i as f64).to_sql(ty, out),
            Val::Int(i) if *ty == Type::BOOL => (*i != 0).to_sql(ty, out),
            Val::Int(i) => i.to_sql(ty, out),
            Val::Real(r) => r.to_sql(ty, out),
            Val::Text(s) => s.as_str().to_sql(ty, out),
            Val::Bool(b) if *ty == Type::INT8 => (*b as i64).to_sql(ty, out),
            Val::Bool(b) => b.to_sql(ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    postgres::types::to_sql_checked!();
}

/// A column as read: the integer, real, boolean and JSON types as such, anything else as text
/// (times are selected as text by the queries).
impl<'a> FromSql<'a> for Val {
    fn from_sql(
        ty: &Type,
        raw: &'a [u8],
    ) -> Result<Self, Box<dyn std::error::Error + Sync + Send>> {
        Ok(match *ty {
            Type::INT8 => Val::Int(i64::from_sql(ty, raw)?),
            Type::INT4 => Val::Int(i32::from_sql(ty, raw)?.into()),
            Type::INT2 => Val::Int(i16::from_sql(ty, raw)?.into()),
            Type::FLOAT8 => Val::Real(f64::from_sql(ty, raw)?),
            Type::FLOAT4 => Val::Real(f32::from_sql(ty, raw)?.into()),
            Type::BOOL => Val::Bool(bool::from_sql(ty, raw)?),
            Type::JSON | Type::JSONB => {
                Val::Text(serde_json::Value::from_sql(ty, raw)?.to_string())
            }
            _ => Val::Text(String::from_sql(ty, raw)?),
        })
    }

    fn from_sql_null(_: &Type) -> Result<Self, Box<dyn std::error::Error + Sync + Send>> {
        Ok(Val::Null)
    }

    fn accepts(ty: &Type) -> bool {
        let scalars = [
            Type::INT8,
            Type::INT4,
            Type::INT2,
            Type::FLOAT8,
            Type::FLOAT4,
            Type::BOOL,
        ];
        scalars.contains(ty)
            || [Type::JSON, Type::JSONB].contains(ty)
            || <String as FromSql>::accepts(ty)
    }
}

/// `PostgreSQL database recruit on db.example.com:5432 as bi` (never the password).
fn describe(c: &postgres::Config) -> crate::msg::Msg {
    let host = c
        .get_hosts()
        .first()
        .map(|h| match h {
            postgres::config::Host::Tcp(h) => h.clone(),
            #[cfg(unix)]
            postgres::config::Host::Unix(p) => p.display().to_string(),
        })
        .unwrap_or_else(|| "localhost".to_string());
    // As text: a port is a name, not a quantity to format.
    let port = c.get_ports().first().copied().unwrap_or(5432).to_string();
    let db: crate::msg::Arg = match c.get_dbname() {
        Some(d) => d.into(),
        None => crate::msg!("mirror-pg-default-db").into(),
    };
    match c.get_user() {
        Some(u) => crate::msg!(
            "mirror-pg-database-as",
            db = db,
            host = host,
            port = port,
            user = u
        ),
        None => crate::msg!("mirror-pg-database", db = db, host = host, port = port),
    }
}

/// A PostgreSQL failure in words: the server's message and detail when it sent one.
pub(crate) fn pg_error(shown: &crate::msg::Msg, e: &postgres::Error) -> Error {
    let text = match e.as_db_error() {
        Some(db) => {
            let mut t = format!("{} ({})", db.message(), db.code().code());
            if let Some(d) = db.detail() {
                t.push_str(&format!("; {d}"));
            }
            t
        }
        None => e.to_string(),
    };
    // The server's own words stay as the cause.
    Error::other(crate::msg!(
        "pg-failed",
        db = shown.clone(),
        error = recruit_core::text::one_line(&text, 500)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tls_is_used_to_a_host_that_is_not_loopback_unless_disabled() {
        use postgres::config::SslMode;
        let mode = |url: &str| config(url).unwrap().0.get_ssl_mode();
        // Another machine: TLS, whatever else is asked, but disable.
        assert_eq!(mode("postgres://u@db.example/d"), SslMode::Require);
        assert_eq!(mode("postgres://u@10.0.0.5:5433/d"), SslMode::Require);
        assert_eq!(
            mode("postgres://u@db.example/d?sslmode=prefer"),
            SslMode::Require
        );
        assert_eq!(
            mode("postgres://u@db.example/d?sslmode=allow"),
            SslMode::Require
        );
        assert_eq!(
            mode("postgres://u@db.example/d?sslmode=disable"),
            SslMode::Disable
        );
        assert_eq!(mode("host=db.example user=u"), SslMode::Require);
        // One host of several on another machine is enough.
        assert_eq!(
            mode("postgres://u@localhost,db.example/d"),
            SslMode::Require
        );
        // This machine: as the server offers, unless TLS is required.
        assert_eq!(mode("postgres://u@localhost/d"), SslMode::Prefer);
        assert_eq!(mode("postgres://u@127.0.0.1:5432/d"), SslMode::Prefer);
        assert_eq!(mode("postgres://u@[::1]:5432/d"), SslMode::Prefer);
        assert_eq!(mode("postgres://u@%2Ftmp%2Fsock/d"), SslMode::Prefer);
        for forced in ["require", "verify-ca", "verify-full"] {
            assert_eq!(
                mode(&format!(
                    "postgres://u@127.0.0.1/d?connect_timeout=5&sslmode={forced}"
                )),
                SslMode::Require,
                "{forced}"
            );
        }
        assert!(config("postgres://u@h/d?sslmode=bogus").is_err());
    }

    #[test]
    fn nul_becomes_the_replacement_character_in_text_and_json_escapes_only() {
        let sql = "INSERT INTO t (name, data) VALUES ($1, $2::text::jsonb), ($3, $4::text::jsonb)";
        let params = [
            Val::text("a\0b"),
            Val::text(r#"{"n":"a\u0000b","k":"\\u0000","m":"\\\u0000"}"#),
            Val::text(r"a\u0000 written out"),
            Val::text(r#"{"k":"\\u0000"}"#),
        ];
        let (out, n) = fit(sql, &params);
        assert_eq!(n, 2, "{out:?}");
        assert_eq!(*out[0], Val::text("a\u{FFFD}b"));
        assert_eq!(
            *out[1],
            Val::text(r#"{"n":"a\ufffdb","k":"\\u0000","m":"\\\ufffd"}"#)
        );
        // Text that spells the escape out, and an escaped backslash before `u0000`, stay.
        assert_eq!(*out[2], params[2]);
        assert_eq!(*out[3], params[3]);
        assert_eq!(json_params(sql), [2, 4].into_iter().collect());
    }
}
