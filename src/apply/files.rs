//! What a file question asks of the file, said in the wizard's hint and checked before the
//! file goes up.
//!
//! The service documents no type or size limit for uploads (the spec: "Size limits of uploads
//! ... not shown"; the presign takes any file name), so it takes a `.txt` where the form asks
//! for a PDF. The form's own words are the rule there is: a question's description such as
//! "PDF or DOCX, up to 20 MB." or "JPG 또는 PNG, 10MB 이하" names the types it takes and their
//! largest size. A list of types counts (two or more, or one said to be the only one); a type
//! named in passing ("portfolio PDF, etc.") does not, so no file is refused on a guess.

use std::path::Path;

use crate::t;

/// File types a description may name, as extensions.
const TYPES: &[&str] = &[
    "pdf", "doc", "docx", "hwp", "hwpx", "txt", "rtf", "odt", "ppt", "pptx", "key", "xls", "xlsx",
    "csv", "zip", "jpg", "jpeg", "png", "gif", "webp", "heic", "bmp", "svg", "mp4", "mov",
];

/// Words that join the types of a list: "PDF, DOCX or HWP", "PDF 또는 DOCX", "JPG/PNG".
const JOINS: &[&str] = &[
    ",", "/", "|", "·", "、", "or", "and", "또는", "및", "혹은", "이나", "나", "과", "와",
];

/// Words after a single type that make it the only one: "PDF only", "PDF 파일만".
const ONLY: &[&str] = &["only", "만", "파일만"];

/// Words after a list that make it examples, not a rule: "PDF, etc.", "PDF 등".
const EXAMPLES: &[&str] = &["etc", "등"];

/// Words near a size that make it a limit: "up to 20 MB", "max 20MB", "20MB 이하".
const LIMITS: &[&str] = &[
    "up", "max", "maximum", "under", "less", "within", "최대", "이하", "이내", "까지", "미만",
];

/// The types (as the form writes them, upper case) and largest size a file question takes.
#[derive(Debug, Clone, PartialEq)]
pub struct FileRule {
    types: Vec<String>,
    max: Option<Limit>,
}

/// The largest size a question takes.
#[derive(Debug, Clone, PartialEq)]
struct Limit {
    /// As written: `20 MB`.
    shown: String,
    bytes: u64,
    /// Its unit (`MB`) and the bytes in one, to say a file's size in the same unit.
    unit: String,
    per: u64,
}

impl FileRule {
    /// The rule a question's description states, if it states one.
    pub fn of(description: Option<&str>) -> Option<FileRule> {
        let words = tokens(description?);
        let types = type_list(&words);
        let max = size_limit(&words);
        if types.is_empty() && max.is_none() {
            return None;
        }
        Some(FileRule { types, max })
    }

    /// "PDF or DOCX, up to 20 MB", in the language in use.
    pub fn describe(&self) -> String {
        let types = self.types_text();
        match (&self.max, types.is_empty()) {
            (Some(max), true) => t!("wizard-file-rule-size-only", size = max.shown.clone()),
            (Some(max), false) => t!(
                "wizard-file-rule-size",
                types = types,
                size = max.shown.clone()
            ),
            (None, _) => types,
        }
    }

    /// "PDF or DOCX", "PDF, DOCX or HWP".
    fn types_text(&self) -> String {
        match self.types.split_last() {
            None => String::new(),
            Some((last, [])) => last.clone(),
            Some((last, head)) => t!(
                "wizard-file-types",
                head = head.join(", "),
                last = last.clone()
            ),
        }
    }

    /// A file's name against the types: its extension must be one of them.
    pub fn check_name(&self, name: &str) -> Result<(), String> {
        if self.types.is_empty() {
            return Ok(());
        }
        let file = name.rsplit('/').next().unwrap_or(name);
        let ext = file
            .rsplit_once('.')
            .map(|(_, e)| e.to_ascii_lowercase())
            .unwrap_or_default();
        if self
            .types
            .iter()
            .any(|t| same_type(&t.to_ascii_lowercase()) == same_type(&ext))
        {
            return Ok(());
        }
        Err(t!(
            "wizard-file-wrong-type",
            file = file,
            types = self.types_text()
        ))
    }

    /// A local file against the types and the size.
    pub fn check_file(&self, path: &Path) -> Result<(), String> {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        self.check_name(&name)?;
        let Some(max) = &self.max else {
            return Ok(());
        };
        let size = std::fs::metadata(path).map_or(0, |m| m.len());
        if size <= max.bytes {
            return Ok(());
        }
        Err(t!(
            "wizard-file-too-large",
            file = name,
            size = format!("{:.1} {}", size as f64 / max.per as f64, max.unit),
            max = max.shown.clone()
        ))
    }
}

/// The hint after a file question: what to give, and what the form takes when it says.
pub fn file_hint(rule: Option<&FileRule>) -> String {
    match rule {
        Some(r) => t!("wizard-hint-file-rule", rule = r.describe()),
        None => t!("wizard-hint-file"),
    }
}

const MIB: u64 = 1024 * 1024;

/// Spellings of one type.
fn same_type(ext: &str) -> &str {
    match ext {
        "jpeg" => "jpg",
        e => e,
    }
}

/// The description in words, lower case: runs of ASCII letters and digits (a decimal point
/// inside a number kept), runs of other letters (Korean), and each other mark on its own, so
/// that `PDF나` is `pdf`, `나` and `20MB` is `20mb`.
fn tokens(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut ascii = false;
    let chars: Vec<char> = text.chars().collect();
    for (k, &c) in chars.iter().enumerate() {
        let point = c == '.'
            && cur.chars().last().is_some_and(|p| p.is_ascii_digit())
            && chars.get(k + 1).is_some_and(|n| n.is_ascii_digit());
        let word = c.is_alphanumeric() || point;
        let this_ascii = c.is_ascii();
        if !cur.is_empty() && (!word || this_ascii != ascii) {
            out.push(std::mem::take(&mut cur));
        }
        if word {
            cur.extend(c.to_lowercase());
            ascii = this_ascii;
        } else if !c.is_whitespace() {
            out.push(c.to_string());
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The first list of types in `words` that is a rule (see the module's notes), upper case.
fn type_list(words: &[String]) -> Vec<String> {
    let mut k = 0;
    while k < words.len() {
        if !TYPES.contains(&words[k].as_str()) {
            k += 1;
            continue;
        }
        let mut list = vec![words[k].to_ascii_uppercase()];
        let mut end = k + 1;
        let mut j = k + 1;
        while j < words.len() {
            let w = words[j].as_str();
            if TYPES.contains(&w) {
                list.push(w.to_ascii_uppercase());
                end = j + 1;
            } else if !JOINS.contains(&w) {
                break;
            }
            j += 1;
        }
        let after: Vec<&str> = words[end..]
            .iter()
            .take(3)
            .map(String::as_str)
            .filter(|w| *w != "," && *w != "." && *w != "파일")
            .collect();
        let examples = after.first().is_some_and(|w| EXAMPLES.contains(w));
        let only = after.first().is_some_and(|w| ONLY.contains(w));
        if !examples && (list.len() > 1 || only) {
            list.dedup();
            return list;
        }
        k = end;
    }
    Vec::new()
}

/// The first size in `words` said to be a limit: `20 MB` with "up to" before or "이하" after.
fn size_limit(words: &[String]) -> Option<Limit> {
    for k in 0..words.len() {
        let (number, unit, last) = match split_size(&words[k]) {
            Some((n, u)) => (n, u, k),
            None => match (words[k].parse::<f64>(), words.get(k + 1)) {
                (Ok(_), Some(u)) if unit_bytes(u).is_some() => (words[k].clone(), u.clone(), k + 1),
                _ => continue,
            },
        };
        let near = words[k.saturating_sub(3)..k]
            .iter()
            .chain(words[last + 1..].iter().take(2));
        if !near.into_iter().any(|w| LIMITS.contains(&w.as_str())) {
            continue;
        }
        let n: f64 = number.parse().ok()?;
        let per = unit_bytes(&unit)?;
        let unit = unit.to_ascii_uppercase();
        return Some(Limit {
            shown: format!("{number} {unit}"),
            bytes: (n * per as f64) as u64,
            unit,
            per,
        });
    }
    None
}

/// `20mb` as `20` and `mb`.
fn split_size(word: &str) -> Option<(String, String)> {
    let at = word.find(|c: char| !c.is_ascii_digit() && c != '.')?;
    let (n, u) = word.split_at(at);
    (!n.is_empty() && n.parse::<f64>().is_ok() && unit_bytes(u).is_some())
        .then(|| (n.to_string(), u.to_string()))
}

/// Bytes in a unit, read generously (a megabyte as 1024 × 1024 bytes), so that a file the
/// form's limit allows in either reading is not refused.
fn unit_bytes(unit: &str) -> Option<u64> {
    match unit {
        "kb" | "kib" => Some(1024),
        "mb" | "mib" => Some(MIB),
        "gb" | "gib" => Some(1024 * MIB),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(d: &str) -> Option<(Vec<String>, Option<u64>)> {
        FileRule::of(Some(d)).map(|r| (r.types, r.max.map(|m| m.bytes)))
    }

    fn up(types: &[&str]) -> Vec<String> {
        types.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn a_description_s_list_of_types_and_limit_is_the_rule() {
        assert_eq!(
            rule("PDF or DOCX, up to 20 MB."),
            Some((up(&["PDF", "DOCX"]), Some(20 * MIB)))
        );
        assert_eq!(
            rule("PDF, DOCX or HWP, up to 20 MB."),
            Some((up(&["PDF", "DOCX", "HWP"]), Some(20 * MIB)))
        );
        assert_eq!(
            rule("A recent photo; JPG or PNG."),
            Some((up(&["JPG", "PNG"]), None))
        );
        assert_eq!(
            rule("PDF나 HWP 파일, 10MB 이하"),
            Some((up(&["PDF", "HWP"]), Some(10 * MIB)))
        );
        assert_eq!(rule("PDF only"), Some((up(&["PDF"]), None)));
        assert_eq!(rule("최대 1.5GB"), Some((vec![], Some(1536 * MIB))));
        // Types named in passing, or as examples, are no rule; nor is a size that is no limit.
        assert_eq!(rule("Certificates, portfolio PDF, etc."), None);
        assert_eq!(rule("PDF, HWP 등"), None);
        assert_eq!(rule("Most recent first."), None);
        assert_eq!(rule("Files over 5 MB take a while."), None);
    }

    #[test]
    fn a_file_is_checked_by_its_extension_and_size() {
        let r = FileRule::of(Some("PDF or DOCX, up to 1 KB.")).unwrap();
        assert!(r.check_name("cv.PDF").is_ok());
        assert!(r
            .check_name("/upload/candidate/file/1/temp/7/cv.docx")
            .is_ok());
        let why = r.check_name("cv.txt").unwrap_err();
        assert!(
            why.contains("cv.txt") && why.contains("PDF or DOCX"),
            "{why}"
        );
        assert!(r.check_name("README").is_err());
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.pdf");
        std::fs::write(&big, vec![b'x'; 2048]).unwrap();
        let why = r.check_file(&big).unwrap_err();
        assert!(
            why.contains("big.pdf") && why.contains("2.0 KB") && why.contains("1 KB"),
            "{why}"
        );
        let photo = FileRule::of(Some("JPG or PNG")).unwrap();
        assert!(photo.check_name("me.jpeg").is_ok());
    }
}
