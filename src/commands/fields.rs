//! `-f key=value` and `-F key=value`: the body (or query) fields of `recruit api` and of
//! `webhooks create/edit`, parsed in one place.

use clap::Args;
use serde_json::{Map, Value};

use crate::context::Io;
use crate::error::Error;

#[derive(Debug, Clone, Default, Args)]
pub struct FieldArgs {
    /// A string field key=value (repeatable)
    // Its own id: clap would otherwise merge these into the global --fields.
    #[arg(
        id = "body_fields",
        short = 'f',
        long = "field",
        value_name = "KEY=VALUE"
    )]
    pub fields: Vec<String>,
    /// A typed field key=value: number, true/false, null, JSON, or @file (@- reads standard
    /// input); repeatable
    #[arg(short = 'F', long = "raw-field", value_name = "KEY=VALUE")]
    pub raw_fields: Vec<String>,
}

impl FieldArgs {
    /// The fields in the order given (`-f` ones first), a later key replacing an earlier one.
    /// A typed value is JSON when it parses, else the text; `@file` reads the file (`@-`
    /// standard input) and is JSON when that parses, else its text.
    pub(crate) fn to_map(&self, io: &Io) -> Result<Map<String, Value>, Error> {
        let mut m = Map::new();
        let tagged = self.fields.iter().map(|f| (f, false));
        for (f, typed) in tagged.chain(self.raw_fields.iter().map(|f| (f, true))) {
            let (k, v) = f.split_once('=').ok_or_else(|| {
                Error::usage(crate::msg!("field-not-key-value", field = f.as_str()))
            })?;
            if k.is_empty() {
                return Err(Error::usage(crate::msg!(
                    "field-empty-key",
                    field = f.as_str()
                )));
            }
            let value = if typed {
                typed_value(io, v)?
            } else {
                Value::String(v.to_string())
            };
            m.insert(k.to_string(), value);
        }
        Ok(m)
    }
}

fn typed_value(io: &Io, v: &str) -> Result<Value, Error> {
    if let Some(path) = v.strip_prefix('@') {
        let bytes = crate::commands::read_file_or_stdin(io, path, &crate::t!("what-field-file"))?;
        let text = String::from_utf8_lossy(&bytes).to_string();
        return Ok(serde_json::from_str(&text)
            .unwrap_or(Value::String(text.trim_end_matches('\n').to_string())));
    }
    Ok(serde_json::from_str(v).unwrap_or_else(|_| Value::String(v.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::Term;

    #[test]
    fn strings_typed_values_and_files_from_stdin() {
        crate::i18n::install(); // the errors' words are read
        let (io, _) = Io::captured(Term::piped(), "{\"a\": [1]}\n");
        let f = FieldArgs {
            fields: vec!["n=5".into(), "s=x=y".into()],
            raw_fields: vec![
                "n=5".into(),
                "b=true".into(),
                "t=word".into(),
                "j=@-".into(),
            ],
        };
        let m = f.to_map(&io).unwrap();
        assert_eq!(m["n"], serde_json::json!(5), "a later -F replaces the -f");
        assert_eq!(m["s"], "x=y");
        assert_eq!(m["b"], true);
        assert_eq!(m["t"], "word");
        assert_eq!(m["j"], serde_json::json!({"a": [1]}));
        let bad = FieldArgs {
            fields: vec!["novalue".into()],
            ..Default::default()
        };
        assert!(bad.to_map(&io).unwrap_err().message.contains("key=value"));
        let empty = FieldArgs {
            raw_fields: vec!["=1".into()],
            ..Default::default()
        };
        assert!(empty.to_map(&io).unwrap_err().message.contains("empty key"));
    }
}
