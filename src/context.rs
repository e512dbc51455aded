//! What every command gets: resolved settings, the terminal, the API client (or the in-process
//! sandbox behind it) and the output writer.

use std::time::Duration;

use crate::api::{Client, ClientConfig};
use crate::config::{Config, DEFAULT_PROFILE};
use crate::error::{Error, ExitKind};
use crate::redact::Secret;
use crate::settings::{Format, Given, Key, KeySource, Settings};
use clap::builder::{BoolishValueParser, PossibleValuesParser, TypedValueParser};
use clap::ArgAction::SetTrue;
use clap::Args;

// The values the options take live below, with what reads them; named here as before.
pub use crate::io::ColorWhen;
pub use crate::settings::Origin;

/// Options every command takes. Precedence: flag > env var > profile > default.
///
/// Every one is global, shown by `--help` but not `-h`, and never shows its env var's value
/// (which may be a key): said once here for all of them.
#[derive(Debug, Clone, Args, Default)]
#[command(
    next_help_heading = "Global options",
    mut_args(|a| a.global(true).hide_short_help(true).hide_env_values(true))
)]
pub struct GlobalArgs {
    /// Service root, with or without a trailing /v1
    #[arg(long, env = "RECRUIT_BASE_URL", value_name = "URL")]
    pub base_url: Option<String>,

    /// Bearer token (prefer RECRUIT_API_KEY or `recruit auth login`: flags are visible to other local users)
    #[arg(long, env = "RECRUIT_API_KEY", value_name = "KEY", value_parser = parse_secret)]
    pub api_key: Option<crate::redact::Secret>,

    /// A named profile from the config file
    #[arg(long, env = "RECRUIT_PROFILE", value_name = "NAME")]
    pub profile: Option<String>,

    /// Run against the built-in emulator (no account needed)
    #[arg(
        long,
        env = "RECRUIT_SANDBOX",
        value_parser = BoolishValueParser::new(),
        action = SetTrue
    )]
    pub sandbox: bool,

    /// Output format [default: table on a terminal, json otherwise]
    #[arg(short, long, env = "RECRUIT_OUTPUT", value_enum, value_name = "FORMAT")]
    pub output: Option<Format>,

    /// Filter the JSON result with a jq expression before printing
    #[arg(long, value_name = "EXPR")]
    pub jq: Option<String>,

    /// Only these fields, comma-separated (e.g. code,title; nested as a.b): the columns of table
    /// and csv, the keys json and ndjson keep; alone, lists the fields
    #[arg(
        long,
        value_name = "A,B,C",
        value_delimiter = ',',
        num_args = 0..=1,
        default_missing_value = ""
    )]
    pub fields: Option<Vec<String>>,

    /// On list commands: follow every page and merge the result
    #[arg(long)]
    pub all: bool,

    /// On list commands: stop after N items
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,

    /// Per-request timeout in seconds [default: 30]
    #[arg(long, env = "RECRUIT_TIMEOUT", value_name = "SECS")]
    pub timeout: Option<f64>,

    /// Retries of idempotent requests on 429/5xx/connection errors [default: 3]
    #[arg(long, env = "RECRUIT_RETRIES", value_name = "N")]
    pub retries: Option<u32>,

    /// Log each request and response line to stderr (the token is always redacted)
    #[arg(short, long)]
    pub verbose: bool,

    /// When to use colour: auto, always, never (NO_COLOR also turns it off)
    #[arg(long, value_enum, value_name = "WHEN")]
    pub color: Option<ColorWhen>,

    /// Allow plain http:// to a public host (the key would travel unencrypted)
    #[arg(long)]
    pub insecure_http: bool,

    /// Where `--sandbox` and each setting's option came from (flag or env), for their
    /// precedence.
    #[arg(skip)]
    pub origins: Origins,

    /// What the settings read from the environment besides these options' variables.
    #[arg(skip)]
    pub environ: crate::settings::Environ,

    /// Language of messages, prompts, table headers and help: en or ko [default: from
    /// LC_ALL/LANG]; JSON, NDJSON and CSV never change
    #[arg(long, env = "RECRUIT_LANG", value_name = "LANG", value_parser = lang_parser())]
    pub lang: Option<crate::i18n::Lang>,

    /// Start -o csv output (lists and exports) with a UTF-8 byte-order mark, so that
    /// spreadsheet programs (Excel) read Korean text right; a text cell that would start a
    /// formula (=, +, -, @, tab, CR) gets a leading '
    #[arg(long)]
    pub bom: bool,

    /// Character set of -o csv output: utf-8 (default) or cp949, which older Korean Excel
    /// opens by double-click (a character outside CP949 becomes ?, counted in a warning); a
    /// text cell that would start a formula gets a leading '
    #[arg(
        long,
        value_name = "CHARSET",
        value_parser = clap::builder::TypedValueParser::map(
            clap::builder::PossibleValuesParser::new(crate::output::sheet::Charset::NAMES),
            |s: String| crate::output::sheet::Charset::from_name(&s).unwrap_or_default()
        )
    )]
    pub encoding: Option<crate::output::sheet::Charset>,

    /// Encrypt -o xlsx output with a password to open, asked at a hidden prompt (or set
    /// RECRUIT_XLSX_PASSWORD, or --password-file); never the password itself on the command line
    #[arg(long)]
    pub password: bool,

    /// Encrypt -o xlsx output with the password in FILE (its first line)
    #[arg(long, value_name = "FILE")]
    pub password_file: Option<std::path::PathBuf>,

    /// Extra PEM certificate authorities to trust (a company's own CA), besides the system's
    /// store and SSL_CERT_FILE
    #[arg(long, env = "RECRUIT_CA_CERT", value_name = "FILE")]
    pub ca_cert: Option<std::path::PathBuf>,

    /// At most N requests per second to the service, across all workers (for a shared quota), e.g. --max-rate 20
    #[arg(long, env = "RECRUIT_MAX_RATE", value_name = "N")]
    pub max_rate: Option<f64>,

    /// Longest wait accepted for a rate-limit reset or Retry-After, in seconds; a longer one
    /// ends at once with exit 6 naming when the quota resets [default: 60]
    #[arg(long, env = "RECRUIT_MAX_WAIT", value_name = "SECS")]
    pub max_wait: Option<f64>,

    /// Why personal data is read, recorded with this run in the access log (`recruit audit
    /// list`); exports and syncs need one when the config sets `require_reason = true`
    #[arg(long, env = "RECRUIT_REASON", value_name = "TEXT")]
    pub reason: Option<String>,
}

/// `--lang`'s values: `en` or `ko` (listed as such in help and completions).
fn lang_parser() -> impl TypedValueParser<Value = crate::i18n::Lang> {
    PossibleValuesParser::new(["en", "ko"])
        .map(|s: String| crate::i18n::Lang::from_code(&s).unwrap_or_default())
}

/// Where each global option given came from (flag or env var), by its id.
#[derive(Debug, Clone, Default)]
pub struct Origins {
    pub sandbox: Origin,
    given: Vec<(&'static str, Origin)>,
}

impl Origins {
    pub(crate) fn from_matches(matches: &clap::ArgMatches) -> Origins {
        let origin = |id: &str| match matches.value_source(id) {
            Some(clap::parser::ValueSource::CommandLine) => Origin::Flag,
            Some(clap::parser::ValueSource::EnvVariable) => Origin::Env,
            _ => Origin::Unset,
        };
        Origins {
            // A SetTrue flag has a default (false) value; only a true one counts as given.
            sandbox: if matches.get_flag("sandbox") {
                origin("sandbox")
            } else {
                Origin::Unset
            },
            // Every setting with a global option: its argument's id is the setting's name.
            given: Key::ALL
                .iter()
                .filter(|k| k.spec().flag.is_some())
                .map(|k| (k.name(), origin(k.name())))
                .collect(),
        }
    }

    /// Where option `id` came from (`Unset` when not given or not tracked).
    pub(crate) fn of(&self, id: &str) -> Origin {
        self.given
            .iter()
            .find(|(k, _)| *k == id)
            .map(|(_, o)| *o)
            .unwrap_or_default()
    }
}

impl GlobalArgs {
    /// What the settings take from these options: each setting's text as given (by its
    /// flag or variable, with which), `-v` and the environment.
    pub(crate) fn given(&self) -> Given {
        let mut given = Given::new(self.verbose, self.environ.clone());
        for &key in Key::ALL {
            if let Some(text) = self.text_of(key) {
                given.set(key, text, self.origins.of(key.name()));
            }
        }
        given
    }

    /// The text this run was given for `key`, if any: every key is named, so a new one must
    /// say whether it has an option.
    fn text_of(&self, key: Key) -> Option<String> {
        match key {
            Key::BaseUrl => self.base_url.clone(),
            // An empty flag or variable is no key: the profile's is used.
            Key::ApiKey => self
                .api_key
                .as_ref()
                .map(|k| k.expose().to_string())
                .filter(|k| !k.is_empty()),
            Key::Output => self.output.map(|f| f.as_str().to_string()),
            Key::Timeout => self.timeout.map(|t| t.to_string()),
            Key::Retries => self.retries.map(|r| r.to_string()),
            // An empty flag or variable is none: the profile's is used.
            Key::CaCert => self
                .ca_cert
                .as_ref()
                .filter(|p| !p.as_os_str().is_empty())
                .map(|p| p.to_string_lossy().into_owned()),
            Key::MaxRate => self.max_rate.map(|r| r.to_string()),
            Key::MaxWait => self.max_wait.map(|w| w.to_string()),
            Key::Lang => self.lang.map(|l| l.code().to_string()),
            Key::SigningKey => self.environ.signing_key.clone(),
            Key::AuditLog => self.environ.audit_log.clone(),
            Key::ApiKeyCommand | Key::Variant | Key::Audit | Key::RequireReason => None,
            Key::AuditKeep => None,
        }
    }

    /// Settle `--sandbox` against `--base-url` by where each came from (flag > env): an
    /// explicit address is never silently replaced by the emulator, and two explicit
    /// contradictory choices at the same level are refused (exit 2).
    pub(crate) fn settle_sandbox(&mut self) -> Result<(), crate::Error> {
        use Origin::*;
        match (self.origins.sandbox, self.origins.of("base_url")) {
            (Flag, Flag) => Err(crate::Error::usage(crate::msg!(
                "sandbox-and-base-url-flags"
            ))),
            (Env, Env) => Err(crate::Error::usage(crate::msg!("sandbox-and-base-url-env"))),
            // The flag wins over the other's env var.
            (Env, Flag) => {
                self.sandbox = false;
                Ok(())
            }
            (Flag, Env) => {
                self.base_url = None;
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

/// Wrap the key at parse time, so no `Debug` of the arguments can show it.
fn parse_secret(s: &str) -> Result<crate::redact::Secret, String> {
    Ok(crate::redact::Secret::new(s))
}

pub use crate::io::{Io, Term};

pub struct Ctx {
    pub globals: GlobalArgs,
    pub config: Config,
    pub profile: String,
    /// Standard streams and the terminal: everything a command reads or prints goes here.
    pub io: Io,
    /// The command line as given (the access log records it, secrets redacted); empty for a
    /// context made in-process by [`Ctx::with`].
    pub(crate) argv: Vec<String>,
    /// Whether this run keeps the access log at all: the binary's does (unless `audit =
    /// off`); a context made in-process by [`Ctx::with`], which reads nothing from the
    /// environment, does not.
    pub(crate) logs: bool,
    /// The command tree (built on demand), by which the access log tells a command line's
    /// data-free words from free text; set by the front end that parsed the line.
    pub(crate) tree: Option<fn() -> clap::Command>,
    /// `/etc/recruit/policy.toml` (or RECRUIT_POLICY_FILE), when there is one: above every
    /// profile, variable and flag.
    pub(crate) policy: Option<crate::settings::policy::Policy>,
    client: Option<Client>,
    sandbox: Option<crate::sandbox::Sandbox>,
    /// Whether this run said already that the key is read from the config file.
    key_file_noted: std::sync::atomic::AtomicBool,
}

impl Ctx {
    pub(crate) fn new(mut globals: GlobalArgs) -> anyhow::Result<Ctx> {
        globals.environ = crate::settings::Environ::from_process();
        let io = Io::system(Term::detect(globals.color.unwrap_or_default()));
        // The flag or RECRUIT_OUTPUT decide before the config is read (its warnings are JSON
        // too); the profile's `output` is heeded once it is (in `Ctx::with`).
        io.set_json_messages(globals.output.is_some_and(Format::is_json));
        if let Some(w) = crate::config::readable_by_others(&crate::config::config_path()) {
            crate::tell!(io, "warning-line", warning = w);
        }
        // Before the config: a broken policy stops every command, whatever else is broken.
        let policy = crate::settings::policy::load()?;
        let config = Config::load()?;
        if globals.api_key.is_some()
            && std::env::args().any(|a| a == "--api-key" || a.starts_with("--api-key="))
        {
            crate::tell!(io, "api-key-flag-visible");
        }
        let mut ctx = Ctx::with(globals, config, io)?;
        ctx.logs = true;
        ctx.policy = policy;
        // The program as its name (`recruit`), not the path it was started by.
        ctx.argv = std::env::args_os()
            .enumerate()
            .map(|(i, a)| match i {
                0 => std::path::Path::new(&a)
                    .file_name()
                    .map_or_else(|| a.to_string_lossy(), |n| n.to_string_lossy())
                    .into_owned(),
                _ => a.to_string_lossy().into_owned(),
            })
            .collect();
        Ok(ctx)
    }

    /// A context over given streams and config (nothing read from disk or the environment):
    /// how tests run a command in-process, e.g. with [`Io::captured`].
    pub fn with(mut globals: GlobalArgs, config: Config, io: Io) -> Result<Ctx, Error> {
        // The client's messages are worded by this front end, however it was started.
        crate::i18n::install();
        globals.settle_sandbox()?;
        if globals.limit == Some(0) {
            return Err(Error::usage(crate::msg!("limit-at-least-one")));
        }
        let profile = globals
            .profile
            .clone()
            .unwrap_or_else(|| DEFAULT_PROFILE.to_string());
        let ctx = Ctx {
            globals,
            config,
            profile,
            io,
            argv: Vec::new(),
            logs: false,
            tree: None,
            policy: None,
            client: None,
            sandbox: None,
            key_file_noted: std::sync::atomic::AtomicBool::new(false),
        };
        // JSON messages only for an explicit -o json/ndjson (flag, env or profile): json by
        // default into a pipe keeps text messages, as before.
        let json = matches!(ctx.settings().output(), Ok(Some(s)) if s.value.is_json());
        ctx.io.set_json_messages(json);
        Ok(ctx)
    }

    /// The settings of this run (flag > env > profile > default), each with its source.
    pub(crate) fn settings(&self) -> Settings<'_> {
        Settings {
            given: self.globals.given(),
            config: &self.config,
            profile: &self.profile,
            policy: self.policy.as_ref(),
        }
    }

    /// The output format: flag/env, then the profile, then table on a terminal, json otherwise.
    pub(crate) fn format(&self) -> Result<Format, Error> {
        Ok(match self.settings().output()? {
            Some(s) => s.value,
            None if self.io.term.stdout_tty => Format::Table,
            None => Format::Json,
        })
    }

    pub(crate) fn timeout(&self) -> Result<Duration, Error> {
        Ok(self.settings().timeout()?.value)
    }

    /// `--max-rate` / `RECRUIT_MAX_RATE`, else the profile's `max_rate`: a positive number.
    pub(crate) fn max_rate(&self) -> Result<Option<f64>, Error> {
        Ok(self.settings().max_rate()?.map(|s| s.value))
    }

    pub(crate) fn retries(&self) -> Result<u32, Error> {
        Ok(self.settings().retries()?.value)
    }

    /// `--max-wait` / `RECRUIT_MAX_WAIT`, else the profile's `max_wait`, else 60 s.
    pub(crate) fn max_wait(&self) -> Result<Duration, Error> {
        Ok(self.settings().max_wait()?.value)
    }

    /// Trusted authorities: the system's store plus `--ca-cert` / RECRUIT_CA_CERT, else the
    /// profile's `ca_cert`. A bad file is exit 2 naming it.
    pub(crate) fn net(&self) -> Result<crate::api::NetSettings, Error> {
        match self.settings().ca_cert() {
            Some(p) => crate::api::NetSettings::with_ca_file(&expand_home(&p.value)),
            None => Ok(crate::api::NetSettings::system()),
        }
    }

    /// The API key, where [`Settings::api_key`] says it is (running the profile's
    /// `api_key_command` when that is where).
    pub(crate) async fn api_key(&self) -> Result<Option<Secret>, Error> {
        Ok(self.found_key().await?.map(|(key, _)| key))
    }

    /// The API key and where it came from: the one reader of the key, for every command, `auth
    /// status` and the MCP server ([`crate::settings::key::find_key`]). A key read from the config
    /// file is said once per run.
    pub(crate) async fn found_key(&self) -> Result<Option<(Secret, KeySource)>, Error> {
        let found =
            crate::settings::key::find_key(self.settings().api_key(), &self.profile).await?;
        if matches!(found, Some((_, KeySource::ConfigFile)))
            && !self
                .key_file_noted
                .swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            crate::tell!(
                self.io,
                "key-from-config-file",
                profile = self.profile.as_str(),
                path = self.config.path.display().to_string()
            );
        }
        Ok(found)
    }

    /// Where the sandbox keeps its state when started with `--sandbox`.
    pub(crate) fn sandbox_state_path(&self) -> std::path::PathBuf {
        crate::config::data_dir().join("sandbox.json")
    }

    /// The service address from the flag or env var, else the profile (not the sandbox's).
    pub(crate) fn configured_base_url(&self) -> Option<String> {
        self.settings().base_url().map(|s| s.value)
    }

    /// The API client, built on first use. With `--sandbox` this starts the emulator in-process
    /// on an ephemeral loopback port and points the client at it.
    pub(crate) async fn client(&mut self) -> Result<Client, Error> {
        if let Some(c) = &self.client {
            return Ok(c.clone());
        }
        let (base_url, api_key) = if self.globals.sandbox {
            let opts = crate::sandbox::SandboxOptions::new(self.sandbox_state_path());
            let sb = crate::sandbox::start(([127, 0, 0, 1], 0).into(), opts)
                .await
                .map_err(|e| Error::from_anyhow(e, crate::msg!("sandbox-cannot-start")))?;
            let pair = (sb.base_url(), Some(Secret::new(sb.api_key.clone())));
            self.sandbox = Some(sb);
            pair
        } else {
            let base = self
                .configured_base_url()
                .ok_or_else(|| Error::usage(crate::msg!("no-base-url")))?;
            (base, self.api_key().await?)
        };
        let api_key = api_key
            .ok_or_else(|| Error::new(crate::error::ExitKind::Auth, crate::msg!("no-api-key")))?;
        let verbose = self.settings().verbose();
        // The client reports; this front end shows its reports on stderr.
        let reports = crate::reports::StderrReports::new(self.io.err_stream(), verbose);
        let client = Client::new(ClientConfig {
            base_url,
            api_key: Some(api_key),
            timeout: self.timeout()?,
            retries: self.retries()?,
            verbose,
            allow_insecure_http: self.globals.insecure_http,
            net: self.net()?,
            // The in-process sandbox is on loopback: a proxy must never catch it.
            env_proxy: !self.globals.sandbox,
            max_rate: self.max_rate()?,
            max_wait: self.max_wait()?,
            reporter: crate::api::Reporter::new(std::sync::Arc::new(reports)),
            clock: crate::clock::system(),
        })?;
        self.client = Some(client.clone());
        Ok(client)
    }

    /// Confirm a destructive action: with `yes` it goes ahead; on a terminal it asks (default
    /// no); without one it is refused (exit 2), as gh does, so a script never deletes by
    /// accident. A declined prompt is exit 1, "cancelled", for every command that asks.
    pub(crate) fn confirm_destructive(&self, prompt: &str, yes: bool) -> Result<(), Error> {
        if yes {
            return Ok(());
        }
        if !(self.io.term.stdin_tty && self.io.term.stderr_tty) {
            return Err(Error::usage(crate::msg!("confirm-no-terminal")));
        }
        let answer = crate::yes_no::confirm(&crate::output::text::one_line(prompt, 300), false)
            .map_err(|e| Error::caused(ExitKind::Other, crate::msg!("confirm-cannot-read"), e))?;
        if answer == Some(true) {
            Ok(())
        } else {
            Err(Error::other(crate::msg!("confirm-cancelled")))
        }
    }

    /// Stop what the context started (the in-process sandbox).
    pub async fn finish(&mut self) {
        if let Some(sb) = self.sandbox.take() {
            sb.shutdown().await;
        }
    }
}

/// `~/x` as the shell would expand it (config values are not seen by a shell).
fn expand_home(p: &std::path::Path) -> std::path::PathBuf {
    match (p.strip_prefix("~"), std::env::var_os("HOME")) {
        (Ok(rest), Some(home)) => std::path::PathBuf::from(home).join(rest),
        _ => p.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `GlobalArgs` says once for all its options holds for each, and for none of the
    /// root's own (`-h`, `-V`).
    #[test]
    fn every_global_option_is_global_long_help_only_and_hides_its_env_value() {
        let mut root = <crate::cli::Cli as clap::CommandFactory>::command();
        root.build();
        let ids: Vec<String> = GlobalArgs::augment_args(clap::Command::new("g"))
            .get_arguments()
            .map(|a| a.get_id().to_string())
            .collect();
        assert!(
            ids.len() > 15 && ids.contains(&"api_key".to_string()),
            "{ids:?}"
        );
        for a in root.get_arguments() {
            let global = ids.iter().any(|id| id == a.get_id().as_str());
            assert_eq!(a.is_global_set(), global, "{}", a.get_id());
            assert_eq!(a.is_hide_short_help_set(), global, "{}", a.get_id());
            if a.get_env().is_some() {
                assert!(a.is_hide_env_values_set(), "{}", a.get_id());
            }
        }
    }
}
