//! Prepared statements: the split editor's preview reads a statement's records
//! once and recalculates them with each edit's header.

use super::{encode_output, layout, read_input};
use crate::engine::calculate_summary;
use crate::error::{EngineError, EngineResult};
use crate::input::{from_json_with, Input};
use crate::json::parse;

/// A statement read once (records and catalog parsed, codes interned) and
/// calculated again and again with other split sets: the split editor's
/// preview sends only what changed, not the statement's records each time.
pub struct Prepared {
    input: Input,
}

impl Prepared {
    /// Reads and validates a whole columnar input.
    pub fn new(buffer: &[u8]) -> EngineResult<Prepared> {
        Ok(Prepared {
            input: read_input(buffer)?,
        })
    }

    /// Calculates the prepared records and catalog with `header`, the input
    /// object's other fields as JSON with `"records":[]` and `"catalog":{}`
    /// (as in the columnar input), and returns the compact result without lines
    /// ([`crate::engine::calculate_summary`]).
    pub fn calculate_summary(&mut self, header: &[u8]) -> EngineResult<Vec<u8>> {
        let header = match std::str::from_utf8(header) {
            Ok(text) => text,
            Err(e) => {
                return Err(EngineError::InvalidUtf8 {
                    offset: e.valid_up_to(),
                })
            }
        };
        let value = parse(header).map_err(|e| EngineError::InvalidJson {
            offset: e.offset,
            message: e.message,
        })?;
        // The header's strings join the statement's table (ids repeat from edit to edit).
        let mut input = from_json_with(&value, &mut self.input.strings)?;
        if !input.records.is_empty() || !input.catalog.is_empty() {
            self.input.strings = input.strings;
            return layout("records or catalog inside the header JSON");
        }
        // Lent for the calculation, then given back.
        input.records = std::mem::take(&mut self.input.records);
        input.catalog = std::mem::take(&mut self.input.catalog);
        input.record_ids = std::mem::take(&mut self.input.record_ids);
        let output = calculate_summary(&input);
        let bytes = encode_output(&output, &input);
        self.input.records = input.records;
        self.input.catalog = input.catalog;
        self.input.record_ids = input.record_ids;
        self.input.strings = input.strings;
        Ok(bytes)
    }
}
