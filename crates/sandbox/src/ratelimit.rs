//! `--rate-limit N`: a token bucket of N requests per second, burst N/4 (at least 1), and the
//! rate-limit headers a real service might send with every answer.

use std::sync::Mutex;
#[cfg(test)]
use std::time::Duration;
use std::time::Instant;

pub struct TokenBucket {
    rate: f64,
    burst: f64,
    st: Mutex<(f64, Instant)>,
}

/// One request's verdict, with what the headers report.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Verdict {
    pub allowed: bool,
    /// Whole tokens left after this request.
    pub remaining: u64,
    /// Whole seconds until the bucket is full again.
    pub reset: u64,
}

impl TokenBucket {
    pub fn new(rate: f64) -> TokenBucket {
        let burst = (rate / 4.0).max(1.0);
        TokenBucket {
            rate,
            burst,
            st: Mutex::new((burst, Instant::now())),
        }
    }

    pub fn check(&self) -> Verdict {
        self.check_at(Instant::now())
    }

    fn check_at(&self, now: Instant) -> Verdict {
        let mut st = self.st.lock().unwrap_or_else(|p| p.into_inner());
        let (tokens, at) = *st;
        let mut tokens =
            (tokens + self.rate * now.saturating_duration_since(at).as_secs_f64()).min(self.burst);
        let allowed = tokens >= 1.0;
        if allowed {
            tokens -= 1.0;
        }
        *st = (tokens, now.max(at));
        Verdict {
            allowed,
            remaining: tokens.floor() as u64,
            reset: ((self.burst - tokens) / self.rate).ceil() as u64,
        }
    }

    /// Header fields for an answer: IETF draft `RateLimit`/`RateLimit-Policy` and the common
    /// `X-RateLimit-*` (the reset as seconds from now).
    pub fn headers(&self, v: Verdict) -> Vec<(&'static str, String)> {
        let limit = fmt_rate(self.rate);
        vec![
            ("ratelimit-policy", format!("{limit};w=1")),
            (
                "ratelimit",
                format!(
                    "limit={limit}, remaining={}, reset={}",
                    v.remaining, v.reset
                ),
            ),
            ("x-ratelimit-limit", limit),
            ("x-ratelimit-remaining", v.remaining.to_string()),
            ("x-ratelimit-reset", v.reset.to_string()),
        ]
    }
}

/// `40`, `12.5`: whole rates without a fraction.
fn fmt_rate(r: f64) -> String {
    if r.fract() == 0.0 {
        format!("{}", r as u64)
    } else {
        format!("{r}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_then_refill_at_the_rate() {
        let b = TokenBucket::new(40.0);
        let t0 = Instant::now();
        // Burst of 10 (40 / 4), then refused.
        for i in 0..10 {
            let v = b.check_at(t0);
            assert!(v.allowed, "request {i}");
            assert_eq!(v.remaining, 9 - i);
        }
        let v = b.check_at(t0);
        assert!(!v.allowed);
        assert_eq!((v.remaining, v.reset), (0, 1));
        // 40 per second: one more every 25 ms.
        assert!(!b.check_at(t0 + Duration::from_millis(20)).allowed);
        assert!(b.check_at(t0 + Duration::from_millis(26)).allowed);
        // Over 10 s, no more than 400 (+ the burst) get through however fast they come.
        let allowed = (0..4000)
            .filter(|i| {
                b.check_at(t0 + Duration::from_micros(30_000 + 2500 * i))
                    .allowed
            })
            .count();
        assert!((399..=411).contains(&allowed), "{allowed}");
    }

    #[test]
    fn small_and_fractional_rates() {
        let b = TokenBucket::new(2.5);
        let t0 = Instant::now();
        assert!(b.check_at(t0).allowed);
        assert!(!b.check_at(t0).allowed);
        assert!(b.check_at(t0 + Duration::from_millis(400)).allowed);
        let h = b.headers(b.check_at(t0 + Duration::from_millis(400)));
        assert_eq!(h[0], ("ratelimit-policy", "2.5;w=1".to_string()));
    }
}
