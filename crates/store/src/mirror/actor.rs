//! The mirror on a thread of its own: both database clients are synchronous, and a sync's
//! workers are async tasks, so every store call is sent to one thread that owns the
//! connection and answered through a oneshot channel. Calls are served in order, one at a
//! time: the database sees one writer.

use super::Mirror;
use crate::error::Error;

type Job = Box<dyn FnOnce(&mut Mirror) + Send>;

/// A handle to the mirror's thread; cheap to clone. The thread (and the connection, with
/// its locks) ends when the last handle is dropped.
#[derive(Clone)]
pub struct MirrorActor {
    tx: std::sync::mpsc::Sender<Job>,
    /// What the mirror is, in the words for programs (reports, JSON: the same in every
    /// language).
    pub shown: String,
    /// What the mirror is, for the front end to word for people (see [`Mirror::describe`]).
    pub described: crate::msg::Msg,
}

impl MirrorActor {
    /// Open the mirror on its thread (opening blocks: it may connect over the network),
    /// writing times read from the system's clock.
    pub async fn open(
        target: super::Target,
        net: recruit_core::tls::NetSettings,
        access: super::Access,
    ) -> Result<MirrorActor, Error> {
        Self::open_with_clock(target, net, access, recruit_core::clock::system()).await
    }

    /// Open the mirror on its thread, writing times read from `clock`.
    pub async fn open_with_clock(
        target: super::Target,
        net: recruit_core::tls::NetSettings,
        access: super::Access,
        clock: recruit_core::clock::SharedClock,
    ) -> Result<MirrorActor, Error> {
        let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
        let (tx, rx) = std::sync::mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("recruit-sync-store".into())
            .spawn(move || {
                let mut mirror = match Mirror::open(&target, &net, access) {
                    Ok(m) => {
                        let m = m.with_clock(clock);
                        let _ = ready_tx.send(Ok(m.describe()));
                        m
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                while let Ok(job) = rx.recv() {
                    job(&mut mirror);
                }
            })
            .map_err(|e| {
                Error::caused(
                    crate::ExitKind::Other,
                    crate::msg!("mirror-thread-start"),
                    e,
                )
            })?;
        let described = ready_rx
            .await
            .map_err(|_| Error::other(crate::msg!("mirror-thread-stopped-opening")))??;
        Ok(MirrorActor {
            tx,
            shown: described.for_programs(),
            described,
        })
    }

    /// Run `f` on the mirror and wait for its answer.
    pub async fn call<R: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Mirror) -> Result<R, Error> + Send + 'static,
    ) -> Result<R, Error> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.tx
            .send(Box::new(move |m| {
                let _ = tx.send(f(m));
            }))
            .map_err(|_| Error::other(crate::msg!("mirror-thread-stopped")))?;
        rx.await
            .map_err(|_| Error::other(crate::msg!("mirror-thread-stopped-call")))?
    }
}
