//! Stop signals, watched the same way by every long-running command (exports, sync, the
//! listener, the sandbox), each from its start: a signal that comes before anything watches
//! for it gets the default disposition (the process is killed, nothing is saved), and one that
//! comes between two waits would be lost.

/// Ctrl-C and SIGTERM, watched from the moment this is made until it is dropped: a second
/// signal that arrives while the first is being handled is kept for the next [`Stops::next`],
/// where a fresh `tokio::signal::ctrl_c()` per wait would miss it.
pub(crate) struct Stops {
    /// None when not watching, or when the signals can't be watched: `next` never resolves.
    #[cfg(unix)]
    streams: Option<(tokio::signal::unix::Signal, tokio::signal::unix::Signal)>,
    #[cfg(not(unix))]
    watching: bool,
}

impl Stops {
    pub(crate) fn new() -> Stops {
        Stops::watching(true)
    }

    /// Watching or not (a library caller that handles signals itself): when not, `next`
    /// never resolves.
    pub(crate) fn watching(on: bool) -> Stops {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            let streams = on
                .then(|| {
                    signal(SignalKind::interrupt())
                        .and_then(|i| Ok((i, signal(SignalKind::terminate())?)))
                        .ok()
                })
                .flatten();
            Stops { streams }
        }
        #[cfg(not(unix))]
        Stops { watching: on }
    }

    /// The next Ctrl-C or SIGTERM. Never resolves when signals aren't watched.
    pub(crate) async fn next(&mut self) {
        #[cfg(unix)]
        match &mut self.streams {
            Some((int, term)) => {
                tokio::select! {
                    _ = int.recv() => {}
                    _ = term.recv() => {}
                }
            }
            None => std::future::pending::<()>().await,
        }
        #[cfg(not(unix))]
        if !self.watching || tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}
