//! Decimal money and percentages as integers, and exact allocation.
//!
//! Money is an `i128` count of 10^-12 currency units; a percentage is an
//! `i64` count of 10^-4 percent (100% = [`PCT_ONE`]). Products that could
//! exceed 128 bits (an amount times a money weight) go through a 256-bit
//! multiply-divide, so every result is exact.
//!
//! Decimal text ([`parse_money`], [`format_money`], percentages) in `decimal`,
//! JSON integers in `json_integer`, the exact multiply-divide in `exact`, the
//! largest-remainder allocation in `largest_remainder` and sums past `i128` in `wide`.

mod decimal;
mod exact;
mod json_integer;
mod largest_remainder;
mod wide;

pub use decimal::{
    format_money, format_percent, parse_money, parse_percent, parse_state_money, write_digits, write_money,
};
pub use exact::{mul_div_rem, mul_div_trunc, pct_of};
pub use json_integer::parse_json_integer;
pub use largest_remainder::{largest_remainder, largest_remainder_pct};
pub use wide::WideMoney;

/// 10^12: one currency unit in money units.
pub const SCALE: i128 = 1_000_000_000_000;
/// 100% in units of 10^-4 percent.
pub const PCT_ONE: i64 = 1_000_000;
/// Most digits allowed before the decimal point of a money string.
pub const MAX_INT_DIGITS: usize = 15;
/// Most digits before the point of a `state` value (ENGINE.md): 26 + 12 decimals fit an `i128`.
pub const MAX_STATE_INT_DIGITS: usize = 26;
/// Largest integer accepted (JavaScript's `Number.MAX_SAFE_INTEGER`).
pub const MAX_SAFE_INTEGER: i64 = 9_007_199_254_740_991;
