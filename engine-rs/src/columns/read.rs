//! Reading the columnar input buffer into a validated [`Input`].

use super::{layout, MAGIC, NO_DATE};
use crate::error::{EngineError, EngineResult};
use crate::input::{from_json_with, parse_date, Day, Input, Record, RecordKind, Strings};
use crate::json::parse;
use crate::money::{parse_money, MAX_SAFE_INTEGER};

/// Reads the buffer's sections in order.
struct Sections<'a> {
    buffer: &'a [u8],
    at: usize,
}

impl<'a> Sections<'a> {
    /// The next `len` bytes, starting at a multiple of `align`.
    fn bytes(&mut self, len: usize, align: usize) -> EngineResult<&'a [u8]> {
        let start = (self.at + align - 1) / align * align;
        match start.checked_add(len) {
            Some(end) if end <= self.buffer.len() => {
                self.at = end;
                Ok(&self.buffer[start..end])
            }
            _ => layout("buffer too short"),
        }
    }

    fn u32s(&mut self, count: usize) -> EngineResult<Vec<u32>> {
        let bytes = self.bytes(count.checked_mul(4).unwrap_or(usize::MAX), 8)?;
        Ok(bytes
            .chunks_exact(4)
            .map(|word| u32::from_le_bytes([word[0], word[1], word[2], word[3]]))
            .collect())
    }

    fn f64s(&mut self, count: usize) -> EngineResult<Vec<f64>> {
        let bytes = self.bytes(count.checked_mul(8).unwrap_or(usize::MAX), 8)?;
        Ok(bytes
            .chunks_exact(8)
            .map(|word| f64::from_le_bytes([word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7]]))
            .collect())
    }
}

/// Takes strings one after another from a text.
struct Texts<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Texts<'a> {
    fn next(&mut self, len: u32) -> EngineResult<&'a str> {
        let end = self.at + len as usize;
        match self.text.get(self.at..end) {
            Some(text) => {
                self.at = end;
                Ok(text)
            }
            None => layout("a length beyond the text or inside a character"),
        }
    }
}

/// Reads a columnar input buffer into a validated [`Input`].
///
/// Any problem is an error, also where the JSON path would name a field: the
/// caller then sends the same input as JSON to get the exact `path: message`.
pub fn read_input(buffer: &[u8]) -> EngineResult<Input> {
    let mut sections = Sections { buffer, at: 0 };
    let header_words = sections.u32s(8)?;
    if header_words[0] != MAGIC {
        return layout("not a columnar input");
    }
    let (record_count, catalog_count, text_bytes, header_bytes) = (
        header_words[1] as usize,
        header_words[2] as usize,
        header_words[3] as usize,
        header_words[4] as usize,
    );
    let units = sections.f64s(record_count)?;
    let lengths = sections.u32s(record_count.checked_mul(4).unwrap_or(usize::MAX))?;
    let catalog_lengths = sections.u32s(catalog_count.checked_mul(2).unwrap_or(usize::MAX))?;
    let flags = sections.bytes(record_count, 1)?;
    let text = match std::str::from_utf8(sections.bytes(text_bytes, 1)?) {
        Ok(text) => text,
        Err(_) => return layout("text not UTF-8"),
    };
    let header = match std::str::from_utf8(sections.bytes(header_bytes, 1)?) {
        Ok(header) => header,
        Err(_) => return layout("header not UTF-8"),
    };

    let mut strings = Strings::with_capacity(catalog_count.min(record_count) + 1024);
    let mut texts = Texts { text, at: 0 };
    let mut record_ids = String::with_capacity(text_bytes / 3);
    let mut records = Vec::with_capacity(record_count);
    // Dates repeat: each distinct text is checked once, the last one kept at hand.
    let mut last_date: Option<(&str, Day)> = None;
    for (index, record_lengths) in lengths.chunks_exact(4).enumerate() {
        let id = texts.next(record_lengths[0])?;
        let code = texts.next(record_lengths[1])?;
        let date = if record_lengths[2] == NO_DATE {
            None
        } else {
            let date_text = texts.next(record_lengths[2])?;
            match last_date {
                Some((last_text, day)) if last_text == date_text => Some(day),
                _ => match parse_date(date_text) {
                    Some(day) => {
                        last_date = Some((date_text, day));
                        Some(day)
                    }
                    None => return layout("not a date"),
                },
            }
        };
        let revenue = match parse_money(texts.next(record_lengths[3])?) {
            Some(amount) => amount,
            None => return layout("revenue not a decimal amount"),
        };
        let record_units = units[index];
        if !(record_units.fract() == 0.0 && record_units.abs() <= MAX_SAFE_INTEGER as f64) {
            return layout("units not a safe integer");
        }
        let kind = match flags[index] & 3 {
            0 => RecordKind::Sale,
            1 => RecordKind::Mechanical,
            2 => RecordKind::Adjustment,
            _ => return layout("unknown record kind"),
        };
        records.push(Record {
            id_start: record_ids.len() as u32,
            id_len: id.len() as u32,
            code: strings.intern(code),
            kind,
            date,
            units: record_units as i64,
            revenue,
            stream: flags[index] & 4 != 0,
        });
        record_ids.push_str(id);
    }
    // Only codes some record carries matter: the others are looked up, not stored.
    let mut catalog = Vec::with_capacity(catalog_count.min(strings.len()));
    for entry_lengths in catalog_lengths.chunks_exact(2) {
        let code = strings.lookup(texts.next(entry_lengths[0])?);
        let product = texts.next(entry_lengths[1])?;
        if let Some(code) = code {
            catalog.push((code, strings.intern(product)));
        }
    }
    if texts.at != text.len() {
        return layout("text beyond the lengths");
    }

    let value = parse(header).map_err(|e| EngineError::InvalidJson {
        offset: e.offset,
        message: e.message,
    })?;
    let mut input = from_json_with(&value, &mut strings)?;
    if !input.records.is_empty() || !input.catalog.is_empty() {
        return layout("records or catalog inside the header JSON");
    }
    input.records = records;
    input.catalog = catalog;
    input.record_ids = record_ids;
    Ok(input)
}
