//! Exact products and quotients: a 256-bit intermediate product where 128 bits could overflow.

use super::PCT_ONE;

/// `(high, low)` of the 256-bit product `a * b`.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    const LOW_64: u128 = u64::MAX as u128;
    let (a1, a0) = (a >> 64, a & LOW_64);
    let (b1, b0) = (b >> 64, b & LOW_64);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let middle = (p00 >> 64) + (p01 & LOW_64) + (p10 & LOW_64);
    let low = (p00 & LOW_64) | (middle << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (middle >> 64);
    (high, low)
}

/// `(floor(a * b / d), a * b mod d)`; the quotient must fit 128 bits.
#[inline(never)]
pub fn mul_div_rem(a: u128, b: u128, d: u128) -> (u128, u128) {
    // The common case in 64 bits: a native division instead of a 128-bit one.
    if (a >> 64) == 0 && (b >> 64) == 0 && (d >> 64) == 0 {
        if let Some(product) = (a as u64).checked_mul(b as u64) {
            let d = d as u64;
            return ((product / d) as u128, (product % d) as u128);
        }
    }
    let (high, low) = mul_wide(a, b);
    if high == 0 {
        return (low / d, low % d);
    }
    debug_assert!(high < d, "quotient overflows 128 bits");
    let mut remainder = high % d;
    let mut quotient = 0u128;
    for bit in (0..128).rev() {
        let carry = remainder >> 127;
        remainder = (remainder << 1) | ((low >> bit) & 1);
        if carry == 1 || remainder >= d {
            remainder = remainder.wrapping_sub(d);
            quotient |= 1u128 << bit;
        }
    }
    (quotient, remainder)
}

/// `trunc(a * b / d)` toward zero, for `d > 0`.
pub fn mul_div_trunc(a: i128, b: i128, d: i128) -> i128 {
    let (quotient, _) = mul_div_rem(a.unsigned_abs(), b.unsigned_abs(), d.unsigned_abs());
    let quotient = quotient as i128;
    if (a < 0) != (b < 0) && a != 0 && b != 0 {
        -quotient
    } else {
        quotient
    }
}

/// `trunc(a * pct / 1,000,000)`: a percentage of an amount, toward zero.
pub fn pct_of(a: i128, pct: i64) -> i128 {
    mul_div_trunc(a, pct as i128, PCT_ONE as i128)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
