//! `recruit auth login|status|logout`: the API key of a profile.

use clap::{Args, Subcommand};
use serde_json::json;

use crate::context::Ctx;
use crate::error::{Error, ExitKind};
use crate::ops::auth::Stored;
use crate::output::Kind;
use crate::redact::Secret;

#[derive(Debug, Subcommand)]
pub enum AuthCmd {
    /// Store an API key for the profile in the OS keyring (asked with a hidden prompt, or read
    /// from a pipe), after checking it works when the profile has a service address
    #[command(after_help = "Examples:
  recruit auth login --base-url https://api.example.com/v1
  pass show recruit | recruit auth login --with-token
  recruit --profile work auth login
  recruit auth login --insecure-storage")]
    Login(LoginArgs),
    /// Show the profile, base URL, whether the key works, and the key redacted
    #[command(after_help = "Examples:\n  recruit auth status\n  recruit auth status -o json")]
    Status,
    /// Remove the stored API key of the profile (from the OS keyring and the config file)
    #[command(
        after_help = "Examples:\n  recruit auth logout\n  recruit --profile work auth logout"
    )]
    Logout,
}

#[derive(Debug, Args)]
pub struct LoginArgs {
    /// Read the key from standard input instead of prompting (the default when stdin is a pipe)
    #[arg(long)]
    pub with_token: bool,
    /// Store it without checking it against the service
    #[arg(long)]
    pub no_verify: bool,
    /// Store it in the config file (mode 0600, not encrypted) instead of the OS keyring: for a
    /// machine without a keyring; each command that reads it says so
    #[arg(long)]
    pub insecure_storage: bool,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: AuthCmd) -> Result<(), crate::Error> {
    match cmd {
        AuthCmd::Login(a) => login(ctx, a).await,
        AuthCmd::Status => status(ctx).await,
        AuthCmd::Logout => logout(ctx).await,
    }
}

/// `auth logout`: says where the key was removed from.
async fn logout(ctx: &mut Ctx) -> Result<(), crate::Error> {
    let p = ctx.profile.as_str();
    let removed = crate::ops::auth::remove_key(&ctx.config.path, p).await?;
    if removed.file {
        let path = ctx.config.path.display().to_string();
        crate::say!(
            ctx.io,
            "{}",
            crate::t!("auth-removed-file", profile = p, path = path)
        );
    }
    match &removed.keyring {
        Ok(true) => crate::say!(ctx.io, "{}", crate::t!("auth-removed-keyring", profile = p)),
        Ok(false) => {}
        // Nothing in the file: the key may be in a keyring that did not answer; say so.
        Err(e) if !removed.file => {
            crate::tell!(ctx.io, "warning-line", warning = e.message.as_str())
        }
        Err(_) => {}
    }
    if !removed.file && !matches!(removed.keyring, Ok(true)) {
        crate::say!(ctx.io, "{}", crate::t!("auth-nothing-removed", profile = p));
    }
    Ok(())
}

/// The key of this run checked ([`crate::ops::auth::check`]).
async fn check(ctx: &mut Ctx) -> Result<(), crate::Error> {
    let client = ctx.client().await?;
    crate::ops::auth::check(&client).await
}

async fn login(ctx: &mut Ctx, a: LoginArgs) -> Result<(), crate::Error> {
    let key = if a.with_token || !ctx.io.term.stdin_tty {
        let bytes = crate::commands::read_capped(ctx.io.stdin(), &crate::t!("what-key-stdin"))?;
        String::from_utf8_lossy(&bytes).trim().to_string()
    } else {
        if !ctx.io.term.stderr_tty {
            return Err(Error::usage(crate::msg!("auth-no-terminal")));
        }
        dialoguer::Password::new()
            .with_prompt(crate::t!("auth-key-prompt"))
            .interact()
            .map_err(|e| Error::caused(ExitKind::Usage, crate::msg!("auth-cannot-read-key"), e))?
            .trim()
            .to_string()
    };
    if key.is_empty() {
        return Err(Error::usage(crate::msg!("auth-key-empty")));
    }
    let secret = Secret::new(key.clone());
    // Nothing to check against yet: store it, and say it is unchecked.
    let has_address = ctx.configured_base_url().is_some();
    if !has_address && !a.no_verify && !ctx.globals.sandbox {
        crate::tell!(ctx.io, "auth-not-checked", profile = ctx.profile.as_str());
    }
    if has_address && !a.no_verify && !ctx.globals.sandbox {
        ctx.globals.api_key = Some(secret.clone());
        check(ctx)
            .await
            .map_err(|e| e.context(crate::msg!("auth-key-not-stored")))?;
    }
    let stored = crate::ops::auth::StoreKey {
        profile: ctx.profile.clone(),
        key: secret.clone(),
        base_url: ctx.globals.base_url.clone(),
        insecure_storage: a.insecure_storage,
    };
    let profile = ctx.profile.as_str();
    match crate::ops::auth::store_key(&ctx.config.path, &stored).await? {
        Stored::File(path) => crate::tell!(
            ctx.io,
            "auth-stored",
            key = secret.redacted(),
            profile = profile,
            path = path.display().to_string()
        ),
        Stored::Keyring { moved_from } => {
            crate::tell!(
                ctx.io,
                "auth-stored-keyring",
                key = secret.redacted(),
                profile = profile
            );
            if let Some(path) = moved_from {
                let path = path.display().to_string();
                crate::tell!(
                    ctx.io,
                    "auth-moved-from-file",
                    profile = profile,
                    path = path
                );
            }
        }
    }
    Ok(())
}

async fn status(ctx: &mut Ctx) -> Result<(), crate::Error> {
    use crate::ops::auth::Missing;
    let mut out = ctx.output()?;
    let sandbox = ctx.globals.sandbox;
    let o = crate::ops::auth::StatusOptions {
        sandbox,
        key: ctx.found_key().await?,
        base_url: ctx.settings().base_url(),
    };
    let st = crate::ops::auth::status(o, async || ctx.client().await).await;
    // Where the key and the address came from: in English for JSON, in words for people.
    let (source, source_said) = if sandbox {
        ("sandbox".to_string(), crate::t!("auth-built-in-sandbox"))
    } else {
        st.key.as_ref().map_or_else(
            || ("none".to_string(), crate::t!("auth-not-set-value")),
            |(_, s)| (s.as_str().to_string(), s.said()),
        )
    };
    let (base_url, base_url_source, base_url_said) = if sandbox {
        (
            Some(crate::t_in!(crate::i18n::Lang::En, "auth-built-in-sandbox")),
            "sandbox".to_string(),
            String::new(),
        )
    } else {
        match &st.base_url {
            Some(s) => (Some(s.value.clone()), s.source.to_string(), s.source.said()),
            None => (None, "none".to_string(), String::new()),
        }
    };
    // What is missing, if anything: then nothing was tried.
    let missing = st.missing.map(|m| match m {
        Missing::Key => (ExitKind::Auth, crate::t_both!("auth-what-key")),
        Missing::BaseUrl => (ExitKind::Usage, crate::t_both!("auth-what-base-url")),
    });
    let failure: Option<Error> = match &missing {
        Some((kind, (_, what))) => {
            Some(Error::new(*kind, crate::msg!("auth-missing", what = what)))
        }
        None => st.failure,
    };
    let works = failure.is_none();
    // JSON's `problem` is the same in every language: English, as programs read it.
    let problem_for_programs = match (&missing, &failure) {
        (Some((_, (what, _))), _) => Some(crate::t_in!(
            crate::i18n::Lang::En,
            "auth-missing",
            what = what.as_str()
        )),
        (None, Some(e)) => Some(
            e.said
                .as_ref()
                .map_or(e.message.clone(), |m| m.for_programs()),
        ),
        (None, None) => None,
    };
    let problem = failure.as_ref().map(|e| e.message.clone());
    let redacted = st.key.as_ref().map(|(k, _)| k.clone());
    let v = json!({
        "profile": ctx.profile,
        "base_url": base_url,
        "base_url_source": base_url_source,
        "key_source": source,
        "api_key": redacted,
        "key_works": works,
        "problem": problem_for_programs,
    });
    if out.is_table() {
        let not_set = || crate::t!("auth-not-set-value");
        let base_url = match &base_url {
            Some(u) if !sandbox => format!("{u} ({base_url_said})"),
            Some(_) => crate::t!("auth-built-in-sandbox"),
            None => not_set(),
        };
        let key = match &redacted {
            Some(k) => format!("{k} ({source_said})"),
            None if sandbox => crate::t!("auth-sandbox-needs-no-key"),
            None => not_set(),
        };
        let works = match &problem {
            None => crate::t!("auth-works-yes"),
            Some(p) => crate::t!("auth-works-no", problem = p),
        };
        let table = crate::t!(
            "auth-status-table",
            profile = ctx.profile.as_str(),
            base_url = base_url,
            key = key,
            works = works
        );
        out.write_str(&format!("{table}\n"))?;
    } else {
        out.value(Kind::Other, &v)?;
    }
    match failure {
        None => Ok(()),
        // Keep the code of the underlying failure (4 for a refused key, 7 for no network...).
        // Nothing was tried when the key or address is missing: say "not set", not "cannot
        // reach".
        Some(e) if missing.is_some() => {
            let what = missing.map(|(_, (_, what))| what).unwrap_or_default();
            let e = Error::new(e.kind, crate::msg!("auth-not-set", what = what));
            Err(e.context(crate::msg!("auth-profile", profile = ctx.profile.as_str())))
        }
        Some(e) => Err(e.context(crate::msg!(
            "auth-profile-unreachable",
            profile = ctx.profile.as_str()
        ))),
    }
}
