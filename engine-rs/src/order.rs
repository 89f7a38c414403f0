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

#[cfg(test)]
mod tests {
    use super::cmp_str;

    #[test]
    fn byte_order() {
        let words = [
            "",
            "a",
            "a\u{0}",
            "ab",
            "abcdefgh",
            "abcdefgh\u{0}",
            "abcdefghi",
            "abcdefgz",
            "b",
            "\u{e000}",
            "\u{1f600}",
        ];
        for x in words {
            for y in words {
                assert_eq!(cmp_str(x, y), x.as_bytes().cmp(y.as_bytes()), "{:?} {:?}", x, y);
            }
        }
    }
}
