//! Allocating an amount among weights by largest remainder: nothing is lost or created.

use super::exact::mul_div_rem;

/// Splits `amount` among non-negative `weights` by largest remainder:
/// `q_i = floor(|a| * w_i / W)`, the leftover units one each to the largest
/// remainders `|a| * w_i mod W` (ties to the first listed), then the sign of
/// `amount`. The parts sum to `amount` exactly; all zero when `W` is 0.
pub fn largest_remainder(amount: i128, weights: &[u128]) -> Vec<i128> {
    let total: u128 = weights.iter().sum();
    if total == 0 || amount == 0 {
        return vec![0; weights.len()];
    }
    let magnitude = amount.unsigned_abs();
    let mut parts = Vec::with_capacity(weights.len());
    let mut remainders = Vec::with_capacity(weights.len());
    let mut given = 0u128;
    for &weight in weights {
        let (quotient, remainder) = mul_div_rem(magnitude, weight, total);
        given += quotient;
        parts.push(quotient);
        remainders.push(remainder);
    }
    let leftover = (magnitude - given) as usize;
    if leftover > 0 {
        let mut order: Vec<usize> = (0..weights.len()).collect();
        order.sort_by(|&i, &j| remainders[j].cmp(&remainders[i]).then(i.cmp(&j)));
        for &i in order.iter().take(leftover) {
            parts[i] += 1;
        }
    }
    parts
        .into_iter()
        .map(|part| if amount < 0 { -(part as i128) } else { part as i128 })
        .collect()
}

/// [`largest_remainder`] for percent weights (each at most 10^6, as share
/// percentages are), without allocating: the parts are written to `parts`,
/// `remainders` is scratch. Same result as [`largest_remainder`].
#[inline(never)]
pub fn largest_remainder_pct(amount: i128, weights: &[u64], parts: &mut Vec<i128>, remainders: &mut Vec<u128>) {
    parts.clear();
    remainders.clear();
    let total: u64 = weights.iter().sum();
    if total == 0 || amount == 0 {
        parts.resize(weights.len(), 0);
        return;
    }
    let magnitude = amount.unsigned_abs();
    let mut given = 0u128;
    if magnitude <= (u64::MAX / total) as u128 {
        // Every product |a| * w fits in 64 bits.
        let magnitude = magnitude as u64;
        for &weight in weights {
            let product = magnitude * weight;
            given += (product / total) as u128;
            parts.push((product / total) as i128);
            remainders.push((product % total) as u128);
        }
    } else {
        for &weight in weights {
            let (quotient, remainder) = mul_div_rem(magnitude, weight as u128, total as u128);
            given += quotient;
            parts.push(quotient as i128);
            remainders.push(remainder);
        }
    }
    // Fewer leftover units than non-zero remainders (their sum is leftover * total and
    // each is below total), so picking the largest, first listed on ties, and zeroing it
    // leftover times gives the sorted choice.
    let mut leftover = magnitude - given;
    while leftover > 0 {
        let mut largest = 0;
        for i in 1..remainders.len() {
            if remainders[i] > remainders[largest] {
                largest = i;
            }
        }
        parts[largest] += 1;
        remainders[largest] = 0;
        leftover -= 1;
    }
    if amount < 0 {
        for part in parts.iter_mut() {
            *part = -*part;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let (mut parts, mut remainders) = (Vec::new(), Vec::new());
        for amount in [0i128, 1, -1, 2, 7, -7, 999_999, 10i128.pow(30), -(10i128.pow(27)) - 3] {
            for weights in [
                &[333_333u64, 333_333, 333_334][..],
                &[500_000, 500_000],
                &[0, 1_000_000],
                &[1, 2, 3, 999_994],
            ] {
                let wide: Vec<u128> = weights.iter().map(|&w| w as u128).collect();
                largest_remainder_pct(amount, weights, &mut parts, &mut remainders);
                assert_eq!(parts, largest_remainder(amount, &wide), "{} {:?}", amount, weights);
            }
        }
        let big = [u128::MAX / 4, u128::MAX / 4 - 1];
        let parts = largest_remainder(i128::MAX / 2, &big);
        assert_eq!(parts.iter().sum::<i128>(), i128::MAX / 2);
    }
}
