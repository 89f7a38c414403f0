//! String ordering shared by every sorted output.
//!
//! Ids are compared by Unicode code point, which is UTF-8 byte order (Rust's
//! `str` order); the decimal.js reference compares code points too, so both
//! backends sort identically even outside the Basic Multilingual Plane.

use std::cmp::Ordering;

/// Compares two strings by Unicode code point.
pub fn cmp_str(a: &str, b: &str) -> Ordering {
    a.as_bytes().cmp(b.as_bytes())
}
