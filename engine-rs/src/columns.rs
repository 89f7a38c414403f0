//! The compact boundary: the records and the catalog as columns, every
//! distinct code, product id and date sent once, and the result as numbers,
//! interned strings and one block of decimal text.
//!
//! The rest of the input (currency, statement, split sets, recoupments,
//! state) is small and crosses as JSON, read by [`crate::input`]. Amounts
//! cross as ASCII decimal text in both directions, never as floats; record
//! units cross as `f64` holding a safe integer, which is exact.
//!
//! Input buffer (little-endian; each section starts at a multiple of 8):
//!
//! | section         | type  | count   |
//! | --------------- | ----- | ------- |
//! | header          | `u32` | 8: [`MAGIC`], records, catalog entries, text bytes, header JSON bytes, 0, 0, 0 |
//! | units           | `f64` | records |
//! | record lengths  | `u32` | 4 per record: id, code, date ([`NO_DATE`] when absent or null), revenue, in bytes |
//! | catalog lengths | `u32` | 2 per entry: code, product id, in bytes |
//! | flags           | `u8`  | records: bits 0-1 kind (0 sale, 1 mechanical, 2 adjustment), bit 2 format is `stream` |
//! | text            | UTF-8 | per record its id, code, date and revenue; then per entry its code and product id |
//! | header JSON     | UTF-8 | the input object with `"records":[]` and `"catalog":{}` |
//!
//! Result buffer (little-endian):
//!
//! | section        | type  | count |
//! | -------------- | ----- | ----- |
//! | header         | `u32` | 8: [`MAGIC`], words, texts, text bytes, extra strings, extra string bytes, lines, 0 |
//! | line units     | `f64` | lines |
//! | words          | `u32` | see [`encode_output`] |
//! | extra lengths  | `u32` | extra strings (UTF-16 code units) |
//! | text lengths   | `u8`  | texts |
//! | texts          | ASCII | every amount and counter, in reading order |
//! | extra strings  | UTF-8 | the text of every [`Sym`], in order |

mod prepared;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use prepared::Prepared;
pub use read::read_input;
pub use write::encode_output;

use crate::engine::calculate;
use crate::error::{EngineError, EngineResult};

/// First word of both buffers (`RYC1`).
pub const MAGIC: u32 = 0x3143_5952;
/// The date length of a record without a date.
pub const NO_DATE: u32 = u32::MAX;

fn layout<T>(what: &str) -> EngineResult<T> {
    Err(EngineError::InvalidLayout {
        message: what.to_string(),
    })
}

/// Runs the engine on a columnar input buffer and returns the compact result.
pub fn calculate_columns(buffer: &[u8]) -> EngineResult<Vec<u8>> {
    let input = read_input(buffer)?;
    let output = calculate(&input);
    Ok(encode_output(&output, &input))
}
