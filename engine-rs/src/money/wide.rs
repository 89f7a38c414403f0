//! A sum of money that may leave `i128`: a payee credited with the deferred
//! balances of several recoupments, each up to 26 integer digits (ENGINE.md).

use super::{format_money, SCALE};

/// 10^36 money units (10^24 currency units), the step between the two parts.
const STEP: i128 = 1_000_000_000_000_000_000_000_000_000_000_000_000;

/// `steps * 10^36 + units` money units, with `|units| < 10^36`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WideMoney {
    steps: i128,
    units: i128,
}

impl WideMoney {
    /// Exactly `amount`.
    pub fn of(amount: i128) -> WideMoney {
        WideMoney {
            steps: amount / STEP,
            units: amount % STEP,
        }
    }

    /// `self + amount`, exact: both remainders are below 10^36, so their sum cannot overflow.
    pub fn plus(self, amount: i128) -> WideMoney {
        let units = self.units + amount % STEP;
        WideMoney {
            steps: self.steps + amount / STEP + units / STEP,
            units: units % STEP,
        }
    }

    /// `self + other`, exact.
    pub fn plus_wide(self, other: WideMoney) -> WideMoney {
        let sum = self.plus(other.units);
        WideMoney {
            steps: sum.steps + other.steps,
            units: sum.units,
        }
    }

    /// `-self`.
    pub fn negated(self) -> WideMoney {
        WideMoney {
            steps: -self.steps,
            units: -self.units,
        }
    }

    /// The amount when it fits an `i128` (always, but for deferred balances of 26 digits summed).
    pub fn to_i128(self) -> Option<i128> {
        self.steps.checked_mul(STEP)?.checked_add(self.units)
    }

    /// The same normalised text as [`format_money`], at any size.
    pub fn to_text(self) -> String {
        // Give both parts the sign of the whole, so the digits can be written one after the other.
        let (mut steps, mut units) = (self.steps, self.units);
        if steps > 0 && units < 0 {
            steps -= 1;
            units += STEP;
        } else if steps < 0 && units > 0 {
            steps += 1;
            units -= STEP;
        }
        if steps == 0 {
            return format_money(units);
        }
        let units = units.unsigned_abs();
        let whole = units / SCALE as u128;
        let fraction = units % SCALE as u128;
        let mut text = format!(
            "{}{}{:024}",
            if steps < 0 { "-" } else { "" },
            steps.unsigned_abs(),
            whole
        );
        if fraction != 0 {
            text.push('.');
            text.push_str(format!("{:012}", fraction).trim_end_matches('0'));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_past_i128_exactly() {
        let largest_state = STEP * 100 - 1; // 99999999999999999999999999.999999999999
        let two = WideMoney::of(largest_state).plus(largest_state);
        assert_eq!(two.to_text(), "199999999999999999999999999.999999999998");
        assert_eq!(two.negated().to_text(), "-199999999999999999999999999.999999999998");
        let three = two.plus_wide(WideMoney::of(largest_state)).plus(-5 * SCALE);
        assert_eq!(three.to_text(), "299999999999999999999999994.999999999997");
        assert_eq!(
            WideMoney::of(-STEP).plus(1).to_text(),
            "-999999999999999999999999.999999999999"
        );
        assert_eq!(WideMoney::of(STEP).plus(-STEP).to_text(), "0");
        assert_eq!(
            WideMoney::of(STEP * 3).plus(-1).to_text(),
            "2999999999999999999999999.999999999999"
        );
        for amount in [
            0,
            1,
            -1,
            7 * SCALE,
            -2_500_000_000_000,
            i128::MAX,
            i128::MIN + 1,
            STEP,
            -STEP - 1,
        ] {
            assert_eq!(WideMoney::of(amount).to_text(), format_money(amount), "{}", amount);
        }
    }
}
