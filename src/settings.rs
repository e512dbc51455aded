//! Settings resolved in one place, flag > env var > profile > default, each with where its
//! value came from (for `auth status`, `config get` and `config list`). Every setting is a
//! [`Key`]: its name, variable, flag, type, secrecy, parser and help are written once, in
//! [`keys!`] below, and `config` help, `config list`, `config set`'s check, the precedence
//! and the origins of the global options all come from there. A value `config set` accepts is
//! one every command accepts: both use the key's parser.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use serde_json::{json, Value};

use crate::config::Config;
use crate::error::Error;
use crate::redact::Secret;

pub(crate) mod key;
pub(crate) mod policy;

// The plain values of settings live here, below everything that reads them: the output
// format, the apply variant, where a given value came from.

named! {
    /// Output formats of `cli.md`: of every command's results, of the export's records (not a
    /// table) and of the listener's events (a table is one line per event). Named in the config
    /// file and an export's journal as `table`, `json`, `ndjson`, `csv`.
    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Format {
        /// Human view, fitted to the terminal (default on a terminal)
        Table = "table",
        /// The body as the service sent it (default when piped)
        Json = "json",
        /// One item per line, streamed as pages arrive
        Ndjson = "ndjson",
        /// RFC 4180, header row first, nested values as JSON text
        Csv = "csv",
        /// An Excel workbook (to --out or a pipe, never a terminal)
        Xlsx = "xlsx",
    }
}

impl Format {
    /// A format for programs (`json`, `ndjson`): with it, messages on a piped stderr are JSON
    /// lines too.
    pub fn is_json(self) -> bool {
        matches!(self, Format::Json | Format::Ndjson)
    }
}

named! {
    /// The two request bodies the apply endpoint takes.
    pub enum Variant {
        /// `privacy` + `questions[{question_id, kind, answer}]`
        A = "a",
        /// name, email, phone, resume_path at the top level + `questions[{id, kind, answer}]`
        B = "b",
    }
}

impl Variant {
    /// The profile setting `variant` (`a`/`b`, any case).
    pub(crate) fn parse_setting(s: &str) -> Option<Variant> {
        Variant::parse(&s.trim().to_ascii_lowercase())
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::A => "A",
            Variant::B => "B",
        })
    }
}

/// Whether a setting was given as a flag or through its environment variable: a flag wins over
/// any env var, so `--base-url` beats an exported RECRUIT_SANDBOX=1.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Origin {
    #[default]
    Unset,
    Flag,
    Env,
}

/// What this run was given besides the config file: the text of each setting given as a flag
/// or a variable (with where it came from), `-v`, and the environment read at start. The
/// context makes it from the command line, so the settings need not know its parser.
#[derive(Debug, Clone, Default)]
pub struct Given {
    values: Vec<(Key, String, Origin)>,
    /// `-v`.
    pub verbose: bool,
    pub environ: Environ,
}

impl Given {
    /// Nothing given yet but `-v` and the environment.
    pub(crate) fn new(verbose: bool, environ: Environ) -> Given {
        Given {
            values: Vec::new(),
            verbose,
            environ,
        }
    }

    /// `key` was given as `text`, by its flag or variable (`origin`).
    pub(crate) fn set(&mut self, key: Key, text: String, origin: Origin) {
        self.values.retain(|(k, _, _)| *k != key);
        self.values.push((key, text, origin));
    }

    /// The text given for `key` and where it came from.
    fn of(&self, key: Key) -> Option<(&str, Origin)> {
        self.values
            .iter()
            .find(|(k, _, _)| *k == key)
            .map(|(_, text, origin)| (text.as_str(), *origin))
    }
}

/// Where a setting's value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// A command-line flag (`--timeout`).
    Flag(&'static str),
    /// An environment variable (`RECRUIT_TIMEOUT`).
    Env(&'static str),
    /// The active profile of the config file.
    Profile,
    /// Built in.
    Default,
    /// The machine's policy file (`/etc/recruit/policy.toml`), above everything else.
    Policy,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Flag(flag) => write!(f, "flag {flag}"),
            Source::Env(var) => write!(f, "env {var}"),
            Source::Profile => f.write_str("config file"),
            Source::Default => f.write_str("default"),
            Source::Policy => f.write_str("policy file"),
        }
    }
}

impl Source {
    /// Where a value came from, in words for people in the language in use (the Display
    /// form is the English kept in JSON).
    pub(crate) fn said(&self) -> String {
        use crate::t;
        match self {
            Source::Flag(flag) => t!("source-flag", name = *flag),
            Source::Env(var) => t!("source-env", name = *var),
            Source::Profile => t!("source-profile"),
            Source::Default => t!("source-default"),
            Source::Policy => t!("source-policy"),
        }
    }
}

/// A value and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Setting<T> {
    pub value: T,
    pub source: Source,
}

/// The longest timeout accepted: a day. Anything longer is a typo, and a Duration that large
/// would overflow deadline arithmetic.
pub(crate) const MAX_TIMEOUT: Duration = Duration::from_secs(86_400);
#[cfg(test)]
use recruit_client::api::http::{DEFAULT_MAX_WAIT, DEFAULT_RETRIES, DEFAULT_TIMEOUT};
/// The slowest and fastest `--max-rate` that make sense: a request every 100 s, a million a
/// second. `1e-300` is a typo, not a pace.
pub(crate) const MIN_RATE: f64 = 0.01;
pub(crate) const MAX_RATE: f64 = 1_000_000.0;
/// The fewest months of the access log `audit prune` may keep (`audit_keep`).
pub(crate) const MIN_AUDIT_KEEP: u32 = 12;

/// One parser per setting, for the profile's text and for `config set`. Each returns what is
/// allowed when the value is not.
pub(crate) mod parse {
    use super::*;

    pub(crate) fn output(s: &str) -> Result<Format, Allowed> {
        Format::parse(s).ok_or(Allowed::Output)
    }

    pub(crate) fn timeout_secs(secs: f64) -> Result<Duration, Allowed> {
        // try_from: a huge value (1e20) overflows a Duration, which must be a usage error,
        // not a panic.
        match Duration::try_from_secs_f64(secs) {
            Ok(d) if secs > 0.0 && d <= MAX_TIMEOUT => Ok(d),
            _ => Err(Allowed::Timeout),
        }
    }

    pub(crate) fn timeout(s: &str) -> Result<Duration, Allowed> {
        timeout_secs(s.trim().parse::<f64>().map_err(|_| Allowed::Seconds)?)
    }

    pub(crate) fn retries(s: &str) -> Result<u32, Allowed> {
        s.trim().parse::<u32>().map_err(|_| Allowed::WholeNumber)
    }

    pub(crate) fn max_rate_value(rate: f64) -> Result<f64, Allowed> {
        if (MIN_RATE..=MAX_RATE).contains(&rate) {
            Ok(rate)
        } else {
            Err(Allowed::RateRange)
        }
    }

    pub(crate) fn max_rate(s: &str) -> Result<f64, Allowed> {
        max_rate_value(s.trim().parse::<f64>().map_err(|_| Allowed::Rate)?)
    }

    pub(crate) fn max_wait_secs(secs: f64) -> Result<Duration, Allowed> {
        match Duration::try_from_secs_f64(secs) {
            Ok(d) if d <= MAX_TIMEOUT => Ok(d),
            _ => Err(Allowed::WaitRange),
        }
    }

    pub(crate) fn max_wait(s: &str) -> Result<Duration, Allowed> {
        max_wait_secs(s.trim().parse::<f64>().map_err(|_| Allowed::Wait)?)
    }

    pub(crate) fn variant(s: &str) -> Result<Variant, Allowed> {
        Variant::parse_setting(s).ok_or(Allowed::Variant)
    }

    pub(crate) fn base_url(s: &str) -> Result<String, Allowed> {
        crate::api::http::normalize_base_url(s)
            .map(|_| s.to_string())
            .map_err(|_| Allowed::BaseUrl)
    }

    pub(crate) fn lang(s: &str) -> Result<crate::i18n::Lang, Allowed> {
        crate::i18n::Lang::from_code(s).ok_or(Allowed::Lang)
    }

    /// `audit`: `on` or `off` (any case).
    pub(crate) fn on_off(s: &str) -> Result<bool, Allowed> {
        match s.trim().to_ascii_lowercase().as_str() {
            "on" => Ok(true),
            "off" => Ok(false),
            _ => Err(Allowed::OnOff),
        }
    }

    /// A yes-or-no setting (`require_reason`): `true` or `false` (any case).
    pub(crate) fn boolean(s: &str) -> Result<bool, Allowed> {
        match s.trim().to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(Allowed::Bool),
        }
    }

    /// `audit_keep`: a whole number of months, at least [`super::MIN_AUDIT_KEEP`].
    pub(crate) fn audit_keep(s: &str) -> Result<u32, Allowed> {
        match s.trim().parse::<u32>() {
            Ok(m) if m >= super::MIN_AUDIT_KEEP => Ok(m),
            _ => Err(Allowed::AuditKeep),
        }
    }

    pub(crate) fn non_empty(s: &str) -> Result<String, Allowed> {
        if s.is_empty() {
            Err(Allowed::NonEmpty)
        } else {
            Ok(s.to_string())
        }
    }
}

// How the file stores a value is the file's: the config sits below the settings.
pub(crate) use crate::config::Type;

/// Everything about one setting.
pub(crate) struct Spec {
    /// Its name in the config file and in `config get/set/unset`.
    pub name: &'static str,
    /// Its environment variable.
    pub env: Option<&'static str>,
    /// Its global option (`--timeout`), when it has one.
    pub flag: Option<&'static str>,
    pub ty: Type,
    /// Redacted wherever it is shown, unless `config get --reveal`.
    pub secret: bool,
    /// What it means, for `config set --help` and the man pages.
    pub help: &'static str,
    /// The built-in value, as text (parsed as any other).
    pub default: Option<&'static str>,
    /// Checks a value and gives it as shown (`5` for `5.0`, `b` for `B`, secrets redacted);
    /// the error says what is allowed.
    pub parse: fn(&str) -> Result<Value, Allowed>,
    /// A check beyond the parser for `config set`, where a value can only be judged by what it
    /// names (the CA file is read): a value that would fail later fails now.
    pub check: Option<Check>,
}

/// A check of a value by what it names (see [`Spec::check`]).
pub(crate) type Check = fn(&str) -> Result<(), Error>;

/// The defaults of [`Spec`]: a text setting of the profile alone.
const TEXT: Spec = Spec {
    name: "",
    env: None,
    flag: None,
    ty: Type::Text,
    secret: false,
    help: "",
    default: None,
    parse: |s| parse::non_empty(s).map(Value::String),
    check: None,
};

/// A secret's text, redacted (it is never shown whole, even checked).
fn redacted(s: &str) -> Result<Value, Allowed> {
    parse::non_empty(s).map(|k| json!(Secret::new(k).redacted()))
}

/// The one place a setting is defined: its variant of [`Key`], and its [`Spec`]. A new setting
/// (`lang`) is one more entry here (and its global option in `context::GlobalArgs`, with its text in
/// `GlobalArgs::given`, when it has one).
macro_rules! keys {
    ($($(#[$doc:meta])* $variant:ident => $spec:expr,)*) => {
        /// A setting: of the config file's profiles, and of the run when it has a flag or a
        /// variable.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Key {
            $($(#[$doc])* $variant,)*
        }

        impl Key {
            /// Every setting, in the order help and `config list` show them.
            pub(crate) const ALL: &'static [Key] = &[$(Key::$variant,)*];

            /// Everything about the setting.
            pub(crate) fn spec(self) -> &'static Spec {
                match self {
                    $(Key::$variant => {
                        static SPEC: Spec = $spec;
                        &SPEC
                    })*
                }
            }
        }
    };
}

keys! {
    /// The service root.
    BaseUrl => Spec {
        name: "base_url",
        env: Some("RECRUIT_BASE_URL"),
        flag: Some("--base-url"),
        help: "service root, with or without a trailing /v1",
        parse: |s| parse::base_url(s).map(Value::String),
        ..TEXT
    },
    /// The bearer token.
    ApiKey => Spec {
        name: "api_key",
        env: Some("RECRUIT_API_KEY"),
        flag: Some("--api-key"),
        secret: true,
        help: "bearer token, never printed; `recruit auth login` stores it for you",
        parse: redacted,
        ..TEXT
    },
    /// A command printing the key.
    ApiKeyCommand => Spec {
        name: "api_key_command",
        help: "a shell command whose stdout is the key (e.g. a password manager)",
        ..TEXT
    },
    /// The output format.
    Output => Spec {
        name: "output",
        env: Some("RECRUIT_OUTPUT"),
        flag: Some("--output"),
        help: "default output format: table, json, ndjson, csv",
        parse: |s| parse::output(s).map(|f| json!(f.as_str())),
        ..TEXT
    },
    /// Per-request timeout.
    Timeout => Spec {
        name: "timeout",
        env: Some("RECRUIT_TIMEOUT"),
        flag: Some("--timeout"),
        ty: Type::Number,
        help: "per-request timeout in seconds",
        default: Some("30"),
        parse: |s| parse::timeout(s).map(|d| number(d.as_secs_f64())),
        ..TEXT
    },
    /// Retries of idempotent requests.
    Retries => Spec {
        name: "retries",
        env: Some("RECRUIT_RETRIES"),
        flag: Some("--retries"),
        ty: Type::Integer,
        help: "retries of idempotent requests",
        default: Some("3"),
        parse: |s| parse::retries(s).map(|r| json!(r)),
        ..TEXT
    },
    /// Extra trusted authorities.
    CaCert => Spec {
        name: "ca_cert",
        env: Some("RECRUIT_CA_CERT"),
        flag: Some("--ca-cert"),
        help: "extra PEM certificate authorities to trust, such as a company's own CA",
        // The same reader as at request time.
        check: Some(|s| {
            crate::api::NetSettings::with_ca_file(std::path::Path::new(s)).map(drop)
        }),
        ..TEXT
    },
    /// Requests per second at most.
    MaxRate => Spec {
        name: "max_rate",
        env: Some("RECRUIT_MAX_RATE"),
        flag: Some("--max-rate"),
        ty: Type::Number,
        help: "at most this many requests per second to the service",
        parse: |s| parse::max_rate(s).map(number),
        ..TEXT
    },
    /// Longest wait for a rate-limit reset.
    MaxWait => Spec {
        name: "max_wait",
        env: Some("RECRUIT_MAX_WAIT"),
        flag: Some("--max-wait"),
        ty: Type::Number,
        help: "longest wait for a rate-limit reset or Retry-After, in seconds",
        default: Some("60"),
        parse: |s| parse::max_wait(s).map(|d| number(d.as_secs_f64())),
        ..TEXT
    },
    /// The apply request's variant.
    Variant => Spec {
        name: "variant",
        help: "apply request variant: a or b",
        default: Some("a"),
        parse: |s| parse::variant(s).map(|v| json!(v.to_string().to_lowercase())),
        ..TEXT
    },
    /// The language of text for people.
    Lang => Spec {
        name: "lang",
        env: Some("RECRUIT_LANG"),
        flag: Some("--lang"),
        help: "language of messages, prompts, table headers and help: en or ko (else LC_ALL/LANG decide)",
        parse: |s| parse::lang(s).map(|l| json!(l.code())),
        ..TEXT
    },
    /// The webhook signing key (the commands' `--signing-key` comes first).
    SigningKey => Spec {
        name: "signing_key",
        env: Some("RECRUIT_SIGNING_KEY"),
        secret: true,
        help: "webhook signing key for listen/verify/trigger",
        parse: redacted,
        ..TEXT
    },
    /// Whether the access log is kept (cli.md, "Personal data").
    Audit => Spec {
        name: "audit",
        help: "the access log of personal data shown (on or off): every command, export, sync, wizard run and MCP tool call whose output holds a candidate's personal value appends one record; off logs nothing",
        default: Some("on"),
        parse: |s| parse::on_off(s).map(|on| json!(if on { "on" } else { "off" })),
        ..TEXT
    },
    /// Whether exports and syncs need `--reason` / RECRUIT_REASON.
    RequireReason => Spec {
        name: "require_reason",
        ty: Type::Bool,
        help: "true: export and sync refuse to start (exit 2) without --reason TEXT or RECRUIT_REASON, the reason the access log records",
        default: Some("false"),
        parse: |s| parse::boolean(s).map(|b| json!(b)),
        ..TEXT
    },
    /// The access log's file.
    AuditLog => Spec {
        name: "audit_log",
        env: Some("RECRUIT_AUDIT_LOG"),
        help: "the access log of personal data shown (default: audit.log in the data directory)",
        ..TEXT
    },
    /// The months of the access log `audit prune` keeps at least.
    AuditKeep => Spec {
        name: "audit_keep",
        ty: Type::Integer,
        help: "months of the access log that `audit prune` keeps at least (at least 12)",
        default: Some("24"),
        parse: |s| parse::audit_keep(s).map(|m| json!(m)),
        ..TEXT
    },
}

impl crate::config::FileKey for Key {
    fn name(self) -> &'static str {
        Key::name(self)
    }
    fn stored_as(self) -> Type {
        self.spec().ty
    }
}

impl Key {
    /// The name in the config file.
    pub(crate) fn name(self) -> &'static str {
        self.spec().name
    }

    /// The key named `name`; an unknown one is exit 2 listing them all.
    pub(crate) fn from_name(name: &str) -> Result<Key, Error> {
        Key::ALL
            .iter()
            .copied()
            .find(|k| k.name() == name)
            .ok_or_else(|| {
                Error::usage(crate::msg!(
                    "setting-unknown",
                    name = name,
                    names = Key::names().join(", ")
                ))
            })
    }

    /// Every key's name.
    pub fn names() -> Vec<&'static str> {
        Key::ALL.iter().map(|k| k.name()).collect()
    }

    pub(crate) fn is_secret(self) -> bool {
        self.spec().secret
    }

    /// Check a value for `config set KEY VALUE` with the parser commands read it with.
    pub(crate) fn check(self, value: &str) -> Result<(), Error> {
        let spec = self.spec();
        if let Some(check) = spec.check {
            return check(value);
        }
        (spec.parse)(value).map(drop).map_err(|allowed| {
            let shown = if spec.secret { "" } else { value };
            Error::usage(crate::msg!(
                "setting-invalid",
                value = shown,
                key = spec.name,
                allowed = allowed.said()
            ))
        })
    }
}

/// What a setting allows, as a parser refusing a value says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Allowed {
    Timeout,
    Seconds,
    WholeNumber,
    RateRange,
    Rate,
    WaitRange,
    Wait,
    BaseUrl,
    NonEmpty,
    Output,
    Variant,
    Lang,
    OnOff,
    Bool,
    AuditKeep,
}

impl Allowed {
    /// In the language in use.
    pub(crate) fn said(self) -> String {
        use crate::t;
        match self {
            Allowed::Timeout => t!("allowed-timeout"),
            Allowed::Seconds => t!("allowed-seconds"),
            Allowed::WholeNumber => t!("allowed-whole-number"),
            Allowed::RateRange => t!("allowed-rate-range"),
            Allowed::Rate => t!("allowed-rate"),
            Allowed::WaitRange => t!("allowed-wait-range"),
            Allowed::Wait => t!("allowed-wait"),
            Allowed::BaseUrl => t!("allowed-base-url"),
            Allowed::NonEmpty => t!("allowed-non-empty"),
            Allowed::Output => t!("allowed-output"),
            Allowed::Variant => t!("allowed-variant"),
            Allowed::Lang => t!("allowed-lang"),
            Allowed::OnOff => t!("allowed-on-off"),
            Allowed::Bool => t!("allowed-bool"),
            Allowed::AuditKeep => t!("allowed-audit-keep", least = MIN_AUDIT_KEEP),
        }
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the settings read from the process's environment besides the variables of the global
/// options (which clap reads): read once, by [`crate::context::Ctx::new`], so nothing below
/// reads the environment and an in-process test sees none of the tester's. Its `Debug` (and
/// so [`crate::context::GlobalArgs`]'s) never shows the signing key: a `{:?}` in a log or a
/// panic must not leak it.
#[derive(Clone, Default)]
pub struct Environ {
    /// `RECRUIT_DEBUG=1`: as `-v`.
    pub debug: bool,
    /// `COLUMNS`: the table width when stdout is not a terminal.
    pub columns: Option<u16>,
    /// `RECRUIT_SIGNING_KEY` (the commands that take `--signing-key` read it as its variable;
    /// this copy is for `config get` and `config list`).
    pub signing_key: Option<String>,
    /// `RECRUIT_AUDIT_LOG`: the access log's file.
    pub audit_log: Option<String>,
    /// The language the locale variables name (`LC_ALL`, `LC_MESSAGES`, `LANG`, read as
    /// text): the last word on `lang`.
    pub locale: crate::i18n::Lang,
    /// `CREDENTIALS_DIRECTORY` (systemd's `LoadCredential=`): its `recruit-api-key` is a source
    /// of the API key.
    pub credentials_directory: Option<PathBuf>,
    /// Whether the OS keyring is asked for the key: by the binary, not by a context made
    /// in-process (which must never read the tester's keyring).
    pub keyring: bool,
    /// `RECRUIT_XLSX_PASSWORD`: the password to open an `-o xlsx` workbook (never shown).
    pub xlsx_password: Option<String>,
}

impl fmt::Debug for Environ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = self.signing_key.as_ref().map(|_| "<redacted>");
        f.debug_struct("Environ")
            .field("debug", &self.debug)
            .field("columns", &self.columns)
            .field("signing_key", &key)
            .field("audit_log", &self.audit_log)
            .field("locale", &self.locale)
            .field("credentials_directory", &self.credentials_directory)
            .field("keyring", &self.keyring)
            .field(
                "xlsx_password",
                &self.xlsx_password.as_ref().map(|_| "<redacted>"),
            )
            .finish()
    }
}

impl Environ {
    pub(crate) fn from_process() -> Environ {
        let var = |name: &str| std::env::var(name).ok();
        Environ {
            debug: var("RECRUIT_DEBUG").is_some_and(|v| v == "1"),
            columns: var("COLUMNS").and_then(|c| c.trim().parse().ok()),
            signing_key: var("RECRUIT_SIGNING_KEY").filter(|k| !k.is_empty()),
            audit_log: var("RECRUIT_AUDIT_LOG").filter(|p| !p.is_empty()),
            locale: crate::i18n::Lang::from_locale(var),
            credentials_directory: std::env::var_os("CREDENTIALS_DIRECTORY")
                .filter(|d| !d.is_empty())
                .map(PathBuf::from),
            keyring: true,
            xlsx_password: var("RECRUIT_XLSX_PASSWORD").filter(|p| !p.is_empty()),
        }
    }
}

/// A number as it would be typed: `5`, not `5.0`.
fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// The file a service manager's credential holds the API key in, inside
/// `$CREDENTIALS_DIRECTORY` (systemd's `LoadCredential=recruit-api-key:...`).
pub(crate) const CREDENTIAL_NAME: &str = "recruit-api-key";

/// Where the API key of a run comes from, by the one precedence: `--api-key`, then
/// RECRUIT_API_KEY, then a service manager's credential, then the profile's `api_key` in the
/// config file (insecure), then the OS keyring, then the profile's `api_key_command` (run only
/// when the key is needed).
#[derive(Debug, Clone)]
pub(crate) enum ApiKeyFrom {
    /// The key itself, from the flag, the variable or the config file.
    Value(Secret, KeySource),
    /// `$CREDENTIALS_DIRECTORY/recruit-api-key`, read when the key is needed.
    Credential(PathBuf),
    /// The OS keyring, asked when the key is needed; when it holds none, the profile's
    /// command, if it has one.
    Keyring { then: Option<String> },
    /// The profile's command that prints it.
    Command(String),
}

impl ApiKeyFrom {
    /// Where the key comes from, when that is known without asking the keyring.
    pub(crate) fn known_source(&self) -> Option<KeySource> {
        match self {
            ApiKeyFrom::Value(_, source) => Some(*source),
            ApiKeyFrom::Credential(_) => Some(KeySource::Credential),
            ApiKeyFrom::Keyring { .. } => None,
            ApiKeyFrom::Command(_) => Some(KeySource::Command),
        }
    }
}

/// Where the API key came from, as `auth status` and `config list` name it (cli.md,
/// "Secrets").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeySource {
    Flag,
    Environment,
    Credential,
    ConfigFile,
    Keyring,
    Command,
}

impl KeySource {
    /// The name programs read (JSON), the same in every language.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            KeySource::Flag => "flag",
            KeySource::Environment => "environment",
            KeySource::Credential => "credential",
            KeySource::ConfigFile => "config file (insecure)",
            KeySource::Keyring => "keyring",
            KeySource::Command => "command",
        }
    }

    /// The same in words for people, in the language in use.
    pub(crate) fn said(self) -> String {
        use crate::t;
        match self {
            KeySource::Flag => t!("key-source-flag"),
            KeySource::Environment => t!("key-source-environment"),
            KeySource::Credential => t!("key-source-credential"),
            KeySource::ConfigFile => t!("key-source-config-file"),
            KeySource::Keyring => t!("key-source-keyring"),
            KeySource::Command => t!("key-source-command"),
        }
    }
}

/// The settings of one run: the global options (with where each came from), over the active
/// profile of the config file.
pub(crate) struct Settings<'a> {
    pub given: Given,
    pub config: &'a Config,
    pub profile: &'a str,
    /// The machine's policy: its keys come before any flag, variable or profile.
    pub policy: Option<&'a policy::Policy>,
}

impl Settings<'_> {
    /// Where a value given to this run came from: its flag, or its variable.
    fn given_source(spec: &Spec, origin: Origin) -> Source {
        match (origin, spec.flag, spec.env) {
            (Origin::Env, _, Some(env)) | (_, None, Some(env)) => Source::Env(env),
            (_, Some(flag), _) => Source::Flag(flag),
            _ => Source::Default,
        }
    }

    /// The text of `key` and where it came from: the policy, else flag or variable, else the
    /// profile, else the default. The one precedence of every setting.
    pub(crate) fn raw(&self, key: Key) -> Option<(String, Source)> {
        if let Some(text) = self.policy.and_then(|p| p.text_of(key)) {
            return Some((text, Source::Policy));
        }
        self.raw_unruled(key)
    }

    /// [`Settings::raw`] without the policy: what the user's own settings say.
    fn raw_unruled(&self, key: Key) -> Option<(String, Source)> {
        let spec = key.spec();
        if let Some((text, origin)) = self.given.of(key) {
            return Some((text.to_string(), Self::given_source(spec, origin)));
        }
        if let Some(text) = self.config.get(self.profile, key) {
            return Some((text, Source::Profile));
        }
        spec.default.map(|d| (d.to_string(), Source::Default))
    }

    /// `key`, parsed by `parse`; a bad value is exit 2 naming where it came from and the fix.
    pub(crate) fn get<T>(
        &self,
        key: Key,
        parse: impl Fn(&str) -> Result<T, Allowed>,
    ) -> Result<Option<Setting<T>>, Error> {
        let Some((text, source)) = self.raw(key) else {
            return Ok(None);
        };
        match parse(&text) {
            Ok(value) => Ok(Some(Setting { value, source })),
            Err(allowed) => Err(self.bad(key, &text, source, allowed)),
        }
    }

    /// [`Settings::get`] of a key with a default.
    fn with_default<T>(
        &self,
        key: Key,
        parse: impl Fn(&str) -> Result<T, Allowed>,
    ) -> Result<Setting<T>, Error> {
        self.get(key, parse)?
            .ok_or_else(|| Error::other(crate::msg!("setting-no-value", key = key.name())))
    }

    fn bad(&self, key: Key, text: &str, source: Source, allowed: Allowed) -> Error {
        // A secret is never echoed, even a bad one.
        let text = if key.is_secret() { "" } else { text };
        let allowed = allowed.said();
        Error::usage(match source {
            Source::Flag(given) | Source::Env(given) => {
                crate::msg!(
                    "setting-bad-given",
                    given = given,
                    allowed = allowed,
                    value = text
                )
            }
            Source::Profile => crate::msg!(
                "setting-bad-profile",
                profile = self.profile,
                key = key.name(),
                value = text,
                allowed = allowed
            ),
            Source::Default | Source::Policy => crate::msg!(
                "setting-bad-value",
                key = key.name(),
                value = text,
                allowed = allowed
            ),
        })
    }

    /// `--output` / RECRUIT_OUTPUT, else the profile's; `None`: table on a terminal, json
    /// otherwise.
    pub(crate) fn output(&self) -> Result<Option<Setting<Format>>, Error> {
        self.get(Key::Output, parse::output)
    }

    pub(crate) fn timeout(&self) -> Result<Setting<Duration>, Error> {
        self.with_default(Key::Timeout, parse::timeout)
    }

    pub(crate) fn retries(&self) -> Result<Setting<u32>, Error> {
        self.with_default(Key::Retries, parse::retries)
    }

    pub(crate) fn max_rate(&self) -> Result<Option<Setting<f64>>, Error> {
        self.get(Key::MaxRate, parse::max_rate)
    }

    pub(crate) fn max_wait(&self) -> Result<Setting<Duration>, Error> {
        self.with_default(Key::MaxWait, parse::max_wait)
    }

    /// The service address (not the sandbox's), as given: the client checks it, naming what
    /// is wrong.
    pub(crate) fn base_url(&self) -> Option<Setting<String>> {
        self.raw(Key::BaseUrl)
            .map(|(value, source)| Setting { value, source })
    }

    /// Extra trusted authorities (a company's CA).
    pub(crate) fn ca_cert(&self) -> Option<Setting<PathBuf>> {
        self.raw(Key::CaCert).map(|(p, source)| Setting {
            value: PathBuf::from(p),
            source,
        })
    }

    /// The request variant of `forms apply` (the flag is the command's own).
    pub(crate) fn variant(&self) -> Result<Setting<Variant>, Error> {
        self.with_default(Key::Variant, parse::variant)
    }

    /// The language of text for people: `--lang` / RECRUIT_LANG, else the profile's `lang`,
    /// else the locale variables, else English.
    pub(crate) fn lang(&self) -> Result<crate::i18n::Lang, Error> {
        Ok(match self.get(Key::Lang, parse::lang)? {
            Some(s) => s.value,
            None => self.given.environ.locale,
        })
    }

    /// `audit`: whether the access log is kept (on unless the profile says off).
    pub(crate) fn audit(&self) -> Result<bool, Error> {
        Ok(self.with_default(Key::Audit, parse::on_off)?.value)
    }

    /// `require_reason`: exports and syncs need a reason.
    pub(crate) fn require_reason(&self) -> Result<bool, Error> {
        Ok(self.with_default(Key::RequireReason, parse::boolean)?.value)
    }

    /// `audit_keep`: the months of the access log `audit prune` keeps at least.
    pub(crate) fn audit_keep(&self) -> Result<u32, Error> {
        Ok(self.with_default(Key::AuditKeep, parse::audit_keep)?.value)
    }

    /// `-v`, or RECRUIT_DEBUG=1.
    pub(crate) fn verbose(&self) -> bool {
        self.given.verbose || self.given.environ.debug
    }

    /// The width of tables when stdout is not a terminal (`COLUMNS`).
    pub(crate) fn columns(&self) -> Option<u16> {
        self.given.environ.columns
    }

    /// The API key's origin: the one resolver (its value is read by
    /// [`crate::context::Ctx::api_key`], which runs a command when that is where it is).
    pub(crate) fn api_key(&self) -> Option<ApiKeyFrom> {
        let given = self.raw(Key::ApiKey);
        match given {
            Some((key, Source::Flag(_))) => {
                return Some(ApiKeyFrom::Value(Secret::new(key), KeySource::Flag))
            }
            Some((key, Source::Env(_))) => {
                return Some(ApiKeyFrom::Value(Secret::new(key), KeySource::Environment))
            }
            _ => {}
        }
        if let Some(dir) = &self.given.environ.credentials_directory {
            let file = dir.join(CREDENTIAL_NAME);
            if file.exists() {
                return Some(ApiKeyFrom::Credential(file));
            }
        }
        if let Some((key, _)) = given {
            return Some(ApiKeyFrom::Value(Secret::new(key), KeySource::ConfigFile));
        }
        let command = self.raw(Key::ApiKeyCommand).map(|(cmd, _)| cmd);
        if self.given.environ.keyring {
            return Some(ApiKeyFrom::Keyring { then: command });
        }
        command.map(ApiKeyFrom::Command)
    }

    /// Webhook signing keys: those a command was given (`--signing-key`, several during a
    /// rotation, or RECRUIT_SIGNING_KEY), else the profile's `signing_key`.
    pub(crate) fn signing_keys(&self, given: &[String]) -> Vec<String> {
        if !given.is_empty() {
            return given.to_vec();
        }
        self.config
            .get(self.profile, Key::SigningKey)
            .into_iter()
            .collect()
    }

    /// The access log's file: RECRUIT_AUDIT_LOG, else the profile's `audit_log`, else
    /// `audit.log` in the data directory.
    pub(crate) fn audit_log(&self) -> PathBuf {
        match self.raw(Key::AuditLog) {
            Some((path, _)) => PathBuf::from(path),
            None => recruit_audit::Log::default_path(),
        }
    }

    /// Refuse (exit 2, naming the policy file) a flag, variable or profile setting that
    /// contradicts the policy: `audit = off`, `require_reason = false`, an access log
    /// elsewhere. Checked before every command but `config` (which must stay able to fix it).
    pub(crate) fn check_policy(&self) -> Result<(), Error> {
        let Some(policy) = self.policy else {
            return Ok(());
        };
        for key in [Key::Audit, Key::RequireReason, Key::AuditLog] {
            let (Some(ruled), Some((text, source))) = (policy.text_of(key), self.raw_unruled(key))
            else {
                continue;
            };
            if source == Source::Default || !self.contradicts(key, &ruled, &text) {
                continue;
            }
            let setting = match source {
                Source::Env(var) | Source::Flag(var) => format!("{var}={text}"),
                _ => format!("{} = {text} (profile '{}')", key.name(), self.profile),
            };
            return Err(policy.refuses(setting, key.name(), policy.said(key)));
        }
        Ok(())
    }

    /// Whether `text` for `key` says otherwise than the policy's `ruled`.
    pub(crate) fn contradicts(&self, key: Key, ruled: &str, text: &str) -> bool {
        match key {
            Key::Audit => parse::on_off(text) != parse::on_off(ruled),
            Key::RequireReason => parse::boolean(text) != parse::boolean(ruled),
            _ => std::path::Path::new(text.trim()) != std::path::Path::new(ruled),
        }
    }

    /// The value a run would use for `key` (secrets redacted) and where it came from; `None`
    /// when nothing sets it and it has no default. A bad value is its error.
    pub(crate) fn effective(&self, key: Key) -> Result<Option<(Value, Source)>, Error> {
        Ok(self
            .get(key, key.spec().parse)?
            .map(|s| (s.value, s.source)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // The tests read the settings of real command lines, as the context makes them.
    use crate::context::{GlobalArgs, Origins};
    use clap::{CommandFactory, FromArgMatches};

    /// `{:?}` of the global options (in a log line, a panic, a test failure) names that a key
    /// was given, never the key: neither the API key nor the signing key.
    #[test]
    fn the_debug_of_the_global_options_shows_no_key() {
        let g = GlobalArgs {
            api_key: Some(crate::redact::Secret::new("sk-live-do-not-print")),
            environ: Environ {
                signing_key: Some("whsec-do-not-print".into()),
                ..Environ::default()
            },
            ..GlobalArgs::default()
        };
        let shown = format!("{g:?} {g:#?}");
        assert!(!shown.contains("do-not-print"), "{shown}");
        assert!(
            shown.contains("signing_key: Some(\"<redacted>\")"),
            "{shown}"
        );
    }

    /// Every refusal a setting's parser gives for a bad value is said in Korean under Korean
    /// (not the English copied), and every key's parser refuses something.
    #[test]
    fn every_refusal_is_said_in_korean() {
        use crate::i18n::{in_lang, Lang};
        let mut seen = std::collections::HashSet::new();
        for key in Key::ALL {
            for bad in ["\u{2717}", "0", "-1", "1e20", ""] {
                if let Err(allowed) = (key.spec().parse)(bad) {
                    seen.insert(key.name());
                    let ko = in_lang(Lang::Ko, || allowed.said());
                    let en = in_lang(Lang::En, || allowed.said());
                    assert_ne!(ko, en, "{key}: {allowed:?} has no Korean");
                    assert!(!ko.is_ascii(), "{key}: {ko}");
                }
            }
        }
        assert!(seen.len() > 10, "only {seen:?} refuse anything");
    }

    /// The global options alone, parsed as the command line would give them.
    #[derive(clap::Parser)]
    struct Globals {
        #[command(flatten)]
        g: GlobalArgs,
    }

    fn globals(args: &[&str]) -> GlobalArgs {
        let argv = std::iter::once("recruit").chain(args.iter().copied());
        let matches = Globals::command()
            .try_get_matches_from(argv)
            .expect("parses");
        let mut parsed = Globals::from_arg_matches(&matches).expect("parses");
        parsed.g.origins = Origins::from_matches(&matches);
        parsed.g
    }

    /// The settings of `profile` with these global options and this config.
    fn settings<'a>(g: &GlobalArgs, config: &'a Config, profile: &'a str) -> Settings<'a> {
        Settings {
            given: g.given(),
            config,
            profile,
            policy: None,
        }
    }

    /// A config file of its own, with these (profile, key, value) set.
    fn config(sets: &[(&str, Key, &str)]) -> (tempfile::TempDir, Config) {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::load_from(&dir.path().join("config.toml")).unwrap();
        for &(profile, key, value) in sets {
            config.set(profile, key, value);
        }
        (dir, config)
    }

    #[test]
    fn flag_over_profile_over_default_each_with_its_source() {
        let (_dir, config) = config(&[
            ("default", Key::Timeout, "12.5"),
            ("default", Key::MaxRate, "20"),
        ]);
        let g = globals(&["--timeout", "5"]);
        let s = settings(&g, &config, "default");
        assert_eq!(
            s.timeout().unwrap(),
            Setting {
                value: Duration::from_secs(5),
                source: Source::Flag("--timeout")
            }
        );
        assert_eq!(s.max_rate().unwrap().unwrap().source, Source::Profile);
        assert_eq!(s.retries().unwrap().source, Source::Default);
        assert_eq!(s.retries().unwrap().value, DEFAULT_RETRIES);
        assert_eq!(s.max_wait().unwrap().value, DEFAULT_MAX_WAIT);
        assert_eq!(s.output().unwrap(), None);
        let (v, src) = s.effective(Key::Timeout).unwrap().unwrap();
        assert_eq!((v, src.to_string()), (json!(5), "flag --timeout".into()));

        let g = globals(&[]);
        let s = settings(&g, &config, "default");
        assert_eq!(s.timeout().unwrap().value, Duration::from_millis(12_500));
        assert_eq!(s.timeout().unwrap().source, Source::Profile);
    }

    /// The defaults the constants name are the ones the keys give.
    #[test]
    fn the_keys_defaults_are_the_named_constants() {
        let (_dir, config) = config(&[]);
        let g = globals(&[]);
        let s = settings(&g, &config, "default");
        assert_eq!(s.timeout().unwrap().value, DEFAULT_TIMEOUT);
        assert_eq!(s.retries().unwrap().value, DEFAULT_RETRIES);
        assert_eq!(s.max_wait().unwrap().value, DEFAULT_MAX_WAIT);
        assert_eq!(s.variant().unwrap().value, Variant::A);
    }

    /// A value for each key that `config set` accepts, and how it reads back in effect.
    fn sample(key: Key) -> (&'static str, Value) {
        match key {
            Key::BaseUrl => (
                "https://api.example.com/v1",
                json!("https://api.example.com/v1"),
            ),
            Key::ApiKey => ("sk-live-1234567890", json!("••••7890")),
            Key::ApiKeyCommand => ("pass show recruit", json!("pass show recruit")),
            Key::Output => ("csv", json!("csv")),
            Key::Timeout => ("12.5", json!(12.5)),
            Key::Retries => ("5", json!(5)),
            Key::CaCert => ("/etc/ssl/company.pem", json!("/etc/ssl/company.pem")),
            Key::MaxRate => ("20", json!(20)),
            Key::MaxWait => ("300", json!(300)),
            Key::Variant => ("B", json!("b")),
            Key::SigningKey => ("whsec_abcdef123456", json!("••••3456")),
            Key::Lang => ("KO", json!("ko")),
            Key::Audit => ("OFF", json!("off")),
            Key::RequireReason => ("true", json!(true)),
            Key::AuditLog => ("/srv/recruit/audit.log", json!("/srv/recruit/audit.log")),
            Key::AuditKeep => ("36", json!(36)),
        }
    }

    /// Every key goes through `config set` (checked, written, read back from the file) and
    /// `config get` as given, and is in effect from the profile as its parser shows it.
    #[test]
    fn every_key_round_trips_through_the_config_file() {
        crate::i18n::install(); // the errors' words are read
        let (dir, mut config) = config(&[]);
        for &key in Key::ALL {
            let (value, _) = sample(key);
            if key.spec().check.is_none() {
                key.check(value).unwrap();
            }
            config.set("work", key, value);
        }
        config.save().unwrap();
        let text = std::fs::read_to_string(dir.path().join("config.toml")).unwrap();
        assert!(text.contains("retries = 5"), "a number, not text: {text}");
        assert!(text.contains("timeout = 12.5"), "{text}");
        let config = Config::load_from(&dir.path().join("config.toml")).unwrap();
        let g = globals(&[]);
        let s = settings(&g, &config, "work");
        for &key in Key::ALL {
            let (value, shown) = sample(key);
            assert_eq!(config.get("work", key).as_deref(), Some(value), "{key}");
            let (v, source) = s.effective(key).unwrap().expect("set");
            assert_eq!((v, source), (shown, Source::Profile), "{key}");
            assert_eq!(Key::from_name(key.name()).unwrap(), key);
        }
        let e = Key::from_name("colour").unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.message.contains("base_url, api_key"), "{}", e.message);
    }

    /// Each setting's global option has the setting's name as its id (the origins are read by
    /// it) and the flag and variable its spec names; only secrets are redacted.
    #[test]
    fn the_keys_options_are_the_global_options() {
        let cmd = Globals::command();
        for &key in Key::ALL {
            let spec = key.spec();
            let Some(flag) = spec.flag else { continue };
            let arg = cmd
                .get_arguments()
                .find(|a| a.get_id() == spec.name)
                .unwrap_or_else(|| panic!("{key} has no global option"));
            assert_eq!(
                arg.get_long().map(|l| format!("--{l}")).as_deref(),
                Some(flag)
            );
            assert_eq!(arg.get_env().and_then(|e| e.to_str()), spec.env, "{key}");
        }
        let secrets: Vec<_> = Key::ALL.iter().filter(|k| k.is_secret()).collect();
        assert_eq!(secrets, [&Key::ApiKey, &Key::SigningKey]);
    }

    /// The one resolver: the flag's key, else the profile's, else its command; each source
    /// is what `auth status` shows and what `config get` reports.
    #[test]
    fn the_api_key_comes_from_one_resolver() {
        let (dir, mut config) = config(&[("default", Key::ApiKeyCommand, "echo from-command")]);
        let g = globals(&[]);
        let s = settings(&g, &config, "default");
        assert!(matches!(s.api_key(), Some(ApiKeyFrom::Command(c)) if c == "echo from-command"));
        assert_eq!(
            s.api_key().unwrap().known_source(),
            Some(KeySource::Command)
        );
        assert_eq!(
            s.effective(Key::ApiKey).unwrap(),
            None,
            "a command is not run to show"
        );
        // The binary asks the keyring before the command.
        let mut kg = globals(&[]);
        kg.environ.keyring = true;
        let s = settings(&kg, &config, "default");
        assert!(
            matches!(s.api_key(), Some(ApiKeyFrom::Keyring { then: Some(c) }) if c == "echo from-command")
        );
        config.set("default", Key::ApiKey, "sk-profile-1111");
        let s = settings(&kg, &config, "default");
        match s.api_key() {
            Some(ApiKeyFrom::Value(k, KeySource::ConfigFile)) => {
                assert_eq!(k.expose(), "sk-profile-1111")
            }
            other => panic!("{other:?}"),
        }
        // A service manager's credential comes before the config file, only when it is there.
        kg.environ.credentials_directory = Some(dir.path().to_path_buf());
        let s = settings(&kg, &config, "default");
        assert_eq!(
            s.api_key().unwrap().known_source(),
            Some(KeySource::ConfigFile)
        );
        std::fs::write(dir.path().join(CREDENTIAL_NAME), "sk-cred\n").unwrap();
        let s = settings(&kg, &config, "default");
        assert!(
            matches!(s.api_key(), Some(ApiKeyFrom::Credential(p)) if p.ends_with(CREDENTIAL_NAME))
        );
        let g = globals(&["--api-key", "sk-flag-2222"]);
        let s = settings(&g, &config, "default");
        match s.api_key() {
            Some(ApiKeyFrom::Value(k, KeySource::Flag)) => {
                assert_eq!(k.expose(), "sk-flag-2222")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            s.effective(Key::ApiKey).unwrap(),
            Some((json!("••••2222"), Source::Flag("--api-key")))
        );
        // An empty flag is no key.
        let g = globals(&["--api-key", ""]);
        let s = settings(&g, &config, "default");
        assert_eq!(
            s.api_key().unwrap().known_source(),
            Some(KeySource::ConfigFile)
        );
    }

    #[test]
    fn debug_columns_and_signing_keys_come_through_the_settings() {
        let (_dir, config) = config(&[("default", Key::SigningKey, "whsec_profile")]);
        let mut g = globals(&[]);
        let s = settings(&g, &config, "default");
        assert!(!s.verbose());
        assert_eq!(s.columns(), None);
        assert_eq!(s.signing_keys(&[]), ["whsec_profile"]);
        assert_eq!(s.signing_keys(&["a".into(), "b".into()]), ["a", "b"]);
        g.environ = Environ {
            debug: true,
            columns: Some(60),
            signing_key: Some("whsec_env_9999".into()),
            audit_log: Some("/env/audit.log".into()),
            locale: crate::i18n::Lang::Ko,
            ..Environ::default()
        };
        let s = settings(&g, &config, "default");
        assert!(s.verbose());
        assert_eq!(s.columns(), Some(60));
        assert_eq!(
            s.effective(Key::SigningKey).unwrap(),
            Some((json!("••••9999"), Source::Env("RECRUIT_SIGNING_KEY")))
        );
        assert_eq!(s.audit_log(), PathBuf::from("/env/audit.log"));
    }

    /// The access log's file: RECRUIT_AUDIT_LOG, else the profile's `audit_log`, else
    /// `audit.log` in the data directory.
    #[test]
    fn the_audit_log_comes_from_the_variable_then_the_profile_then_the_data_directory() {
        let (_dir, mut config) = config(&[]);
        let mut g = globals(&[]);
        let path = |g: &GlobalArgs, config: &Config| settings(g, config, "default").audit_log();
        assert_eq!(path(&g, &config), recruit_audit::Log::default_path());
        assert!(path(&g, &config).ends_with("audit.log"));
        config.set("default", Key::AuditLog, "/profile/audit.log");
        assert_eq!(path(&g, &config), PathBuf::from("/profile/audit.log"));
        g.environ.audit_log = Some("/env/audit.log".into());
        assert_eq!(path(&g, &config), PathBuf::from("/env/audit.log"));
    }

    /// `lang`: flag or variable, else the profile, else the locale; a bad value names its
    /// source.
    #[test]
    fn the_language_comes_from_flag_env_profile_then_locale() {
        crate::i18n::install(); // the errors' words are read
        use crate::i18n::Lang;
        let (_dir, mut config) = config(&[]);
        let lang = |args: &[&str], config: &Config, locale: Lang| {
            let mut g = globals(args);
            g.environ.locale = locale;
            settings(&g, config, "default").lang()
        };
        assert_eq!(lang(&[], &config, Lang::En).unwrap(), Lang::En);
        assert_eq!(
            lang(&[], &config, Lang::Ko).unwrap(),
            Lang::Ko,
            "the locale"
        );
        config.set("default", Key::Lang, "ko");
        assert_eq!(
            lang(&[], &config, Lang::En).unwrap(),
            Lang::Ko,
            "profile over locale"
        );
        assert_eq!(
            lang(&["--lang", "en"], &config, Lang::Ko).unwrap(),
            Lang::En,
            "flag over profile"
        );
        config.set("default", Key::Lang, "korean");
        let e = lang(&[], &config, Lang::En).unwrap_err();
        assert!(
            e.message.contains("lang = 'korean'") && e.message.contains("en or ko"),
            "{}",
            e.message
        );
        assert!(Key::Lang.check("de").is_err());
        let cmd = Globals::command();
        assert!(cmd
            .clone()
            .try_get_matches_from(["recruit", "--lang", "de"])
            .is_err());
    }

    #[test]
    fn a_bad_profile_value_names_the_profile_and_the_fix_and_config_set_refuses_it() {
        crate::i18n::install(); // the errors' words are read
        let (_dir, config) = config(&[("work", Key::MaxRate, "fast")]);
        let g = globals(&[]);
        let s = settings(&g, &config, "work");
        let e = s.max_rate().unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(
            e.message.contains("profile 'work' sets max_rate = 'fast'")
                && e.message.contains("recruit config set max_rate"),
            "{}",
            e.message
        );
        let bad: &[(Key, &[&str])] = &[
            (Key::MaxRate, &["fast", "0", "1e-300", "1e300"]),
            (Key::MaxWait, &["-1", "soon", "1e20"]),
            (Key::Timeout, &["-1"]),
            (Key::Output, &["yaml"]),
            (Key::Variant, &["c"]),
            (Key::Retries, &["3.5"]),
            (Key::BaseUrl, &["ftp://x"]),
            (Key::ApiKeyCommand, &[""]),
        ];
        for (key, values) in bad {
            for value in *values {
                let e = key.check(value).unwrap_err();
                assert!(
                    e.message.contains(&format!("not a valid {key}")),
                    "{}",
                    e.message
                );
            }
        }
        for (key, good) in [
            (Key::MaxRate, "2.5"),
            (Key::Variant, "B"),
            (Key::Timeout, "90"),
            (Key::MaxWait, "0"),
            (Key::MaxWait, "600"),
        ] {
            key.check(good).unwrap();
        }
        // A flag or variable out of range names itself.
        let g = globals(&["--max-wait", "1e20"]);
        let s = settings(&g, &config, "default");
        let e = s.max_wait().unwrap_err();
        assert!(e.message.starts_with("--max-wait must be"), "{}", e.message);
        let e = Key::CaCert.check("/no/such/file.pem").unwrap_err();
        assert!(e.message.contains("/no/such/file.pem"), "{}", e.message);
    }
}
