//! Settings resolved in one place, flag > env var > profile > default, each with where its
//! value came from (for `auth status`, `config get` and `config list`). The profile's values
//! are parsed by the same functions `config set` checks with, so a value `config set` accepts
//! is one every command accepts.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use serde_json::{json, Value};

use crate::apply::Variant;
use crate::config::Config;
use crate::context::{GlobalArgs, Origin};
use crate::error::Error;
use crate::output::Format;

/// Where a setting's value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A command-line flag (`--timeout`).
    Flag(&'static str),
    /// An environment variable (`RECRUIT_TIMEOUT`).
    Env(&'static str),
    /// The active profile of the config file.
    Profile,
    /// The output of the profile's `api_key_command` (the API key only).
    KeyCommand,
    /// Built in.
    Default,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Flag(flag) => write!(f, "flag {flag}"),
            Source::Env(var) => write!(f, "env {var}"),
            Source::Profile => f.write_str("config file"),
            Source::KeyCommand => f.write_str("api_key_command"),
            Source::Default => f.write_str("default"),
        }
    }
}

/// A value and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Setting<T> {
    pub value: T,
    pub source: Source,
}

/// The longest timeout accepted: a day. Anything longer is a typo, and a Duration that large
/// would overflow deadline arithmetic.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(86_400);
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
pub const DEFAULT_RETRIES: u32 = 3;
/// How long a command waits at most for a rate-limit reset or a `Retry-After`.
pub const DEFAULT_MAX_WAIT: Duration = Duration::from_secs(60);
/// The slowest and fastest `--max-rate` that make sense: a request every 100 s, a million a
/// second. `1e-300` is a typo, not a pace.
pub const MIN_RATE: f64 = 0.01;
pub const MAX_RATE: f64 = 1_000_000.0;

/// One parser per setting, for the profile's text and for `config set`. Each returns what is
/// allowed when the value is not.
pub mod parse {
    use super::*;

    pub fn output(s: &str) -> Result<Format, &'static str> {
        match s {
            "table" => Ok(Format::Table),
            "json" => Ok(Format::Json),
            "ndjson" => Ok(Format::Ndjson),
            "csv" => Ok(Format::Csv),
            _ => Err("table, json, ndjson or csv"),
        }
    }

    pub fn timeout_secs(secs: f64) -> Result<Duration, &'static str> {
        const WHY: &str = "a positive number of seconds up to 86400";
        // try_from: a huge value (1e20) overflows a Duration, which must be a usage error,
        // not a panic.
        match Duration::try_from_secs_f64(secs) {
            Ok(d) if secs > 0.0 && d <= MAX_TIMEOUT => Ok(d),
            _ => Err(WHY),
        }
    }

    pub fn timeout(s: &str) -> Result<Duration, &'static str> {
        timeout_secs(s.trim().parse::<f64>().map_err(|_| "a number of seconds")?)
    }

    pub fn retries(s: &str) -> Result<u32, &'static str> {
        s.trim().parse::<u32>().map_err(|_| "a whole number")
    }

    pub fn max_rate_value(rate: f64) -> Result<f64, &'static str> {
        if (MIN_RATE..=MAX_RATE).contains(&rate) {
            Ok(rate)
        } else {
            Err("a number of requests per second from 0.01 to 1000000, e.g. 20")
        }
    }

    pub fn max_rate(s: &str) -> Result<f64, &'static str> {
        max_rate_value(
            s.trim()
                .parse::<f64>()
                .map_err(|_| "a number of requests per second, e.g. 20")?,
        )
    }

    pub fn max_wait_secs(secs: f64) -> Result<Duration, &'static str> {
        const WHY: &str = "a number of seconds from 0 to 86400, e.g. 60";
        match Duration::try_from_secs_f64(secs) {
            Ok(d) if d <= MAX_TIMEOUT => Ok(d),
            _ => Err(WHY),
        }
    }

    pub fn max_wait(s: &str) -> Result<Duration, &'static str> {
        max_wait_secs(
            s.trim()
                .parse::<f64>()
                .map_err(|_| "a number of seconds, e.g. 60")?,
        )
    }

    pub fn variant(s: &str) -> Result<Variant, &'static str> {
        Variant::parse_setting(s).ok_or("a or b")
    }

    pub fn base_url(s: &str) -> Result<String, &'static str> {
        crate::api::http::normalize_base_url(s)
            .map(|_| s.to_string())
            .map_err(|_| "an http(s) URL such as https://api.example.com/v1")
    }

    pub fn non_empty(s: &str) -> Result<String, &'static str> {
        if s.is_empty() {
            Err("a non-empty value")
        } else {
            Ok(s.to_string())
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

/// Check a value for `config set KEY VALUE` with the parser commands read it with.
pub fn check_value(key: &str, value: &str) -> Result<(), Error> {
    if key == "ca_cert" {
        // The same reader as at request time: a file that would fail later fails now.
        return crate::api::NetSettings::with_ca_file(std::path::Path::new(value)).map(|_| ());
    }
    let verdict = match key {
        "output" => parse::output(value).map(drop),
        "variant" => parse::variant(value).map(drop),
        "timeout" => parse::timeout(value).map(drop),
        "retries" => parse::retries(value).map(drop),
        "max_rate" => parse::max_rate(value).map(drop),
        "max_wait" => parse::max_wait(value).map(drop),
        "base_url" => parse::base_url(value).map(drop),
        _ => parse::non_empty(value).map(drop),
    };
    verdict
        .map_err(|allowed| Error::usage(format!("'{value}' is not a valid {key}: use {allowed}")))
}

/// The settings of one run: the global options (with where each came from), over the active
/// profile of the config file.
pub struct Settings<'a> {
    pub globals: &'a GlobalArgs,
    pub config: &'a Config,
    pub profile: &'a str,
}

impl Settings<'_> {
    /// Where a global option's value came from: its flag or its environment variable.
    fn given(&self, id: &str, flag: &'static str, env: &'static str) -> Source {
        match self.globals.origins.of(id) {
            Origin::Env => Source::Env(env),
            _ => Source::Flag(flag),
        }
    }

    /// The profile's value of `key`, parsed; a bad value is exit 2 naming the profile.
    fn profile_value<T>(
        &self,
        key: &str,
        parse: impl Fn(&str) -> Result<T, &'static str>,
    ) -> Result<Option<Setting<T>>, Error> {
        let Some(text) = self.config.get(self.profile, key) else {
            return Ok(None);
        };
        match parse(&text) {
            Ok(value) => Ok(Some(Setting {
                value,
                source: Source::Profile,
            })),
            Err(allowed) => Err(Error::usage(format!(
                "profile '{}' sets {key} = '{text}'; use {allowed} (fix it with `recruit config set {key} VALUE`)",
                self.profile
            ))),
        }
    }

    /// `--output` / RECRUIT_OUTPUT, else the profile's; `None`: table on a terminal, json
    /// otherwise.
    pub fn output(&self) -> Result<Option<Setting<Format>>, Error> {
        if let Some(f) = self.globals.output {
            return Ok(Some(Setting {
                value: f,
                source: self.given("output", "--output", "RECRUIT_OUTPUT"),
            }));
        }
        self.profile_value("output", parse::output)
    }

    pub fn timeout(&self) -> Result<Setting<Duration>, Error> {
        if let Some(t) = self.globals.timeout {
            let value = parse::timeout_secs(t)
                .map_err(|allowed| Error::usage(format!("--timeout must be {allowed}, got {t}")))?;
            return Ok(Setting {
                value,
                source: self.given("timeout", "--timeout", "RECRUIT_TIMEOUT"),
            });
        }
        Ok(self
            .profile_value("timeout", parse::timeout)?
            .unwrap_or(Setting {
                value: DEFAULT_TIMEOUT,
                source: Source::Default,
            }))
    }

    pub fn retries(&self) -> Result<Setting<u32>, Error> {
        if let Some(r) = self.globals.retries {
            return Ok(Setting {
                value: r,
                source: self.given("retries", "--retries", "RECRUIT_RETRIES"),
            });
        }
        Ok(self
            .profile_value("retries", parse::retries)?
            .unwrap_or(Setting {
                value: DEFAULT_RETRIES,
                source: Source::Default,
            }))
    }

    pub fn max_rate(&self) -> Result<Option<Setting<f64>>, Error> {
        if let Some(r) = self.globals.max_rate {
            let value = parse::max_rate_value(r).map_err(|allowed| {
                Error::usage(format!("--max-rate must be {allowed}, got {r}"))
            })?;
            return Ok(Some(Setting {
                value,
                source: self.given("max_rate", "--max-rate", "RECRUIT_MAX_RATE"),
            }));
        }
        self.profile_value("max_rate", parse::max_rate)
    }

    pub fn max_wait(&self) -> Result<Setting<Duration>, Error> {
        if let Some(w) = self.globals.max_wait {
            let value = parse::max_wait_secs(w).map_err(|allowed| {
                Error::usage(format!("--max-wait must be {allowed}, got {w}"))
            })?;
            return Ok(Setting {
                value,
                source: self.given("max_wait", "--max-wait", "RECRUIT_MAX_WAIT"),
            });
        }
        Ok(self
            .profile_value("max_wait", parse::max_wait)?
            .unwrap_or(Setting {
                value: DEFAULT_MAX_WAIT,
                source: Source::Default,
            }))
    }

    /// The service address (not the sandbox's).
    pub fn base_url(&self) -> Option<Setting<String>> {
        if let Some(u) = &self.globals.base_url {
            return Some(Setting {
                value: u.clone(),
                source: self.given("base_url", "--base-url", "RECRUIT_BASE_URL"),
            });
        }
        self.config
            .get(self.profile, "base_url")
            .map(|value| Setting {
                value,
                source: Source::Profile,
            })
    }

    /// Extra trusted authorities (a company's CA).
    pub fn ca_cert(&self) -> Option<Setting<PathBuf>> {
        if let Some(p) = self
            .globals
            .ca_cert
            .clone()
            .filter(|p| !p.as_os_str().is_empty())
        {
            return Some(Setting {
                value: p,
                source: self.given("ca_cert", "--ca-cert", "RECRUIT_CA_CERT"),
            });
        }
        self.config.get(self.profile, "ca_cert").map(|p| Setting {
            value: PathBuf::from(p),
            source: Source::Profile,
        })
    }

    /// The request variant of `forms apply` (the flag is the command's own).
    pub fn variant(&self) -> Result<Setting<Variant>, Error> {
        Ok(self
            .profile_value("variant", parse::variant)?
            .unwrap_or(Setting {
                value: Variant::A,
                source: Source::Default,
            }))
    }

    /// Where the API key comes from (its value is [`crate::context::Ctx::api_key`]'s business).
    pub fn key_source(&self) -> Option<Source> {
        if self
            .globals
            .api_key
            .as_ref()
            .is_some_and(|k| !k.expose().is_empty())
        {
            return Some(self.given("api_key", "--api-key", "RECRUIT_API_KEY"));
        }
        // The profile's key before its command, as the key is read.
        [
            ("api_key", Source::Profile),
            ("api_key_command", Source::KeyCommand),
        ]
        .into_iter()
        .find(|(k, _)| self.config.get(self.profile, k).is_some())
        .map(|(_, source)| source)
    }

    /// The value a run would use for config key `key` (secrets redacted) and where it came
    /// from; `None` when nothing sets it and it has no default. A bad value is its error.
    pub fn effective(&self, key: &str) -> Result<Option<(Value, Source)>, Error> {
        fn shown<T>(s: Option<Setting<T>>, f: impl Fn(T) -> Value) -> Option<(Value, Source)> {
            s.map(|s| (f(s.value), s.source))
        }
        Ok(match key {
            "base_url" => shown(self.base_url(), Value::String),
            "output" => shown(self.output()?, |f| json!(f.name())),
            "timeout" => shown(Some(self.timeout()?), |d| number(d.as_secs_f64())),
            "retries" => shown(Some(self.retries()?), |r| json!(r)),
            "max_rate" => shown(self.max_rate()?, number),
            "max_wait" => shown(Some(self.max_wait()?), |d| number(d.as_secs_f64())),
            "ca_cert" => shown(self.ca_cert(), |p| json!(p.display().to_string())),
            "variant" => shown(Some(self.variant()?), |v| {
                json!(v.to_string().to_lowercase())
            }),
            "api_key" => match self
                .globals
                .api_key
                .as_ref()
                .filter(|k| !k.expose().is_empty())
            {
                Some(k) => Some((
                    json!(k.redacted()),
                    self.given("api_key", "--api-key", "RECRUIT_API_KEY"),
                )),
                None => self.config.get(self.profile, "api_key").map(|k| {
                    (
                        json!(crate::redact::Secret::new(k).redacted()),
                        Source::Profile,
                    )
                }),
            },
            "signing_key" => self.config.get(self.profile, "signing_key").map(|k| {
                (
                    json!(crate::redact::Secret::new(k).redacted()),
                    Source::Profile,
                )
            }),
            other => self
                .config
                .get(self.profile, other)
                .map(|v| (json!(v), Source::Profile)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, FromArgMatches};

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
        parsed.g.origins = crate::context::Origins::from_matches(&matches);
        parsed.g
    }

    #[test]
    fn flag_over_profile_over_default_each_with_its_source() {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::load_from(&dir.path().join("config.toml")).unwrap();
        config.set("default", "timeout", "12.5");
        config.set("default", "max_rate", "20");
        let g = globals(&["--timeout", "5"]);
        let s = Settings {
            globals: &g,
            config: &config,
            profile: "default",
        };
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
        assert_eq!(s.output().unwrap(), None);
        let (v, src) = s.effective("timeout").unwrap().unwrap();
        assert_eq!((v, src.to_string()), (json!(5), "flag --timeout".into()));

        let g = globals(&[]);
        let s = Settings {
            globals: &g,
            config: &config,
            profile: "default",
        };
        assert_eq!(s.timeout().unwrap().value, Duration::from_millis(12_500));
        assert_eq!(s.timeout().unwrap().source, Source::Profile);
    }

    #[test]
    fn a_bad_profile_value_names_the_profile_and_the_fix_and_config_set_refuses_it() {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::load_from(&dir.path().join("config.toml")).unwrap();
        config.set("work", "max_rate", "fast");
        let g = globals(&[]);
        let s = Settings {
            globals: &g,
            config: &config,
            profile: "work",
        };
        let e = s.max_rate().unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(
            e.message.contains("profile 'work' sets max_rate = 'fast'")
                && e.message.contains("recruit config set max_rate"),
            "{}",
            e.message
        );
        for (key, bad) in [
            ("max_rate", "fast"),
            ("max_rate", "0"),
            ("max_rate", "1e-300"),
            ("max_rate", "1e300"),
            ("max_wait", "-1"),
            ("max_wait", "soon"),
            ("max_wait", "1e20"),
            ("timeout", "-1"),
            ("output", "yaml"),
            ("variant", "c"),
            ("retries", "3.5"),
        ] {
            let e = check_value(key, bad).unwrap_err();
            assert!(
                e.message.contains(&format!("not a valid {key}")),
                "{}",
                e.message
            );
        }
        for (key, good) in [
            ("max_rate", "2.5"),
            ("variant", "B"),
            ("timeout", "90"),
            ("max_wait", "0"),
            ("max_wait", "600"),
        ] {
            check_value(key, good).unwrap();
        }
    }
}
