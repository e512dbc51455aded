//! How a batch (an export, a sync: many records, each of which may fail on its own) ends, as
//! an exit code: one rule for every batch command, so they cannot drift apart.

use crate::error::ExitKind;

/// What decides a batch's exit, in this order: a failure that stopped the run (its own
/// code, whatever happened after it), then Ctrl-C (130), then the records that failed (the
/// most severe kind among them), then success.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchExit {
    Fatal,
    Interrupted,
    Failed(ExitKind),
    Done,
}

/// The exit of a batch that was stopped by a fatal error (`fatal`), by Ctrl-C
/// (`interrupted`), or met these failures of single records.
pub fn batch_exit(
    fatal: bool,
    interrupted: bool,
    failures: impl IntoIterator<Item = ExitKind>,
) -> BatchExit {
    if fatal {
        return BatchExit::Fatal;
    }
    if interrupted {
        return BatchExit::Interrupted;
    }
    failures
        .into_iter()
        .min_by_key(|k| severity(*k))
        .map_or(BatchExit::Done, BatchExit::Failed)
}

/// How severe a record's failure is, most severe first: bad input or a refused key or
/// permission (which no retry fixes) before a rejected request, a rate limit, a network
/// failure (7: the network and the service's 5xx), any other failure, and a record not found.
pub fn severity(kind: ExitKind) -> u8 {
    match kind {
        ExitKind::Usage => 0,
        ExitKind::Auth => 1,
        ExitKind::Rejected => 2,
        ExitKind::RateLimited => 3,
        ExitKind::Network => 4,
        ExitKind::Other => 5,
        ExitKind::NotFound => 6,
        _ => 7,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ExitKind::*;

    #[test]
    fn the_table() {
        let rows: &[(bool, bool, &[ExitKind], BatchExit)] = &[
            (false, false, &[], BatchExit::Done),
            // A fatal error keeps its code over Ctrl-C and over failed records.
            (true, true, &[Auth], BatchExit::Fatal),
            (true, false, &[], BatchExit::Fatal),
            // Ctrl-C over failed records.
            (false, true, &[Network], BatchExit::Interrupted),
            // Records that failed for the network or 5xx alone: exit 7.
            (
                false,
                false,
                &[Network, Network],
                BatchExit::Failed(Network),
            ),
            // The most severe kind decides: auth 4 over rejected 5 over 429 6 over network 7.
            (
                false,
                false,
                &[Network, Auth, Rejected],
                BatchExit::Failed(Auth),
            ),
            (
                false,
                false,
                &[Network, Rejected],
                BatchExit::Failed(Rejected),
            ),
            (
                false,
                false,
                &[Network, RateLimited],
                BatchExit::Failed(RateLimited),
            ),
            (false, false, &[Other, Network], BatchExit::Failed(Network)),
            (false, false, &[NotFound, Other], BatchExit::Failed(Other)),
            (false, false, &[NotFound], BatchExit::Failed(NotFound)),
            (false, false, &[Usage, Auth], BatchExit::Failed(Usage)),
        ];
        for (fatal, interrupted, failures, want) in rows {
            assert_eq!(
                batch_exit(*fatal, *interrupted, failures.iter().copied()),
                *want,
                "{fatal} {interrupted} {failures:?}"
            );
        }
        assert_eq!(
            BatchExit::Failed(Network),
            batch_exit(false, false, [Network])
        );
        assert_eq!(Network.code(), 7);
    }
}
