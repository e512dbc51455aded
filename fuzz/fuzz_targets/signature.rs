//! The webhook signature header: `parse_header`, `verify` and the `sign` → `verify` round trip.
//!
//! Input (text, so corpus files read as what they test), split on the first three newlines:
//!
//! ```text
//! <header value>
//! <signing key>
//! <t> <now> <tolerance secs>      (whitespace-separated integers; missing or bad ones are 0)
//! <body: every remaining byte>
//! ```
//!
//! Checks, besides "no panic":
//! - a header that parses re-serializes to one that parses to the same thing;
//! - `verify` of the given header agrees with `parse_header` (malformed iff it does not parse),
//!   and its answers are consistent (key index in range, age = now - t, window respected);
//! - for `t >= 0`, `verify(sign(key, t, body), body, [key], tol, t)` is Ok, also with a
//!   second (other) key before it and at the edges of the window; a changed body is refused.
//!   (The format's `t` has no sign: for `t < 0` the signed header is refused as malformed.)

#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use recruit::webhook::signature::{
    parse_header, sign, sign_all, tolerance_from_secs, verify, Malformed, Rejection,
};

fn split(data: &[u8]) -> (&[u8], &[u8], &[u8], &[u8]) {
    let mut it = data.splitn(4, |b| *b == b'\n');
    (
        it.next().unwrap_or_default(),
        it.next().unwrap_or_default(),
        it.next().unwrap_or_default(),
        it.next().unwrap_or_default(),
    )
}

fuzz_target!(|data: &[u8]| {
    let (header, key, numbers, body) = split(data);
    let numbers = String::from_utf8_lossy(numbers);
    let mut nums = numbers.split_whitespace();
    let t: i64 = nums.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let now: i64 = nums.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let tol_secs: u64 = nums.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let tol = tolerance_from_secs(tol_secs);
    let other: &[u8] = b"whsec_other_key";

    // 1. The header as given (lossy: a header value arrives as text).
    let header = String::from_utf8_lossy(header);
    let parsed = parse_header(&header);
    if let Ok(p) = &parsed {
        assert!(!p.signatures.is_empty());
        assert!(p.timestamp >= 0);
        let mut again = format!("t={}", p.timestamp_text);
        for s in &p.signatures {
            again.push_str(&format!(",v1={}", hex(s)));
        }
        assert_eq!(
            parse_header(&again).as_ref(),
            Ok(p),
            "re-serialized {again:?}"
        );
    }
    if let Err(m) = &parsed {
        let _ = m.to_string();
    }
    let keys: [&[u8]; 2] = [other, key];
    match verify(Some(&header), body, &keys, tol, now) {
        Ok(v) => {
            let p = parsed.as_ref().expect("verified, so it parses");
            assert!(v.key_index < keys.len());
            assert_eq!(v.timestamp, p.timestamp);
            let age = i128::from(now) - i128::from(p.timestamp);
            if let Ok(age) = i64::try_from(age) {
                assert_eq!(v.age_secs, age);
            }
            if let Some(tol) = tol {
                assert!(age.unsigned_abs() <= u128::from(tol.as_secs()));
            }
        }
        Err(e) => {
            assert_eq!(
                matches!(e, Rejection::Malformed(_)),
                parsed.is_err(),
                "verify said {e:?}, parse_header said {parsed:?}"
            );
            let _ = (e.to_string(), e.code(), e.http_status());
        }
    }
    assert_eq!(
        verify(None, body, &keys, tol, now),
        Err(Rejection::MissingHeader)
    );

    // 2. The round trip, for any key, body, time and tolerance.
    let signed = sign(key, t, body);
    let got = verify(Some(&signed), body, &[key], tol, t);
    if t < 0 {
        assert!(
            matches!(got, Err(Rejection::Malformed(Malformed::BadTimestamp(_)))),
            "{got:?}"
        );
        return;
    }
    let v = got.unwrap_or_else(|e| panic!("own signature refused: {e} ({signed:?})"));
    assert_eq!((v.timestamp, v.key_index, v.age_secs), (t, 0, 0));
    // The receiver knows two keys (rotation): the second matches.
    let v = verify(Some(&signed), body, &[other, key], tol, t).expect("rotation, receiver");
    assert_eq!(v.key_index, if key == other { 0 } else { 1 });
    // The sender signs with two keys: either one verifies.
    let both = sign_all(&[other, key], t, body);
    assert!(verify(Some(&both), body, &[key], tol, t).is_ok());
    // The edges of the window are inside it; one second past them is outside.
    if let Some(secs) = tol.and_then(|d| i64::try_from(d.as_secs()).ok()) {
        if let Some(edge) = t.checked_add(secs) {
            assert!(verify(Some(&signed), body, &[key], tol, edge).is_ok());
            if let Some(past) = edge.checked_add(1) {
                assert!(matches!(
                    verify(Some(&signed), body, &[key], tol, past),
                    Err(Rejection::TooOld { .. })
                ));
            }
        }
        if let Some(edge) = t.checked_sub(secs) {
            assert!(verify(Some(&signed), body, &[key], tol, edge).is_ok());
            if let Some(before) = edge.checked_sub(1) {
                assert!(matches!(
                    verify(Some(&signed), body, &[key], tol, before),
                    Err(Rejection::InFuture { .. })
                ));
            }
        }
    }
    // Without a tolerance any `now` passes.
    assert!(verify(Some(&signed), body, &[key], None, now).is_ok());
    // A changed body does not verify.
    let mut changed = body.to_vec();
    match changed.last_mut() {
        Some(b) => *b ^= 1,
        None => changed.push(b'x'),
    }
    assert!(matches!(
        verify(
            Some(&signed),
            &changed,
            &[key],
            Some(Duration::from_secs(300)),
            t
        ),
        Err(Rejection::NoMatch { .. })
    ));
});

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
