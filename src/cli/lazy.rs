//! A noun of the command tree whose options and verbs are built only when the command line
//! reaches it (clap's `Command::defer`), for the parse of a run: building all ~150 commands
//! with their options was most of start-up's CPU, and a run parses one. The tree for people
//! (help, usage errors, completions, man pages) is built whole, exactly as before.

use std::cell::Cell;

use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};

thread_local! {
    static DEFERRED: Cell<bool> = const { Cell::new(false) };
}

/// `build`'s tree with each noun's options and verbs left until the parser reaches it.
pub(crate) fn deferred(build: impl FnOnce() -> Command) -> Command {
    DEFERRED.with(|d| d.set(true));
    let cmd = build();
    DEFERRED.with(|d| d.set(false));
    cmd
}

fn later(cmd: Command, build: fn(Command) -> Command) -> Command {
    if DEFERRED.with(Cell::get) {
        cmd.defer(build)
    } else {
        build(cmd)
    }
}

/// A noun's own part of the command line (its verbs, or its options): `T`, built lazily.
#[derive(Debug)]
pub struct Lazy<T>(pub T);

impl<T: FromArgMatches> FromArgMatches for Lazy<T> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(m).map(Lazy)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(m)
    }
}

impl<T: Subcommand> Subcommand for Lazy<T> {
    fn augment_subcommands(cmd: Command) -> Command {
        later(cmd, T::augment_subcommands)
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        later(cmd, T::augment_subcommands_for_update)
    }

    fn has_subcommand(name: &str) -> bool {
        T::has_subcommand(name)
    }
}

impl<T: Args> Args for Lazy<T> {
    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }

    fn augment_args(cmd: Command) -> Command {
        later(cmd, T::augment_args)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        later(cmd, T::augment_args_for_update)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every argument of every command, as parsing reads it (order aside: global options are
    /// propagated into a deferred command before its own are added).
    fn shape(cmd: &Command, path: &str, out: &mut Vec<String>) {
        for a in cmd.get_arguments() {
            out.push(format!(
                "{path} {:?} long={:?} short={:?} aliases={:?} index={:?} required={} global={} \
                 num_args={:?} action={:?} env={:?} defaults={:?} conflicts={:?}",
                a.get_id(),
                a.get_long(),
                a.get_short(),
                a.get_all_aliases(),
                a.get_index(),
                a.is_required_set(),
                a.is_global_set(),
                a.get_num_args(),
                a.get_action(),
                a.get_env(),
                a.get_default_values(),
                cmd.get_arg_conflicts_with(a)
                    .iter()
                    .map(|c| c.get_id().to_string())
                    .collect::<Vec<_>>(),
            ));
        }
        for sub in cmd.get_subcommands() {
            let p = format!("{path} {}", sub.get_name());
            out.push(format!(
                "{p} aliases={:?} required={} else_help={}",
                sub.get_all_aliases().collect::<Vec<_>>(),
                sub.is_subcommand_required_set(),
                sub.is_arg_required_else_help_set(),
            ));
            shape(sub, &p, out);
        }
    }

    fn built(mut cmd: Command) -> Vec<String> {
        cmd.build();
        let mut out = Vec::new();
        shape(&cmd, "recruit", &mut out);
        out.sort();
        out
    }

    #[test]
    fn the_deferred_tree_parses_as_the_whole_one() {
        let lazy = deferred(crate::cli::Cli::command);
        // Deferred indeed: a noun has no verbs until the parser reaches it.
        let forms = lazy.find_subcommand("forms").expect("forms");
        assert_eq!(forms.get_subcommands().count(), 0);
        let whole = crate::cli::Cli::command();
        assert!(
            whole
                .find_subcommand("forms")
                .expect("forms")
                .get_subcommands()
                .count()
                > 2
        );
        let (lazy, whole) = (built(lazy), built(whole));
        assert!(whole.len() > 500, "{} arguments", whole.len());
        assert_eq!(lazy, whole);
    }

    /// What a command line gave each argument, down the subcommands: where it came from, its
    /// raw values and, when typed, where on the line (defaults have no place that matters).
    fn read(m: &ArgMatches) -> Vec<String> {
        let mut out: Vec<String> = m
            .ids()
            .filter_map(|id| {
                let id = id.as_str();
                // A subcommand's global option is seen from its parent too, where it is no
                // argument: it is read in the subcommand.
                let raw: Vec<String> = m
                    .try_get_raw(id)
                    .ok()?
                    .into_iter()
                    .flatten()
                    .map(|v| v.to_string_lossy().into_owned())
                    .collect();
                let source = m.value_source(id);
                let at: Vec<usize> = match source {
                    Some(clap::parser::ValueSource::CommandLine) => {
                        m.indices_of(id).into_iter().flatten().collect()
                    }
                    _ => Vec::new(),
                };
                Some(format!("{id} {source:?} {raw:?} {at:?}"))
            })
            .collect();
        out.sort();
        if let Some((name, sub)) = m.subcommand() {
            out.push(format!("> {name}"));
            out.extend(read(sub));
        }
        out
    }

    #[test]
    fn a_line_parses_alike_through_either_tree() {
        for line in [
            "recruit forms list --title designer --limit 3 -o json",
            "recruit --sandbox memos pin C1001 101",
            "recruit sync --db /tmp/x.db",
            "recruit report pipeline --by job -o csv",
        ] {
            let args: Vec<&str> = line.split(' ').collect();
            let lazy = deferred(crate::cli::Cli::command)
                .try_get_matches_from(&args)
                .expect(line);
            let whole = crate::cli::Cli::command()
                .try_get_matches_from(&args)
                .expect(line);
            assert_eq!(read(&lazy), read(&whole), "{line}");
        }
    }
}
