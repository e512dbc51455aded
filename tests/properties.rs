//! Properties over the code that parses what comes from outside (service bodies, page URLs,
//! signature headers, user paths): for any input, the invariants hold. A property with
//! branches runs through [`covering`], which fails when a branch it asserts on never ran.

use std::cell::RefCell;
use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;

/// Run a property over `cases` inputs of `strategy` (failures shrunk, as `proptest!` does),
/// each case naming the branch it took; returns how often each branch ran, for the caller to
/// check that the cases it means to assert on came up at all.
fn covering<S: Strategy>(
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<&'static str, TestCaseError>,
) -> BTreeMap<&'static str, u32> {
    // The client's messages in the front end's words, as the binary shows them.
    recruit::i18n::install();
    let counts = RefCell::new(BTreeMap::new());
    let mut runner = TestRunner::new(Config {
        cases,
        ..Config::default()
    });
    let result = runner.run(&strategy, |v| {
        let branch = test(v)?;
        *counts.borrow_mut().entry(branch).or_insert(0) += 1;
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    counts.into_inner()
}

/// `counts` has at least `n` cases of each of `branches`.
fn assert_covered(counts: &BTreeMap<&'static str, u32>, branches: &[&str], n: u32) {
    for b in branches {
        assert!(
            counts.get(b).copied().unwrap_or(0) >= n,
            "fewer than {n} cases took the branch '{b}': {counts:?}"
        );
    }
}

use recruit::api::http::{normalize_base_url, parse_json_body};
use recruit::api::pagination::{page_token, safe_next_url, set_page_token};
use recruit::api::{ApiResponse, Client, ClientConfig};
use recruit::webhook::signature;

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        ".{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map(
                prop_oneof![
                    Just("id".to_string()),
                    Just("resource".to_string()),
                    Just("collection".to_string()),
                    Just("pagination".to_string()),
                    Just("replies".to_string()),
                    Just("user".to_string()),
                    Just("questions".to_string()),
                    Just("next_url".to_string()),
                    "[a-z_]{1,8}".prop_map(String::from),
                ],
                inner,
                0..6
            )
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

fn response(body: Vec<u8>) -> ApiResponse {
    ApiResponse {
        status: reqwest::StatusCode::OK,
        headers: Default::default(),
        body: body.into(),
        url: url::Url::parse("https://h.example/v1/x").unwrap(),
        retries: 0,
    }
}

/// `v` written and read back as JSON: what any reader of it gets.
fn reparsed(v: &Value) -> Value {
    serde_json::from_str(&v.to_string()).unwrap()
}

/// A body read as model `T`: the tree and the bytes exactly as sent, or an error that says
/// the shape was unexpected. Returns whether it was read.
fn read_as<T: serde::de::DeserializeOwned>(v: &Value) -> Result<bool, TestCaseError> {
    let body = serde_json::to_vec(v).unwrap();
    match response(body.clone()).fetched::<T>() {
        Ok(f) => {
            // The tree the body reads as (floats as serde_json reads them back).
            prop_assert_eq!(&f.value, &reparsed(v));
            prop_assert_eq!(&f.raw[..], &body[..]);
            Ok(true)
        }
        Err(e) => {
            prop_assert!(
                e.message
                    .starts_with("the service's answer from /v1/x has an unexpected shape: "),
                "{}",
                e.message
            );
            prop_assert!(
                e.message.ends_with("; use -o json to see it as sent"),
                "{}",
                e.message
            );
            Ok(false)
        }
    }
}

#[test]
fn any_json_body_parses_into_models_or_errors_with_the_shape_named() {
    let counts = covering(256, arb_json(), |v| {
        use recruit::api::{ApplicationForm, MemoList, Resource, SubmissionList, WebhookList};
        let memo = read_as::<Resource<recruit::api::Memo>>(&v)?;
        read_as::<MemoList>(&v)?;
        read_as::<Resource<ApplicationForm>>(&v)?;
        read_as::<SubmissionList>(&v)?;
        read_as::<WebhookList>(&v)?;
        Ok(if memo { "read" } else { "refused" })
    });
    assert_covered(&counts, &["read", "refused"], 10);
}

#[test]
fn any_bytes_are_a_json_tree_or_an_error_saying_what_was_wrong() {
    let bytes = prop_oneof![
        prop::collection::vec(any::<u8>(), 0..200),
        arb_json().prop_map(|v| serde_json::to_vec(&v).unwrap()),
        "[ \t\r\n]{0,4}".prop_map(String::into_bytes),
    ];
    let counts = covering(256, bytes, |bytes| {
        let parsed = parse_json_body(&bytes, &Default::default(), reqwest::StatusCode::OK);
        if bytes.iter().all(u8::is_ascii_whitespace) {
            let e = parsed.unwrap_err();
            prop_assert!(
                e.message
                    .contains("with an empty body where JSON was expected"),
                "{}",
                e.message
            );
            return Ok("empty");
        }
        match serde_json::from_slice::<Value>(&bytes) {
            Ok(v) => {
                prop_assert_eq!(parsed.unwrap(), v);
                Ok("json")
            }
            Err(_) => {
                let e = parsed.unwrap_err();
                prop_assert!(
                    e.message.contains("with a body that is not valid JSON"),
                    "{}",
                    e.message
                );
                Ok("not json")
            }
        }
    });
    assert_covered(&counts, &["empty", "json", "not json"], 5);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn models_keep_unknown_fields(key in "x_[a-z]{1,8}", val in arb_json()) {
        let mut obj = serde_json::Map::new();
        obj.insert("id".into(), Value::from(1));
        obj.insert(key.clone(), val.clone());
        let memo: recruit::api::Memo = serde_json::from_value(Value::Object(obj)).unwrap();
        prop_assert_eq!(memo.extra.get(&key), Some(&val));
    }

    #[test]
    // Prefix segments never start with `v`: a root that itself ends in /v1 (`.../v1/v1`) is
    // ambiguous, and the exact expected path below would not hold for it.
    fn base_urls_normalize_to_v1_and_are_idempotent(host in "[a-z]{1,10}\\.example", path in "(/[a-uw-z0-9][a-z0-9]{0,4}){0,3}", v1 in any::<bool>(), slash in any::<bool>()) {
        let input = format!("https://{host}{path}{}{}", if v1 { "/v1" } else { "" }, if slash { "/" } else { "" });
        let once = normalize_base_url(&input).unwrap();
        prop_assert_eq!(once.path(), format!("{path}/v1/"));
        let twice = normalize_base_url(once.as_str()).unwrap();
        prop_assert_eq!(once, twice);
    }

    #[test]
    fn any_candidate_code_stays_one_path_segment(code in prop_oneof![Just(".".to_string()), Just("..".to_string()), "[./%?#]{1,4}", "\\PC{1,20}"]) {
        let client = Client::new(ClientConfig::new("https://h.example/v1", None)).unwrap();
        if code == "." || code == ".." {
            // A URL resolves these away even when encoded: refused, never sent elsewhere.
            prop_assert!(client.checked_endpoint(&["candidates", &code, "memos"]).is_err());
            return Ok(());
        }
        let url = client.checked_endpoint(&["candidates", &code, "memos"]).unwrap();
        prop_assert_eq!(url.host_str(), Some("h.example"));
        let segs: Vec<&str> = url.path_segments().unwrap().collect();
        prop_assert_eq!(segs.len(), 4, "{}", url);
        let decoded = percent_encoding::percent_decode_str(segs[2]).decode_utf8().unwrap();
        prop_assert_eq!(decoded, code.as_str());
    }

    #[test]
    fn page_tokens_round_trip_and_keep_other_parameters(token in "\\PC{0,30}", per in 1u32..=100) {
        let mut url = url::Url::parse(&format!("https://h.example/v1/x?per={per}")).unwrap();
        set_page_token(&mut url, Some(&token));
        prop_assert_eq!(page_token(&url), Some(token.clone()));
        prop_assert!(url.query_pairs().any(|(k, v)| k == "per" && v == per.to_string()));
    }


    #[test]
    fn signing_then_verifying_accepts_and_any_changed_byte_rejects(body in prop::collection::vec(any::<u8>(), 1..64), flip in any::<prop::sample::Index>(), t in 1_000_000_000i64..2_000_000_000) {
        let key: &[u8] = b"whsec_prop";
        let header = signature::sign(key, t, &body);
        prop_assert!(signature::verify(Some(&header), &body, &[key], signature::tolerance_from_secs(300), t).is_ok());
        let mut tampered = body.clone();
        let i = flip.index(tampered.len());
        tampered[i] ^= 0x01;
        prop_assert!(signature::verify(Some(&header), &tampered, &[key], signature::tolerance_from_secs(300), t).is_err());
    }

}

/// Any header not made with the key is refused, whether it parses or not: one that is
/// well formed, in time, with a made-up signature, for not matching.
#[test]
fn a_signature_header_not_made_with_the_key_never_verifies() {
    let header = prop_oneof![
        "\\PC{0,80}",
        "t=17000000[0-9]{2},v1=[0-9a-f]{64}(,v1=[0-9a-f]{64})?",
    ];
    let body = prop::collection::vec(any::<u8>(), 0..64);
    let counts = covering(256, (header, body), |(header, body)| {
        let key: &[u8] = b"whsec_prop";
        let tolerance = signature::tolerance_from_secs(300);
        let verdict = signature::verify(Some(&header), &body, &[key], tolerance, 1_700_000_000);
        let parsed = signature::parse_header(&header);
        prop_assert!(verdict.is_err(), "{header} verified");
        match (parsed, verdict.unwrap_err()) {
            (Ok(_), signature::Rejection::NoMatch { keys: 1, .. }) => Ok("well formed, no match"),
            (Ok(_), _) => Ok("well formed, refused otherwise"),
            (Err(_), signature::Rejection::Malformed(_)) => Ok("malformed"),
            (Err(_), r) => Err(TestCaseError::fail(format!(
                "{header}: unparsable but {}",
                r.code()
            ))),
        }
    });
    assert_covered(&counts, &["well formed, no match", "malformed"], 20);
}

#[test]
fn next_page_requests_never_leave_the_base_origin() {
    let given = prop_oneof![
        "\\PC{0,40}",
        "(https?)://(h\\.example|evil\\.example|127\\.0\\.0\\.1)(:[0-9]{1,5})?/v1/x\\?page_token=[a-z0-9%+]{0,8}",
        "/v1/x\\?(per=5&)?page_token=[a-z0-9]{1,6}",
        "//evil\\.example/v1/x\\?page_token=t",
        "https://evil\\.example/v1/x(\\?per=5)?",
    ];
    let counts = covering(256, given, |given| {
        let base = url::Url::parse("https://h.example/v1/").unwrap();
        let list = url::Url::parse("https://h.example/v1/x?per=5").unwrap();
        let current = url::Url::parse("https://h.example/v1/x?per=5&page_token=first").unwrap();
        let Ok((next, rewritten)) = safe_next_url(&base, &list, &current, &given) else {
            return Ok("refused");
        };
        prop_assert_eq!(next.scheme(), "https");
        prop_assert_eq!(next.host_str(), Some("h.example"));
        prop_assert_eq!(next.port_or_known_default(), Some(443));
        if rewritten {
            prop_assert!(next.as_str().starts_with("https://h.example/v1/x?per=5"));
            prop_assert_eq!(
                page_token(&next),
                page_token(&current.join(&given).unwrap())
            );
            return Ok("rewritten");
        }
        Ok("followed")
    });
    assert_covered(&counts, &["refused", "rewritten", "followed"], 5);
}

// ---------------------------------------------------------------------------------------------
// The answers file (the same invariants as fuzz/fuzz_targets/answers.rs, in the normal suite).

use recruit::api::Question;
use recruit::apply::kinds::KNOWN_KINDS;
use recruit::apply::{answers_file, prepare, Variant};

/// A form with one question of every kind (ids 9001.., orders 1..), answer options on the
/// choice kinds, one kind this tool does not know; the basics and every third are required.
fn every_kind_form(with_ids: bool) -> Vec<Question> {
    let mut kinds: Vec<&str> = KNOWN_KINDS.to_vec();
    kinds.push("signature_pad");
    kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| Question {
            id: with_ids.then_some(9001 + i as i64),
            kind: Some(kind.to_string()),
            title: Some(format!("Question {} ({kind})", i + 1)),
            order: Some(i as i64 + 1),
            required: Some(matches!(*kind, "name" | "email" | "phone" | "resume") || i % 3 == 0),
            answer_options: options_of(kind).map(|o| o.iter().map(|s| s.to_string()).collect()),
            ..Default::default()
        })
        .collect()
}

fn options_of(kind: &str) -> Option<&'static [&'static str]> {
    match kind {
        "dropdown" => Some(&["LinkedIn", "Referral", "Job board"]),
        "radio" => Some(&["Yes", "No"]),
        "checkbox" => Some(&["Rust", "Go", "Python"]),
        _ => None,
    }
}

fn text() -> impl Strategy<Value = String> {
    "[A-Za-z0-9가-힣][A-Za-z0-9가-힣 ,.'-]{0,15}"
}

fn path_value() -> impl Strategy<Value = String> {
    prop_oneof![
        "/upload/[a-z0-9]{1,8}/[a-z0-9_]{1,8}\\.pdf",
        "https://files\\.example/upload/[a-z0-9]{1,8}\\.pdf(\\?sig=[a-z0-9]{1,6})?",
    ]
}

fn date() -> impl Strategy<Value = String> {
    (1950u32..2020, 1u32..=12, 1u32..=28).prop_map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}"))
}

/// Elements of a repeatable answer: required fields filled, optional ones sometimes.
fn elements(spec: &'static [recruit::apply::kinds::ElementField]) -> impl Strategy<Value = Value> {
    use recruit::apply::kinds::FieldType;
    let element = prop::collection::vec((text(), any::<bool>(), any::<bool>()), spec.len())
        .prop_map(move |vals| {
            let mut m = serde_json::Map::new();
            for (f, (s, b, keep)) in spec.iter().zip(vals) {
                if !f.required && !keep {
                    continue;
                }
                let v = match f.ty {
                    FieldType::Str => Value::String(s),
                    // One value for start and end alike, so an end is never before its start.
                    FieldType::YearMonth => Value::String("2019-03".into()),
                    FieldType::Date => Value::String("2020-01-31".into()),
                    FieldType::Bool => Value::Bool(b),
                    FieldType::OneOf(values) => {
                        Value::String(values[s.len() % values.len()].into())
                    }
                };
                m.insert(f.name.to_string(), v);
            }
            Value::Object(m)
        });
    prop::collection::vec(element, 1..3).prop_map(Value::Array)
}

/// A valid answer for a question of `kind` (non-empty, so required or not it passes).
fn valid_answer(kind: &'static str) -> BoxedStrategy<Value> {
    use recruit::apply::kinds::{self as k, AnswerKind};
    use serde_json::json;
    let one = |field: &'static str, s: BoxedStrategy<Value>| {
        s.prop_map(move |v| json!({ field: v })).boxed()
    };
    let string = |s: BoxedStrategy<String>| s.prop_map(Value::String).boxed();
    match AnswerKind::parse(kind) {
        AnswerKind::Name => one("name", string(text().boxed())),
        AnswerKind::Email => one(
            "email",
            string("[a-z0-9._]{1,8}@[a-z]{1,8}\\.(com|co\\.kr)".boxed()),
        ),
        AnswerKind::Phone => one(
            "phone",
            string("\\+?[0-9]{2,3}[- ][0-9]{3,4}[- ][0-9]{4}".boxed()),
        ),
        AnswerKind::Resume => one("resume_path", string(path_value().boxed())),
        AnswerKind::ProfileImg => one("profile_img_path", string(path_value().boxed())),
        AnswerKind::ExperienceTotal => one(
            "experience_total_period",
            (0i64..600).prop_map(Value::from).boxed(),
        ),
        AnswerKind::DesiredSalary => one(
            "desired_salary",
            (0i64..=i64::MAX).prop_map(Value::from).boxed(),
        ),
        AnswerKind::CurrentSalary => one(
            "current_salary",
            (0i64..=i64::MAX).prop_map(Value::from).boxed(),
        ),
        AnswerKind::Gender => one(
            "gender",
            prop::sample::select(k::GENDERS)
                .prop_map(Value::from)
                .boxed(),
        ),
        AnswerKind::Birth => one("birth", string(date().boxed())),
        AnswerKind::Address => one("address", string(text().boxed())),
        g @ (AnswerKind::Experience
        | AnswerKind::Education
        | AnswerKind::Qualification
        | AnswerKind::Training
        | AnswerKind::Language) => {
            let (field, spec) = g.group().unwrap();
            one(field, elements(spec).boxed())
        }
        AnswerKind::MilitaryService => prop_oneof![
            Just(json!({"checked": false})),
            prop::sample::select(k::MILITARY_STATUSES)
                .prop_map(|s| json!({"checked": true, "military_service_status": s})),
        ]
        .boxed(),
        AnswerKind::VeteranAffair => (any::<bool>(), prop::option::of("[0-9]{2}-[0-9]{6}"))
            .prop_map(|(c, code)| match code {
                Some(code) => json!({"checked": c, "veteran_affair_code": code}),
                None => json!({"checked": c}),
            })
            .boxed(),
        AnswerKind::Disability => (
            any::<bool>(),
            prop::option::of(text()),
            prop::option::of(prop::sample::select(k::DISABILITY_SEVERITIES)),
        )
            .prop_map(|(c, t, s)| {
                let mut v = json!({"checked": c});
                if let Some(t) = t {
                    v["disability_type"] = json!(t);
                }
                if let Some(s) = s {
                    v["disability_severity"] = json!(s);
                }
                v
            })
            .boxed(),
        AnswerKind::Text | AnswerKind::Textarea => one("value", string(text().boxed())),
        AnswerKind::DateType => one("value", string(date().boxed())),
        AnswerKind::Dropdown | AnswerKind::Radio => one(
            "value",
            prop::sample::select(options_of(kind).unwrap())
                .prop_map(Value::from)
                .boxed(),
        ),
        AnswerKind::Checkbox => one(
            "values",
            prop::sample::subsequence(options_of(kind).unwrap(), 1..=3)
                .prop_map(|v| json!(v))
                .boxed(),
        ),
        AnswerKind::Link => one(
            "links",
            prop::collection::vec(
                string("https://[a-z]{1,8}\\.example/[a-z]{0,6}".boxed()),
                1..3,
            )
            .prop_map(Value::Array)
            .boxed(),
        ),
        AnswerKind::FileUpload => one(
            "links",
            prop::collection::vec(string(path_value().boxed()), 1..3)
                .prop_map(Value::Array)
                .boxed(),
        ),
        AnswerKind::Other(_) => arb_json().prop_map(|v| json!({ "anything": v })).boxed(),
    }
}

/// A valid answers file for the every-kind form: every required question answered, others
/// sometimes; items named by question_id or order, in any order.
fn valid_answers_file(with_ids: bool) -> impl Strategy<Value = Value> {
    let form = every_kind_form(with_ids);
    let per_question: Vec<_> = form
        .iter()
        .map(|q| {
            let kind: &'static str = KNOWN_KINDS
                .iter()
                .copied()
                .find(|k| *k == q.kind())
                .unwrap_or("signature_pad");
            let basic = matches!(kind, "name" | "email" | "phone" | "resume");
            // Without ids only the basics can be sent.
            let include = if !with_ids && !basic {
                Just(false).boxed()
            } else if q.required() {
                Just(true).boxed()
            } else {
                any::<bool>().boxed()
            };
            (
                include,
                any::<bool>().prop_map(move |with_kind| with_kind.then_some(kind)),
                Just(q.id),
                Just(q.order.unwrap()),
                valid_answer(kind),
            )
        })
        .collect();
    (per_question, any::<bool>(), any::<bool>()).prop_flat_map(|(items, privacy, by_id)| {
        let items: Vec<Value> = items
            .into_iter()
            .filter(|(include, ..)| *include)
            .map(|(_, kind, id, order, answer)| {
                let mut item = serde_json::Map::new();
                match id {
                    Some(id) if by_id => item.insert("question_id".into(), Value::from(id)),
                    _ => item.insert("order".into(), Value::from(order)),
                };
                if let Some(kind) = kind {
                    item.insert("kind".into(), Value::from(kind));
                }
                item.insert("answer".into(), answer);
                Value::Object(item)
            })
            .collect();
        Just(items)
            .prop_shuffle()
            .prop_map(move |items| serde_json::json!({"privacy": privacy, "questions": items}))
    })
}

/// Any answers file is prepared into a body that prepares again the same from its saved
/// form, or refused with every problem named; valid files are in the mix, so both happen.
#[test]
fn any_answers_file_is_prepared_or_refused_with_problems() {
    let file = prop_oneof![
        valid_answers_file(true),
        arb_json(),
        prop::collection::vec(
            prop::collection::btree_map(
                prop_oneof![
                    Just("order"),
                    Just("question_id"),
                    Just("id"),
                    Just("kind"),
                    Just("answer")
                ],
                prop_oneof![
                    (0i64..32).prop_map(Value::from),
                    (9000i64..9032).prop_map(Value::from),
                    arb_json(),
                ],
                0..5,
            )
            .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
            0..6,
        )
        .prop_map(|items| serde_json::json!({"privacy": true, "questions": items})),
    ];
    let counts = covering(128, file, |file| {
        let mut prepared = false;
        for (with_ids, variant) in [(true, Variant::A), (true, Variant::B), (false, Variant::A)] {
            let form = every_kind_form(with_ids);
            match prepare(&form, &file, variant) {
                Ok(p) => {
                    prepared = true;
                    prop_assert!(p.body.is_object());
                    let saved = answers_file(&form, &p.answers, p.privacy);
                    let again = prepare(&form, &saved, variant);
                    prop_assert!(
                        again.is_ok(),
                        "saved file refused: {:?}",
                        again.err().map(|r| r.problems)
                    );
                    prop_assert_eq!(again.unwrap().body, p.body);
                }
                Err(report) => {
                    prop_assert!(!report.problems.is_empty());
                    for p in &report.problems {
                        prop_assert!(!p.to_string().trim().is_empty(), "{:?}", p);
                    }
                }
            }
        }
        Ok(if prepared { "prepared" } else { "refused" })
    });
    assert_covered(&counts, &["prepared", "refused"], 10);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, .. ProptestConfig::default() })]

    #[test]
    fn a_valid_answers_file_passes_in_both_variants(file in valid_answers_file(true)) {
        let form = every_kind_form(true);
        for variant in [Variant::A, Variant::B] {
            let p = prepare(&form, &file, variant);
            prop_assert!(p.is_ok(), "{variant}: {:?}\n{file:#}", p.err().map(|r| r.problems));
            let p = p.unwrap();
            prop_assert_eq!(p.variant, variant);
            let answered = file["questions"].as_array().unwrap().len();
            prop_assert_eq!(p.answers.len(), answered);
        }
    }

    #[test]
    fn a_valid_answers_file_for_an_idless_form_goes_through_variant_b(file in valid_answers_file(false)) {
        let form = every_kind_form(false);
        let p = prepare(&form, &file, Variant::A);
        prop_assert!(p.is_ok(), "{:?}\n{file:#}", p.err().map(|r| r.problems));
        let p = p.unwrap();
        prop_assert_eq!(p.variant, Variant::B);
        for field in ["name", "email", "phone", "resume_path"] {
            prop_assert!(p.body.get(field).is_some(), "{field} missing from {}", p.body);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Output of arbitrary JSON items, and the walk's decision on arbitrary pages.

use recruit::api::pagination::Page;
use recruit::api::pagination::{next_page_url, page_items, PageStyle};
use recruit::cli::Format;
use recruit::output::{cell, csv_columns, lookup, table, Kind, ListPrinter, Output, OutputOptions};

const KINDS: [Kind; 6] = [
    Kind::Form,
    Kind::Memo,
    Kind::Submission,
    Kind::Webhook,
    Kind::Application,
    Kind::Other,
];

/// Items as the models' renderers see them: objects with the models' field names, of any type.
fn arb_item() -> impl Strategy<Value = Value> {
    let key = prop_oneof![
        prop::sample::select(
            &[
                "id",
                "code",
                "title",
                "content",
                "user",
                "replies",
                "end_at",
                "created_at",
                "questions",
                "events",
                "active",
                "callback_url",
                "submission_answers",
                "form_template",
                "mentions",
                "file_url",
                "pinned",
                "fixed_at",
                "parent_id",
            ][..]
        )
        .prop_map(String::from),
        "[a-z_.]{1,8}",
    ];
    prop_oneof![
        prop::collection::btree_map(key, arb_json(), 0..8)
            .prop_map(|m| Value::Object(m.into_iter().collect())),
        arb_json(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// Any items, of any kind, in every format: json and ndjson give the items back, csv one
    /// row of the documented and seen columns per item with each top-level value in its
    /// column, a table a view with no control character a service string could slip in.
    #[test]
    fn any_items_render_in_every_format(items in prop::collection::vec(arb_item(), 0..4)) {
        // (The fuzz target also varies the width through COLUMNS; a test thread must not set
        // the environment while others read it.)
        let opts = OutputOptions::new(Format::Table);
        for kind in KINDS {
            for item in &items {
                let view = table::single(kind, item, &opts);
                prop_assert!(!view.chars().any(|c| c.is_control() && c != '\n'), "{:?}", view);
            }
            let raw = serde_json::to_vec(&items).unwrap();
            let value = Value::Array(items.clone());
            for format in [Format::Table, Format::Json, Format::Ndjson, Format::Csv, Format::Xlsx] {
                let buf = recruit::io::SharedBuf::default();
                let mut out = Output::new(OutputOptions::new(format), Box::new(buf.clone())).unwrap();
                let mut printer = ListPrinter::new(kind, true);
                let page = Page::whole(raw.clone().into(), value.clone(), None).unwrap();
                printer.page(&mut out, page).unwrap();
                printer.finish(&mut out).unwrap();
                let text = buf.text();
                match format {
                    Format::Json => {
                        prop_assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), reparsed(&value));
                    }
                    Format::Ndjson => {
                        let lines: Vec<Value> =
                            text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
                        prop_assert_eq!(lines, items.iter().map(reparsed).collect::<Vec<_>>());
                    }
                    Format::Csv => {
                        let mut r = csv::Reader::from_reader(text.as_bytes());
                        let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
                        prop_assert_eq!(&header, &csv_columns(kind, &items));
                        let rows: Vec<csv::StringRecord> = r.records().map(|r| r.unwrap()).collect();
                        prop_assert_eq!(rows.len(), items.len());
                        for (row, item) in rows.iter().zip(&items) {
                            let Value::Object(m) = item else { continue };
                            for (k, v) in m.iter().filter(|(k, _)| !k.contains('.')) {
                                let at = header.iter().position(|h| h == k).unwrap();
                                let want = cell(Some(v));
                                prop_assert_eq!(&row[at], want.as_str(), "column {}", k);
                            }
                        }
                    }
                    // A workbook (a zip) whatever the items: tests/cli/xlsx.rs reads its cells.
                    Format::Xlsx => {
                        prop_assert!(text.starts_with("PK"), "{:?}", &text[..text.len().min(40)]);
                    }
                    Format::Table => {
                        if items.is_empty() {
                            prop_assert_eq!(text, "(none)\n");
                        } else {
                            prop_assert_ne!(text.as_str(), "(none)\n");
                            prop_assert!(!text.chars().any(|c| c.is_control() && c != '\n'), "{:?}", text);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn lookup_finds_what_a_dotted_path_names(key in "[a-z_]{1,8}", inner in "[a-z_]{1,8}", v in arb_json()) {
        let item = serde_json::json!({ key.clone(): { inner.clone(): v.clone() }, "list": [v.clone()] });
        prop_assert_eq!(lookup(&item, &format!("{key}.{inner}")), Some(&v));
        prop_assert_eq!(lookup(&item, "list.0"), Some(&v));
        prop_assert_eq!(lookup(&item, &format!("{key}.{inner}x.y")), None);
        prop_assert_eq!(cell(Some(&v)), match &v {
            Value::Null => String::new(),
            Value::String(s) => s.clone(),
            other => other.to_string(),
        });
    }


    #[test]
    fn any_key_and_time_sign_then_verify(key in prop::collection::vec(any::<u8>(), 0..40), t in 0i64..=i64::MAX, tol in 0u64..1000, body in prop::collection::vec(any::<u8>(), 0..64)) {
        let header = signature::sign(&key, t, &body);
        let parsed = signature::parse_header(&header).unwrap();
        prop_assert_eq!(parsed.timestamp, t);
        let tol = signature::tolerance_from_secs(tol);
        let v = signature::verify(Some(&header), &body, &[b"other".as_slice(), &key], tol, t);
        prop_assert!(v.is_ok(), "{:?}", v);
    }
}

/// Whatever a page's `pagination` says, the next page asked for is on the base URL's origin;
/// a next page on another origin is asked of the list by its token instead.
#[test]
fn the_walk_never_asks_another_origin_for_a_page() {
    let next = prop_oneof![
        "\\PC{0,30}",
        "(https?)://(h\\.example|evil\\.example)(:[0-9]{1,5})?/v1/x\\?page_token=[a-z0-9]{0,6}",
    ];
    let counts = covering(
        256,
        (arb_json(), next, "\\PC{0,12}"),
        |(body, next, token)| {
            let base = url::Url::parse("https://h.example/v1/").unwrap();
            let list = url::Url::parse("https://h.example/v1/x?per=5").unwrap();
            let current = url::Url::parse("https://h.example/v1/x?per=5&page_token=first").unwrap();
            let built = serde_json::json!({"collection": [], "pagination": {"next_url": next, "next_page": token}});
            prop_assert_eq!(
                page_items(&current, &built).map(<[Value]>::len).ok(),
                Some(0)
            );
            let mut branch = "no next page";
            for body in [&body, &built] {
                for style in [PageStyle::Tokens, PageStyle::Cursor] {
                    // No next page, or a refusal: nothing is asked for.
                    let next = next_page_url(style, &base, &list, &current, body.get("pagination"));
                    let Ok(Some((u, rewritten))) = next else {
                        continue;
                    };
                    prop_assert_eq!(u.origin(), base.origin(), "{}", u);
                    branch = match (branch, rewritten) {
                        (_, true) | ("rewritten", _) => "rewritten",
                        _ => "next page",
                    };
                }
            }
            Ok(branch)
        },
    );
    assert_covered(&counts, &["next page", "rewritten"], 10);
}

/// Found by the `responses` fuzz target: a body with a duplicate key is refused by a typed
/// `from_slice` ("duplicate field") but the client parses through a `Value`, which keeps the last
/// one. The client must stay that lenient: nothing the service sends is rejected for its shape.
#[test]
fn a_duplicate_key_in_a_body_keeps_the_last_value() {
    let body = br#"{"collection":[{"code":"S1","kind":"text","kind":"survey"}],"pagination":{}}"#;
    assert!(serde_json::from_slice::<recruit::api::SubmissionList>(body).is_err());
    let fetched = response(body.to_vec())
        .fetched::<recruit::api::SubmissionList>()
        .unwrap();
    assert_eq!(fetched.data.collection[0].kind.as_deref(), Some("survey"));
}
