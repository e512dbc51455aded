//! `--jq EXPR` with the jaq crates: compile once, run on each JSON value.
//!
//! jaq 3 indexes `null` as jq does (`.a.b` on an object without `a` is `null`). Where it still
//! differs from jq in common use (the README lists them): assigning into `null` (`.a.b = 1` on
//! `{}`) is an error instead of creating the objects; `$__loc__`, `input_line_number`,
//! `getpath` on missing paths and `tostream`-style streaming differ or are missing.

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Vars};
use jaq_json::Val;
use serde_json::Value;

use crate::error::{Error, ExitKind};

pub(crate) use super::jq_format::Data;

pub(crate) struct JqFilter {
    filter: jaq_core::Filter<Data>,
}

impl std::fmt::Debug for JqFilter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JqFilter")
    }
}

/// `expected X at line:column` for a lexing or parsing error: jaq names X (`closing
/// bracket`) in English, so the other languages say where, and the detail keeps jaq's words.
fn expected(what: &str, expr: &str, at: &str) -> recruit_client::Msg {
    match position(expr, at) {
        Some((0, near)) => crate::msg!("jq-expected-near", what = jaq_word(what), near = near),
        Some((column, near)) => {
            crate::msg!(
                "jq-expected-at",
                what = jaq_word(what),
                column = column,
                near = near
            )
        }
        None => crate::msg!("jq-expected-end", what = jaq_word(what)),
    }
}

/// What jaq expected or found undefined, in words of the person's language; a literal token
/// (`then`, `:`) as it is.
fn jaq_word(what: &str) -> recruit_client::msg::Arg {
    match what {
        "digit" => crate::msg!("jq-want-digit").into(),
        "identifier" => crate::msg!("jq-want-identifier").into(),
        "closing parenthesis" => crate::msg!("jq-want-closing-parenthesis").into(),
        "closing bracket" => crate::msg!("jq-want-closing-bracket").into(),
        "closing brace" => crate::msg!("jq-want-closing-brace").into(),
        "closing quote" => crate::msg!("jq-want-closing-quote").into(),
        "string escape sequence" => crate::msg!("jq-want-escape").into(),
        "4-digit hexadecimal UTF-8 code point" => crate::msg!("jq-want-code-point").into(),
        "token" => crate::msg!("jq-want-token").into(),
        "variable" => crate::msg!("jq-want-variable").into(),
        "pattern" => crate::msg!("jq-want-pattern").into(),
        "else or end" => crate::msg!("jq-want-else-or-end").into(),
        "comma or right bracket" => crate::msg!("jq-want-comma-or-right-bracket").into(),
        "comma or right brace" => crate::msg!("jq-want-comma-or-right-brace").into(),
        "semicolon or right parenthesis" => {
            crate::msg!("jq-want-semicolon-or-right-parenthesis").into()
        }
        "term" => crate::msg!("jq-want-term").into(),
        "key" => crate::msg!("jq-want-key").into(),
        "argument" => crate::msg!("jq-want-argument").into(),
        "string" => crate::msg!("jq-want-string").into(),
        "nothing" => crate::msg!("jq-want-nothing").into(),
        "filter" => crate::msg!("jq-want-filter").into(),
        "label" => crate::msg!("jq-want-label").into(),
        "module" => crate::msg!("jq-want-module").into(),
        other => other.into(),
    }
}

/// A bad expression: its parts in the person's words, jaq's own (English) as the detail.
fn invalid(expr: &str, parts: &[recruit_client::Msg]) -> Error {
    let mut e = Error::usage(crate::msg!(
        "jq-invalid",
        expr = expr.to_string(),
        why = crate::i18n::said_all(parts, "; ")
    ));
    let english: Vec<String> = parts.iter().map(|m| m.for_programs()).collect();
    e.detail = Some(english.join("; ").into());
    e
}

impl JqFilter {
    /// Compile `expr`; a bad expression is a usage error carrying jaq's message.
    pub(crate) fn compile(expr: &str) -> Result<JqFilter, Error> {
        let loader = Loader::new(
            jaq_core::defs()
                .chain(jaq_std::defs())
                .chain(jaq_json::defs())
                .chain(super::jq_format::defs()),
        );
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
                            parts.push(crate::msg!(
                                "jq-cannot-load",
                                path = path.to_string(),
                                why = msg.to_string()
                            ));
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
            invalid(expr, &parts)
        })?;
        let filter = Compiler::default()
            .with_funs(
                jaq_core::funs::<Data>()
                    .chain(jaq_std::funs::<Data>())
                    .chain(jaq_json::funs::<Data>())
                    .chain(super::jq_format::funs()),
            )
            .compile(modules)
            .map_err(|errs| {
                let parts: Vec<recruit_client::Msg> = errs
                    .into_iter()
                    .flat_map(|(_file, list)| list)
                    .map(|(name, undefined)| {
                        crate::msg!(
                            "jq-undefined",
                            what = jaq_word(undefined.as_str()),
                            name = name
                        )
                    })
                    .collect();
                invalid(expr, &parts)
            })?;
        Ok(JqFilter { filter })
    }

    /// Every output of the filter on `input`.
    pub(crate) fn run(&self, input: &Value) -> Result<Vec<Value>, Error> {
        self.run_val(to_val(input)?)
    }

    /// Every output of the filter on the array of `items` (jaq's values, made as pages came
    /// in: a merged list is never held twice, once as JSON and once for the filter).
    pub(crate) fn run_items(&self, items: Vec<Val>) -> Result<Vec<Value>, Error> {
        self.run_val(Val::Arr(items.into()))
    }

    fn run_val(&self, input: Val) -> Result<Vec<Value>, Error> {
        let ctx = Ctx::<Data>::new(&self.filter.lut, Vars::new([]));
        let mut out = Vec::new();
        for item in self.filter.id.run((ctx, input)) {
            match item {
                Ok(v) => out.push(to_json(&v)),
                // `halt` / `halt_error` end the filter, never the process.
                Err(exn) => {
                    let why = match exn.get_err() {
                        // A string error (`error("...")`, a format's) reads as itself,
                        // unquoted, as jq prints it.
                        Ok(e) => {
                            let text = e.to_string();
                            serde_json::from_str::<String>(&text).unwrap_or(text)
                        }
                        Err(exn) => match exn.get_halt() {
                            Ok(code) => crate::t!("jq-halted", code = code.to_string()),
                            Err(_) => crate::t!("jq-stopped"),
                        },
                    };
                    // jq's message embeds the value it failed on, which may be the whole input.
                    return Err(Error::usage(crate::msg!(
                        "jq-failed",
                        why = crate::output::text::one_line(&why, 200)
                    )));
                }
            }
        }
        Ok(out)
    }
}

/// A JSON value as jaq's.
pub(crate) fn to_val(v: &Value) -> Result<Val, Error> {
    use serde::Deserialize;
    Val::deserialize(v)
        .map_err(|e| Error::caused(ExitKind::Other, crate::msg!("jq-cannot-read-value"), e))
}

/// A jaq value as JSON: byte strings as text, a key that is not a string as its JSON text,
/// numbers as close as JSON holds them (NaN and infinities as null, as jq prints NaN).
fn to_json(v: &Val) -> Value {
    match v {
        Val::Null => Value::Null,
        Val::Bool(b) => Value::Bool(*b),
        Val::Num(n) => number(n),
        Val::TStr(b) | Val::BStr(b) => Value::String(String::from_utf8_lossy(b).into_owned()),
        Val::Arr(items) => Value::Array(items.iter().map(to_json).collect()),
        Val::Obj(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let key = match k {
                        Val::TStr(b) | Val::BStr(b) => String::from_utf8_lossy(b).into_owned(),
                        other => to_json(other).to_string(),
                    };
                    (key, to_json(v))
                })
                .collect(),
        ),
    }
}

fn number(n: &jaq_json::Num) -> Value {
    use jaq_json::Num;
    match n {
        Num::Int(i) => Value::from(*i as i64),
        Num::Float(f) => serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number),
        // Big integers and decimals as written, when JSON holds them; else as a float.
        other => {
            let text = other.to_string();
            serde_json::from_str::<serde_json::Number>(&text)
                .map(Value::Number)
                .unwrap_or_else(|_| {
                    text.parse::<f64>()
                        .ok()
                        .and_then(serde_json::Number::from_f64)
                        .map_or(Value::Null, Value::Number)
                })
        }
    }
}

/// Where `at` (a suffix of `expr`) starts, as a 1-based column, or "end of input".
/// Where in `expr` the rest `at` starts: its column and the text there; None at the end.
fn position(expr: &str, at: &str) -> Option<(usize, String)> {
    if at.is_empty() {
        return None;
    }
    let near: String = at.chars().take(12).collect();
    let offset = (at.as_ptr() as usize).wrapping_sub(expr.as_ptr() as usize);
    // A rest that is not inside `expr` (a copy): its text alone, at column 0.
    let column = if offset <= expr.len() {
        expr[..offset].chars().count() + 1
    } else {
        0
    };
    Some((column, near))
}

/// Print a jq result like `gh --jq`: strings raw, everything else as compact JSON.
pub(crate) fn render(v: &Value) -> String {
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
            .run(&json!([{"n":1,"name":"a"},{"n":2,"name":"b"}]))
            .unwrap();
        assert_eq!(out, vec![json!("b")]);
        let f = JqFilter::compile("map(.n) | add").unwrap();
        assert_eq!(f.run(&json!([{"n":1},{"n":2}])).unwrap(), vec![json!(3)]);
    }

    /// As jq: a missing path is null, however deep, and halting ends only the filter.
    #[test]
    fn missing_paths_are_null_as_in_jq() {
        let run = |expr: &str, v: Value| JqFilter::compile(expr).unwrap().run(&v);
        assert_eq!(run(".foo.bar", json!({"a": 1})).unwrap(), vec![json!(null)]);
        assert_eq!(run(".a.b.c", json!({})).unwrap(), vec![json!(null)]);
        assert_eq!(run(".foo[0]", json!({})).unwrap(), vec![json!(null)]);
        assert_eq!(run(".[0].x", json!([])).unwrap(), vec![json!(null)]);
        assert_eq!(
            run(".a.b? // \"none\"", json!({})).unwrap(),
            vec![json!("none")]
        );
        assert_eq!(
            run(".n", json!({"n": 12345678901234567890u64})).unwrap(),
            vec![json!(12345678901234567890u64)]
        );
        assert_eq!(run(".x", json!({"x": 1.5})).unwrap(), vec![json!(1.5)]);
        assert!(run("halt_error", json!({"a": 1})).is_err());
        // Iterating null is still an error, as in jq.
        assert!(run(".a[]", json!({})).is_err());
    }

    #[test]
    fn bad_expressions_are_usage_errors() {
        crate::i18n::install(); // the errors' words are read
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
