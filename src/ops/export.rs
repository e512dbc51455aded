//! `export submissions|memos|candidates|forms`: what an export is asked for, checked, run, and
//! its report handed back. The CLI's `recruit export` renders the report (its summary, its
//! exit rule with the command line to resume).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::api::Client;
use crate::error::Error;
use crate::export::forms::FormsReport;
use crate::export::{
    export_candidates, export_forms, CandidateExport, Candidates, Encoder, FormsExport, Report,
    Setup, Subject,
};
use crate::output::jq::JqFilter;
use crate::output::sheet::{Charset, Sheet};
use crate::output::{Format, Kind};

/// How CSV is written for its reader: `--bom`, `--encoding` (their mistakes are exit 2).
#[derive(Debug, Clone, Copy)]
pub struct SheetAsked {
    pub bom: bool,
    pub charset: Charset,
}

/// What an export was asked for, for [`format_of`]: `-o` (none: ndjson) and whether `--limit`,
/// `--jq` and `--fields` were given.
#[derive(Debug, Clone, Copy)]
pub struct Asked {
    pub output: Option<Format>,
    pub limit: bool,
    pub jq: bool,
    pub fields: bool,
}

/// The format of an export: `-o`, else ndjson; `--limit`, a table, `--jq` with csv and
/// `--fields` without it are refused (exit 2).
pub fn format_of(asked: Asked) -> Result<Format, Error> {
    if asked.limit {
        return Err(Error::usage(msg!("export-no-limit")));
    }
    let format = match asked.output {
        None => Format::Ndjson,
        Some(Format::Table) => return Err(Error::usage(msg!("export-no-table"))),
        Some(format) => format,
    };
    if asked.jq && format == Format::Csv {
        return Err(Error::usage(msg!("export-no-jq-csv")));
    }
    if asked.jq && format == Format::Xlsx {
        return Err(Error::usage(msg!("xlsx-no-jq")));
    }
    if asked.fields && !matches!(format, Format::Csv | Format::Xlsx) {
        return Err(Error::usage(msg!("export-fields-csv")));
    }
    Ok(format)
}

/// `--jq`, compiled (its mistakes are exit 2 before anything is fetched).
pub fn jq_filter(expr: Option<&str>) -> Result<Option<Arc<JqFilter>>, Error> {
    match expr {
        Some(expr) => Ok(Some(Arc::new(JqFilter::compile(expr)?))),
        None => Ok(None),
    }
}

/// `--out -` means standard output.
pub fn out_path(out: Option<PathBuf>) -> Option<PathBuf> {
    out.filter(|p| p.as_os_str() != "-")
}

/// Whether a `--resume` has something to continue.
#[derive(Debug, PartialEq, Eq)]
pub enum Resume {
    /// Not resuming, or an unfinished export is there: run.
    Run,
    /// `out` is complete (no journal beside it): nothing to do.
    Finished { out: PathBuf, journal: PathBuf },
    /// Neither `out` nor its journal: the export starts from the beginning.
    Fresh { out: PathBuf, journal: PathBuf },
}

/// `--resume` to `out` (none: standard output, refused): what there is to continue.
pub fn resume_check(out: Option<&Path>, resume: bool) -> Result<Resume, Error> {
    use crate::export::sink::{journal_path, not_resumable, Target};
    if !resume {
        return Ok(Resume::Run);
    }
    let Some(out) = out else {
        return Err(Error::usage(msg!("export-resume-needs-out")));
    };
    let out = match Target::of(out)? {
        Target::Direct(p) => return Err(not_resumable(&p)),
        Target::File(p) => p,
    };
    let journal = journal_path(&out);
    if journal.symlink_metadata().is_ok() {
        return Ok(Resume::Run);
    }
    Ok(if out.exists() {
        Resume::Finished { out, journal }
    } else {
        Resume::Fresh { out, journal }
    })
}

/// How the records of `subject` are written: `format`, `--fields`, `--bom`/`--encoding`,
/// `--jq`; a candidate's detail adds its salary columns unless `--fields` chose them.
pub fn candidate_encoder(
    subject: Subject,
    format: Format,
    fields: Option<&[String]>,
    sheet: SheetAsked,
    jq: Option<Arc<JqFilter>>,
) -> Result<Encoder, Error> {
    let (kind, with_code) = match subject {
        Subject::Submissions => (Kind::Submission, true),
        Subject::Memos => (Kind::Memo, true),
        // A candidate's own record has its `code`.
        Subject::Candidates | Subject::CandidateDetails => (Kind::Candidate, false),
    };
    let mut encoder = Encoder::new(format, kind, with_code, fields)?;
    encoder.sheet = Sheet::new(sheet.bom, sheet.charset, format)?;
    encoder.jq = jq;
    if subject == Subject::CandidateDetails && fields.is_none() {
        encoder
            .columns
            .extend(["desired_salary", "current_salary", "expected_fee"].map(String::from));
    }
    Ok(encoder)
}

/// How forms are written (`--jq` compiled here); `--with-questions` adds their `questions`
/// unless `--fields` chose.
pub fn forms_encoder(
    format: Format,
    fields: Option<&[String]>,
    sheet: SheetAsked,
    jq: Option<&str>,
    with_questions: bool,
) -> Result<Encoder, Error> {
    let mut encoder = Encoder::new(format, Kind::Form, false, fields)?;
    encoder.sheet = Sheet::new(sheet.bom, sheet.charset, format)?;
    encoder.jq = jq_filter(jq)?;
    if with_questions && fields.is_none() {
        encoder.columns.push("questions".to_string());
    }
    Ok(encoder)
}

/// What an export uses besides its options: opened by the front end.
pub struct ExportWith {
    pub client: Client,
    /// Where records go without `--out`.
    pub stdout: Box<dyn std::io::Write + Send>,
    /// A progress bar on `stderr`.
    pub progress: bool,
    pub stderr: crate::io::ErrStream,
    /// The access log (none: off); used only for the subjects that hold personal data.
    pub(crate) audit: Option<crate::audit::Audit>,
}

impl ExportWith {
    fn setup(self, encoder: Encoder, out: Option<PathBuf>, concurrency: usize) -> Setup {
        Setup {
            client: self.client,
            encoder,
            out,
            stdout: self.stdout,
            concurrency,
            progress: self.progress,
            stderr: self.stderr,
            handle_signals: true,
        }
    }
}

/// An export of each candidate's records.
pub struct CandidateOptions {
    pub subject: Subject,
    pub candidates: Candidates,
    pub encoder: Encoder,
    /// `None`: standard output.
    pub out: Option<PathBuf>,
    pub resume: bool,
    pub concurrency: usize,
    /// `--jq` as given (the journal keeps it, so a resume must give the same).
    pub jq_text: Option<String>,
    /// `--fields`: the access log names only the personal fields they show.
    pub fields: Option<Vec<String>>,
}

/// Run a candidate export: its report, whatever became of it.
pub async fn candidates(o: CandidateOptions, with: ExportWith) -> Result<Report, Error> {
    // The candidates themselves and their submissions (which name the candidate's name and
    // email) hold fields of the personal list, memos do not.
    let audit = match o.subject {
        Subject::Candidates | Subject::CandidateDetails | Subject::Submissions => {
            with.audit.clone()
        }
        Subject::Memos => None,
    };
    let registered = registered(o.out.as_deref());
    export_candidates(CandidateExport {
        setup: with.setup(o.encoder, o.out, o.concurrency),
        subject: o.subject,
        candidates: o.candidates,
        resume: o.resume,
        candidate_retry_delay: std::time::Duration::from_millis(1000),
        jq_text: o.jq_text,
        audit: crate::audit::Stream::new(audit, recruit_audit::Via::Export).for_output(registered),
        shown: o.fields,
    })
    .await
}

/// The file the export registry names for `--out` (none for stdout, a pipe or a device).
fn registered(out: Option<&Path>) -> Option<PathBuf> {
    use crate::export::sink::Target;
    match Target::of(out?) {
        Ok(Target::File(p)) => Some(p),
        _ => None,
    }
}

/// `--failed FILE`: the codes not found, then those that failed, one a line.
pub fn write_failed(path: &Path, report: &Report) -> Result<(), Error> {
    let mut text = String::new();
    let codes = report.not_found.iter().map(|(c, _)| c);
    for code in codes.chain(report.failed.iter().map(|(c, _)| c)) {
        text.push_str(code);
        text.push('\n');
    }
    std::fs::write(path, text).map_err(|e| {
        Error::caused(
            crate::ExitKind::Other,
            msg!(
                "file-cannot-write-failed",
                path = path.display().to_string()
            ),
            e,
        )
    })
}

/// Run an export of every form (with `with_questions`, each one's detail).
pub async fn forms(
    encoder: Encoder,
    out: Option<PathBuf>,
    concurrency: usize,
    with_questions: bool,
    with: ExportWith,
) -> Result<FormsReport, Error> {
    export_forms(FormsExport {
        setup: with.setup(encoder, out, concurrency),
        with_questions,
    })
    .await
}
