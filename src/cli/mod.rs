//! The command tree (clap derive) and its dispatch. Each noun lives in `crate::commands`.

pub(crate) mod completions;
pub mod docs;
pub mod reports;

use clap::{Parser, Subcommand};

pub(crate) use crate::context::{Ctx, GlobalArgs, Origins};
pub use crate::output::Format;

use crate::commands;

/// The command line's reading of the named enums of the library (see `named!`): their
/// names, aliases and help as clap's possible values. The types stay free of clap.
macro_rules! value_enums {
    ($($ty:ty),* $(,)?) => {$(
        impl clap::ValueEnum for $ty {
            fn value_variants<'a>() -> &'a [Self] {
                <$ty>::ALL
            }

            fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
                let value = clap::builder::PossibleValue::new(self.as_str())
                    .help(self.help())
                    .aliases(self.aliases().iter().copied());
                Some(value)
            }
        }
    )*};
}

value_enums!(
    crate::api::Stage,
    crate::api::memos::Role,
    crate::apply::Variant,
    crate::mcp::Access,
    crate::mcp::PersonalData,
    crate::output::Format,
    crate::webhook::log::LogFormat,
    crate::webhook::store::Status,
);

const ABOUT: &str = "Work with the recruiting service API from the shell: forms, candidates, memos, submissions, webhooks";

const LONG_ABOUT: &str = "\
recruit is a command-line client for the recruiting (applicant tracking) service API.

It reads application forms, finds candidates by stage (with their jobs, evaluations and
interviews), manages candidate memos, lists form submissions, registers and receives webhooks,
exports data for many candidates at once, and ships a built-in sandbox (an emulator of the
whole service) so you can try everything without an account.

HTTPS is checked against the system's trust store (SSL_CERT_FILE and SSL_CERT_DIR honoured);
add a company's own CA with --ca-cert FILE (or RECRUIT_CA_CERT, or `config set ca_cert`).
HTTPS_PROXY, HTTP_PROXY and NO_PROXY are honoured for the service, never for the built-in
sandbox or the local webhook listener.";

const AFTER_HELP: &str = "\
Examples:
  recruit --sandbox forms list                  # try it with no account
  recruit forms list --title designer
  recruit candidates list --stage interview
  recruit memos pin C123 42
  recruit submissions list C123 --all -o ndjson
  recruit forms list --all --jq '.[].code'
  export RECRUIT_API_KEY=...; recruit auth status

Exit codes: 0 ok, 1 other failure, 2 bad usage or input, 3 not found, 4 authentication,
5 rejected by the service, 6 rate limited, 7 network/timeout/5xx, 8 bad webhook signature,
130 interrupted, 141 the reader of standard output went away (| head).";

#[derive(Debug, Parser)]
#[command(
    name = "recruit",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = AFTER_HELP,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    #[command(flatten)]
    pub globals: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Application forms (job postings): list, read, apply
    #[command(subcommand, after_help = commands::forms::EXAMPLES)]
    Forms(commands::forms::FormsCmd),
    /// Candidates: list them (by stage) and read one
    #[command(subcommand, after_help = commands::candidates::EXAMPLES)]
    Candidates(commands::candidates::CandidatesCmd),
    /// Jobs: postings with their job group, application form and managers
    #[command(subcommand, after_help = commands::jobs::EXAMPLES)]
    Jobs(commands::jobs::JobsCmd),
    /// Evaluations: a candidate's scores at a stage
    #[command(subcommand, after_help = commands::evaluations::EXAMPLES)]
    Evaluations(commands::evaluations::EvaluationsCmd),
    /// Interviews and their schedules
    #[command(subcommand, after_help = commands::interviews::EXAMPLES)]
    Interviews(commands::interviews::InterviewsCmd),
    /// Memos on a candidate: list, read, create, edit, delete, pin
    #[command(subcommand, after_help = commands::memos::EXAMPLES)]
    Memos(commands::memos::MemosCmd),
    /// A candidate's form submissions
    #[command(subcommand, after_help = commands::submissions::EXAMPLES)]
    Submissions(commands::submissions::SubmissionsCmd),
    /// Webhook registrations, and a local toolkit to receive, verify and trigger events
    #[command(subcommand, after_help = commands::webhooks::EXAMPLES)]
    Webhooks(commands::webhooks::WebhooksCmd),
    /// Upload files for use in applications
    #[command(subcommand)]
    Files(commands::files::FilesCmd),
    /// Batch exports: many candidates' submissions or memos, candidates, every form
    #[command(subcommand, after_help = commands::export::EXAMPLES)]
    Export(commands::export::ExportCmd),
    /// Mirror forms, jobs, candidates, memos and submissions into SQLite or PostgreSQL, incrementally
    #[command(after_help = commands::sync::EXAMPLES)]
    Sync(commands::sync::SyncArgs),
    /// Send a raw request to any API path
    Api(commands::api::ApiArgs),
    /// Run the built-in emulator of the service as a local server, or move its candidates
    Sandbox(commands::sandbox::SandboxArgs),
    /// Serve the API to AI assistants over the Model Context Protocol (stdio)
    Mcp(commands::mcp::McpArgs),
    /// Store, show and remove the API key of a profile
    #[command(subcommand)]
    Auth(commands::auth::AuthCmd),
    /// Read and change the config file
    #[command(subcommand)]
    Config(commands::config::ConfigCmd),
    /// Print a shell completion script
    Completions(completions::CompletionsArgs),
    /// Regenerate completions/ and man/ (for maintainers)
    #[command(hide = true)]
    GenerateDocs {
        /// Repository root to write into
        #[arg(long, default_value = ".")]
        dir: std::path::PathBuf,
    },
}

/// Parse the command line, run the command, and return the process exit code: the one place
/// that decides how the process ends ([`Ending`]); `main` exits with it.
pub fn main_entry() -> i32 {
    use clap::{CommandFactory, FromArgMatches};
    let matches = match Cli::command().try_get_matches() {
        Ok(m) => m,
        Err(e) => return clap_ending(&e),
    };
    let mut cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return clap_ending(&e),
    };
    cli.globals.origins = Origins::from_matches(&matches);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            crate::elog!("error: cannot start the async runtime: {e}");
            return 1;
        }
    };
    let code = runtime.block_on(run(cli));
    // Don't wait on background tasks (e.g. a webhook delivery still sleeping) at exit.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    code
}

/// Help, version or a usage error from clap: printed, with its status; help cut short by a
/// closed pipe is not a success.
fn clap_ending(e: &clap::Error) -> i32 {
    match e.print() {
        Err(pe) if pe.kind() == std::io::ErrorKind::BrokenPipe => {
            crate::ExitKind::OutputClosed.code()
        }
        _ => e.exit_code(),
    }
}

/// Run the command line in the process's own streams; returns the exit code.
pub(crate) async fn run(cli: Cli) -> i32 {
    let mut ctx = match Ctx::new(cli.globals) {
        Ok(ctx) => ctx,
        Err(e) => {
            let e = crate::Error::from_anyhow(e, "cannot start");
            crate::elog!("error: {}", error_line(&e));
            return e.exit_code();
        }
    };
    let result = dispatch(&mut ctx, cli.command).await;
    ctx.finish().await;
    let ending = Ending::of(result, &ctx.io);
    ending.report(&ctx.io);
    ending.code()
}

/// How a command's run ends, from its result and what became of its output:
/// - a failure keeps its own exit code, whatever happened to stdout and stderr;
/// - a command whose stdout reader went away (`| head`) ends quietly with 141, the status of a
///   program stopped by SIGPIPE, and never 0: its output did not all arrive;
/// - otherwise success. A closed stderr only loses messages.
#[derive(Debug)]
pub enum Ending {
    Success,
    OutputClosed,
    Failed(crate::Error),
}

impl Ending {
    pub fn of(result: Result<(), crate::Error>, io: &crate::io::Io) -> Ending {
        match result {
            Err(e) if e.kind == crate::ExitKind::OutputClosed => Ending::OutputClosed,
            Err(e) => Ending::Failed(e),
            Ok(()) if io.stdout_closed() => Ending::OutputClosed,
            Ok(()) => Ending::Success,
        }
    }

    pub fn code(&self) -> i32 {
        match self {
            Ending::Success => 0,
            Ending::OutputClosed => crate::ExitKind::OutputClosed.code(),
            Ending::Failed(e) => e.exit_code(),
        }
    }

    /// The error's line on stderr (nothing for a closed output: its reader is gone, and the
    /// one of stderr, often the same pipe, may be too).
    pub(crate) fn report(&self, io: &crate::io::Io) {
        if let Ending::Failed(e) = self {
            crate::say!(io, "error: {}", error_line(e));
        }
    }
}

/// An error as its one line on stderr: secrets scrubbed, control characters escaped (the
/// message may quote the service: an error body's `message`, a non-JSON excerpt).
fn error_line(e: &crate::Error) -> String {
    crate::output::text::safe_line(&crate::redact::scrub(&e.message)).into_owned()
}

/// Run one command in a context (the binary's, or a test's with captured streams).
pub async fn dispatch(ctx: &mut Ctx, command: Command) -> Result<(), crate::Error> {
    match command {
        Command::Forms(c) => commands::forms::run(ctx, c).await,
        Command::Memos(c) => commands::memos::run(ctx, c).await,
        Command::Submissions(c) => commands::submissions::run(ctx, c).await,
        Command::Candidates(c) => commands::candidates::run(ctx, c).await,
        Command::Jobs(c) => commands::jobs::run(ctx, c).await,
        Command::Evaluations(c) => commands::evaluations::run(ctx, c).await,
        Command::Interviews(c) => commands::interviews::run(ctx, c).await,
        Command::Webhooks(c) => commands::webhooks::run(ctx, c).await,
        Command::Files(c) => commands::files::run(ctx, c).await,
        Command::Export(c) => commands::export::run(ctx, c).await,
        Command::Sync(a) => commands::sync::run(ctx, a).await,
        Command::Api(a) => commands::api::run(ctx, a).await,
        Command::Sandbox(a) => commands::sandbox::run(ctx, a).await,
        Command::Mcp(a) => commands::mcp::run(ctx, a).await,
        Command::Auth(c) => commands::auth::run(ctx, c).await,
        Command::Config(c) => commands::config::run(ctx, c).await,
        Command::Completions(a) => completions::run(ctx, a),
        Command::GenerateDocs { dir } => {
            let n = docs::write_all(&dir).map_err(|e| {
                crate::Error::caused(
                    crate::ExitKind::Other,
                    format_args!("cannot write docs into {}", dir.display()),
                    e,
                )
            })?;
            crate::say!(ctx.io, "Wrote {n} files under {}.", dir.display());
            Ok(())
        }
    }
}
