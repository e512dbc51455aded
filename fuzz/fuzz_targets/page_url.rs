//! Page tokens and next-page addresses: `safe_next_url`, `next_page_url` (the walk's decision
//! on a parsed page), `page_token` and `set_page_token`.
//!
//! Input (text), split on the first five newlines:
//!
//! ```text
//! <base URL>              (as given to --base-url; unusable ones fall back to https://h.example/v1/)
//! <list path>             (relative to the base, e.g. application_forms?per=5)
//! <current page_token>
//! <next-page address the service sent>
//! <a page token>
//! <a page body as JSON: every remaining byte>   (optional)
//! ```
//!
//! Invariants:
//! - any `Ok` of `safe_next_url` and `Ok(Some)` of `next_page_url` has the base URL's scheme,
//!   host and port (the API key never leaves the base origin); a rewritten address is the list
//!   URL with only its `page_token` changed;
//! - `set_page_token(Some(t))` then `page_token` gives back `t` and keeps the other query
//!   parameters in order; `set_page_token(None)` removes it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use recruit::api::http::{normalize_base_url, same_origin};
use recruit::api::pagination::{
    next_page_url, page_items, page_token, safe_next_url, set_page_token, PageStyle,
};
use serde_json::{json, Value};
use url::Url;

fn lines(data: &[u8]) -> [String; 6] {
    let mut it = data.splitn(6, |b| *b == b'\n');
    std::array::from_fn(|_| String::from_utf8_lossy(it.next().unwrap_or_default()).into_owned())
}

fn others(u: &Url) -> Vec<(String, String)> {
    u.query_pairs()
        .filter(|(k, _)| k != "page_token")
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

fn assert_base_origin(base: &Url, u: &Url, what: &str) {
    assert_eq!(u.scheme(), base.scheme(), "{what}: {u} vs base {base}");
    assert_eq!(u.host_str(), base.host_str(), "{what}: {u} vs base {base}");
    assert_eq!(
        u.port_or_known_default(),
        base.port_or_known_default(),
        "{what}: {u} vs base {base}"
    );
}

fn token_round_trip(url: &Url, token: &str) {
    let mut u = url.clone();
    let before = others(&u);
    set_page_token(&mut u, Some(token));
    assert_eq!(page_token(&u).as_deref(), Some(token), "{u}");
    assert_eq!(others(&u), before, "{u}");
    set_page_token(&mut u, None);
    assert_eq!(page_token(&u), None, "{u}");
    assert_eq!(others(&u), before, "{u}");
}

fuzz_target!(|data: &[u8]| {
    let [base_in, list_path, current_token, given, token, body] = lines(data);
    let fallback = Url::parse("https://h.example/v1/").unwrap();
    let base = normalize_base_url(&base_in).unwrap_or_else(|_| fallback.clone());
    // The list URL is an endpoint under the base (as `Client::endpoint` makes it).
    let mut list_url = match base.join(&list_path) {
        Ok(u) if same_origin(&base, &u) => u,
        _ => base.join("application_forms").unwrap(),
    };
    set_page_token(&mut list_url, None);
    let mut current = list_url.clone();
    if !current_token.is_empty() {
        set_page_token(&mut current, Some(&current_token));
    }

    token_round_trip(&list_url, &token);
    token_round_trip(&current, &current_token);
    if let Ok(u) = Url::parse(&given) {
        let _ = page_token(&u);
        token_round_trip(&u, &token);
    }

    match safe_next_url(&base, &list_url, &current, &given) {
        Ok((next, rewritten)) => {
            assert_base_origin(&base, &next, "safe_next_url");
            if rewritten {
                assert_eq!(next.path(), list_url.path());
                assert_eq!(others(&next), others(&list_url));
                assert!(page_token(&next).is_some());
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }

    // The walk's decision on a page body: the one given, and pages built from the lines.
    let mut bodies: Vec<Value> = vec![
        json!({"collection": [], "pagination": {"next_url": given}}),
        json!({"collection": [], "pagination": {"next_page_token": given, "next_page": token}}),
        json!({"collection": [], "pagination": {"next_page": token}}),
    ];
    if let Ok(v) = serde_json::from_str::<Value>(&body) {
        bodies.push(v);
    }
    for body in &bodies {
        let _ = page_items(&current, body);
        for style in [PageStyle::Tokens, PageStyle::Cursor] {
            match next_page_url(style, &base, &list_url, &current, body.get("pagination")) {
                Ok(Some((next, _))) => assert_base_origin(&base, &next, "next_page_url"),
                Ok(None) => {}
                Err(e) => {
                    let _ = e.to_string();
                }
            }
        }
    }
});
