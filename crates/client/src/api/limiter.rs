//! Adaptive concurrency (AIMD) for a [`Client`](super::Client) shared by many workers: at most
//! `max` requests in flight; when the service answers 429, the limit is halved (at most once
//! per second, never below 1), and it grows back by one after each round of `limit` answers
//! without a 429 — slowly, so a rate-limited service is not hammered again at once.
//!
//! The client takes a slot for every attempt, retries included, and reports each answer while
//! still holding the slot. So a 429 lowers the limit before anyone else sends, and requests
//! waiting out a `Retry-After` (the client's shared gate) go back in at the lowered limit, not
//! all at once.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

/// Shortest time between two decreases: a burst of 429s answering the same round of requests
/// counts as one signal.
const DECREASE_EVERY: Duration = Duration::from_secs(1);

pub struct Limiter {
    max: usize,
    /// What "a second since the last decrease" is measured on.
    clock: crate::clock::SharedClock,
    st: Mutex<State>,
    notify: Notify,
}

#[derive(Debug)]
struct State {
    limit: usize,
    in_flight: usize,
    last_decrease: Option<Instant>,
    ok_since_change: usize,
    lowest: usize,
    decreases: u64,
}

/// A slot for one request; freed on drop.
pub struct Permit {
    limiter: Arc<Limiter>,
}

impl Drop for Permit {
    fn drop(&mut self) {
        {
            let mut st = self.limiter.st.lock().expect("limiter lock");
            st.in_flight -= 1;
        }
        self.limiter.notify.notify_one();
    }
}

/// What the limiter did, for the summary.
#[derive(Debug, Clone, Copy)]
pub struct LimiterReport {
    pub limit: usize,
    pub lowest: usize,
    pub decreases: u64,
}

impl Limiter {
    pub fn new(max: usize) -> Arc<Limiter> {
        Limiter::on_clock(max, crate::clock::system())
    }

    /// [`Limiter::new`], measuring the time between decreases on `clock`.
    pub fn on_clock(max: usize, clock: crate::clock::SharedClock) -> Arc<Limiter> {
        let max = max.max(1);
        Arc::new(Limiter {
            max,
            clock,
            st: Mutex::new(State {
                limit: max,
                in_flight: 0,
                last_decrease: None,
                ok_since_change: 0,
                lowest: max,
                decreases: 0,
            }),
            notify: Notify::new(),
        })
    }

    /// Wait for a free slot under the current limit.
    pub async fn acquire(self: &Arc<Self>) -> Permit {
        loop {
            let notified = self.notify.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            {
                let mut st = self.st.lock().expect("limiter lock");
                if st.in_flight < st.limit {
                    st.in_flight += 1;
                    return Permit {
                        limiter: self.clone(),
                    };
                }
            }
            notified.await;
        }
    }

    /// An answer came back: `rate_limited` when it was a 429. Called while the slot is held.
    pub fn observe(&self, rate_limited: bool) {
        let mut st = self.st.lock().expect("limiter lock");
        let now = self.clock.instant();
        if rate_limited {
            if st
                .last_decrease
                .is_none_or(|t| now.duration_since(t) >= DECREASE_EVERY)
            {
                st.limit = (st.limit / 2).max(1);
                st.lowest = st.lowest.min(st.limit);
                st.decreases += 1;
                st.last_decrease = Some(now);
            }
            st.ok_since_change = 0;
            return;
        }
        st.ok_since_change += 1;
        if st.limit < self.max && st.ok_since_change >= st.limit {
            st.limit += 1;
            st.ok_since_change = 0;
            drop(st);
            self.notify.notify_one();
        }
    }

    pub fn report(&self) -> LimiterReport {
        let st = self.st.lock().expect("limiter lock");
        LimiterReport {
            limit: st.limit,
            lowest: st.lowest,
            decreases: st.decreases,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn halves_on_429_and_recovers_slowly() {
        let l = Limiter::new(8);
        l.observe(false);
        assert_eq!(l.report().limit, 8);
        l.observe(true);
        assert_eq!(l.report().limit, 4);
        // More 429s of the same burst don't halve again within a second.
        l.observe(true);
        assert_eq!(l.report().limit, 4);
        for _ in 0..4 {
            l.observe(false);
        }
        assert_eq!(l.report().limit, 5);
        for _ in 0..5 {
            l.observe(false);
        }
        assert_eq!(l.report().limit, 6);
        assert_eq!(l.report().lowest, 4);
    }

    /// The second between two decreases is measured on the limiter's clock: a 429 a
    /// moment later counts as the same burst, one a second later halves again.
    #[test]
    fn decreases_are_spaced_on_the_given_clock() {
        let clock = crate::clock::Manual::new();
        let l = Limiter::on_clock(8, clock.clone());
        l.observe(true);
        clock.advance(Duration::from_millis(900));
        l.observe(true);
        assert_eq!(l.report().limit, 4);
        clock.advance(Duration::from_millis(100));
        l.observe(true);
        assert_eq!((l.report().limit, l.report().decreases), (2, 2));
    }

    #[tokio::test]
    async fn never_below_one_and_never_above_max() {
        let l = Limiter::new(2);
        for _ in 0..100 {
            l.observe(false);
        }
        assert_eq!(l.report().limit, 2);
        let mut st = l.st.lock().unwrap();
        st.limit = 1;
        st.last_decrease = None;
        drop(st);
        l.observe(true);
        assert_eq!(l.report().limit, 1);
    }

    #[tokio::test]
    async fn limits_in_flight() {
        let l = Limiter::new(2);
        let a = l.acquire().await;
        let _b = l.acquire().await;
        let l2 = l.clone();
        let waiter = tokio::spawn(async move { l2.acquire().await });
        tokio::time::sleep(Duration::from_millis(30)).await;
        assert!(!waiter.is_finished());
        drop(a);
        let _c = tokio::time::timeout(Duration::from_secs(1), waiter)
            .await
            .expect("a freed slot is handed on")
            .unwrap();
    }
}
