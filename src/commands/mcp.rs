//! `recruit mcp`: serve the API to an AI assistant over the Model Context Protocol (stdio).

use clap::Args;

use crate::context::Ctx;
#[cfg(feature = "mcp")]
use crate::mcp::{Access, PersonalData, Server};

#[cfg(feature = "mcp")]
pub(crate) const ABOUT: &str = "\
Runs a Model Context Protocol server on standard input and output, for AI assistants (desktop
chat apps, IDE agents) working on behalf of a recruiter. It uses the same profile, base URL, API
key, --sandbox, --ca-cert, retries and rate pacing as every command; stdout carries only the
protocol, logs go to stderr.

Access levels: read (default) lists only the read tools (forms_list, forms_get,
candidates_list, candidates_get, jobs_list, evaluations_get, interviews_get, memos_list,
memos_get, submissions_list, webhooks_list, webhooks_get, and candidates_search and
pipeline_report, which read the mirror of `recruit sync` (--db) instead of the service); comment adds memos_create,
memos_edit, memos_pin and memos_unpin; write adds memos_delete, forms_apply and the webhook
writes. A tool outside the level is not listed and a call to it is refused.

Candidates' birth, resume_path and profile_img_path are left out of every result unless
--personal-data full is given. Each call whose result holds a candidate's personal value is one
record of the access log (`recruit audit list`): the tool's name, the candidates and the
personal fields the result held (what the policy left out is not among them).

An MCP client starts it from its configuration, e.g.
  {\"mcpServers\": {\"recruit\": {\"command\": \"recruit\", \"args\": [\"mcp\", \"--access\", \"comment\"],
                               \"env\": {\"RECRUIT_PROFILE\": \"work\"}}}}
with the API key from `recruit auth login` (or RECRUIT_API_KEY in \"env\").";

#[cfg(feature = "mcp")]
pub(crate) const EXAMPLES: &str = "\
Examples:
  recruit mcp                          # read-only tools, the default profile's account
  recruit mcp --access comment         # also add, edit and pin memos
  recruit mcp --personal-data full     # candidates with birth, resume and photo addresses
  recruit mcp --db ~/recruiting.db     # candidates_search and pipeline_report read this mirror
  recruit --sandbox mcp --access write # every tool, against the built-in sandbox";

#[cfg(feature = "mcp")]
#[derive(Debug, Args)]
#[command(before_long_help = ABOUT, after_help = EXAMPLES)]
pub struct McpArgs {
    /// What the assistant may do: read, comment (memo writes) or write (everything)
    #[arg(long, value_enum, default_value = "read")]
    pub access: Access,
    /// Candidates' birth, resume_path and profile_img_path: left out (basic) or given (full)
    #[arg(long, value_enum, value_name = "LEVEL", default_value = "basic")]
    pub personal_data: PersonalData,
    // --db: the mirror that candidates_search and pipeline_report read.
    #[command(flatten)]
    pub mirror: crate::commands::report::MirrorArg,
}

/// `recruit mcp`: refused with exit 2 in a build without the server, served otherwise.
pub(crate) async fn run(ctx: &mut Ctx, args: McpArgs) -> Result<(), crate::Error> {
    refused_unless(super::built("mcp", cfg!(feature = "mcp")))?;
    serve(ctx, args).await
}

/// The refusal of a build without MCP (`built`: whether it has it).
fn refused_unless(built: bool) -> Result<(), crate::Error> {
    match built {
        true => Ok(()),
        false => Err(crate::Error::usage(crate::msg!("mcp-not-built"))),
    }
}

#[cfg(feature = "mcp")]
async fn serve(ctx: &mut Ctx, args: McpArgs) -> Result<(), crate::Error> {
    // Without a base URL or key the server still starts (a chat app would show a crashed
    // server, not the fix): each call that needs the service answers with what to set.
    let client = match (
        ctx.globals.sandbox,
        ctx.configured_base_url(),
        ctx.api_key().await,
    ) {
        (false, None, Ok(None)) => Err(crate::Error::usage(crate::msg!("mcp-unconfigured"))),
        _ => ctx.client().await,
    };
    if let Err(e) = &client {
        crate::tell!(ctx.io, "mcp-starts-unconfigured", why = e.message.as_str());
    }
    crate::tell!(
        ctx.io,
        "mcp-serving",
        access = args.access.as_str(),
        personal = args.personal_data.as_str()
    );
    let server = Server::new(client, args.access)
        .with_personal_data(args.personal_data)
        // A CA file that cannot be read is the client's error, said on each call that needs it.
        .with_mirror(args.mirror.db, ctx.net().unwrap_or_default())
        .with_audit(ctx.audit()?);
    crate::mcp::serve_stdio(server)
        .await
        .map_err(|e| crate::Error::from_anyhow(e, crate::msg!("mcp-server-stopped")))
}

/// What `recruit mcp --help` says in a build without the `mcp` feature.
#[cfg(not(feature = "mcp"))]
pub(crate) const NOT_BUILT: &str = "\
This recruit was built without the MCP server (the `mcp` feature, on by default): `recruit mcp`
is refused (exit 2). Build it with default features, or `--features mcp`, to serve assistants.";

/// In a build without MCP the command stays, so that `recruit mcp` says what is missing
/// instead of clap's "unrecognized subcommand"; whatever follows it is refused with it.
#[cfg(not(feature = "mcp"))]
#[derive(Debug, Args)]
#[command(before_long_help = NOT_BUILT)]
pub struct McpArgs {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    rest: Vec<String>,
}

/// Never reached: [`run`] refused already.
#[cfg(not(feature = "mcp"))]
async fn serve(_ctx: &mut Ctx, _args: McpArgs) -> Result<(), crate::Error> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_without_mcp_refuses_it_with_exit_2_and_one_with_it_serves() {
        crate::i18n::install(); // the errors' words are read
        assert!(refused_unless(true).is_ok());
        let e = crate::i18n::in_lang(crate::i18n::Lang::En, || refused_unless(false)).unwrap_err();
        assert_eq!(e.kind, crate::ExitKind::Usage);
        assert_eq!(
            e.message,
            "this recruit was built without the MCP server (the `mcp` feature); use a build with default features"
        );
    }
}
