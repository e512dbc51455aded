//! Reports from the mirror (issue 39): `report pipeline` against numbers worked out here from
//! a synthetic history (stage moves at known times, seen by syncs at known times, written
//! straight into a mirror), its HTML page in headless Chromium, `candidates search` and the
//! MCP tools `candidates_search` and `pipeline_report`; none of them sends a request to the
//! service.

use crate::common::*;
use crate::mcp::{block_on, notes, start_at};

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

#[path = "../common/synthetic.rs"]
pub(crate) mod synthetic;
use synthetic::*;

/// The numbers of one stage, worked out from the model.
#[derive(Default, Debug)]
struct Expected {
    now: u64,
    entered: u64,
    reached: u64,
    moved_on: u64,
    failed: u64,
    days: Vec<f64>,
}

fn quantile(sorted: &[f64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let h = (sorted.len() - 1) as f64 * p;
    let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
    Some(sorted[lo] + (h - h.floor()) * (sorted[hi] - sorted[lo]))
}

/// Per stage kind, from the candidates `keep` takes: what the syncs saw of each, a stay per
/// run of moves of one kind, ended by the next stay.
fn expected(cands: &[Cand], keep: impl Fn(&Cand) -> bool) -> Vec<Expected> {
    let mut out: Vec<Expected> = KINDS.iter().map(|_| Expected::default()).collect();
    let k = |kind: &str| KINDS.iter().position(|x| *x == kind).unwrap();
    for c in cands.iter().filter(|c| keep(c)) {
        let seen = observed(c);
        if seen.is_empty() {
            continue;
        }
        let mut stays: Vec<(usize, i64)> = Vec::new();
        for (m, first_seen) in &seen {
            let start = if c.no_entry_time {
                *first_seen
            } else {
                m.start
            };
            if stays.last().map(|s| s.0) != Some(k(m.kind)) {
                stays.push((k(m.kind), start));
            }
        }
        let now = stays.last().unwrap().0;
        if !c.deleted {
            out[now].now += 1;
        }
        for (i, (kind, start)) in stays.iter().enumerate() {
            out[*kind].entered += 1;
            if let Some((next, end)) = stays.get(i + 1) {
                out[*kind].days.push((end - start) as f64 / DAY as f64);
                if *next == 5 {
                    out[*kind].failed += 1;
                } else {
                    out[*kind].moved_on += 1;
                }
            }
        }
        let furthest = stays.iter().map(|s| s.0).filter(|s| *s < 5).max();
        if let Some(f) = furthest {
            for e in &mut out[..=f] {
                e.reached += 1;
            }
        }
        if stays.iter().any(|s| s.0 == 5) {
            out[5].reached += 1;
        }
    }
    for e in &mut out {
        e.days.sort_by(f64::total_cmp);
    }
    out
}

/// A group of the report equals the numbers worked out here.
fn assert_group(got: &Value, want: &[Expected], what: &str) {
    let stages = got["stages"].as_array().unwrap();
    assert_eq!(stages.len(), 6, "{what}: {got}");
    let close = |v: &Value, x: Option<f64>| match (v.as_f64(), x) {
        (None, None) => true,
        (Some(a), Some(b)) => (a - b).abs() < 0.006,
        _ => false,
    };
    for (s, (kind, e)) in stages.iter().zip(KINDS.iter().zip(want)) {
        let at = format!("{what}, {kind}: {s} vs {e:?}");
        assert_eq!(s["stage"], *kind, "{at}");
        for (key, n) in [
            ("now", e.now),
            ("moved_on", e.moved_on),
            ("failed", e.failed),
            ("entered", e.entered),
            ("reached", e.reached),
            ("stays_ended", e.days.len() as u64),
        ] {
            assert_eq!(s[key].as_u64(), Some(n), "{key} of {at}");
        }
        assert!(
            close(&s["median_days"], quantile(&e.days, 0.5)),
            "median of {at}"
        );
        assert!(close(&s["p90_days"], quantile(&e.days, 0.9)), "p90 of {at}");
    }
}

/// A service that fails every request, and records it.
fn failing_service() -> Stub {
    stub(|_, _| Reply::json(500, r#"{"message":"no request should reach the service"}"#))
}

fn report(home: &Home, service: &Stub, db: &Path, args: &[&str]) -> Value {
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", service.base())
        .env("RECRUIT_API_KEY", "sk-never-used")
        .args(["report", "pipeline", "-o", "json", "--db"])
        .arg(db)
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    serde_json::from_str(&stdout_of(&out)).unwrap()
}

#[test]
fn the_pipeline_report_gives_the_numbers_of_the_synthetic_history() {
    let home = Home::new();
    let service = failing_service();
    let cands = history(150);
    let db = home.dir.path().join("mirror.db");
    pipeline_mirror(&db, &cands);
    // The history holds what the model needs: moves the first sync missed, ended stays of
    // every kind before pass, failures, second rounds, deleted candidates.
    let all = expected(&cands, |_| true);
    assert!(all[..4].iter().all(|e| e.days.len() >= 10), "{all:?}");
    assert!(all[5].reached >= 10 && all[4].now >= 3, "{all:?}");

    let r = report(&home, &service, &db, &[]);
    let s = syncs();
    assert_eq!(r["mirror"]["first_sync"], utc(s[0]));
    assert_eq!(r["mirror"]["last_sync"], utc(s[60] + 30));
    let at_first = cands
        .iter()
        .filter(|c| observed(c).first().is_some_and(|(_, t)| *t == s[0]))
        .count();
    assert!(at_first > 5, "{at_first}");
    assert_eq!(r["mirror"]["candidates_at_first_sync"], at_first);
    assert!(r["rule"].as_str().unwrap().contains("first sync"), "{r}");
    assert_eq!(r["groups"].as_array().unwrap().len(), 1);
    assert_eq!(r["groups"][0]["job"], Value::Null);
    assert_group(&r["groups"][0], &all, "every candidate");

    // --since: only candidates who applied on or after the date (midnight, TZ=UTC here).
    let since = T0 + 20 * DAY;
    let day = chrono::DateTime::from_timestamp(since, 0)
        .unwrap()
        .format("%Y-%m-%d")
        .to_string();
    let midnight = since - since.rem_euclid(DAY);
    let r = report(&home, &service, &db, &["--since", &day]);
    let want = expected(&cands, |c| c.moves[0].start >= midnight);
    assert_group(&r["groups"][0], &want, "--since");
    assert_eq!(r["filter"]["since"], utc(midnight));

    // --job and --by job.
    let r = report(&home, &service, &db, &["--job", "JOB-B"]);
    assert_group(&r["groups"][0], &expected(&cands, |c| c.job == 1), "--job");
    let r = report(&home, &service, &db, &["--by", "job"]);
    let groups = r["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 3, "{r}");
    for (j, (code, title)) in JOBS.iter().enumerate() {
        let g = groups
            .iter()
            .find(|g| g["job"]["code"] == *code)
            .unwrap_or_else(|| panic!("{code}: {r}"));
        assert_eq!(g["job"]["title"], *title);
        assert_group(g, &expected(&cands, |c| c.job == j), code);
    }
    let r = report(
        &home,
        &service,
        &db,
        &["--by", "job", "--job", "JOB-C", "--since", &day],
    );
    assert_group(
        &r["groups"][0],
        &expected(&cands, |c| c.job == 2 && c.moves[0].start >= midnight),
        "--by job --job --since",
    );

    // CSV: a row per stage with the same numbers.
    let out = home
        .cmd()
        .args(["report", "pipeline", "-o", "csv", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    let csv = stdout_of(&out);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "job_code,job_title,stage,now,moved_on,failed,median_days,p90_days,stays_ended,entered,reached,\
conversion.to,conversion.share,conversion.candidates,\
time_to_hire.median_days,time_to_hire.p90_days,time_to_hire.candidates,\
offer_acceptance.share,offer_acceptance.candidates"
    );
    // The stage's own cell (the row before names it too, as its conversion's `to`).
    let interview = lines
        .find(|l| l.split(',').nth(2) == Some("interview"))
        .unwrap();
    let cells: Vec<&str> = interview.split(',').collect();
    assert_eq!(cells[3], all[2].now.to_string(), "{interview}");
    assert_eq!(cells[4], all[2].moved_on.to_string(), "{interview}");

    // The table says what the mirror holds and the rule, in the language asked for.
    let out = home
        .cmd()
        .args(["--lang", "ko", "report", "pipeline", "-o", "table", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    let text = stdout_of(&out);
    let first = chrono::DateTime::from_timestamp(s[0], 0)
        .unwrap()
        .format("%Y-%m-%d %H:%M")
        .to_string();
    assert!(
        text.contains(&format!("{first} 첫 동기화부터의 이력")),
        "{text}"
    );
    assert!(text.contains(&format!("지원자 {at_first}명")), "{text}");
    assert!(
        text.contains("면접") && text.contains("중앙값(일)"),
        "{text}"
    );
    let interview_row = text
        .lines()
        .find(|l| l.trim_start().starts_with("면접"))
        .unwrap();
    let median = format!("{:.1}", quantile(&all[2].days, 0.5).unwrap());
    assert!(
        interview_row.contains(&median),
        "{interview_row} lacks {median}"
    );

    assert!(service.seen().is_empty(), "{:?}", service.seen());
}

#[test]
fn a_report_needs_a_mirror_and_a_readable_date() {
    let home = Home::new();
    let out = home
        .cmd()
        .args(["report", "pipeline", "--db"])
        .arg(home.dir.path().join("none.db"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("recruit sync"),
        "{}",
        stderr_of(&out)
    );
    let out = home
        .cmd()
        .args(["report", "pipeline", "--since", "last tuesday"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("2026-01-31"),
        "{}",
        stderr_of(&out)
    );
}

// ---------------------------------------------------------------- the HTML page

/// Debian's chromium, or None (a skip, said) where it is missing; under CI a missing browser
/// fails (.ci/run installs it).
pub(crate) fn chromium() -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser"].iter().find_map(|name| {
        std::process::Command::new("which")
            .arg(name)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
    });
    if found.is_none() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "chromium is missing: .ci/run installs Debian's chromium package"
        );
        eprintln!("skipped: no chromium (apt-get install chromium) to load the report page in");
    }
    found
}

/// Run headless Chromium on `page` with `what` (`--dump-dom`, `--screenshot=...`).
pub(crate) fn headless(browser: &Path, page: &Path, profile: &Path, what: &[&str]) -> String {
    let mut child = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(what)
        .arg(format!("file://{}", page.display()))
        .env("HOME", profile)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut out = String::new();
    use std::io::Read;
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(wait_at_most(&mut child, 90), Some(0), "chromium {what:?}");
    out
}

/// Pixels of exactly `rgb` in a screenshot.
pub(crate) fn count(pixels: &[[u8; 3]], rgb: &str) -> usize {
    let c = u32::from_str_radix(rgb.trim_start_matches('#'), 16).unwrap();
    let want = [(c >> 16) as u8, (c >> 8) as u8, c as u8];
    pixels.iter().filter(|p| **p == want).count()
}

#[test]
fn the_html_page_shows_both_charts_and_the_numbers_in_korean_in_chromium() {
    let home = Home::new();
    let cands = history(150);
    let db = home.dir.path().join("mirror.db");
    pipeline_mirror(&db, &cands);
    let page = home.dir.path().join("pipeline.html");
    let out = home
        .cmd()
        .args(["--lang", "ko", "report", "pipeline", "-o", "json", "--html"])
        .arg(&page)
        .arg("--db")
        .arg(&db)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("보고서 페이지를"),
        "{}",
        stderr_of(&out)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    // Self-contained: no file or address to fetch; printable on A4.
    for fetch in ["src=", "href=", "url(", "@import", "<link", "<script src"] {
        assert!(!html.contains(fetch), "{fetch} in the page");
    }
    assert!(html.contains("@media print") && html.contains("size: A4"));
    assert!(html.contains("<html lang=\"ko\">"));
    let all = expected(&cands, |_| true);

    let Some(browser) = chromium() else { return };
    let profile = tempfile::tempdir().unwrap();
    let dom = headless(&browser, &page, profile.path(), &["--dump-dom"]);
    for label in [
        "채용 파이프라인",
        "퍼널: 각 단계에 도달한 지원자",
        "단계별 소요 일수",
        "지원 접수",
        "서류 검토",
        "면접",
        "처우 협의",
        "최종 합격",
        "현재 인원",
        "다음 단계로 이동",
        "중앙값(일)",
        "90백분위(일)",
        "첫 동기화",
    ] {
        assert!(dom.contains(label), "{label} not in the page's DOM");
    }
    // Each stage's row of numbers, as the browser read the page.
    for (kind, e) in KINDS.iter().zip(&all) {
        let row_at = dom
            .find(&format!("<tr data-stage=\"{kind}\">"))
            .unwrap_or_else(|| panic!("no row for {kind}"));
        let row = &dom[row_at..row_at + dom[row_at..].find("</tr>").unwrap()];
        let cell = |key: &str| {
            let open = format!("data-key=\"{key}\">");
            let from = row.find(&open).unwrap() + open.len();
            row[from..from + row[from..].find('<').unwrap()].to_string()
        };
        let days = |d: Option<f64>| d.map_or("-".to_string(), |d| format!("{d:.1}"));
        assert_eq!(cell("now"), e.now.to_string(), "{kind}");
        assert_eq!(cell("moved_on"), e.moved_on.to_string(), "{kind}");
        assert_eq!(cell("failed"), e.failed.to_string(), "{kind}");
        assert_eq!(cell("median_days"), days(quantile(&e.days, 0.5)), "{kind}");
        assert_eq!(cell("p90_days"), days(quantile(&e.days, 0.9)), "{kind}");
        // The funnel's label of the stage says how many reached it.
        if *kind != "fail" {
            let label = format!("class=\"value\" data-stage=\"{kind}\"");
            let at = dom.find(&label).unwrap();
            let text = &dom[at..];
            let value = &text[text.find('>').unwrap() + 1..text.find("</text>").unwrap()];
            assert_eq!(value, e.reached.to_string(), "funnel {kind}");
        }
    }

    // Both charts are drawn: their fills are on the screen, in proportion to their bars.
    let shot = profile.path().join("shot.png");
    headless(
        &browser,
        &page,
        profile.path(),
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=800,1600",
        ],
    );
    let (w, h, pixels) = png::decode(&std::fs::read(&shot).unwrap());
    assert_eq!((w, h), (800, 1600));
    let funnel = count(&pixels, "#2b6cb0");
    let median = count(&pixels, "#dd6b20");
    let p90 = count(&pixels, "#f6ad55");
    assert!(funnel > 5_000, "funnel fill: {funnel} pixels");
    assert!(median > 2_000, "median fill: {median} pixels");
    assert!(p90 > 1_000, "90th percentile fill: {p90} pixels");

    // Printed: A4 pages, with --by job the jobs side by side on the first, then one job a page.
    let by_job = home.dir.path().join("by-job.html");
    let out = home
        .cmd()
        .args(["report", "pipeline", "--by", "job", "-o", "json", "--html"])
        .arg(&by_job)
        .arg("--db")
        .arg(&db)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let pdf = profile.path().join("by-job.pdf");
    headless(
        &browser,
        &by_job,
        profile.path(),
        &[
            &format!("--print-to-pdf={}", pdf.display()),
            "--no-pdf-header-footer",
        ],
    );
    let pdf = String::from_utf8_lossy(&std::fs::read(&pdf).unwrap()).into_owned();
    let pages: Vec<&str> = pdf
        .match_indices("/MediaBox [")
        .map(|(i, _)| &pdf[i..])
        .collect();
    assert_eq!(
        pages.len(),
        JOBS.len() + 1,
        "the jobs side by side, then a page per job"
    );
    for p in pages {
        let nums: Vec<f64> = p["/MediaBox [".len()..p.find(']').unwrap()]
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        // A4: 210 x 297 mm = 595 x 842 points.
        assert!(
            (nums[2] - 595.3).abs() < 2.0 && (nums[3] - 841.9).abs() < 2.0,
            "{nums:?}"
        );
    }
}

/// Just enough of PNG (8-bit RGB or RGBA, not interlaced) and of DEFLATE to read a
/// screenshot's pixels.
pub(crate) mod png {
    pub fn decode(png: &[u8]) -> (usize, usize, Vec<[u8; 3]>) {
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let (mut at, mut idat) = (8, Vec::new());
        let (mut w, mut h, mut channels) = (0, 0, 0);
        while at + 8 <= png.len() {
            let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
            let kind = &png[at + 4..at + 8];
            let data = &png[at + 8..at + 8 + len];
            match kind {
                b"IHDR" => {
                    w = u32::from_be_bytes(data[0..4].try_into().unwrap()) as usize;
                    h = u32::from_be_bytes(data[4..8].try_into().unwrap()) as usize;
                    assert_eq!(data[8], 8, "bit depth");
                    channels = match data[9] {
                        2 => 3,
                        6 => 4,
                        other => panic!("colour type {other}"),
                    };
                    assert_eq!(data[12], 0, "interlaced");
                }
                b"IDAT" => idat.extend_from_slice(data),
                _ => {}
            }
            at += 12 + len;
        }
        // zlib: a two-byte header, then DEFLATE.
        let raw = inflate(&idat[2..]);
        let stride = w * channels;
        let mut img = vec![0u8; h * stride];
        for y in 0..h {
            let line = &raw[y * (stride + 1)..(y + 1) * (stride + 1)];
            for x in 0..stride {
                let a = if x >= channels {
                    img[y * stride + x - channels]
                } else {
                    0
                };
                let b = if y > 0 { img[(y - 1) * stride + x] } else { 0 };
                let c = if y > 0 && x >= channels {
                    img[(y - 1) * stride + x - channels]
                } else {
                    0
                };
                let v = line[1 + x];
                img[y * stride + x] = match line[0] {
                    0 => v,
                    1 => v.wrapping_add(a),
                    2 => v.wrapping_add(b),
                    3 => v.wrapping_add(((a as u16 + b as u16) / 2) as u8),
                    4 => {
                        let p = a as i16 + b as i16 - c as i16;
                        let (pa, pb, pc) = (
                            (p - a as i16).abs(),
                            (p - b as i16).abs(),
                            (p - c as i16).abs(),
                        );
                        let pred = if pa <= pb && pa <= pc {
                            a
                        } else if pb <= pc {
                            b
                        } else {
                            c
                        };
                        v.wrapping_add(pred)
                    }
                    f => panic!("filter {f}"),
                };
            }
        }
        let pixels = img.chunks(channels).map(|p| [p[0], p[1], p[2]]).collect();
        (w, h, pixels)
    }

    struct Bits<'a> {
        data: &'a [u8],
        at: usize,
        bit: u32,
    }

    impl Bits<'_> {
        fn take(&mut self, n: u32) -> u32 {
            let mut v = 0;
            for i in 0..n {
                let b = (self.data[self.at] >> self.bit) & 1;
                v |= (b as u32) << i;
                self.bit += 1;
                if self.bit == 8 {
                    self.bit = 0;
                    self.at += 1;
                }
            }
            v
        }
    }

    /// A canonical Huffman code: how many codes of each length, and the symbols in order.
    struct Huffman {
        counts: [u16; 16],
        symbols: Vec<u16>,
    }

    impl Huffman {
        fn new(lengths: &[u8]) -> Huffman {
            let mut counts = [0u16; 16];
            for &l in lengths {
                counts[l as usize] += 1;
            }
            counts[0] = 0;
            let mut offs = [0u16; 16];
            for l in 1..16 {
                offs[l] = offs[l - 1] + counts[l - 1];
            }
            let mut symbols = vec![0u16; lengths.len()];
            for (s, &l) in lengths.iter().enumerate() {
                if l != 0 {
                    symbols[offs[l as usize] as usize] = s as u16;
                    offs[l as usize] += 1;
                }
            }
            Huffman { counts, symbols }
        }

        fn decode(&self, bits: &mut Bits) -> u16 {
            let (mut code, mut first, mut index) = (0i32, 0i32, 0i32);
            for len in 1..16 {
                code |= bits.take(1) as i32;
                let count = self.counts[len] as i32;
                if code - first < count {
                    return self.symbols[(index + code - first) as usize];
                }
                index += count;
                first = (first + count) << 1;
                code <<= 1;
            }
            panic!("bad Huffman code")
        }
    }

    const LEN_BASE: [u16; 29] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
        131, 163, 195, 227, 258,
    ];
    const LEN_EXTRA: [u8; 29] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ];
    const DIST_BASE: [u16; 30] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
        2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ];
    const DIST_EXTRA: [u8; 30] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
        13, 13,
    ];

    fn inflate(data: &[u8]) -> Vec<u8> {
        let mut bits = Bits {
            data,
            at: 0,
            bit: 0,
        };
        let mut out = Vec::new();
        loop {
            let last = bits.take(1);
            match bits.take(2) {
                0 => {
                    if bits.bit != 0 {
                        bits.bit = 0;
                        bits.at += 1;
                    }
                    let len = u16::from_le_bytes([data[bits.at], data[bits.at + 1]]) as usize;
                    bits.at += 4;
                    out.extend_from_slice(&data[bits.at..bits.at + len]);
                    bits.at += len;
                }
                1 => {
                    let mut l = [8u8; 288];
                    l[144..256].fill(9);
                    l[256..280].fill(7);
                    block(
                        &mut bits,
                        &mut out,
                        &Huffman::new(&l),
                        &Huffman::new(&[5; 30]),
                    );
                }
                2 => {
                    let nlen = bits.take(5) as usize + 257;
                    let ndist = bits.take(5) as usize + 1;
                    let ncode = bits.take(4) as usize + 4;
                    const ORDER: [usize; 19] = [
                        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
                    ];
                    let mut cl = [0u8; 19];
                    for &i in &ORDER[..ncode] {
                        cl[i] = bits.take(3) as u8;
                    }
                    let code = Huffman::new(&cl);
                    let mut lengths = Vec::with_capacity(nlen + ndist);
                    while lengths.len() < nlen + ndist {
                        match code.decode(&mut bits) {
                            s @ 0..=15 => lengths.push(s as u8),
                            16 => {
                                let prev = *lengths.last().unwrap();
                                let n = 3 + bits.take(2);
                                lengths.extend(std::iter::repeat_n(prev, n as usize));
                            }
                            17 => {
                                let n = 3 + bits.take(3);
                                lengths.extend(std::iter::repeat_n(0, n as usize));
                            }
                            _ => {
                                let n = 11 + bits.take(7);
                                lengths.extend(std::iter::repeat_n(0, n as usize));
                            }
                        }
                    }
                    let lit = Huffman::new(&lengths[..nlen]);
                    let dist = Huffman::new(&lengths[nlen..]);
                    block(&mut bits, &mut out, &lit, &dist);
                }
                t => panic!("block type {t}"),
            }
            if last == 1 {
                return out;
            }
        }
    }

    fn block(bits: &mut Bits, out: &mut Vec<u8>, lit: &Huffman, dist: &Huffman) {
        loop {
            let s = lit.decode(bits) as usize;
            match s {
                0..=255 => out.push(s as u8),
                256 => return,
                _ => {
                    let i = s - 257;
                    let len = LEN_BASE[i] as usize + bits.take(LEN_EXTRA[i] as u32) as usize;
                    let d = dist.decode(bits) as usize;
                    let back = DIST_BASE[d] as usize + bits.take(DIST_EXTRA[d] as u32) as usize;
                    let from = out.len() - back;
                    for k in 0..len {
                        out.push(out[from + k]);
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------- search

/// (code, name, email, stage) of the search mirror.
const PEOPLE: [(&str, &str, &str, &str); 8] = [
    ("C0001", "김하늘", "sky.kim@example.kr", "interview"),
    ("C0002", "이하늘", "haneul.lee@example.kr", "review"),
    ("C0003", "김하나", "hana.kim@example.kr", "applied"),
    ("C0004", "Kim Haneul", "haneul.kim@example.com", "interview"),
    ("C0005", "박서준", "seojun.park@example.kr", "offer"),
    ("C0006", "강한나", "hanna.kang@example.kr", "fail"),
    ("C0007", "Olivia PARK", "olivia@park.example", "interview"),
    ("C0042", "정도윤", "doyun@example.kr", "pass"),
];

fn search_mirror(path: &Path) {
    let db = new_mirror(path);
    let t = T0 + 5 * DAY;
    db.execute(
        "INSERT INTO sync_runs (started_at, finished_at, status, full_run, started_unix, finished_unix)
         VALUES (?1, ?1, 'complete', 0, ?2, ?2)",
        rusqlite::params![utc(t), t as f64],
    )
    .unwrap();
    for (code, name, email, stage) in PEOPLE {
        put_candidate(
            &db,
            code,
            name,
            email,
            (stage, title(stage), T0),
            JOBS[0],
            T0,
            false,
        );
    }
    // Gone from the service: never found.
    put_candidate(
        &db,
        "C0099",
        "김하늘",
        "gone@example.kr",
        ("review", "서류 검토", T0),
        JOBS[0],
        T0,
        true,
    );
}

fn codes(items: &Value) -> Vec<String> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn candidates_search_finds_hangul_initials_latin_codes_and_emails_in_the_mirror() {
    let home = Home::new();
    let service = failing_service();
    let db = home.dir.path().join("people.db");
    search_mirror(&db);
    let search = |args: &[&str]| -> (Vec<String>, String) {
        let out = home
            .cmd()
            .env("RECRUIT_BASE_URL", service.base())
            .env("RECRUIT_API_KEY", "sk-never-used")
            // The mirror from the environment, as sync takes it.
            .env("RECRUIT_SYNC_DB", &db)
            .args(["candidates", "search", "-o", "json"])
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr_of(&out));
        let v: Value = serde_json::from_str(&stdout_of(&out)).unwrap();
        (codes(&v), stderr_of(&out))
    };
    let cases: &[(&[&str], &[&str])] = &[
        (&["하늘"], &["C0001", "C0002"]),
        (&["ㄱㅎㄴ"], &["C0001", "C0003", "C0006"]),
        (&["김ㅎ"], &["C0001", "C0003"]),
        (&["ㅎㄴ"], &["C0001", "C0002", "C0003", "C0006"]),
        // Latin, any case; names and emails that start with the query first.
        (&["HANEUL"], &["C0002", "C0004"]),
        (&["park"], &["C0005", "C0007"]),
        (&["kim haneul"], &["C0004"]),
        // Codes: an equal code first, then those that start with it.
        (&["c0042"], &["C0042"]),
        (&["C0004"], &["C0004"]),
        // Emails.
        (&["sky.kim@"], &["C0001"]),
        (
            &["@example.kr"],
            &["C0001", "C0002", "C0003", "C0005", "C0006", "C0042"],
        ),
        // The stage filter and the limit.
        (&["하늘", "--stage", "review"], &["C0002"]),
        (&["ㄱㅎㄴ", "--stage", "interview"], &["C0001"]),
        (&["C00", "--limit", "3"], &["C0001", "C0002", "C0003"]),
        (&["없는사람"], &[]),
    ];
    for (args, want) in cases {
        let (got, err) = search(args);
        assert_eq!(got, *want, "{args:?}");
        assert!(err.contains("last synced"), "{err}");
    }
    // The access log: a record per search that showed personal values, none for no match.
    let log = std::fs::read_to_string(home.data_dir().join("audit.log")).unwrap();
    let records: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), cases.len() - 1, "{log}");
    let (_, err) = search(&["C00", "--limit", "3"]);
    assert!(err.contains("8 matched, 3 shown"), "{err}");
    let first = &records[0];
    assert_eq!(first["via"], "cli");
    assert_eq!(first["candidates"], json!(["C0001", "C0002"]));
    assert!(first["command"]
        .as_str()
        .unwrap()
        .contains("candidates search -o json …"));
    // The query typed is no part of the log (no erasure reaches it).
    assert!(!log.contains("하늘"), "{log}");
    for f in ["name", "email", "birth"] {
        assert!(
            first["fields"].as_array().unwrap().contains(&json!(f)),
            "{first}"
        );
    }

    // Empty query: usage.
    let out = home
        .cmd()
        .args(["candidates", "search", " ", "--db"])
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(service.seen().is_empty(), "{:?}", service.seen());
}

#[test]
fn the_mcp_tools_read_the_mirror_under_the_personal_data_policy() {
    let home = Home::new();
    let service = failing_service();
    // The default mirror (the data directory's recruit.db) for the first server, --db for the
    // second.
    std::fs::create_dir_all(home.data_dir()).unwrap();
    search_mirror(&home.data_dir().join("recruit.db"));
    let cands = history(150);
    let pipeline = home.dir.path().join("pipeline.db");
    pipeline_mirror(&pipeline, &cands);
    let cli = report(&home, &service, &pipeline, &["--by", "job"]);
    let base = service.base();

    block_on(async {
        let mut m = start_at(&home, &base, "sk-never-used", &["mcp"]).await;
        let tools = m.tools().await;
        for name in ["candidates_search", "pipeline_report"] {
            let t = tools.iter().find(|t| t.name == name).expect(name);
            assert_eq!(t.annotations.as_ref().unwrap().read_only_hint, Some(true));
        }
        let found = m.ok("candidates_search", json!({"query": "하늘"})).await;
        assert_eq!(codes(&found["collection"]), ["C0001", "C0002"]);
        assert_eq!(found["total"], 2);
        assert_eq!(found["mirror"]["last_sync"], utc(T0 + 5 * DAY));
        assert!(found["mirror"]["age_seconds"].as_i64().unwrap() > 0);
        let first = &found["collection"][0];
        assert_eq!(first["name"], "김하늘");
        assert_eq!(first["email"], "sky.kim@example.kr");
        // basic: the fields the policy hides are gone.
        for hidden in ["birth", "resume_path", "profile_img_path"] {
            assert!(first.get(hidden).is_none(), "{hidden}: {first}");
        }
        let r = m
            .call(
                "candidates_search",
                json!({"query": "ㄱㅎㄴ", "stage": "interview"}),
            )
            .await;
        assert!(notes(&r).contains("last synced"), "{}", notes(&r));
        let found = r.structured_content.unwrap();
        assert_eq!(codes(&found["collection"]), ["C0001"]);
        let some = m
            .ok("candidates_search", json!({"query": "C00", "limit": "2"}))
            .await;
        assert_eq!(
            (codes(&some["collection"]).len(), &some["total"]),
            (2, &json!(8))
        );
        let e = m.err("candidates_search", json!({"stage": "review"})).await;
        assert!(e.contains("query"), "{e}");
        m.stop().await;

        let arg = pipeline.display().to_string();
        let mut m = start_at(
            &home,
            &base,
            "sk-never-used",
            &["mcp", "--db", &arg, "--personal-data", "full"],
        )
        .await;
        let r = m.ok("pipeline_report", json!({"by_job": true})).await;
        assert_eq!(
            r["groups"], cli["groups"],
            "the same numbers as the command"
        );
        // The figures too (cli.md: the same numbers as report pipeline).
        for g in r["groups"].as_array().unwrap() {
            assert_eq!(g["conversion"].as_array().map(Vec::len), Some(4), "{g}");
            assert!(g["time_to_hire"].get("candidates").is_some(), "{g}");
            assert!(g["offer_acceptance"].get("share").is_some(), "{g}");
        }
        assert_eq!(r["mirror"]["first_sync"], utc(syncs()[0]));
        // Search says how old the mirror is with a query of its own: the same count of the
        // first sync's candidates as the report's.
        let found = m.ok("candidates_search", json!({"query": "C"})).await;
        assert_eq!(
            found["mirror"]["candidates_at_first_sync"],
            r["mirror"]["candidates_at_first_sync"]
        );
        assert!(r["mirror"]["candidates_at_first_sync"].as_u64().unwrap() > 5);
        let one = m.ok("pipeline_report", json!({"job": "JOB-B"})).await;
        assert_group(
            &one["groups"][0],
            &expected(&cands, |c| c.job == 1),
            "mcp --job",
        );
        let full = m.ok("candidates_search", json!({"query": "P0001"})).await;
        assert_eq!(full["collection"][0]["birth"], "1990-01-15", "{full}");
        m.stop().await;
    });

    // Each search that returned personal values is one record of the access log, with the
    // fields it held (not those the policy left out).
    let log = std::fs::read_to_string(home.data_dir().join("audit.log")).unwrap();
    let records: Vec<Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mcp: Vec<&Value> = records.iter().filter(|r| r["via"] == "mcp").collect();
    assert_eq!(mcp.len(), 4, "{log}");
    assert!(
        mcp[0]["command"]
            .as_str()
            .unwrap()
            .starts_with("candidates_search query=…"),
        "{log}"
    );
    assert_eq!(mcp[0]["candidates"], json!(["C0001", "C0002"]));
    let fields = mcp[0]["fields"].as_array().unwrap();
    assert!(
        fields.contains(&json!("name")) && !fields.contains(&json!("birth")),
        "{log}"
    );
    assert_eq!(mcp[3]["candidates"], json!(["P0001"]));
    assert!(mcp[3]["fields"]
        .as_array()
        .unwrap()
        .contains(&json!("birth")));
    assert!(service.seen().is_empty(), "{:?}", service.seen());
}

// ---------------------------------------------------------------- PostgreSQL

/// Copy what the SQLite mirror at `from` holds of the report's tables into a new PostgreSQL
/// mirror at `url` (its schema made by recruit's own migration).
fn copy_to_postgres(from: &Path, url: &str) {
    let mut b =
        recruit::sync::pg::Postgres::connect(url, &recruit::api::NetSettings::system()).unwrap();
    recruit::sync::schema::migrate_to(&mut b, 0, recruit::sync::schema::VERSION).unwrap();
    drop(b);
    let lite = rusqlite::Connection::open(from).unwrap();
    let mut pg = postgres::Client::connect(url, postgres::NoTls).unwrap();
    let tables: [(&str, &[(&str, &str)]); 3] = [
        (
            "sync_runs",
            &[
                ("started_at", "timestamptz"),
                ("finished_at", "timestamptz"),
                ("status", "text"),
                ("full_run", "boolean"),
                ("started_unix", "float8"),
                ("finished_unix", "float8"),
            ],
        ),
        (
            "candidates",
            &[
                ("code", "text"),
                ("name", "text"),
                ("email", "text"),
                ("phone", "text"),
                ("birth", "text"),
                ("resume_path", "text"),
                ("profile_img_path", "text"),
                ("stage_kind", "text"),
                ("stage_title", "text"),
                ("stage_created_at", "timestamptz"),
                ("job_code", "text"),
                ("job_title", "text"),
                ("applied_at", "timestamptz"),
                ("created_at", "timestamptz"),
                ("deleted_at", "timestamptz"),
                ("data", "jsonb"),
            ],
        ),
        (
            "stage_history",
            &[
                ("candidate_code", "text"),
                ("stage_key", "text"),
                ("stage_kind", "text"),
                ("stage_title", "text"),
                ("entered_at", "timestamptz"),
                ("first_seen_at", "timestamptz"),
            ],
        ),
    ];
    for (table, cols) in tables {
        let names: Vec<&str> = cols.iter().map(|c| c.0).collect();
        let read: Vec<String> = names.iter().map(|c| format!("CAST({c} AS TEXT)")).collect();
        let marks: Vec<String> = cols
            .iter()
            .enumerate()
            .map(|(i, (_, ty))| format!("${}::text::{ty}", i + 1))
            .collect();
        let insert = format!(
            "INSERT INTO {table} ({}) VALUES ({})",
            names.join(", "),
            marks.join(", ")
        );
        let mut st = lite
            .prepare(&format!("SELECT {} FROM {table}", read.join(", ")))
            .unwrap();
        let rows: Vec<Vec<Option<String>>> = st
            .query_map([], |r| (0..cols.len()).map(|i| r.get(i)).collect())
            .unwrap()
            .map(Result::unwrap)
            .collect();
        for row in rows {
            let params: Vec<&(dyn postgres::types::ToSql + Sync)> = row
                .iter()
                .map(|v| v as &(dyn postgres::types::ToSql + Sync))
                .collect();
            pg.execute(insert.as_str(), &params).unwrap();
        }
    }
}

#[test]
fn reports_and_search_read_a_postgresql_mirror_alike() {
    let test = "reports_and_search_read_a_postgresql_mirror_alike";
    let Some(pg) = crate::sync::Pg::start(test) else {
        return;
    };
    let home = Home::new();
    let service = failing_service();
    let cands = history(150);
    let lite = home.dir.path().join("mirror.db");
    pipeline_mirror(&lite, &cands);
    copy_to_postgres(&lite, &pg.url);
    let url = PathBuf::from(&pg.url);
    for args in [&[][..], &["--by", "job", "--since", "2026-06-10"][..]] {
        let on_pg = report(&home, &service, &url, args);
        let on_file = report(&home, &service, &lite, args);
        assert_eq!(on_pg["groups"], on_file["groups"], "{args:?}");
        // The age is counted from each run's own now: the two runs may straddle a second.
        let (mut pg_age, mut file_age) = (on_pg["mirror"].clone(), on_file["mirror"].clone());
        let (a, b) = (
            pg_age["age_seconds"].take().as_i64().unwrap(),
            file_age["age_seconds"].take().as_i64().unwrap(),
        );
        assert!((a - b).abs() <= 2, "ages {a} and {b}");
        assert_eq!(pg_age, file_age);
    }
    let on_pg = report(&home, &service, &url, &[]);
    assert_group(
        &on_pg["groups"][0],
        &expected(&cands, |_| true),
        "PostgreSQL",
    );
    // Search says how old the mirror is with a query of its own (the dialects compare times
    // differently): the same count of the first sync's candidates as the report's.
    block_on(async {
        let mut m = start_at(
            &home,
            &service.base(),
            "sk-never-used",
            &["mcp", "--db", &pg.url],
        )
        .await;
        let found = m.ok("candidates_search", json!({"query": "C"})).await;
        for key in ["candidates_at_first_sync", "first_sync"] {
            assert_eq!(found["mirror"][key], on_pg["mirror"][key], "{key}");
        }
        m.stop().await;
    });

    // Search, on a second database of the same server.
    let people = home.dir.path().join("people.db");
    search_mirror(&people);
    let mut admin = postgres::Client::connect(&pg.url, postgres::NoTls).unwrap();
    admin.batch_execute("CREATE DATABASE people").unwrap();
    let people_url = format!("{}/people", pg.url.rsplit_once('/').unwrap().0);
    copy_to_postgres(&people, &people_url);
    let out = home
        .cmd()
        .env("RECRUIT_BASE_URL", service.base())
        .args([
            "candidates",
            "search",
            "ㄱㅎㄴ",
            "-o",
            "json",
            "--db",
            &people_url,
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let v: Value = serde_json::from_str(&stdout_of(&out)).unwrap();
    assert_eq!(codes(&v), ["C0001", "C0003", "C0006"]);
    assert!(service.seen().is_empty(), "{:?}", service.seen());
}
