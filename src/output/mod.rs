//! Writers for table, JSON, NDJSON and CSV behind one interface.

use crate::cli::Format;
use crate::error::Error;

#[derive(Debug, Clone)]
pub struct OutputOptions {
    pub format: Format,
    pub jq: Option<String>,
    pub fields: Option<Vec<String>>,
    /// Pretty JSON (stdout is a terminal).
    pub pretty: bool,
    pub color: bool,
}

pub struct Output {
    pub opts: OutputOptions,
    out: Box<dyn std::io::Write + Send>,
}

impl Output {
    pub fn stdout(opts: OutputOptions) -> Result<Output, Error> {
        Ok(Output {
            opts,
            out: Box::new(std::io::stdout()),
        })
    }
    pub fn writer(&mut self) -> &mut (dyn std::io::Write + Send) {
        &mut *self.out
    }
}
