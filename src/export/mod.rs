//! Batch export: the submissions or memos of many candidates, and every application form.
//!
//! - [`run::export_candidates`]: candidates are fetched concurrently (at most `concurrency`
//!   requests in flight, lowered while the service answers 429), each candidate's records are
//!   encoded as its pages arrive into a [`segment::Segment`] (memory up to a threshold, then a
//!   temporary file), and one writer thread appends complete candidates to the output through a
//!   bounded channel. Memory does not grow with the number of candidates.
//! - With an output file, records go to `FILE.partial` and a journal `FILE.progress` records
//!   which candidates are in it up to which byte offset ([`journal`]), so an export stopped in
//!   any way (crash, `kill -9`, Ctrl-C) continues with `--resume` and holds every record exactly
//!   once; `FILE` appears only when the export is complete.
//! - Candidates come from a file of codes or from the candidate list itself (every page, at
//!   one stage), walked while the export runs ([`feed`]); `export candidates` writes the
//!   candidates themselves (their list items, or each one's detail).
//! - [`forms::export_forms`]: every form of every page, optionally with each form's detail
//!   (questions) fetched concurrently, written in list order.

pub(crate) mod candidates;
pub(crate) mod feed;
pub(crate) mod forms;
pub(crate) mod journal;
pub(crate) mod progress;
pub(crate) mod registry;
pub(crate) mod run;
pub(crate) mod segment;
pub(crate) mod sink;
pub(crate) mod walk;

pub(crate) use crate::output::encode::Encoder;
pub(crate) use candidates::CandidateList;
pub(crate) use feed::Candidates;
pub(crate) use forms::{export_forms, FormsExport};
pub(crate) use run::{export_candidates, CandidateExport, Report, Subject};

/// What every export has besides its subject: the client, how and where records are written,
/// and how it runs.
pub(crate) struct Setup {
    pub client: crate::api::Client,
    pub encoder: Encoder,
    /// `None`: standard output (no resume).
    pub out: Option<std::path::PathBuf>,
    /// Standard output, where the records go without `out`.
    pub stdout: Box<dyn std::io::Write + Send>,
    /// Most requests in flight (1..=64).
    pub concurrency: usize,
    /// Draw a progress bar (on `stderr`, when it is a terminal).
    pub progress: bool,
    /// Standard error: the bar, and notes such as an interruption's.
    pub stderr: crate::io::ErrStream,
    /// Stop cleanly on Ctrl-C / SIGTERM (off in library use where the caller handles signals).
    pub handle_signals: bool,
}

/// A writer or file task of an export that panicked or was cancelled: the error keeps its cause.
pub(crate) fn writer_stopped(e: tokio::task::JoinError) -> crate::Error {
    crate::Error::caused(
        crate::ExitKind::Other,
        crate::msg!("export-writer-stopped"),
        e,
    )
}

pub(crate) use recruit_client::files::{open_existing, open_or_create, private_file};
