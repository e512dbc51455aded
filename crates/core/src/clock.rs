//! The time code reads, passed in rather than read from the system where it is used: the
//! relay, its event store, signature checks and sync take a [`Clock`], so a test advances a
//! [`Manual`] clock instead of sleeping until time has passed.

use std::fmt::Debug;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Wall time (what is stored and compared with other machines' times) and a monotonic reading
/// (what delays are measured on, so a clock step changes no delay).
pub trait Clock: Debug + Send + Sync {
    /// Wall time now.
    fn now(&self) -> SystemTime;
    /// A monotonic reading: only differences between two readings mean anything.
    fn instant(&self) -> Instant;
    /// A monotonic reading that also counts the time the process was stopped and the
    /// machine (or its VM) was suspended: what a lease's local deadline is measured on, so a
    /// listener resumed past its lease finds the deadline passed (see [`boot_time`]).
    fn boot(&self) -> Duration;

    /// Unix time now in seconds, to the millisecond (as the stores keep it).
    fn unix(&self) -> f64 {
        let ms = match self.now().duration_since(UNIX_EPOCH) {
            Ok(d) => d.as_millis() as f64,
            Err(e) => -(e.duration().as_millis() as f64),
        };
        ms / 1000.0
    }

    /// Unix time now in whole seconds (signatures' `t`).
    fn unix_secs(&self) -> i64 {
        self.unix().floor() as i64
    }

    /// Wall time now as UTC (for timestamps written as text).
    fn utc(&self) -> chrono::DateTime<chrono::Utc> {
        chrono::DateTime::<chrono::Utc>::from(self.now())
    }
}

/// A clock shared by the parts that read it.
pub type SharedClock = Arc<dyn Clock>;

/// The system's clocks.
#[derive(Debug, Clone, Copy, Default)]
pub struct System;

impl Clock for System {
    fn now(&self) -> SystemTime {
        SystemTime::now()
    }
    fn instant(&self) -> Instant {
        Instant::now()
    }
    fn boot(&self) -> Duration {
        boot_time()
    }
}

/// The time since boot, suspensions included: Linux's (and Android's) CLOCK_BOOTTIME.
/// `Instant` is CLOCK_MONOTONIC there, which stops while the machine is suspended, and a
/// frozen VM is resumed as a suspended machine is: a lease taken before the freeze would
/// still look held after it. Elsewhere CLOCK_MONOTONIC, which counts suspensions on macOS
/// and the BSDs (FreeBSD's is its boot time); `Instant` where there is no such clock.
#[cfg(any(target_os = "linux", target_os = "android"))]
pub fn boot_time() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::Boottime);
    Duration::new(
        t.tv_sec.max(0) as u64,
        t.tv_nsec.clamp(0, 999_999_999) as u32,
    )
}

#[cfg(all(unix, not(any(target_os = "linux", target_os = "android"))))]
pub fn boot_time() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::Monotonic);
    Duration::new(
        t.tv_sec.max(0) as u64,
        t.tv_nsec.clamp(0, 999_999_999) as u32,
    )
}

#[cfg(not(unix))]
pub fn boot_time() -> Duration {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

/// The system clock, shared.
pub fn system() -> SharedClock {
    Arc::new(System)
}

/// A clock that moves only when told: both readings start at the system's and go forward
/// together by [`Manual::advance`].
#[derive(Debug)]
pub struct Manual {
    wall: SystemTime,
    mono: Instant,
    ahead: Mutex<Duration>,
}

impl Manual {
    /// Stopped at the system's time now.
    pub fn new() -> Arc<Manual> {
        Manual::at(SystemTime::now())
    }

    /// Stopped at wall time `wall`.
    pub fn at(wall: SystemTime) -> Arc<Manual> {
        Arc::new(Manual {
            wall,
            mono: Instant::now(),
            ahead: Mutex::new(Duration::ZERO),
        })
    }

    /// Move both readings forward by `by`.
    pub fn advance(&self, by: Duration) {
        *self.ahead.lock().unwrap_or_else(|e| e.into_inner()) += by;
    }

    fn ahead(&self) -> Duration {
        *self.ahead.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Clock for Manual {
    fn now(&self) -> SystemTime {
        self.wall + self.ahead()
    }
    fn instant(&self) -> Instant {
        self.mono + self.ahead()
    }
    fn boot(&self) -> Duration {
        self.ahead()
    }
}

/// The system's clocks moved forward by what `ahead` says at each reading: a process a test
/// drives from outside (the binary) has its time advanced this way.
pub struct Ahead<F>(pub F);

impl<F> Debug for Ahead<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Ahead")
    }
}

impl<F: Fn() -> Duration + Send + Sync> Clock for Ahead<F> {
    fn now(&self) -> SystemTime {
        SystemTime::now() + (self.0)()
    }
    fn instant(&self) -> Instant {
        Instant::now() + (self.0)()
    }
    fn boot(&self) -> Duration {
        boot_time() + (self.0)()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_only_when_advanced_and_both_readings_together() {
        let c = Manual::at(UNIX_EPOCH + Duration::from_millis(1_700_000_000_250));
        let (wall, mono) = (c.now(), c.instant());
        assert_eq!((c.now(), c.instant()), (wall, mono));
        assert_eq!(c.unix(), 1_700_000_000.25);
        assert_eq!(c.unix_secs(), 1_700_000_000);
        c.advance(Duration::from_millis(1500));
        assert_eq!(
            c.now().duration_since(wall).unwrap(),
            Duration::from_millis(1500)
        );
        assert_eq!(c.instant() - mono, Duration::from_millis(1500));
        assert_eq!(c.unix(), 1_700_000_001.75);
        let boot = c.boot();
        c.advance(Duration::from_secs(2));
        assert_eq!(c.boot() - boot, Duration::from_secs(2));
    }

    #[test]
    fn the_boot_clock_goes_forward_with_the_monotonic_one() {
        let (boot, mono) = (System.boot(), Instant::now());
        std::thread::sleep(Duration::from_millis(20));
        let gone = System.boot() - boot;
        assert!(gone >= Duration::from_millis(20), "{gone:?}");
        assert!(
            gone <= mono.elapsed() + Duration::from_millis(5),
            "{gone:?}"
        );
    }

    #[test]
    fn an_ahead_clock_reads_the_system_plus_its_offset() {
        let c = Ahead(|| Duration::from_secs(3600));
        let before = SystemTime::now();
        let read = c.now();
        assert!(read >= before + Duration::from_secs(3600));
        assert!(read < SystemTime::now() + Duration::from_secs(3601));
    }
}
