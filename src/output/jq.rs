//! `--jq EXPR` with the jaq crates: compile once, run on each JSON value.

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Native, RcIter};
use jaq_json::Val;
use serde_json::Value;

use crate::error::Error;

pub struct JqFilter {
    filter: jaq_core::Filter<Native<Val>>,
}

impl std::fmt::Debug for JqFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JqFilter")
    }
}

/// `expected X at line:column` for a lexing or parsing error.
fn expected(what: &str, expr: &str, at: &str) -> String {
    format!("expected {what} at {}", position(expr, at))
}

impl JqFilter {
    /// Compile `expr`; a bad expression is a usage error carrying jaq's message.
    pub fn compile(expr: &str) -> Result<JqFilter, Error> {
        let loader = Loader::new(jaq_std::defs().chain(jaq_json::defs()));
        let arena = Arena::default();
        let program = File {
            code: expr,
            path: (),
        };
        let modules = loader.load(&arena, program).map_err(|errs| {
            let mut parts = Vec::new();
            for (_file, err) in errs {
                match err {
                    jaq_core::load::Error::Io(items) => {
                        for (path, msg) in items {
                            parts.push(format!("cannot load {path}: {msg}"));
                        }
                    }
                    jaq_core::load::Error::Lex(items) => parts.extend(
                        items
                            .into_iter()
                            .map(|(e, at)| expected(e.as_str(), expr, at)),
                    ),
                    jaq_core::load::Error::Parse(items) => parts.extend(
                        items
                            .into_iter()
                            .map(|(e, at)| expected(e.as_str(), expr, at)),
                    ),
                }
            }
            Error::usage(format!(
                "invalid --jq expression '{expr}': {}",
                parts.join("; ")
            ))
        })?;
        let filter = Compiler::default()
            .with_funs(jaq_std::funs().chain(jaq_json::funs()))
            .compile(modules)
            .map_err(|errs| {
                let parts: Vec<String> = errs
                    .into_iter()
                    .flat_map(|(_file, list)| list)
                    .map(|(name, undefined)| format!("undefined {} '{name}'", undefined.as_str()))
                    .collect();
                Error::usage(format!(
                    "invalid --jq expression '{expr}': {}",
                    parts.join("; ")
                ))
            })?;
        Ok(JqFilter { filter })
    }

    /// Every output of the filter on `input`.
    pub fn run(&self, input: Value) -> Result<Vec<Value>, Error> {
        let inputs = RcIter::new(core::iter::empty());
        let mut out = Vec::new();
        for item in self.filter.run((Ctx::new([], &inputs), Val::from(input))) {
            match item {
                Ok(v) => out.push(Value::from(v)),
                // jq's message embeds the value it failed on, which may be the whole input.
                Err(e) => {
                    return Err(Error::usage(format!(
                        "--jq failed: {}",
                        crate::output::text::one_line(&e.to_string(), 200)
                    )))
                }
            }
        }
        Ok(out)
    }
}

/// Where `at` (a suffix of `expr`) starts, as a 1-based column, or "end of input".
fn position(expr: &str, at: &str) -> String {
    if at.is_empty() {
        return "end of input".to_string();
    }
    let offset = (at.as_ptr() as usize).wrapping_sub(expr.as_ptr() as usize);
    if offset <= expr.len() {
        format!(
            "column {} ('{}')",
            expr[..offset].chars().count() + 1,
            at.chars().take(12).collect::<String>()
        )
    } else {
        format!("'{at}'")
    }
}

/// Print a jq result like `gh --jq`: strings raw, everything else as compact JSON.
pub fn render(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn runs_filters() {
        let f = JqFilter::compile(".[] | select(.n > 1) | .name").unwrap();
        let out = f
            .run(json!([{"n":1,"name":"a"},{"n":2,"name":"b"}]))
            .unwrap();
        assert_eq!(out, vec![json!("b")]);
        let f = JqFilter::compile("map(.n) | add").unwrap();
        assert_eq!(f.run(json!([{"n":1},{"n":2}])).unwrap(), vec![json!(3)]);
    }

    #[test]
    fn bad_expressions_are_usage_errors() {
        for bad in [".[", "nosuchfn(1)", "if . then 1"] {
            let e = JqFilter::compile(bad).unwrap_err();
            assert_eq!(e.kind, crate::ExitKind::Usage, "{bad}");
            assert!(
                e.message.contains("invalid --jq expression"),
                "{}",
                e.message
            );
        }
    }
}
