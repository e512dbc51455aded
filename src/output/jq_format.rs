//! jq's format strings for `--jq`: `@csv`, `@tsv`, `@json`, `@text`, `@base64`, `@base64d`,
//! `@uri`, `@html`, `@sh`, as filters (`.[] | @csv`) and in string interpolation
//! (`@sh "echo \(.name)"`, where jaq applies the format to each interpolated value).
//!
//! jq defines every one through one builtin, `format(name)`; so does this module, natively,
//! so that the output is jq's to the byte: jaq's own `@sh`, `@base64d` and `@json` differ
//! (numbers as `3.0`, padding required, other error texts) and it has no `@csv` or `@tsv`.
//! Where jq 1.6 and 1.7 differ, 1.7 is followed: `@uri` keeps only `A-Za-z0-9-_.~`.

use jaq_core::load::parse::Def;
use jaq_core::native::{run, unary, v, Fun};
use jaq_json::{Num, Val};

/// The values jaq runs on: named here, below the filter that uses these formats.
pub(crate) type Data = jaq_core::data::JustLut<Val>;

/// `def @csv: format("csv");` and the others, as jq's builtins define them.
const DEFS: &str = r#"
def @json: format("json");
def @text: format("text");
def @csv: format("csv");
def @tsv: format("tsv");
def @html: format("html");
def @uri: format("uri");
def @sh: format("sh");
def @base64: format("base64");
def @base64d: format("base64d");
"#;

/// The definitions, loaded after jaq's own so that they replace its `@sh`, `@json`...
pub(crate) fn defs() -> impl Iterator<Item = Def<&'static str>> {
    jaq_core::load::parse(DEFS, |p| p.defs())
        .unwrap_or_else(|| crate::error::bug(crate::t!("bug-jq-formats")))
        .into_iter()
}

/// The native `format(name)`.
pub(crate) fn funs() -> impl Iterator<Item = Fun<Data>> {
    std::iter::once(run::<Data>(("format", v(1), |cv| {
        unary(cv, |input, name| {
            format(&input, &name)
                .map(Val::from)
                .map_err(jaq_core::Error::str)
        })
    })))
}

/// `input | format(name)`, or jq's error message.
pub(crate) fn format(input: &Val, name: &Val) -> Result<String, String> {
    let name = match name {
        Val::TStr(b) | Val::BStr(b) => String::from_utf8_lossy(b).into_owned(),
        other => return Err(type_error(other, "is not a valid format")),
    };
    match name.as_str() {
        "json" => Ok(dump(input)),
        "text" => Ok(tostring(input)),
        "csv" => row(input, Row::Csv),
        "tsv" => row(input, Row::Tsv),
        "html" => Ok(escape(&tostring(input), |c| match c {
            '&' => Some("&amp;"),
            '<' => Some("&lt;"),
            '>' => Some("&gt;"),
            '\'' => Some("&apos;"),
            '"' => Some("&quot;"),
            _ => None,
        })),
        "uri" => Ok(uri(&tostring(input))),
        "sh" => sh(input),
        "base64" => Ok(base64(tostring(input).as_bytes())),
        "base64d" => base64d(input),
        other => Err(format!("{other} is not a valid format")),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Row {
    Csv,
    Tsv,
}

/// `@csv` / `@tsv`: an array of scalars as one line; null is an empty cell, NaN too.
fn row(input: &Val, kind: Row) -> Result<String, String> {
    let Val::Arr(items) = input else {
        let what = if kind == Row::Csv { "csv" } else { "tsv" };
        return Err(type_error(
            input,
            &format!("cannot be {what}-formatted, only array"),
        ));
    };
    let mut line = String::new();
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            line.push(if kind == Row::Csv { ',' } else { '\t' });
        }
        match x {
            Val::Null => {}
            Val::Num(Num::Float(f)) if f.is_nan() => {}
            Val::Bool(_) | Val::Num(_) => line.push_str(&dump(x)),
            Val::TStr(b) | Val::BStr(b) => {
                let s = String::from_utf8_lossy(b);
                match kind {
                    Row::Csv => {
                        line.push('"');
                        line.push_str(&s.replace('"', "\"\""));
                        line.push('"');
                    }
                    Row::Tsv => line.push_str(&escape(&s, |c| match c {
                        '\t' => Some("\\t"),
                        '\r' => Some("\\r"),
                        '\n' => Some("\\n"),
                        '\\' => Some("\\\\"),
                        _ => None,
                    })),
                }
            }
            Val::Arr(_) | Val::Obj(_) => return Err(type_error(x, "is not valid in a csv row")),
        }
    }
    Ok(line)
}

/// `@sh`: a scalar, or each element of an array, quoted for a POSIX shell and joined by spaces.
fn sh(input: &Val) -> Result<String, String> {
    let one = [input.clone()];
    let items: &[Val] = match input {
        Val::Arr(items) => items,
        _ => &one,
    };
    let mut words = Vec::with_capacity(items.len());
    for x in items {
        words.push(match x {
            Val::TStr(b) | Val::BStr(b) => {
                format!("'{}'", String::from_utf8_lossy(b).replace('\'', "'\\''"))
            }
            Val::Arr(_) | Val::Obj(_) => return Err(type_error(x, "can not be escaped for shell")),
            scalar => dump(scalar),
        });
    }
    Ok(words.join(" "))
}

/// Percent-encode every byte but RFC 3986's unreserved characters, in upper-case hex.
fn uri(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn base64(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let mut code = 0u32;
        for j in 0..3 {
            code = (code << 8) | u32::from(chunk.get(j).copied().unwrap_or(0));
        }
        for j in 0..4 {
            if j > chunk.len() {
                out.push('=');
            } else {
                out.push(BASE64[((code >> (18 - j * 6)) & 0x3f) as usize] as char);
            }
        }
    }
    out
}

/// jq's decoder: stops at the first `=`, needs no padding, refuses any other character and a
/// lone trailing one; bytes that are not UTF-8 become U+FFFD.
fn base64d(input: &Val) -> Result<String, String> {
    let text = tostring(input);
    let mut out = Vec::with_capacity(text.len() / 4 * 3 + 2);
    let (mut code, mut read) = (0u32, 0);
    for &b in text.as_bytes().iter().take_while(|&&b| b != b'=') {
        let Some(six) = BASE64.iter().position(|&c| c == b) else {
            return Err(type_error(
                &Val::from(text.clone()),
                "is not valid base64 data",
            ));
        };
        code = (code << 6) | six as u32;
        read += 1;
        if read == 4 {
            out.extend([(code >> 16) as u8, (code >> 8) as u8, code as u8]);
            (code, read) = (0, 0);
        }
    }
    match read {
        3 => out.extend([(code >> 10) as u8, (code >> 2) as u8]),
        2 => out.push((code >> 4) as u8),
        1 => {
            return Err(type_error(
                &Val::from(text.clone()),
                "trailing base64 byte found",
            ))
        }
        _ => {}
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn escape(s: &str, with: impl Fn(char) -> Option<&'static str>) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match with(c) {
            Some(e) => out.push_str(e),
            None => out.push(c),
        }
    }
    out
}

/// jq's `tostring`: a string as it is, anything else as its JSON text.
fn tostring(v: &Val) -> String {
    match v {
        Val::TStr(b) | Val::BStr(b) => String::from_utf8_lossy(b).into_owned(),
        other => dump(other),
    }
}

/// jq's type error: `object ({"a":1}) is not valid in a csv row`, the value cut to 11 bytes
/// and `...` when its JSON text is longer than 14.
fn type_error(v: &Val, msg: &str) -> String {
    let kind = match v {
        Val::Null => "null",
        Val::Bool(_) => "boolean",
        Val::Num(_) => "number",
        Val::TStr(_) | Val::BStr(_) => "string",
        Val::Arr(_) => "array",
        Val::Obj(_) => "object",
    };
    let mut text = dump(v);
    if text.len() > 14 {
        let mut cut = 11;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push_str("...");
    }
    format!("{kind} ({text}) {msg}")
}

/// jq's compact JSON text (`tojson`): its number form, its string escapes (DEL as `\u007f`).
pub(crate) fn dump(v: &Val) -> String {
    let mut out = String::new();
    dump_into(v, &mut out);
    out
}

fn dump_into(v: &Val, out: &mut String) {
    match v {
        Val::Null => out.push_str("null"),
        Val::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Val::Num(n) => out.push_str(&number(n)),
        Val::TStr(b) | Val::BStr(b) => string(&String::from_utf8_lossy(b), out),
        Val::Arr(items) => {
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                dump_into(x, out);
            }
            out.push(']');
        }
        Val::Obj(map) => {
            out.push('{');
            for (i, (k, x)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                match k {
                    Val::TStr(b) | Val::BStr(b) => string(&String::from_utf8_lossy(b), out),
                    other => string(&dump(other), out),
                }
                out.push(':');
                dump_into(x, out);
            }
            out.push('}');
        }
    }
}

fn string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A number as jq prints it: integers as read, a decimal or computed double in its
/// shortest form, whole ones without `.0`, exponents from 1e17 and below 1e-4 (`1e+17`,
/// `1e-05`), infinities as the largest double and NaN as null.
fn number(n: &Num) -> String {
    match n {
        Num::Float(f) if f.is_nan() => "null".to_string(),
        Num::Float(f) if f.is_infinite() => {
            let max = double(f64::MAX);
            if *f < 0.0 {
                format!("-{max}")
            } else {
                max
            }
        }
        Num::Float(f) => double(*f),
        // A literal such as `3.0` or `1e20` in the expression, as jq 1.6 reads every number.
        Num::Dec(text) => text
            .parse::<f64>()
            .map_or_else(|_| text.to_string(), double),
        other => other.to_string(),
    }
}

/// jq's `jvp_dtoa_fmt` for a finite double.
fn double(f: f64) -> String {
    // Rust's `{:e}` is the shortest text that reads back as the same double, as dtoa's mode 0.
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci
        .split_once('e')
        .unwrap_or_else(|| crate::error::bug(crate::t!("bug-number-text")));
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let exp: i32 = exp
        .parse()
        .unwrap_or_else(|_| crate::error::bug(crate::t!("bug-number-text")));
    let (decpt, n) = (exp + 1, digits.len() as i32);
    let mut out = String::new();
    if f.is_sign_negative() {
        out.push('-');
    }
    if f == 0.0 {
        out.push('0');
    } else if decpt <= -4 || decpt > n + 15 {
        out.push_str(&digits[..1]);
        if n > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let e = decpt - 1;
        out.push_str(&format!("e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs()));
    } else if decpt <= 0 {
        out.push_str("0.");
        out.push_str(&"0".repeat((-decpt) as usize));
        out.push_str(&digits);
    } else if decpt >= n {
        out.push_str(&digits);
        out.push_str(&"0".repeat((decpt - n) as usize));
    } else {
        out.push_str(&digits[..decpt as usize]);
        out.push('.');
        out.push_str(&digits[decpt as usize..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_print_as_jq_prints_them() {
        for (f, want) in [
            (3.0, "3"),
            (1e20, "1e+20"),
            (1e17, "1e+17"),
            (1e16, "1e+16"),
            (123456789012345678.0, "123456789012345680"),
            (1e-5, "1e-05"),
            (0.0001, "0.0001"),
            (0.1 + 0.2, "0.30000000000000004"),
            (-0.0, "-0"),
            (2.5e-7, "2.5e-07"),
            (-12.5, "-12.5"),
            (f64::MAX, "1.7976931348623157e+308"),
        ] {
            assert_eq!(double(f), want, "{f}");
        }
        assert_eq!(
            number(&Num::Float(f64::NEG_INFINITY)),
            "-1.7976931348623157e+308"
        );
    }
}
