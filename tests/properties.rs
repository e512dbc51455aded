//! Properties over the code that parses what comes from outside (service bodies, page URLs,
//! signature headers, user paths): for any input, no panic, and the invariants hold.

use proptest::prelude::*;
use serde_json::Value;

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

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn any_json_body_parses_into_models_or_errors_cleanly(v in arb_json()) {
        let body = serde_json::to_vec(&v).unwrap();
        // Each is Ok or a clean Err; none may panic.
        let _ = response(body.clone()).fetched::<recruit::api::Resource<recruit::api::Memo>>();
        let _ = response(body.clone()).fetched::<recruit::api::memos::MemoList>();
        let _ = response(body.clone()).fetched::<recruit::api::Resource<recruit::api::ApplicationForm>>();
        let _ = response(body.clone()).fetched::<recruit::api::submissions::SubmissionList>();
        let _ = response(body).fetched::<recruit::api::webhooks::WebhookList>();
    }

    #[test]
    fn arbitrary_bytes_never_panic_the_body_parser(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = parse_json_body(&bytes, &Default::default(), reqwest::StatusCode::OK);
    }

    #[test]
    fn models_keep_unknown_fields(key in "x_[a-z]{1,8}", val in arb_json()) {
        let mut obj = serde_json::Map::new();
        obj.insert("id".into(), Value::from(1));
        obj.insert(key.clone(), val.clone());
        let memo: recruit::api::Memo = serde_json::from_value(Value::Object(obj)).unwrap();
        prop_assert_eq!(memo.extra.get(&key), Some(&val));
    }

    #[test]
    fn base_urls_normalize_to_v1_and_are_idempotent(host in "[a-z]{1,10}\\.example", path in "(/[a-z0-9]{1,5}){0,3}", v1 in any::<bool>(), slash in any::<bool>()) {
        let input = format!("https://{host}{path}{}{}", if v1 { "/v1" } else { "" }, if slash { "/" } else { "" });
        let once = normalize_base_url(&input).unwrap();
        prop_assert!(once.path().ends_with("/v1/"));
        prop_assert!(!once.path().contains("/v1/v1/"));
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
    fn any_signature_header_is_handled_without_panic(header in "\\PC{0,80}", body in prop::collection::vec(any::<u8>(), 0..64)) {
        let key: &[u8] = b"whsec_prop";
        let _ = signature::parse_header(&header);
        let _ = signature::verify(Some(&header), &body, &[key], signature::tolerance_from_secs(300), 1_700_000_000);
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

    #[test]
    fn next_page_requests_never_leave_the_base_origin(
        given in prop_oneof![
            "\\PC{0,40}",
            "(https?)://(h\\.example|evil\\.example|127\\.0\\.0\\.1)(:[0-9]{1,5})?/v1/x\\?page_token=[a-z0-9%+]{0,8}",
            "/v1/x\\?(per=5&)?page_token=[a-z0-9]{1,6}",
            "//evil\\.example/v1/x\\?page_token=t",
        ]
    ) {
        let base = url::Url::parse("https://h.example/v1/").unwrap();
        let list = url::Url::parse("https://h.example/v1/x?per=5").unwrap();
        let current = url::Url::parse("https://h.example/v1/x?per=5&page_token=first").unwrap();
        if let Ok((next, rewritten)) = safe_next_url(&base, &list, &current, &given) {
            prop_assert_eq!(next.scheme(), "https");
            prop_assert_eq!(next.host_str(), Some("h.example"));
            prop_assert_eq!(next.port_or_known_default(), Some(443));
            if rewritten {
                prop_assert!(next.as_str().starts_with("https://h.example/v1/x?per=5"));
            }
        }
    }
}
