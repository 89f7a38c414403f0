//! The royalty calculation engine.
//!
//! `calculate(input) -> output` is a pure function: the statement's records,
//! catalog, split sets, recoupments and carried state go in as JSON text (the
//! contract of `shared/ENGINE.md`), and the allocation, payouts and the state
//! for the next statement come back as JSON text, byte for byte the same for
//! the same input. Money is an `i128` count of 10^-12 currency units and
//! percentages an `i64` count of 10^-4 percent; nothing is ever a float.
//!
//! Layout:
//! - [`json`]: a small JSON parser (numbers kept as text) and string writer;
//! - [`money`]: decimal parsing/formatting, truncating percentages and the
//!   largest-remainder allocation;
//! - [`input`]: the typed input and its validation with field paths;
//! - [`engine`]: the pure calculation (ENGINE.md steps 1-8);
//! - [`output`]: serialisation of the result;
//! - [`columns`]: the compact columnar input and result of the fast boundary;
//! - [`record_table`]: a preview's records as PostgreSQL's COPY text, read
//!   into the records' columns;
//! - [`wasm`]: the thin C ABI boundary that only adapts [`calculate_json`] and
//!   [`columns::calculate_columns`].
#![deny(missing_docs)]

pub mod columns;
pub mod engine;
pub mod error;
pub mod input;
pub mod json;
pub mod money;
pub mod order;
pub mod output;
pub mod record_table;
pub mod wasm;

pub use error::{EngineError, Status};

/// Runs the engine on the input JSON text and returns the output JSON text.
///
/// The input is parsed, validated as a whole (the first problem in input order
/// is reported, nothing is half computed), calculated and serialised without
/// whitespace, keys in the order ENGINE.md lists them.
pub fn calculate_json(input: &str) -> Result<String, EngineError> {
    let value = json::parse(input).map_err(|e| EngineError::InvalidJson {
        offset: e.offset,
        message: e.message,
    })?;
    let parsed = input::from_json(&value)?;
    let result = engine::calculate(&parsed);
    Ok(output::to_json(&result, &parsed))
}

/// Like [`calculate_json`], for raw bytes that must be UTF-8.
pub fn calculate_bytes(input: &[u8]) -> Result<String, EngineError> {
    match std::str::from_utf8(input) {
        Ok(text) => calculate_json(text),
        Err(e) => Err(EngineError::InvalidUtf8 {
            offset: e.valid_up_to(),
        }),
    }
}
