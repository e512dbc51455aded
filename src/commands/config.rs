//! `recruit config path|get|set|unset|list`: the config file, per profile.

use clap::{Args, Subcommand};
use serde_json::{json, Value};

use crate::context::Ctx;
use crate::error::Error;
use crate::ops::config::{shown, ConfigWith, SetOptions};
use crate::output::Kind;
use crate::settings::{Key, Source};

#[derive(Debug, Subcommand)]
pub enum ConfigCmd {
    /// Print the config file's path
    #[command(after_help = "Examples:
  recruit config path
  $EDITOR \"$(recruit config path)\"")]
    Path,
    /// Print one setting of the profile (api_key and signing_key redacted unless --reveal)
    #[command(after_help = "Examples:
  recruit config get base_url
  recruit --profile work config get output
  recruit config get api_key --reveal | pbcopy")]
    Get(GetArgs),
    /// Change one setting of the profile (the file is written with mode 0600)
    #[command(after_help = "Examples:
  recruit config set base_url https://api.example.com/v1
  recruit --profile work config set api_key_command 'pass show recruit/work'
  recruit config set output json
  recruit config set max_wait 300")]
    Set(SetArgs),
    /// Remove one setting of the profile
    #[command(after_help = "Examples:
  recruit config unset api_key
  recruit --profile work config unset output")]
    Unset(KeyArg),
    /// List the profile's settings (keys are redacted)
    #[command(after_help = "Examples:
  recruit config list
  recruit --profile work config list -o json")]
    List,
}

/// `One of: base_url, api_key, ...`: every [`Key`], so help and man pages never leave one out.
fn keys_help() -> String {
    format!("One of: {}", Key::names().join(", "))
}

/// Each key with what it means, for `--help`.
fn keys_long_help() -> String {
    let width = Key::names().iter().map(|k| k.len()).max().unwrap_or(0);
    let lines: Vec<String> = Key::ALL
        .iter()
        .map(|k| format!("  {:width$}  {}", k.name(), k.spec().help))
        .collect();
    format!("The setting, one of:\n{}", lines.join("\n"))
}

#[derive(Debug, Args)]
pub struct KeyArg {
    #[arg(help = keys_help(), long_help = keys_long_help())]
    pub key: String,
}

#[derive(Debug, Args)]
pub struct GetArgs {
    #[arg(help = keys_help(), long_help = keys_long_help())]
    pub key: String,
    /// Print a secret (api_key, signing_key) in full instead of redacted
    #[arg(long)]
    pub reveal: bool,
}

#[derive(Debug, Args)]
pub struct SetArgs {
    #[arg(help = keys_help(), long_help = keys_long_help())]
    pub key: String,
    /// The value (checked as commands read it: e.g. a number of seconds for timeout)
    pub value: String,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: ConfigCmd) -> Result<(), crate::Error> {
    let profile = ctx.profile.clone();
    match cmd {
        ConfigCmd::Path => {
            ctx.io
                .outln(format_args!("{}", ctx.config.path.display()))?;
            Ok(())
        }
        ConfigCmd::Get(a) => get(ctx, &profile, a),
        ConfigCmd::Set(a) => {
            let key = Key::from_name(&a.key)?;
            let options = SetOptions {
                profile: profile.clone(),
                key,
                value: a.value,
            };
            let done = crate::ops::config::set(options, config_with(ctx))?;
            crate::tell!(
                ctx.io,
                "config-set",
                key = a.key.as_str(),
                value = done.shown,
                profile = profile.as_str(),
                path = done.path.display().to_string()
            );
            Ok(())
        }
        ConfigCmd::Unset(a) => {
            let key = Key::from_name(&a.key)?;
            let removed = crate::ops::config::unset(&profile, key, config_with(ctx))?;
            let (key, profile) = (key.name(), profile.as_str());
            let said = if removed {
                crate::t!("config-removed", key = key, profile = profile)
            } else {
                crate::t!("config-not-set", key = key, profile = profile)
            };
            crate::say!(ctx.io, "{said}");
            Ok(())
        }
        ConfigCmd::List => list(ctx, &profile).await,
    }
}

/// What a change of the config uses from this run.
fn config_with(ctx: &Ctx) -> ConfigWith<'_> {
    ConfigWith {
        path: &ctx.config.path,
        policy: ctx.policy.as_ref(),
        settings: ctx.settings(),
        log: ctx.audit_whatever_its_setting(),
    }
}

/// `config get KEY`: the profile's value (secrets redacted), with a note when a flag or env
/// var overrides it in commands run now.
fn get(ctx: &Ctx, profile: &str, a: GetArgs) -> Result<(), crate::Error> {
    let key = Key::from_name(&a.key)?;
    // A flag or env var of this run overrides the profile: say so, or a user fixing
    // the file wonders why nothing changes.
    let effective = ctx.settings().effective(key).ok().flatten();
    let overridden = effective
        .as_ref()
        .filter(|(_, s)| matches!(s, Source::Flag(_) | Source::Env(_)));
    if let (Some((v, source)), Some(_)) = (overridden, ctx.config.get(profile, key)) {
        crate::tell!(
            ctx.io,
            "config-overridden",
            source = source.said(),
            key = a.key.as_str(),
            value = shown(v)
        );
    }
    match ctx.config.get(profile, key) {
        // Secrets only in full when asked for: output ends up in logs and screen shares.
        Some(v) if key.is_secret() && !a.reveal => {
            ctx.io
                .outln(format_args!("{}", crate::redact::Secret::new(v).redacted()))?;
            crate::tell!(ctx.io, "config-redacted");
            Ok(())
        }
        Some(v) => {
            ctx.io.outln(format_args!("{v}"))?;
            Ok(())
        }
        None => {
            let path = ctx.config.path.display().to_string();
            let key = a.key.as_str();
            Err(Error::new(
                crate::ExitKind::Other,
                match &effective {
                    Some((v, source)) => crate::msg!(
                        "config-get-not-set-in-effect",
                        key = key,
                        profile = profile,
                        path = path,
                        value = shown(v),
                        source = source.said()
                    ),
                    None => crate::msg!(
                        "config-get-not-set",
                        key = key,
                        profile = profile,
                        path = path
                    ),
                },
            ))
        }
    }
}

/// `config list`: the profile's settings (secrets redacted) and what commands run now use.
async fn list(ctx: &Ctx, profile: &str) -> Result<(), crate::Error> {
    let mut out = ctx.output()?;
    // Where the API key comes from (the keyring is asked; no command is run).
    let key_source = crate::ops::auth::key_source(ctx.settings().api_key(), &ctx.profile).await;
    let mut settings = serde_json::Map::new();
    for &k in Key::ALL {
        if let Some(v) = ctx.config.get(profile, k) {
            let shown = if k.is_secret() {
                crate::redact::Secret::new(v).redacted()
            } else {
                v
            };
            settings.insert(k.to_string(), Value::String(shown));
        }
    }
    // What a command run now would use, and from where (flag > env > file > default).
    let settings_now = ctx.settings();
    let mut effective = serde_json::Map::new();
    // For the table: what is in effect from outside the file (flag, env, default) or broken.
    let mut elsewhere = Vec::new();
    for &k in Key::ALL {
        let entry = match settings_now.effective(k) {
            Ok(Some((value, source))) => {
                if source != Source::Profile {
                    elsewhere.push(format!("#   {k} = {} ({source})", shown(&value)));
                }
                json!({"value": value, "source": source.to_string()})
            }
            Ok(None) => continue,
            Err(e) => {
                elsewhere.push(format!("#   {k}: {}", e.message));
                json!({"error": e.message})
            }
        };
        effective.insert(k.to_string(), entry);
    }
    if let Some(source) = key_source.filter(|s| {
        use crate::settings::KeySource;
        matches!(
            s,
            KeySource::Keyring | KeySource::Credential | KeySource::Command
        )
    }) {
        elsewhere.push(format!("#   api_key ({})", source.said()));
    }
    let v = json!({
        "path": ctx.config.path.display().to_string(),
        "profile": profile,
        "profiles": ctx.config.profiles(),
        "settings": settings,
        "effective": effective,
        "key_source": key_source.map(|s| s.as_str()),
    });
    if out.is_table() {
        let mut s = format!(
            "# {}\n",
            crate::t!(
                "config-list-file",
                path = ctx.config.path.display().to_string(),
                profile = profile.to_string()
            )
        );
        if settings.is_empty() {
            s.push_str(&format!("({})\n", crate::t!("config-list-none")));
        }
        for (k, v) in &settings {
            s.push_str(&format!("{k} = {}\n", v.as_str().unwrap_or("")));
        }
        if !elsewhere.is_empty() {
            s.push_str(&format!("# {}\n", crate::t!("config-list-elsewhere")));
            s.push_str(&elsewhere.join("\n"));
            s.push('\n');
        }
        out.write_str(&s)?;
    } else {
        out.value(Kind::Other, &v)?;
    }
    Ok(())
}
