//! Integers in JSON number text, judged exactly as JavaScript's `Number.isSafeInteger`.

use super::decimal::all_digits;
use super::MAX_SAFE_INTEGER;

/// Parses the text of a JSON number as an integer: accepted when its exact
/// value is integral and within ±[`MAX_SAFE_INTEGER`] (`1.0` and `1e3` are
/// integers, as for JavaScript's `Number.isSafeInteger`).
pub fn parse_json_integer(text: &str) -> Option<i64> {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mantissa, exponent_text) = match body.find(|c| c == 'e' || c == 'E') {
        Some(at) => (&body[..at], &body[at + 1..]),
        None => (body, ""),
    };
    let (whole, fraction) = match mantissa.find('.') {
        Some(point) => (&mantissa[..point], &mantissa[point + 1..]),
        None => (mantissa, ""),
    };
    if !all_digits(whole) || !(fraction.is_empty() || all_digits(fraction)) {
        return None;
    }
    let exponent: i64 = if exponent_text.is_empty() {
        0
    } else {
        let (exponent_negative, exponent_digits) = match exponent_text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, exponent_text.strip_prefix('+').unwrap_or(exponent_text)),
        };
        if !all_digits(exponent_digits) {
            return None;
        }
        let exponent_digits = exponent_digits.trim_start_matches('0');
        if exponent_digits.len() > 6 {
            // |exponent| >= 10^6: zero stays zero, anything else is out of range.
            if (whole.to_string() + fraction).bytes().all(|b| b == b'0') {
                return Some(0);
            }
            return None;
        }
        let magnitude = if exponent_digits.is_empty() {
            0
        } else {
            exponent_digits.parse::<i64>().ok()?
        };
        if exponent_negative {
            -magnitude
        } else {
            magnitude
        }
    };
    let mut digits: String = whole.to_string();
    digits.push_str(fraction);
    let mut scale = exponent - fraction.len() as i64;
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() {
        return Some(0);
    }
    let mut significant = trimmed.to_string();
    while scale < 0 {
        if significant.ends_with('0') {
            significant.pop();
            scale += 1;
        } else {
            return None;
        }
    }
    if significant.len() as i64 + scale > 16 {
        return None;
    }
    let mut value: i64 = significant.parse().ok()?;
    for _ in 0..scale {
        value *= 10;
    }
    if value > MAX_SAFE_INTEGER {
        return None;
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_integers() {
        assert_eq!(parse_json_integer("1200"), Some(1200));
        assert_eq!(parse_json_integer("-5"), Some(-5));
        assert_eq!(parse_json_integer("1.0"), Some(1));
        assert_eq!(parse_json_integer("1e3"), Some(1000));
        assert_eq!(parse_json_integer("1500e-1"), Some(150));
        assert_eq!(parse_json_integer("-0"), Some(0));
        assert_eq!(parse_json_integer("0e99999999"), Some(0));
        assert_eq!(parse_json_integer("9007199254740991"), Some(MAX_SAFE_INTEGER));
        assert_eq!(parse_json_integer("9007199254740992"), None);
        assert_eq!(parse_json_integer("1.5"), None);
        assert_eq!(parse_json_integer("1e99999999"), None);
    }
}
