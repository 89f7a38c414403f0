//! Decimal money and percentages as integers, and exact allocation.
//!
//! Money is an `i128` count of 10^-12 currency units; a percentage is an
//! `i64` count of 10^-4 percent (100% = [`PCT_ONE`]). Products that could
//! exceed 128 bits (an amount times a money weight) go through a 256-bit
//! multiply-divide, so every result is exact.

use std::cmp::Ordering;

/// 10^12: one currency unit in money units.
pub const SCALE: i128 = 1_000_000_000_000;
/// 100% in units of 10^-4 percent.
pub const PCT_ONE: i64 = 1_000_000;
/// Most digits allowed before the decimal point of a money string.
pub const MAX_INT_DIGITS: usize = 15;
/// Largest integer accepted (JavaScript's `Number.MAX_SAFE_INTEGER`).
pub const MAX_SAFE_INTEGER: i64 = 9_007_199_254_740_991;

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

fn digits_value(s: &str) -> i128 {
    s.bytes().fold(0i128, |acc, b| acc * 10 + (b - b'0') as i128)
}

fn digits_u64(s: &str) -> u64 {
    s.bytes().fold(0u64, |acc, b| acc * 10 + (b - b'0') as u64)
}

/// Parses a money string: optional `-`, digits, optional `.` and digits; at
/// most [`MAX_INT_DIGITS`] significant digits before the point. More than 12
/// decimals are rounded half-even.
#[inline(never)]
pub fn parse_money(s: &str) -> Option<i128> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let (int, frac) = match body.find('.') {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    if !all_digits(int) {
        return None;
    }
    if let Some(f) = frac {
        if !all_digits(f) {
            return None;
        }
    }
    let int = int.trim_start_matches('0');
    if int.len() > MAX_INT_DIGITS {
        return None;
    }
    let frac = frac.unwrap_or("");
    let (kept, rest) = if frac.len() > 12 {
        (&frac[..12], &frac[12..])
    } else {
        (frac, "")
    };
    // At most 15 and 12 digits: each part fits 64 bits, one 128-bit multiply joins them.
    let mut f = digits_u64(kept);
    for _ in kept.len()..12 {
        f *= 10;
    }
    let mut v = digits_u64(int) as i128 * SCALE + f as i128;
    if let Some(first) = rest.bytes().next() {
        let tail_nonzero = rest.bytes().skip(1).any(|b| b != b'0');
        let round_up = match first.cmp(&b'5') {
            Ordering::Greater => true,
            Ordering::Less => false,
            Ordering::Equal => tail_nonzero || v % 2 == 1,
        };
        if round_up {
            v += 1;
        }
    }
    Some(if neg { -v } else { v })
}

/// Formats money: no exponent, no trailing zeros, no point when integral,
/// `-` for negatives, `"0"` for zero.
pub fn format_money(v: i128) -> String {
    format_scaled(v, SCALE as u128, 12)
}

/// Appends [`format_money`]'s text to `out` without allocating for amounts
/// below 2^64 units (about 18 million currency units).
pub fn write_money(out: &mut Vec<u8>, v: i128) {
    let mag = v.unsigned_abs();
    if mag > u64::MAX as u128 {
        out.extend_from_slice(format_money(v).as_bytes());
        return;
    }
    let mag = mag as u64;
    let scale = SCALE as u64;
    if v < 0 {
        out.push(b'-');
    }
    let mut digits = [0u8; 20];
    let mut n = 0;
    let mut int = mag / scale;
    loop {
        digits[n] = b'0' + (int % 10) as u8;
        n += 1;
        int /= 10;
        if int == 0 {
            break;
        }
    }
    out.extend(digits[..n].iter().rev());
    let mut frac = mag % scale;
    if frac != 0 {
        let mut places = 12;
        while frac % 10 == 0 {
            frac /= 10;
            places -= 1;
        }
        out.push(b'.');
        let mut f = [b'0'; 12];
        for i in (0..places).rev() {
            f[i] = b'0' + (frac % 10) as u8;
            frac /= 10;
        }
        out.extend_from_slice(&f[..places]);
    }
}

/// Formats a count of 10^-4 percent as a normalised decimal (`99.5`, `104`).
pub fn format_percent(v: i128) -> String {
    format_scaled(v, 10_000, 4)
}

fn format_scaled(v: i128, scale: u128, places: usize) -> String {
    let mag = v.unsigned_abs();
    let int = mag / scale;
    let frac = mag % scale;
    let mut s = String::new();
    if v < 0 {
        s.push('-');
    }
    s.push_str(&int.to_string());
    if frac != 0 {
        let digits = format!("{:0width$}", frac, width = places);
        s.push('.');
        s.push_str(digits.trim_end_matches('0'));
    }
    s
}

/// Parses a percentage string: digits, optional `.` and 1 to 4 digits,
/// between 0 and 100 inclusive.
pub fn parse_percent(s: &str) -> Option<i64> {
    let (int, frac) = match s.find('.') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    if !all_digits(int) {
        return None;
    }
    let int = int.trim_start_matches('0');
    if int.len() > 3 {
        return None;
    }
    let mut v = digits_value(int) as i64 * 10_000;
    if let Some(f) = frac {
        if !all_digits(f) || f.len() > 4 {
            return None;
        }
        let mut fv = digits_value(f) as i64;
        for _ in f.len()..4 {
            fv *= 10;
        }
        v += fv;
    }
    if v > PCT_ONE {
        return None;
    }
    Some(v)
}

/// Parses the text of a JSON number as an integer: accepted when its exact
/// value is integral and within ±[`MAX_SAFE_INTEGER`] (`1.0` and `1e3` are
/// integers, as for JavaScript's `Number.isSafeInteger`).
pub fn parse_json_integer(text: &str) -> Option<i64> {
    let (neg, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (mant, exp) = match body.find(|c| c == 'e' || c == 'E') {
        Some(i) => (&body[..i], &body[i + 1..]),
        None => (body, ""),
    };
    let (int, frac) = match mant.find('.') {
        Some(i) => (&mant[..i], &mant[i + 1..]),
        None => (mant, ""),
    };
    if !all_digits(int) || !(frac.is_empty() || all_digits(frac)) {
        return None;
    }
    let exp: i64 = if exp.is_empty() {
        0
    } else {
        let (eneg, ed) = match exp.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, exp.strip_prefix('+').unwrap_or(exp)),
        };
        if !all_digits(ed) {
            return None;
        }
        let ed = ed.trim_start_matches('0');
        if ed.len() > 6 {
            // |exponent| >= 10^6: zero stays zero, anything else is out of range.
            if (int.to_string() + frac).bytes().all(|b| b == b'0') {
                return Some(0);
            }
            return None;
        }
        let e = if ed.is_empty() { 0 } else { ed.parse::<i64>().ok()? };
        if eneg {
            -e
        } else {
            e
        }
    };
    let mut digits: String = int.to_string();
    digits.push_str(frac);
    let mut scale = exp - frac.len() as i64;
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() {
        return Some(0);
    }
    let mut d = trimmed.to_string();
    while scale < 0 {
        if d.ends_with('0') {
            d.pop();
            scale += 1;
        } else {
            return None;
        }
    }
    if d.len() as i64 + scale > 16 {
        return None;
    }
    let mut v: i64 = d.parse().ok()?;
    for _ in 0..scale {
        v *= 10;
    }
    if v > MAX_SAFE_INTEGER {
        return None;
    }
    Some(if neg { -v } else { v })
}

/// `(hi, lo)` of the 256-bit product `a * b`.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    const M: u128 = u64::MAX as u128;
    let (a1, a0) = (a >> 64, a & M);
    let (b1, b0) = (b >> 64, b & M);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = (p00 >> 64) + (p01 & M) + (p10 & M);
    let lo = (p00 & M) | (mid << 64);
    let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (hi, lo)
}

/// `(floor(a * b / d), a * b mod d)`; the quotient must fit 128 bits.
#[inline(never)]
pub fn mul_div_rem(a: u128, b: u128, d: u128) -> (u128, u128) {
    // The common case in 64 bits: a native division instead of a 128-bit one.
    if (a >> 64) == 0 && (b >> 64) == 0 && (d >> 64) == 0 {
        if let Some(p) = (a as u64).checked_mul(b as u64) {
            let d = d as u64;
            return ((p / d) as u128, (p % d) as u128);
        }
    }
    let (hi, lo) = mul_wide(a, b);
    if hi == 0 {
        return (lo / d, lo % d);
    }
    debug_assert!(hi < d, "quotient overflows 128 bits");
    let mut rem = hi % d;
    let mut q = 0u128;
    for i in (0..128).rev() {
        let carry = rem >> 127;
        rem = (rem << 1) | ((lo >> i) & 1);
        if carry == 1 || rem >= d {
            rem = rem.wrapping_sub(d);
            q |= 1u128 << i;
        }
    }
    (q, rem)
}

/// `trunc(a * b / d)` toward zero, for `d > 0`.
pub fn mul_div_trunc(a: i128, b: i128, d: i128) -> i128 {
    let (q, _) = mul_div_rem(a.unsigned_abs(), b.unsigned_abs(), d.unsigned_abs());
    let q = q as i128;
    if (a < 0) != (b < 0) && a != 0 && b != 0 {
        -q
    } else {
        q
    }
}

/// `trunc(a * pct / 1,000,000)`: a percentage of an amount, toward zero.
pub fn pct_of(a: i128, pct: i64) -> i128 {
    mul_div_trunc(a, pct as i128, PCT_ONE as i128)
}

/// Splits `amount` among non-negative `weights` by largest remainder:
/// `q_i = floor(|a| * w_i / W)`, the leftover units one each to the largest
/// remainders `|a| * w_i mod W` (ties to the first listed), then the sign of
/// `amount`. The parts sum to `amount` exactly; all zero when `W` is 0.
pub fn largest_remainder(amount: i128, weights: &[u128]) -> Vec<i128> {
    let total: u128 = weights.iter().sum();
    if total == 0 || amount == 0 {
        return vec![0; weights.len()];
    }
    let mag = amount.unsigned_abs();
    let mut parts = Vec::with_capacity(weights.len());
    let mut rems = Vec::with_capacity(weights.len());
    let mut given = 0u128;
    for &w in weights {
        let (q, r) = mul_div_rem(mag, w, total);
        given += q;
        parts.push(q);
        rems.push(r);
    }
    let leftover = (mag - given) as usize;
    if leftover > 0 {
        let mut order: Vec<usize> = (0..weights.len()).collect();
        order.sort_by(|&i, &j| rems[j].cmp(&rems[i]).then(i.cmp(&j)));
        for &i in order.iter().take(leftover) {
            parts[i] += 1;
        }
    }
    parts
        .into_iter()
        .map(|q| if amount < 0 { -(q as i128) } else { q as i128 })
        .collect()
}

/// [`largest_remainder`] for percent weights (each at most 10^6, as share
/// percentages are), without allocating: the parts are written to `parts`,
/// `rems` is scratch. Same result as [`largest_remainder`].
#[inline(never)]
pub fn largest_remainder_pct(amount: i128, weights: &[u64], parts: &mut Vec<i128>, rems: &mut Vec<u128>) {
    parts.clear();
    rems.clear();
    let total: u64 = weights.iter().sum();
    if total == 0 || amount == 0 {
        parts.resize(weights.len(), 0);
        return;
    }
    let mag = amount.unsigned_abs();
    let mut given = 0u128;
    if mag <= (u64::MAX / total) as u128 {
        // Every product |a| * w fits in 64 bits.
        let m = mag as u64;
        for &w in weights {
            let p = m * w;
            given += (p / total) as u128;
            parts.push((p / total) as i128);
            rems.push((p % total) as u128);
        }
    } else {
        for &w in weights {
            let (q, r) = mul_div_rem(mag, w as u128, total as u128);
            given += q;
            parts.push(q as i128);
            rems.push(r);
        }
    }
    // Fewer leftover units than non-zero remainders (their sum is leftover * total and
    // each is below total), so picking the largest, first listed on ties, and zeroing it
    // leftover times gives the sorted choice.
    let mut leftover = mag - given;
    while leftover > 0 {
        let mut best = 0;
        for i in 1..rems.len() {
            if rems[i] > rems[best] {
                best = i;
            }
        }
        parts[best] += 1;
        rems[best] = 0;
        leftover -= 1;
    }
    if amount < 0 {
        for p in parts.iter_mut() {
            *p = -*p;
        }
    }
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

    #[test]
    fn wide_mul_div() {
        let a = u128::MAX / 3;
        let (q, r) = mul_div_rem(a, 1_000_000, 1_000_001);
        // Check q * d + r == a * b via the wide product.
        let (hi, lo) = mul_wide(a, 1_000_000);
        let (qh, ql) = mul_wide(q, 1_000_001);
        let (sum_lo, c) = ql.overflowing_add(r);
        assert_eq!((qh + c as u128, sum_lo), (hi, lo));
        assert!(r < 1_000_001);
        assert_eq!(mul_div_trunc(-7, 3, 2), -10);
        assert_eq!(mul_div_trunc(7, -3, 2), -10);
        assert_eq!(mul_div_trunc(7, 3, 2), 10);
        assert_eq!(pct_of(-999, 500_000), -499);
    }

    #[test]
    fn largest_remainder_cases() {
        let w = [333_333u128, 333_333, 333_334];
        assert_eq!(largest_remainder(1, &w), vec![0, 0, 1]);
        assert_eq!(largest_remainder(-1, &w), vec![0, 0, -1]);
        assert_eq!(largest_remainder(2, &w), vec![1, 0, 1]);
        // ties go to the first listed
        let t = [500_000u128, 500_000];
        assert_eq!(largest_remainder(1, &t), vec![1, 0]);
        assert_eq!(largest_remainder(-3, &t), vec![-2, -1]);
        let three = [1u128, 1, 1];
        assert_eq!(largest_remainder(100, &three), vec![34, 33, 33]);
        assert_eq!(largest_remainder(5, &[0, 0]), vec![0, 0]);
        assert_eq!(largest_remainder(5, &[0, 7]), vec![0, 5]);
        let (mut parts, mut rems) = (Vec::new(), Vec::new());
        for amount in [0i128, 1, -1, 2, 7, -7, 999_999, 10i128.pow(30), -(10i128.pow(27)) - 3] {
            for weights in [
                &[333_333u64, 333_333, 333_334][..],
                &[500_000, 500_000],
                &[0, 1_000_000],
                &[1, 2, 3, 999_994],
            ] {
                let wide: Vec<u128> = weights.iter().map(|&w| w as u128).collect();
                largest_remainder_pct(amount, weights, &mut parts, &mut rems);
                assert_eq!(parts, largest_remainder(amount, &wide), "{} {:?}", amount, weights);
            }
        }
        let big = [u128::MAX / 4, u128::MAX / 4 - 1];
        let parts = largest_remainder(i128::MAX / 2, &big);
        assert_eq!(parts.iter().sum::<i128>(), i128::MAX / 2);
    }
}
