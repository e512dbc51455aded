//! Signing and verifying `t=<unix>,v1=<hex>` signature headers (spec section 5).

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Default name of the signature header (the spec's neutral name).
pub const DEFAULT_HEADER: &str = "Service-Webhook-Signature";

/// Lowercase hex HMAC-SHA256 of `<t>.<body>` with `key`.
pub fn compute(key: &[u8], timestamp: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// The header value `t=<timestamp>,v1=<hex>` for `body`.
pub fn sign(key: &[u8], timestamp: i64, body: &[u8]) -> String {
    format!("t={timestamp},v1={}", compute(key, timestamp, body))
}
