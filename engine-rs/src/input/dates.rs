//! Periods (`YYYY-MM`) and calendar dates (`YYYY-MM-DD`) as [`Day`] numbers.

use super::Day;

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ => {
            if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 {
                29
            } else {
                28
            }
        }
    }
}

/// The number written by `digits`, `None` when it holds anything but ASCII digits.
fn digits_number(digits: &str) -> Option<u32> {
    if digits.bytes().all(|b| b.is_ascii_digit()) {
        digits.parse().ok()
    } else {
        None
    }
}

/// `(year, month)` of a `YYYY-MM` text.
pub fn parse_period(text: &str) -> Option<(u32, u32)> {
    let bytes = text.as_bytes();
    if bytes.len() != 7 || bytes[4] != b'-' {
        return None;
    }
    let year = digits_number(&text[0..4])?;
    let month = digits_number(&text[5..7])?;
    if (1..=12).contains(&month) {
        Some((year, month))
    } else {
        None
    }
}

/// The first and last day of a valid period (`YYYY-MM`).
pub fn period_days(period: &str) -> (Day, Day) {
    let (year, month) = parse_period(period).unwrap_or((1970, 1));
    (
        year * 10_000 + month * 100 + 1,
        year * 10_000 + month * 100 + days_in_month(year, month),
    )
}

/// The [`Day`] of a calendar date `YYYY-MM-DD`; `None` when `text` is not one.
pub fn parse_date(text: &str) -> Option<Day> {
    if text.len() != 10 || text.as_bytes()[7] != b'-' || !text.is_ascii() {
        return None;
    }
    match (parse_period(&text[0..7]), digits_number(&text[8..10])) {
        (Some((year, month)), Some(day)) if day >= 1 && day <= days_in_month(year, month) => {
            Some(year * 10_000 + month * 100 + day)
        }
        _ => None,
    }
}
