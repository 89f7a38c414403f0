//! Money and percentages read from and written as decimal text.

use super::{MAX_INT_DIGITS, MAX_STATE_INT_DIGITS, PCT_ONE, SCALE};
use std::cmp::Ordering;

/// Whether `text` is one or more ASCII digits.
pub(super) fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn digits_value(digits: &str) -> i128 {
    digits.bytes().fold(0i128, |value, b| value * 10 + (b - b'0') as i128)
}

fn digits_u64(digits: &str) -> u64 {
    digits.bytes().fold(0u64, |value, b| value * 10 + (b - b'0') as u64)
}

/// Parses a money string: optional `-`, digits, optional `.` and digits; at
/// most [`MAX_INT_DIGITS`] significant digits before the point. More than 12
/// decimals are rounded half-even.
#[inline(never)]
pub fn parse_money(text: &str) -> Option<i128> {
    parse_decimal_money(text, MAX_INT_DIGITS)
}

/// Parses a `state` value (a counter, a remaining, a deferred balance): money
/// with at most [`MAX_STATE_INT_DIGITS`] significant digits before the point.
pub fn parse_state_money(text: &str) -> Option<i128> {
    parse_decimal_money(text, MAX_STATE_INT_DIGITS)
}

#[inline(always)]
fn parse_decimal_money(text: &str, max_int_digits: usize) -> Option<i128> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = match body.find('.') {
        Some(point) => (&body[..point], Some(&body[point + 1..])),
        None => (body, None),
    };
    if !all_digits(whole) {
        return None;
    }
    if let Some(fraction) = fraction {
        if !all_digits(fraction) {
            return None;
        }
    }
    let whole = whole.trim_start_matches('0');
    if whole.len() > max_int_digits {
        return None;
    }
    let fraction = fraction.unwrap_or("");
    let (kept, beyond) = if fraction.len() > 12 {
        (&fraction[..12], &fraction[12..])
    } else {
        (fraction, "")
    };
    // Up to 19 and 12 digits: each part fits 64 bits, one 128-bit multiply joins them.
    let mut kept_value = digits_u64(kept);
    for _ in kept.len()..12 {
        kept_value *= 10;
    }
    let whole_value = if whole.len() <= 19 {
        digits_u64(whole) as i128
    } else {
        digits_value(whole)
    };
    // 26 integer digits and 12 decimals stay below 10^38 < i128::MAX: no overflow.
    let mut value = whole_value * SCALE + kept_value as i128;
    if let Some(first_beyond) = beyond.bytes().next() {
        let tail_nonzero = beyond.bytes().skip(1).any(|b| b != b'0');
        let round_up = match first_beyond.cmp(&b'5') {
            Ordering::Greater => true,
            Ordering::Less => false,
            Ordering::Equal => tail_nonzero || value % 2 == 1,
        };
        if round_up {
            value += 1;
        }
    }
    Some(if negative { -value } else { value })
}

/// Formats money: no exponent, no trailing zeros, no point when integral,
/// `-` for negatives, `"0"` for zero.
pub fn format_money(amount: i128) -> String {
    format_scaled(amount, SCALE as u128, 12)
}

/// Appends [`format_money`]'s text to `out` without allocating for amounts
/// below 2^64 units (about 18 million currency units).
pub fn write_money(out: &mut Vec<u8>, amount: i128) {
    let magnitude = amount.unsigned_abs();
    if magnitude > u64::MAX as u128 {
        out.extend_from_slice(format_money(amount).as_bytes());
        return;
    }
    let magnitude = magnitude as u64;
    let scale = SCALE as u64;
    if amount < 0 {
        out.push(b'-');
    }
    write_digits(out, magnitude / scale, 1);
    let mut fraction = magnitude % scale;
    if fraction != 0 {
        let mut places = 12;
        while fraction % 10 == 0 {
            fraction /= 10;
            places -= 1;
        }
        out.push(b'.');
        write_digits(out, fraction, places);
    }
}

/// Appends `value`'s decimal digits, zero-padded on the left to `width`.
pub fn write_digits(out: &mut Vec<u8>, value: u64, width: usize) {
    let mut digits = [0u8; 20];
    let mut count = 0;
    let mut rest = value;
    loop {
        digits[count] = b'0' + (rest % 10) as u8;
        count += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for _ in count..width {
        out.push(b'0');
    }
    out.extend(digits[..count].iter().rev());
}

/// Formats a count of 10^-4 percent as a normalised decimal (`99.5`, `104`).
pub fn format_percent(pct: i128) -> String {
    format_scaled(pct, 10_000, 4)
}

fn format_scaled(value: i128, scale: u128, places: usize) -> String {
    let magnitude = value.unsigned_abs();
    let whole = magnitude / scale;
    let fraction = magnitude % scale;
    let mut text = String::new();
    if value < 0 {
        text.push('-');
    }
    text.push_str(&whole.to_string());
    if fraction != 0 {
        let digits = format!("{:0width$}", fraction, width = places);
        text.push('.');
        text.push_str(digits.trim_end_matches('0'));
    }
    text
}

/// Parses a percentage string: digits, optional `.` and 1 to 4 digits,
/// between 0 and 100 inclusive.
pub fn parse_percent(text: &str) -> Option<i64> {
    let (whole, fraction) = match text.find('.') {
        Some(point) => (&text[..point], Some(&text[point + 1..])),
        None => (text, None),
    };
    if !all_digits(whole) {
        return None;
    }
    let whole = whole.trim_start_matches('0');
    if whole.len() > 3 {
        return None;
    }
    let mut value = digits_value(whole) as i64 * 10_000;
    if let Some(fraction) = fraction {
        if !all_digits(fraction) || fraction.len() > 4 {
            return None;
        }
        let mut fraction_value = digits_value(fraction) as i64;
        for _ in fraction.len()..4 {
            fraction_value *= 10;
        }
        value += fraction_value;
    }
    if value > PCT_ONE {
        return None;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_parse_and_format() {
        assert_eq!(parse_money("12.3456"), Some(12_345_600_000_000));
        assert_eq!(parse_money("-0"), Some(0));
        assert_eq!(parse_money("007"), Some(7 * SCALE));
        assert_eq!(parse_money("0.000000000001"), Some(1));
        assert_eq!(parse_money("0.0000000000005"), Some(0));
        assert_eq!(parse_money("0.0000000000015"), Some(2));
        assert_eq!(parse_money("0.00000000000050001"), Some(1));
        assert_eq!(parse_money("-0.0000000000025"), Some(-2));
        assert_eq!(
            parse_money("999999999999999.9999999999999"),
            Some(1_000_000_000_000_000 * SCALE)
        );
        for bad in [
            "",
            "-",
            "1.",
            ".5",
            "1e3",
            "+1",
            " 1",
            "1,0",
            "1.2.3",
            "--1",
            "1000000000000000",
        ] {
            assert_eq!(parse_money(bad), None, "{:?}", bad);
        }
        assert_eq!(format_money(0), "0");
        assert_eq!(format_money(-2_500_000_000_000), "-2.5");
        assert_eq!(format_money(5 * SCALE), "5");
        assert_eq!(format_money(1), "0.000000000001");
        assert_eq!(format_money(-1), "-0.000000000001");
        for v in [
            0i128,
            1,
            -1,
            5 * SCALE,
            -2_500_000_000_000,
            123_456_789_012_345_678,
            i64::MAX as i128,
            u64::MAX as i128,
            -(u64::MAX as i128),
            u64::MAX as i128 + 1,
            i128::MAX,
            -i128::MAX,
            100_000_000_000_010,
        ] {
            let mut out = Vec::new();
            write_money(&mut out, v);
            assert_eq!(String::from_utf8(out).unwrap(), format_money(v), "{}", v);
        }
    }

    #[test]
    fn state_money_has_26_integer_digits() {
        let largest = "99999999999999999999999999.999999999999";
        assert_eq!(
            parse_state_money(largest),
            Some(100_000_000_000_000_000_000_000_000 * SCALE - 1)
        );
        assert_eq!(
            parse_state_money(&format!("-{}", largest)),
            Some(-(100_000_000_000_000_000_000_000_000 * SCALE - 1))
        );
        assert_eq!(format_money(parse_state_money(largest).unwrap()), largest);
        assert_eq!(
            parse_state_money("99999999999999999999999999.9999999999995"),
            Some(100_000_000_000_000_000_000_000_000 * SCALE)
        );
        assert_eq!(
            parse_state_money("0001234567890123456789012345.5"),
            Some(1_234_567_890_123_456_789_012_345_500_000_000_000)
        );
        assert_eq!(parse_state_money("100000000000000000000000000"), None);
        assert_eq!(parse_money("1234567890123456"), None);
        assert_eq!(
            parse_state_money("1234567890123456"),
            Some(1_234_567_890_123_456 * SCALE)
        );
    }

    #[test]
    fn percent_parse_and_format() {
        assert_eq!(parse_percent("33.3333"), Some(333_333));
        assert_eq!(parse_percent("100"), Some(PCT_ONE));
        assert_eq!(parse_percent("100.0000"), Some(PCT_ONE));
        assert_eq!(parse_percent("0"), Some(0));
        for bad in ["100.0001", "-1", "1.23456", "", "1.", ".5", "1000", "5%"] {
            assert_eq!(parse_percent(bad), None, "{:?}", bad);
        }
        assert_eq!(format_percent(995_000), "99.5");
        assert_eq!(format_percent(1_040_000), "104");
        assert_eq!(format_percent(0), "0");
    }
}
