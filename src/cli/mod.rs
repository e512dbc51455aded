//! The command tree (clap derive) and its dispatch. Each noun lives in `crate::commands`.

mod clap_error;
pub(crate) mod completions;
pub mod docs;
mod exits;
pub(crate) mod lazy;

use clap::{CommandFactory, Parser, Subcommand};

pub(crate) use crate::context::{Ctx, GlobalArgs, Origins};
pub use crate::output::Format;

use crate::commands;
pub use lazy::Lazy;

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
    crate::apply::Variant,
    crate::output::Format,
    crate::webhook::log::LogFormat,
);
#[cfg(feature = "mcp")]
value_enums!(crate::mcp::Access, crate::mcp::PersonalData);

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

const EXAMPLES: &str = "\
Examples:
  recruit --sandbox forms list                  # try it with no account
  recruit forms list --title designer
  recruit candidates list --stage interview
  recruit memos pin C1001 101
  recruit submissions list C1001 --all -o ndjson
  recruit forms list --all --jq '.[].code'
  export RECRUIT_API_KEY=...; recruit auth status";

/// What `recruit --help` shows after the options in `lang`: the examples, then the exit codes
/// (made from `ExitKind`).
fn root_after_help(lang: crate::i18n::Lang) -> String {
    format!("{EXAMPLES}\n\n{}", exits::paragraph(lang))
}

#[derive(Debug, Parser)]
#[command(
    name = "recruit",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = root_after_help(crate::i18n::Lang::En),
    propagate_version = true,
    max_term_width = 100,
    disable_help_subcommand = true
)]
pub struct Cli {
    #[command(flatten)]
    pub globals: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

/// The command enum from its list of commands, in the order help shows them. A noun with verbs
/// of its own and examples is one line, `Forms = forms::FormsCmd`: a subcommand of its module
/// under `commands` with that module's `EXAMPLES` after its help (twelve nouns alike, so the
/// convention is written once). The others are written as clap takes them. Every noun's own
/// part is [`Lazy`]: built only when a parse reaches it.
macro_rules! command_enum {
    ($(
        $(#[$meta:meta])*
        $variant:ident $(= $module:ident::$cmd:ident)? $(($ty:ty))?,
    )*) => {
        #[derive(Debug, Subcommand)]
        pub enum Command {$(
            $(#[$meta])*
            $(#[command(subcommand, after_help = commands::$module::EXAMPLES)])?
            $variant$((Lazy<commands::$module::$cmd>))?$((Lazy<$ty>))?,
        )*}
    };
}

command_enum! {
    /// Application forms (job postings): list, read, apply
    Forms = forms::FormsCmd,
    /// Candidates: list them (by stage) and read one
    Candidates = candidates::CandidatesCmd,
    /// Jobs: postings with their job group, application form and managers
    Jobs = jobs::JobsCmd,
    /// Evaluations: a candidate's scores at a stage
    Evaluations = evaluations::EvaluationsCmd,
    /// Interviews and their schedules
    Interviews = interviews::InterviewsCmd,
    /// Memos on a candidate: list, read, create, edit, delete, pin
    Memos = memos::MemosCmd,
    /// A candidate's form submissions
    Submissions = submissions::SubmissionsCmd,
    /// Webhook registrations, and a local toolkit to receive, verify and trigger events
    Webhooks = webhooks::WebhooksCmd,
    /// Upload files for use in applications
    #[command(subcommand)]
    Files(commands::files::FilesCmd),
    /// Batch exports: many candidates' submissions or memos, candidates, every form
    Export = export::ExportCmd,
    /// Mirror forms, jobs, candidates, memos and submissions into SQLite or PostgreSQL, incrementally
    #[command(after_help = commands::sync::EXAMPLES)]
    Sync(commands::sync::SyncArgs),
    /// Personal data: erase candidates from every local store, retention runs, the destruction register
    Privacy = privacy::PrivacyCmd,
    /// The access log of personal data shown: list, verify, monthly report, prune
    Audit = audit::AuditCmd,
    /// Reports from the mirror (no request to the service): the hiring pipeline per stage
    Report = report::ReportCmd,
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
    /// Help on a command, or on the global options every command takes (`recruit help options`)
    #[command(after_help = HELP_EXAMPLES)]
    Help(HelpArgs),
}

const HELP_EXAMPLES: &str = "\
Examples:
  recruit help options        # the global options: --sandbox, -o, --jq, --all, --lang, --bom...
  recruit help memos pin      # the same as recruit memos pin --help";

#[derive(Debug, clap::Args)]
pub struct HelpArgs {
    /// `options`, or a command (e.g. `memos pin`)
    #[arg(value_name = "TOPIC", num_args = 0..)]
    pub topic: Vec<String>,
}

/// The command line as people see it: the global options left out of every command's help
/// (one line points to `recruit help options`, ~60 lines a verb's --help no longer repeats)
/// and the help of the most used commands in the language in use. It parses exactly as
/// [`Cli::command`] does (only help text differs); completions and man pages are made from
/// that one, where the global options are listed.
pub fn command() -> clap::Command {
    let lang = crate::i18n::lang();
    let mut root = Cli::command();
    let globals: Vec<clap::Id> = root
        .get_arguments()
        .filter(|a| a.is_global_set())
        .map(|a| a.get_id().clone())
        .collect();
    for id in &globals {
        root = root.mut_arg(id, |a| a.hide(true));
    }
    let root = root.after_help(root_after_help(lang));
    let root = dress(root, "help", lang);
    // The top-level help names the five global options most used, then the examples.
    let after = root
        .get_after_help()
        .map(|a| a.to_string())
        .unwrap_or_default();
    root.after_help(format!(
        "{}\n\n{after}",
        crate::t!("help-most-used-globals")
    ))
}

/// `cmd` and its subcommands with their help translated where `help-ko.ftl` has it (ids:
/// `help-forms-list` the summary, `help-forms-list-long` the long one, `help-forms-list--title`
/// an option, by its id) and the line pointing to the global options after each help.
fn dress(mut cmd: clap::Command, path: &str, lang: crate::i18n::Lang) -> clap::Command {
    use crate::i18n::help_text;
    if let Some(about) = help_text(lang, path) {
        // No long description unless translated: the English one would show under --help,
        // and its presence turns --help into the spread-out layout.
        cmd = match help_text(lang, &format!("{path}-long")) {
            Some(long) => cmd.about(about).long_about(long),
            None => cmd.about(about).long_about(None::<&'static str>),
        };
    }
    // The paragraphs `--help` shows after the summary (`before_long_help`), when translated.
    if let Some(before) = help_text(lang, &format!("{path}-before")) {
        cmd = cmd.before_long_help(before);
    }
    // Every argument defined here, a command's own global ones too (`sync --db`, which its
    // verbs inherit translated when the tree is built); the root's are hidden.
    let own: Vec<clap::Id> = cmd.get_arguments().map(|a| a.get_id().clone()).collect();
    for id in own {
        if let Some(help) = help_text(lang, &format!("{path}--{id}")) {
            // `--help`'s longer form, where the short one would not do (a list of settings).
            let long = help_text(lang, &format!("{path}--{id}-long"));
            cmd = cmd.mut_arg(&id, |a| translated_arg(a, help, long));
        }
    }
    let after = match cmd.get_after_help().map(|a| a.to_string()) {
        Some(a) => format!(
            "{}\n\n{}",
            translate_after_help(&a, path, lang),
            crate::t!("help-options-pointer")
        ),
        None => crate::t!("help-options-pointer"),
    };
    cmd = cmd.after_help(after);
    if lang != crate::i18n::Lang::En {
        cmd = help_chrome(cmd);
    }
    let subs: Vec<String> = cmd
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for name in subs {
        let sub_path = format!("{path}-{name}");
        cmd = cmd.mut_subcommand(&name, |c| dress(c, &sub_path, lang));
    }
    cmd
}

/// An option with its help translated: its variable, its default and its possible values
/// said in the same language (clap would add `[env: X]`, `[default: 300]` and `Possible
/// values:` in English).
fn translated_arg(a: clap::Arg, help: String, long: Option<String>) -> clap::Arg {
    let notes = arg_notes(&a);
    let a = a.help(format!("{help}{notes}"));
    let a = match long {
        Some(l) => a.long_help(format!("{l}{notes}")),
        None => a.long_help(None::<&'static str>),
    };
    a.hide_env(true)
        .hide_default_value(true)
        .hide_possible_values(true)
}

/// What clap would add after an option's help, in the language in use: its variable, its
/// default and its possible values (` [환경 변수: X] [기본값: 7d]`).
fn arg_notes(a: &clap::Arg) -> String {
    let mut help = String::new();
    if let Some(env) = a.get_env().filter(|_| !a.is_hide_env_set()) {
        let name = env.to_string_lossy().into_owned();
        help = format!("{help} [{}]", crate::t!("help-env-var", name = name));
    }
    // A flag (`--yes`) has a default and values of its own (false, true): not worth saying.
    if !a.get_action().takes_values() {
        return help;
    }
    let defaults: Vec<String> = a
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if !defaults.is_empty() && !a.is_hide_default_value_set() && !a.is_positional() {
        let value = defaults.join(",");
        help = format!(
            "{help} [{}]",
            crate::t!("help-default-value", value = value)
        );
    }
    let values: Vec<String> = a
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    if !values.is_empty() && !a.is_hide_possible_values_set() {
        let values = values.join(", ");
        help = format!(
            "{help} [{}]",
            crate::t!("help-possible-values", values = values)
        );
    }
    help
}

/// The notes after a command's help in `lang`, from `help-ko.ftl`: the paragraphs before its
/// examples (`help-memos-pin-note`), the comments of the examples (`help-sync-examples`, one
/// line per example that has a comment, in order) and the paragraphs after them
/// (`help-sync-after`). The examples themselves are commands, the same in every language; a
/// part not translated stays as it is.
fn translate_after_help(after: &str, path: &str, lang: crate::i18n::Lang) -> String {
    use crate::i18n::help_text;
    if lang == crate::i18n::Lang::En {
        return after.to_string();
    }
    let (note, examples) = match after.find("Examples:") {
        Some(at) => (&after[..at], Some(&after[at + "Examples:".len()..])),
        None => (after, None),
    };
    let note = match help_text(lang, &format!("{path}-note")) {
        Some(n) if !note.trim().is_empty() => {
            let gap = if examples.is_some() { "\n\n" } else { "" };
            format!("{n}{gap}")
        }
        _ => note.to_string(),
    };
    let Some(examples) = examples else {
        return note;
    };
    // The examples run to the first blank line; what follows is notes again.
    let (examples, tail) = match examples.find("\n\n") {
        Some(at) => (&examples[..at], Some(&examples[at + 2..])),
        None => (examples, None),
    };
    let comments = help_text(lang, &format!("{path}-examples"));
    let examples = match comments {
        Some(c) => commented(examples, c.lines().collect()),
        None => examples.to_string(),
    };
    let tail = match (tail, help_text(lang, &format!("{path}-after"))) {
        (Some(_), Some(t)) => format!("\n\n{t}"),
        (Some(t), None) => format!("\n\n{t}"),
        (None, _) => String::new(),
    };
    let heading = crate::t!("help-examples-heading");
    format!("{note}{heading}{examples}{tail}")
}

/// `examples` with the comment of each line that has one (`  recruit sync   # into ...`)
/// replaced by the next of `comments`, aligned where the English one was.
fn commented(examples: &str, comments: Vec<&str>) -> String {
    let mut comments = comments.into_iter().peekable();
    let lines: Vec<String> = examples
        .split('\n')
        .map(
            |line| match (line.find(" # "), comments.next_if(|_| line.contains(" # "))) {
                (Some(at), Some(c)) => format!("{}{c}", &line[..at + 3]),
                _ => line.to_string(),
            },
        )
        .collect();
    lines.join("\n")
}

/// clap's own words in a command's help in the language in use: the headings (its template,
/// with a section only where the command has something to list) and the help of -h and -V
/// (explicit flags in place of clap's, which only speak English).
fn help_chrome(cmd: clap::Command) -> clap::Command {
    use clap::{Arg, ArgAction};
    // -h and -V alike: the short and long flag, clap's action, the help in the language in use.
    let flag = |name: &'static str, short: char, action: ArgAction, help: String| {
        Arg::new(name)
            .short(short)
            .long(name)
            .action(action)
            .help(help)
    };
    let mut cmd = cmd
        .disable_help_flag(true)
        .disable_version_flag(true)
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand_help_heading(crate::t!("help-heading-commands"))
        .arg(flag(
            "help",
            'h',
            ArgAction::Help,
            crate::t!("help-flag-help"),
        ))
        .arg(flag(
            "version",
            'V',
            ArgAction::Version,
            crate::t!("help-flag-version"),
        ));
    let shown = |a: &&clap::Arg| !a.is_hide_set();
    let positionals = cmd.get_positionals().filter(shown).count() > 0;
    let options = cmd
        .get_arguments()
        .filter(|a| !a.is_positional())
        .filter(shown)
        .count()
        > 0;
    let commands = cmd.get_subcommands().any(|c| !c.is_hide_set());
    let mut template = format!(
        "{{before-help}}{{about-with-newline}}\n{}: {{usage}}",
        crate::t!("help-heading-usage")
    );
    for (has, heading, tag) in [
        (commands, "help-heading-commands", "{subcommands}"),
        (positionals, "help-heading-arguments", "{positionals}"),
        (options, "help-heading-options", "{options}"),
    ] {
        if has {
            let heading = crate::i18n::text(heading, None);
            template.push_str(&format!("\n\n{heading}:\n{tag}"));
        }
    }
    template.push_str("{after-help}");
    cmd = cmd.help_template(template);
    cmd
}

/// `recruit help options`: every global option with its variable, in the language in use.
pub fn options_help() -> String {
    let lang = crate::i18n::lang();
    let root = Cli::command();
    let mut list = clap::Command::new("recruit")
        .disable_help_flag(true)
        .disable_version_flag(true)
        .max_term_width(100)
        .help_template("{options}");
    for a in root.get_arguments().filter(|a| a.is_global_set()) {
        let mut a = a.clone().global(false).hide(false).hide_short_help(false);
        if let Some(help) = crate::i18n::help_text(lang, &format!("global--{}", a.get_id())) {
            a = translated_arg(a, help, None);
        }
        list = list.arg(a);
    }
    format!(
        "{}\n\n{}\n",
        crate::t!("help-options-intro"),
        list.render_long_help().to_string().trim_end()
    )
}

/// `recruit help [TOPIC...]`.
fn help(ctx: &Ctx, args: HelpArgs) -> Result<(), crate::Error> {
    let topic: Vec<&str> = args.topic.iter().map(String::as_str).collect();
    let text = match topic.as_slice() {
        ["options"] => options_help(),
        path => {
            let mut cmd = command();
            cmd.build();
            let mut at = &mut cmd;
            for (i, name) in path.iter().enumerate() {
                let known: Vec<String> = at
                    .get_subcommands()
                    .filter(|c| !c.is_hide_set())
                    .map(|c| c.get_name().to_string())
                    .collect();
                at = match at.find_subcommand_mut(name) {
                    Some(c) => c,
                    None => {
                        return Err(crate::Error::usage(crate::msg!(
                            "help-unknown-topic",
                            topic = path[..=i].join(" "),
                            known = known.join(", ")
                        )))
                    }
                };
            }
            at.render_long_help().to_string()
        }
    };
    ctx.io.outln(format_args!("{}", text.trim_end()))
}

/// The language before the command line is parsed, for its help: `--lang X` among the
/// arguments, RECRUIT_LANG, the profile's `lang`, the locale. The settings decide again once
/// parsed (and report a bad value); this reading only chooses the help's language.
fn early_lang() -> crate::i18n::Lang {
    use crate::i18n::Lang;
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let (mut flag, mut profile) = (None, None);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--" => break,
            "--lang" => flag = it.next().cloned(),
            "--profile" => profile = it.next().cloned(),
            _ => {
                if let Some(v) = a.strip_prefix("--lang=") {
                    flag = Some(v.to_string());
                } else if let Some(v) = a.strip_prefix("--profile=") {
                    profile = Some(v.to_string());
                }
            }
        }
    }
    let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    flag.and_then(|f| Lang::from_code(&f))
        .or_else(|| var("RECRUIT_LANG").and_then(|v| Lang::from_code(&v)))
        .or_else(|| {
            let config = crate::config::Config::load().ok()?;
            let profile = profile
                .or_else(|| var("RECRUIT_PROFILE"))
                .unwrap_or_else(|| crate::config::DEFAULT_PROFILE.to_string());
            config
                .get(&profile, crate::settings::Key::Lang)
                .and_then(|v| Lang::from_code(&v))
        })
        .unwrap_or_else(|| Lang::from_locale(var))
}

/// The command line parsed. Most runs are a command that parses: for them the tree is read as
/// the derive builds it, without the help dressed in the language for every command, and with
/// each noun's verbs and options built only when the line reaches it ([`lazy`]): building the
/// whole tree was most of start-up's CPU. Help, the version and usage errors are rendered from
/// the tree people see, [`command`], so a line refused here is parsed again with it (they parse
/// alike: only help text and, in other languages, the explicit -h and -V differ), and its
/// answer stands.
fn parsed() -> Result<clap::ArgMatches, clap::Error> {
    match lazy::deferred(Cli::command).try_get_matches() {
        // The version reads the same in every language.
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayVersion => Err(e),
        Err(_) => command().try_get_matches(),
        ok => ok,
    }
}

/// A run that sends a request or a few and prints the answer waits on the network, not on the
/// CPU: a runtime on the main thread serves it without starting and waking worker threads
/// (a third of a short run's context switches, and most of its wait on a busy machine). Long
/// or parallel work (exports, sync, listeners, servers, the in-process sandbox, `--all`, the
/// wizard, which blocks on the terminal) keeps the multi-thread runtime. A report waits on the
/// mirror's own thread.
fn one_thread_will_do(cli: &Cli) -> bool {
    use commands::forms::FormsCmd;
    if cli.globals.sandbox || cli.globals.all {
        return false;
    }
    match &cli.command {
        Command::Forms(Lazy(f)) => matches!(f, FormsCmd::List(_) | FormsCmd::Get(_)),
        Command::Candidates(_)
        | Command::Jobs(_)
        | Command::Evaluations(_)
        | Command::Interviews(_)
        | Command::Memos(_)
        | Command::Submissions(_)
        | Command::Report(_)
        | Command::Auth(_)
        | Command::Config(_)
        | Command::Completions(_)
        | Command::Help(_) => true,
        _ => false,
    }
}

/// The command tree as a run parses it (each noun built when reached): what the access log
/// reads a command line against.
pub(crate) fn command_tree() -> clap::Command {
    lazy::deferred(Cli::command)
}

/// Parse the command line, run the command, and return the process exit code: the one place
/// that decides how the process ends ([`Ending`]); `main` exits with it.
pub fn main_entry() -> i32 {
    use clap::FromArgMatches;
    crate::i18n::set_lang(early_lang());
    let matches = match parsed() {
        Ok(m) => m,
        Err(e) => return clap_ending(&e, json_output_asked(std::env::args_os())),
    };
    let mut cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(e) => return clap_ending(&e, json_output_asked(std::env::args_os())),
    };
    cli.globals.origins = Origins::from_matches(&matches);
    // Read: the process ends without freeing it (see the end of `run`).
    std::mem::forget(matches);
    let mut builder = if one_thread_will_do(&cli) {
        tokio::runtime::Builder::new_current_thread()
    } else {
        tokio::runtime::Builder::new_multi_thread()
    };
    let runtime = match builder.enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            crate::elog!(
                "{}: {}",
                crate::t!("word-error"),
                crate::t!(
                    "runtime-failed",
                    error = recruit_client::error::cause_of(&e).said()
                )
            );
            return 1;
        }
    };
    let code = runtime.block_on(run(cli));
    // Don't wait on background tasks (e.g. a webhook delivery still sleeping) at exit.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    code
}

/// Help, version or a usage error from clap: printed, with its status; help cut short by a
/// closed pipe is not a success. A usage error for a program (`json`, see
/// [`json_output_asked`]) with stderr not a terminal is the JSON envelope.
fn clap_ending(e: &clap::Error, json: bool) -> i32 {
    if e.use_stderr() && json && !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        // clap's sentence, translated by `clap_error` where it has the words.
        let err = crate::Error::usage(crate::error::Verbatim::composed(clap_message(e)));
        crate::elog!("{}", err.envelope());
        return err.exit_code();
    }
    if !e.use_stderr() && crate::io::stdout_missing() {
        // Help or the version, for a stdout that is not there: the same failure as a result's.
        let err = crate::Error::stdout_failed(std::io::Error::other(crate::t!("stdout-not-open")));
        crate::elog!("{}: {}", crate::t!("word-error"), err.message);
        return err.exit_code();
    }
    let printed = match clap_error::clap_translated(e) {
        Some(text) => {
            use std::io::Write as _;
            writeln!(std::io::stderr(), "{text}")
        }
        None => e.print(),
    };
    match printed {
        Err(pe) if pe.kind() == std::io::ErrorKind::BrokenPipe => {
            crate::ExitKind::OutputClosed.code()
        }
        _ => e.exit_code(),
    }
}

/// Whether the command line asked for JSON output (`-o json`, `--output=ndjson`, `-ojson`, or
/// RECRUIT_OUTPUT), read by hand: clap refused the line, so its own reading is not there. The
/// profile's `output` is not read for this (the config may be what is broken).
pub(crate) fn json_output_asked(args: impl IntoIterator<Item = std::ffi::OsString>) -> bool {
    let mut asked = std::env::var("RECRUIT_OUTPUT")
        .ok()
        .and_then(|v| Format::parse(&v));
    let mut args = args
        .into_iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned());
    while let Some(arg) = args.next() {
        if arg == "--" {
            break;
        }
        let value = if arg == "-o" || arg == "--output" {
            args.next()
        } else if let Some(v) = arg.strip_prefix("--output=") {
            Some(v.to_string())
        } else {
            arg.strip_prefix("-o")
                .filter(|_| !arg.starts_with("--"))
                .map(|v| v.trim_start_matches('=').to_string())
        };
        if let Some(f) = value.as_deref().and_then(Format::parse) {
            asked = Some(f);
        }
    }
    asked.is_some_and(Format::is_json)
}

/// clap's error as one sentence: its text without the `error: ` lead, the usage lines and the
/// pointer to `--help` (the sentence names the flag or value and, where clap has one, the tip).
fn clap_message(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let kept: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| {
            !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more information")
        })
        .collect();
    kept.join(" ").trim_start_matches("error: ").to_string()
}

/// Run the command line in the process's own streams; returns the exit code.
pub(crate) async fn run(cli: Cli) -> i32 {
    let json = cli.globals.output.is_some_and(Format::is_json);
    let verbose_flag = cli.globals.verbose;
    let mut ctx = match Ctx::new(cli.globals) {
        Ok(ctx) => ctx,
        Err(e) => {
            let e = crate::Error::from_anyhow(e, crate::msg!("cannot-start"));
            // No context, so no Io yet: the process's own stderr, in the same shape.
            let io = crate::io::Io::system(crate::io::Term::detect(Default::default()));
            io.set_json_messages(json);
            // A failure before there is a context (a damaged config file): `-v` or
            // RECRUIT_DEBUG, read here only, off the path of every run that starts.
            let verbose = verbose_flag || crate::settings::Environ::from_process().debug;
            if let (true, false, Some(d)) = (verbose, json, e.untold_detail()) {
                let line = crate::t!("error-detail", detail = d);
                let _ = std::io::Write::write_fmt(
                    &mut io.stderr(),
                    format_args!("{}\n", crate::output::text::safe_line(&line)),
                );
            }
            io.error(&e, &error_line(&e));
            return e.exit_code();
        }
    };
    ctx.tree = Some(command_tree);
    // The one place the language is decided (flag > env > profile > locale).
    match ctx.settings().lang() {
        Ok(lang) => crate::i18n::set_lang(lang),
        Err(e) => {
            crate::say!(ctx.io, "{}: {}", crate::t!("word-error"), error_line(&e));
            return e.exit_code();
        }
    }
    // A profile, variable or flag that contradicts the machine's policy runs nothing; `config`
    // still runs, so the setting can be removed (and refuses to set one).
    let result = match &cli.command {
        Command::Config(_) => Ok(()),
        _ => ctx.settings().check_policy(),
    };
    let result = match result {
        Ok(()) => dispatch(&mut ctx, cli.command).await,
        Err(e) => Err(e),
    };
    crate::output::sheet::report_unmapped(&ctx.io);
    ctx.finish().await;
    let ending = Ending::of(result, &ctx.io);
    // The library's own words behind a failure ours put in words (the JSON envelope has them).
    if let Ending::Failed(e) = &ending {
        let detail = e.untold_detail().filter(|_| !ctx.io.json_messages());
        if let (true, Some(d)) = (ctx.settings().verbose(), detail) {
            let line = crate::t!("error-detail", detail = d);
            let _ = std::io::Write::write_fmt(
                &mut ctx.io.stderr(),
                format_args!("{}\n", crate::output::text::safe_line(&line)),
            );
        }
    }
    ending.report(&ctx.io);
    let code = ending.code();
    // The process ends right after this (only `main` exits): freeing the context (the
    // client's pool, the config, the streams' handles) is work nobody waits for, and nothing
    // in it is left to write (every sink is unbuffered; std's stdout is flushed at the exit).
    std::mem::forget(ctx);
    code
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
            io.error(e, &error_line(e));
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
        Command::Forms(Lazy(c)) => commands::forms::run(ctx, c).await,
        Command::Memos(Lazy(c)) => commands::memos::run(ctx, c).await,
        Command::Submissions(Lazy(c)) => commands::submissions::run(ctx, c).await,
        Command::Candidates(Lazy(c)) => commands::candidates::run(ctx, c).await,
        Command::Jobs(Lazy(c)) => commands::jobs::run(ctx, c).await,
        Command::Evaluations(Lazy(c)) => commands::evaluations::run(ctx, c).await,
        Command::Interviews(Lazy(c)) => commands::interviews::run(ctx, c).await,
        Command::Webhooks(Lazy(c)) => commands::webhooks::run(ctx, c).await,
        Command::Files(Lazy(c)) => commands::files::run(ctx, c).await,
        Command::Export(Lazy(c)) => commands::export::run(ctx, c).await,
        Command::Sync(Lazy(a)) => commands::sync::run(ctx, a).await,
        Command::Privacy(Lazy(c)) => commands::privacy::run(ctx, c).await,
        Command::Audit(Lazy(c)) => commands::audit::run(ctx, c).await,
        Command::Report(Lazy(c)) => commands::report::run(ctx, c).await,
        Command::Api(Lazy(a)) => commands::api::run(ctx, a).await,
        Command::Sandbox(Lazy(a)) => commands::sandbox::run(ctx, a).await,
        Command::Mcp(Lazy(a)) => commands::mcp::run(ctx, a).await,
        Command::Auth(Lazy(c)) => commands::auth::run(ctx, c).await,
        Command::Config(Lazy(c)) => commands::config::run(ctx, c).await,
        Command::Completions(Lazy(a)) => completions::run(ctx, a),
        Command::Help(Lazy(a)) => help(ctx, a),
    }
}

#[cfg(test)]
mod tests {
    use super::json_output_asked;

    #[test]
    fn json_output_is_read_from_every_spelling_of_the_flag() {
        let asked = |line: &str| json_output_asked(line.split(' ').map(std::ffi::OsString::from));
        for line in [
            "recruit -o json forms list",
            "recruit forms list --output ndjson",
            "recruit --output=json x",
            "recruit -ojson x",
            "recruit -o=ndjson x",
            "recruit -v -o json --bogus",
        ] {
            assert!(asked(line), "{line}");
        }
        for line in [
            "recruit forms list",
            "recruit -o table x",
            "recruit -o json -o table x",
            "recruit -- -o json",
            "recruit --jq -o",
        ] {
            assert!(!asked(line), "{line}");
        }
    }
}
