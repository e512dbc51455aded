//! What a time on the command line means, in one place: a DATE is the local calendar day
//! (cli.md), whichever command takes it, so `audit list --since`, `audit report --month` and
//! `report --since` draw a day's bounds at the same instants. Durations (`7d`) and times
//! (RFC 3339) are read here too; "now" comes from the clock the caller is given.

use std::time::Duration;

use chrono::{DateTime, NaiveDate, TimeZone};

use crate::clock::Clock;

/// `30d` as (`30`, `d`): the number, then its unit (as typed, trimmed).
pub(crate) fn number_and_unit(s: &str) -> (&str, &str) {
    let t = s.trim();
    let split = t
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(t.len());
    t.split_at(split)
}

/// `90s`, `30m`, `12h`, `7d`, `2w`, or plain seconds.
pub(crate) fn parse_duration(s: &str) -> Result<Duration, String> {
    let (num, unit) = number_and_unit(s);
    let n: f64 = num
        .parse()
        .map_err(|_| crate::t!("reason-not-a-duration", value = s))?;
    let secs = match unit.trim() {
        "" | "s" | "sec" | "secs" => n,
        "m" | "min" | "mins" => n * 60.0,
        "h" | "hr" | "hours" => n * 3600.0,
        "d" | "day" | "days" => n * 86_400.0,
        "w" | "week" | "weeks" => n * 604_800.0,
        _ => return Err(crate::t!("reason-duration-unit", value = s, unit = unit)),
    };
    if !secs.is_finite() || secs <= 0.0 || secs > 3_153_600_000.0 {
        return Err(crate::t!("reason-duration-range", value = s));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// A DATE as typed (`2026-03-01`), or none.
fn parse_day(s: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d").ok()
}

/// An RFC 3339 time as Unix seconds (to the millisecond), or none.
fn parse_rfc3339(s: &str) -> Option<f64> {
    DateTime::parse_from_rfc3339(s.trim())
        .ok()
        .map(|t| t.timestamp_millis() as f64 / 1000.0)
}

/// The first instant of `day` in `tz`: its midnight, or where midnight is skipped (a clock
/// set forward at 00:00), the first half hour that exists.
pub(crate) fn day_start_in<Tz: TimeZone>(tz: &Tz, day: NaiveDate) -> DateTime<Tz> {
    let midnight = day.and_time(chrono::NaiveTime::MIN);
    let mut at = midnight;
    for _ in 0..48 {
        if let Some(t) = tz.from_local_datetime(&at).earliest() {
            return t;
        }
        at += chrono::Duration::minutes(30);
    }
    tz.from_utc_datetime(&midnight)
}

/// The first instant of `day` in local time.
pub(crate) fn day_start(day: NaiveDate) -> DateTime<chrono::Local> {
    day_start_in(&chrono::Local, day)
}

/// A point in time as Unix seconds, read in `tz`: RFC 3339, a DATE (the start of that day
/// in `tz`), or an age (`7d` before `clock`'s now).
pub(crate) fn parse_time_in<Tz: TimeZone>(
    tz: &Tz,
    clock: &dyn Clock,
    s: &str,
) -> Result<f64, String> {
    if let Some(t) = parse_rfc3339(s) {
        return Ok(t);
    }
    if let Some(day) = parse_day(s) {
        return Ok(day_start_in(tz, day).timestamp() as f64);
    }
    match parse_duration(s) {
        Ok(age) => Ok(clock.unix() - age.as_secs_f64()),
        Err(_) => Err(crate::t!("reason-not-a-time", value = s)),
    }
}

/// `--since T` (audit list, webhooks events): RFC 3339, a DATE (local) or an age.
pub(crate) fn parse_time(s: &str) -> Result<f64, String> {
    parse_time_in(&chrono::Local, crate::clock::system().as_ref(), s)
}

/// `report --since DATE`: a DATE (local) or an RFC 3339 time, as Unix seconds; no age.
pub fn parse_since(s: &str) -> Result<f64, crate::msg::Msg> {
    if let Some(t) = parse_rfc3339(s) {
        return Ok(t);
    }
    parse_day(s)
        .map(|day| day_start(day).timestamp() as f64)
        .ok_or_else(|| crate::msg!("report-since-bad", value = s.trim()))
}

/// A calendar month (`--month`, `--before`), in local time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Month {
    pub(crate) first: NaiveDate,
}

/// `YYYY-MM`.
pub(crate) fn parse_month(s: &str) -> Result<Month, String> {
    let t = s.trim();
    let ok = t.len() == 7 && t.as_bytes()[4] == b'-';
    match NaiveDate::parse_from_str(&format!("{t}-01"), "%Y-%m-%d") {
        Ok(first) if ok => Ok(Month { first }),
        _ => Err(crate::t!("audit-month-bad", value = s)),
    }
}

impl Month {
    pub(crate) fn name(self) -> String {
        self.first.format("%Y-%m").to_string()
    }

    /// Its first instant and the next month's, in `tz`.
    pub(crate) fn bounds_in<Tz: TimeZone>(self, tz: &Tz) -> (DateTime<Tz>, DateTime<Tz>) {
        let next = self
            .first
            .checked_add_months(chrono::Months::new(1))
            .unwrap_or(self.first);
        (day_start_in(tz, self.first), day_start_in(tz, next))
    }

    /// Its first instant and the next month's, in local time.
    pub(crate) fn bounds(self) -> (DateTime<chrono::Local>, DateTime<chrono::Local>) {
        self.bounds_in(&chrono::Local)
    }
}

/// `--older-than`: a duration as elsewhere (`30d`), or zero (`0`, `0s`, `0d`): every
/// candidate at the stage.
pub(crate) fn parse_age(s: &str) -> Result<Duration, String> {
    let (num, unit) = number_and_unit(s);
    // The unit must be one a duration may have (`0x` is refused as `1x` would be).
    if num.parse::<f64>() == Ok(0.0) && parse_duration(&format!("1{unit}")).is_ok() {
        return Ok(Duration::ZERO);
    }
    parse_duration(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use recruit_client::clock::Manual;

    fn seoul() -> chrono::FixedOffset {
        chrono::FixedOffset::east_opt(9 * 3600).unwrap()
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90s").unwrap(), Duration::from_secs(90));
        assert_eq!(parse_duration("30m").unwrap(), Duration::from_secs(1800));
        assert_eq!(parse_duration("7d").unwrap(), Duration::from_secs(604_800));
        assert_eq!(parse_duration("45").unwrap(), Duration::from_secs(45));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("5 fortnights").is_err());
        assert!(parse_duration("1e400s").is_err());
    }

    /// A day starts at local midnight for every reader: in Seoul, 2026-03-01 begins at
    /// 2026-02-28T15:00Z, so 14:30Z that day (23:30 local on the 28th) is before it.
    #[test]
    fn a_day_and_a_month_start_at_local_midnight() {
        let clock = Manual::new();
        let day = parse_time_in(&seoul(), clock.as_ref(), "2026-03-01").unwrap();
        let expected = DateTime::parse_from_rfc3339("2026-02-28T15:00:00Z").unwrap();
        assert_eq!(day, expected.timestamp() as f64);
        let month = parse_month("2026-03").unwrap();
        let (start, end) = month.bounds_in(&seoul());
        assert_eq!(start.timestamp() as f64, day);
        let april = DateTime::parse_from_rfc3339("2026-03-31T15:00:00Z").unwrap();
        assert_eq!(end.timestamp(), april.timestamp());
        let utc = parse_time_in(&chrono::Utc, clock.as_ref(), "2026-01-01").unwrap();
        assert_eq!(utc, 1_767_225_600.0);
    }

    #[test]
    fn times_and_ages() {
        let clock = Manual::new();
        let t = parse_time_in(&seoul(), clock.as_ref(), "2026-01-01T00:00:10Z").unwrap();
        assert_eq!(t, 1_767_225_610.0);
        let ago = parse_time_in(&seoul(), clock.as_ref(), "1h").unwrap();
        assert_eq!(ago, clock.unix() - 3600.0);
        assert!(parse_time_in(&seoul(), clock.as_ref(), "yesterday").is_err());
        assert!(parse_since("7d").is_err());
        assert_eq!(
            parse_since("2026-01-01T00:00:10Z").unwrap(),
            1_767_225_610.0
        );
    }

    #[test]
    fn older_than_zero_is_every_one_and_other_ages_read_as_durations() {
        for zero in ["0", "0s", "0d", "0.0h", " 0 "] {
            assert_eq!(parse_age(zero), Ok(Duration::ZERO), "{zero}");
        }
        assert_eq!(parse_age("30d"), Ok(Duration::from_secs(30 * 86_400)));
        for bad in ["0x", "-1d", "", "d"] {
            assert!(parse_age(bad).is_err(), "{bad}");
        }
    }
}
