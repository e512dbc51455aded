//! `recruit completions SHELL`.

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::cli::{Cli, Ctx};

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  recruit completions bash > ~/.local/share/bash-completion/completions/recruit\n  recruit completions zsh > \"${fpath[1]}/_recruit\"\n  recruit completions fish > ~/.config/fish/completions/recruit.fish"
)]
pub struct CompletionsArgs {
    /// bash, zsh, fish, powershell or elvish
    #[arg(value_enum)]
    pub shell: Shell,
}

pub fn run(_ctx: &mut Ctx, args: CompletionsArgs) -> anyhow::Result<()> {
    let mut cmd = Cli::command();
    clap_complete::generate(args.shell, &mut cmd, "recruit", &mut std::io::stdout());
    Ok(())
}
