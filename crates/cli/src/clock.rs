//! Dates for records and file names, from the system clock (UTC), without a date crate.

use std::time::{SystemTime, UNIX_EPOCH};

/// (year, month, day, seconds of the day) now, in UTC.
fn now() -> (i64, u32, u32, u64) {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    // Howard Hinnant's civil-from-days algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, secs % 86_400)
}

/// Today as a PGN date: `2026.11.22`.
pub fn today() -> String {
    let (y, m, d, _) = now();
    format!("{y:04}.{m:02}.{d:02}")
}

/// A file-name stamp: `20261122-153045`.
pub fn stamp() -> String {
    let (y, m, d, s) = now();
    format!(
        "{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_have_their_shape() {
        let t = super::today();
        assert_eq!(t.len(), 10);
        assert!(t.starts_with("20"));
        assert_eq!(super::stamp().len(), 15);
    }
}
