//! Where a candidate export takes its candidates from, and how they reach the workers: a file
//! of codes ([`CandidateList`]), or the candidate list itself (every page, at one stage),
//! walked while the export runs so the first records are written before the last page is read.
//!
//! Either way a producer task sends the candidates not done yet, in order, through a bounded
//! channel; a worker takes the next one with its index (its place in the output). The codes
//! are known before they are handed out ([`Ahead`]: a file's all at once, the list's read up
//! to about 1,000 candidates beyond what was handed out), so the writer can log the next 1,000
//! before writing the first of them.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use serde_json::Value;
use sha2::{Digest, Sha256};
use tokio::sync::{mpsc, watch, Mutex};

use super::candidates::CandidateList;
use crate::api::MAX_PER;
use crate::api::{CandidateListQuery, Client, Stage};
use crate::error::Error;

/// The candidates of an export.
#[derive(Debug, Clone)]
pub(crate) enum Candidates {
    /// Codes from a file (`--candidates`).
    Codes(CandidateList),
    /// Every candidate of the candidate list, at one stage when given (`--stage`).
    Listed { stage: Option<Stage> },
}

impl Candidates {
    /// In words, for messages and the resume journal: `the candidates at stage interview`.
    pub(crate) fn describe(&self) -> String {
        match self {
            Candidates::Codes(l) => format!("a list of {} candidate codes", l.codes.len()),
            Candidates::Listed { stage: Some(s) } => format!("the candidates at stage {s}"),
            Candidates::Listed { stage: None } => "every candidate".to_string(),
        }
    }

    /// What the journal records so a resumed run is known to export the same candidates: a
    /// fingerprint, the number of codes (0 for the list, whose length may change), and for
    /// the list its description (a journal of a file has none, as before).
    pub(crate) fn identity(&self) -> (String, usize, Option<String>) {
        match self {
            Candidates::Codes(l) => (l.fingerprint(), l.codes.len(), None),
            Candidates::Listed { .. } => {
                let what = self.describe();
                (hex::encode(Sha256::digest(what.as_bytes())), 0, Some(what))
            }
        }
    }
}

/// One candidate to export, with its item when the candidate list gave it.
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    pub code: String,
    pub item: Option<Value>,
}

/// The candidates still to export, in order, each with its index.
pub(crate) struct Feed {
    rx: Mutex<(mpsc::Receiver<Entry>, usize)>,
    /// How many there are, when known before the export starts (a file).
    pub len: Option<usize>,
    /// The codes by index, known before they are handed out.
    pub ahead: Arc<Ahead>,
}

/// The codes of a feed by index (the index a worker gets with the candidate), each added
/// before its candidate is handed out: a candidate being written is always here. A candidate
/// without a code is an empty code. Closed once no more will come (the file's at once, the
/// list's when its walk ends, fails or is dropped).
#[derive(Default)]
pub(crate) struct Ahead {
    /// The codes, whether no more will come, and how many the writer waits for (the code at
    /// its index).
    codes: std::sync::Mutex<(Vec<String>, bool, usize)>,
    more: std::sync::Condvar,
}

impl Ahead {
    fn push(&self, code: &str) {
        let mut g = self.codes.lock().unwrap_or_else(|e| e.into_inner());
        g.0.push(code.to_string());
        // Woken once, when the code it waits for is there (not once per code: CPU).
        if g.0.len() == g.2 {
            self.more.notify_all();
        }
    }

    fn close(&self) {
        self.codes.lock().unwrap_or_else(|e| e.into_inner()).1 = true;
        self.more.notify_all();
    }

    /// Up to `most` codes from `index` on, as many as are known now (the one at `index`
    /// always is: the writer only meets candidates handed out). Waiting for a whole 1,000 of
    /// a listed export held the writer behind the walk (the access log's bench: 1.03-1.04x
    /// the wall time of the log off, against 0.98-0.99x now); a file's codes are all known,
    /// and a list read ahead gives what it has, a page or more per record.
    pub(crate) fn from(&self, index: usize, most: usize) -> Vec<String> {
        let mut g = self.codes.lock().unwrap_or_else(|e| e.into_inner());
        g.2 = index + 1;
        let g = self
            .more
            .wait_while(g, |(codes, closed, _)| !*closed && codes.len() <= index)
            .unwrap_or_else(|e| e.into_inner());
        let codes = &g.0;
        let start = index.min(codes.len());
        codes[start..(start + most).min(codes.len())].to_vec()
    }
}

/// Closes an [`Ahead`] when dropped: the producer's walk ended, failed or was aborted.
struct Closing(Arc<Ahead>);

impl Drop for Closing {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// How many candidates of the list are read beyond those handed out (held in the channel:
/// their items, about 1 MB), so that a walk running ahead lets the writer's next record name
/// more than a page ([`Ahead::from`] takes what is known).
const LIST_AHEAD: usize = recruit_audit::MAX_CODES;

impl Feed {
    /// The next candidate and its index; `None` when there are no more.
    pub(crate) async fn take(&self) -> Option<(usize, Entry)> {
        let mut g = self.rx.lock().await;
        let entry = g.0.recv().await?;
        let index = g.1;
        g.1 += 1;
        Some((index, entry))
    }
}

/// Candidates seen so far, and those of them an earlier run exported (`--resume`).
#[derive(Debug, Default)]
pub(crate) struct Counted {
    pub total: AtomicUsize,
    pub skipped: AtomicUsize,
}

/// The feed of `candidates` without those in `done`, and the producer filling it (to spawn).
/// A list walk reads pages of 100 through `client` (the export's, so they are paced with
/// the rest) and ends early when `cancel` turns true; a failed page is the producer's error.
pub(crate) fn start(
    candidates: Candidates,
    done: HashSet<String>,
    client: Client,
    bar: Option<indicatif::ProgressBar>,
    counted: Arc<Counted>,
    mut cancel: watch::Receiver<bool>,
    capacity: usize,
) -> (
    Feed,
    impl std::future::Future<Output = Result<(), Error>> + Send + 'static,
) {
    let ahead = Arc::new(Ahead::default());
    let (len, capacity) = match &candidates {
        Candidates::Codes(l) => {
            let skipped = l.codes.iter().filter(|c| done.contains(*c)).count();
            counted.total.store(l.codes.len(), Ordering::Relaxed);
            counted.skipped.store(skipped, Ordering::Relaxed);
            // Every code is known now, in the order it will be handed out.
            for code in l.codes.iter().filter(|c| !done.contains(*c)) {
                ahead.push(code);
            }
            ahead.close();
            (Some(l.codes.len() - skipped), capacity)
        }
        Candidates::Listed { .. } => (None, capacity + LIST_AHEAD),
    };
    let (tx, rx) = mpsc::channel::<Entry>(capacity.max(1));
    let feed = Feed {
        rx: Mutex::new((rx, 0)),
        len,
        ahead: ahead.clone(),
    };
    let closing = Closing(ahead.clone());
    let producer = async move {
        let _closing = closing;
        // Hand on one entry, or end the producer when the export stopped.
        macro_rules! send {
            ($entry:expr) => {
                tokio::select! {
                    r = tx.send($entry) => if r.is_err() { return Ok(()) },
                    _ = cancelled(&mut cancel) => return Ok(()),
                }
            };
        }
        match candidates {
            Candidates::Codes(list) => {
                for code in list.codes {
                    if !done.contains(&code) {
                        send!(Entry { code, item: None });
                    }
                }
            }
            Candidates::Listed { stage } => {
                let mut walker = client.candidate_pages(&CandidateListQuery {
                    filter: stage,
                    per: Some(MAX_PER),
                    page_token: None,
                });
                // The list can shift while it is read (a candidate changing stage): a
                // candidate met twice is exported once.
                let mut seen = HashSet::new();
                loop {
                    let page = tokio::select! {
                        p = walker.next_page() => p?,
                        _ = cancelled(&mut cancel) => return Ok(()),
                    };
                    let Some(page) = page else { break };
                    for item in page.into_items() {
                        let code = match item.get("code").and_then(Value::as_str) {
                            Some(c) if !c.is_empty() => c.to_string(),
                            // Kept as a failure of its own (see the export's workers).
                            _ => String::new(),
                        };
                        if !code.is_empty() && !seen.insert(code.clone()) {
                            continue;
                        }
                        counted.total.fetch_add(1, Ordering::Relaxed);
                        if let Some(b) = &bar {
                            b.inc_length(1);
                        }
                        if done.contains(&code) {
                            counted.skipped.fetch_add(1, Ordering::Relaxed);
                            if let Some(b) = &bar {
                                b.inc(1);
                            }
                            continue;
                        }
                        // Known before it is handed out (and so before it is written).
                        ahead.push(&code);
                        send!(Entry {
                            code,
                            item: Some(item),
                        });
                    }
                }
            }
        }
        Ok(())
    };
    (feed, producer)
}

/// Resolves once the export is cancelled (never, once no one can cancel it).
async fn cancelled(cancel: &mut watch::Receiver<bool>) {
    if cancel.wait_for(|c| *c).await.is_err() {
        std::future::pending::<()>().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn codes_not_done_come_in_order_with_their_index() {
        let list = CandidateList::parse("C1\nC2\nC3\nC4\n", "f").unwrap();
        let done: HashSet<String> = ["C2".to_string()].into();
        let client =
            Client::new(crate::api::ClientConfig::new("http://127.0.0.1:9/v1", None)).unwrap();
        let counted = Arc::new(Counted::default());
        let (feed, producer) = start(
            Candidates::Codes(list),
            done,
            client,
            None,
            counted.clone(),
            watch::channel(false).1,
            1,
        );
        assert_eq!(feed.len, Some(3));
        let task = tokio::spawn(producer);
        let mut got = Vec::new();
        while let Some((i, e)) = feed.take().await {
            got.push((i, e.code));
        }
        task.await.unwrap().unwrap();
        assert_eq!(
            got,
            [(0, "C1".to_string()), (1, "C3".into()), (2, "C4".into())]
        );
        assert_eq!(counted.total.load(Ordering::Relaxed), 4);
        assert_eq!(counted.skipped.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn a_listed_export_is_known_by_its_stage() {
        let a = Candidates::Listed {
            stage: Some(Stage::Interview),
        };
        let b = Candidates::Listed { stage: None };
        assert_ne!(a.identity().0, b.identity().0);
        assert_eq!(
            a.identity().2.as_deref(),
            Some("the candidates at stage interview")
        );
        let codes = Candidates::Codes(CandidateList::parse("C1\n", "f").unwrap());
        assert_eq!(codes.identity().2, None, "a file's journal is as before");
    }
}
