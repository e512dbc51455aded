//! `recruit completions SHELL`.

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::cli::Cli;
use crate::context::Ctx;

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  recruit completions bash > ~/.local/share/bash-completion/completions/recruit\n  recruit completions zsh > \"${fpath[1]}/_recruit\"\n  recruit completions fish > ~/.config/fish/completions/recruit.fish"
)]
pub struct CompletionsArgs {
    /// bash, zsh, fish, powershell or elvish
    #[arg(value_enum)]
    pub shell: Shell,
}

pub(crate) fn run(ctx: &mut Ctx, args: CompletionsArgs) -> Result<(), crate::Error> {
    let mut cmd = Cli::command();
    // Generated into memory first: clap_complete panics on a failed write; a closed pipe
    // (`recruit completions bash | head`) is the quiet end `main` gives every command.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "recruit", &mut script);
    let mut out = ctx.io.stdout();
    std::io::Write::write_all(&mut out, &script)
        .and_then(|()| std::io::Write::flush(&mut out))
        .map_err(crate::Error::stdout_failed)
}
