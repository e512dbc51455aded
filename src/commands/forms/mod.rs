//! `recruit forms list|get|apply`.

pub(crate) mod apply;

use clap::{Args, Subcommand};

use crate::commands::{print_list, print_record};
use crate::context::Ctx;
use crate::ops::forms;
use crate::output::Kind;

/// Examples under `recruit forms --help`.
pub(crate) const EXAMPLES: &str = "\
Examples:
  recruit forms list --title designer
  recruit forms get FORM-1001
  recruit forms apply FORM-1001                # the wizard, on a terminal
  recruit forms apply FORM-1001 --answers answers.json --dry-run";

#[derive(Debug, Subcommand)]
pub enum FormsCmd {
    /// List application forms (job postings)
    #[command(after_help = "Examples:
  recruit forms list
  recruit forms list --title designer
  recruit forms list --all -o csv > forms.csv
  recruit forms list --all --jq '.[] | select(.expired | not) | .code'")]
    List(ListArgs),
    /// Show one form with its questions
    #[command(after_help = "Examples:
  recruit forms get FORM-1001
  recruit forms get FORM-1001 --jq '.resource.questions[] | {order, kind, title}'")]
    Get(GetArgs),
    // `about` as an attribute, not a doc comment: a doc comment would also reset the
    // long description that ApplyArgs carries.
    #[command(
        about = "Submit an application: from an answers file, or through an interactive wizard"
    )]
    Apply(apply::ApplyArgs),
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Only forms whose title (or job group) matches
    #[arg(long, value_name = "T")]
    pub title: Option<String>,
    /// Start at this page: a token, or the next_page_token address of a previous answer
    #[arg(long, value_name = "T")]
    pub page_token: Option<String>,
    /// Page size (1-100)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub per: Option<u32>,
}

#[derive(Debug, Args)]
pub struct GetArgs {
    /// Form code
    pub code: String,
}

pub(crate) async fn run(ctx: &mut Ctx, cmd: FormsCmd) -> Result<(), crate::Error> {
    match cmd {
        FormsCmd::List(a) => {
            let o = forms::ListOptions {
                title: a.title,
                page_token: a.page_token,
                per: a.per,
            };
            print_list(ctx, Kind::Form, |c| Ok(forms::list(c, &o))).await
        }
        FormsCmd::Get(a) => {
            print_record(ctx, Kind::Form, async |c| forms::get(c, &a.code).await).await
        }
        FormsCmd::Apply(a) => apply::run(ctx, a).await,
    }
}
