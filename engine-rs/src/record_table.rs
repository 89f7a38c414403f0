//! A statement's records as a record table, read into the record columns.
//!
//! The server reads a preview's records as the text PostgreSQL writes with
//! COPY in its text format (`engine/recordTable.ts`): one record per line,
//! eight columns separated by tabs,
//!
//! ```text
//! file  row  code  kind  date  units  revenue  format
//! ```
//!
//! with `\N` for a record without a date or format. [`read_table`] lays such
//! lines out as the columns of [`crate::columns`] hold records: the id made of
//! the file's number and the row, zero-padded (`0001:0000000042`), the code
//! unescaped, the date and revenue copied, the kind and format as flags, the
//! units as a number. It reads exactly what `readLines` in
//! `engine/recordTable.ts` reads and refuses what it refuses; the two are
//! compared on the same tables by `tests/engine/recordTableWasm.test.ts`.

use crate::money::{write_digits, MAX_SAFE_INTEGER};

const TAB: u8 = b'\t';
const LINE: u8 = b'\n';
const BACKSLASH: u8 = b'\\';
const FILE_DIGITS: usize = 4;
const ROW_DIGITS: usize = 10;

/// The date length of a record without a date.
pub const NO_DATE: u32 = u32::MAX;
/// Flags of a record: its kind, and whether it is a stream.
pub const KIND_SALE: u8 = 0;
/// See [`KIND_SALE`].
pub const KIND_MECHANICAL: u8 = 1;
/// See [`KIND_SALE`].
pub const KIND_ADJUSTMENT: u8 = 2;
/// See [`KIND_SALE`].
pub const STREAM_FLAG: u8 = 4;

/// Records read from a record table, in the columns' layout: per record its
/// units, its id, code, date ([`NO_DATE`] when none) and revenue lengths in
/// bytes, its flags, and the records' text, their fields one after the other.
#[derive(Debug, Default, PartialEq)]
pub struct RecordLines {
    /// Units per record.
    pub units: Vec<f64>,
    /// Four lengths per record: id, code, date, revenue.
    pub lengths: Vec<u32>,
    /// Kind and stream flag per record.
    pub flags: Vec<u8>,
    /// The fields' bytes.
    pub text: Vec<u8>,
}

impl RecordLines {
    /// The compact form the caller copies into its columns: the count as a
    /// little-endian u32, the units as little-endian f64, the lengths as
    /// little-endian u32, the flags, then the text.
    pub fn to_bytes(&self) -> Vec<u8> {
        let count = self.units.len();
        let mut bytes = Vec::with_capacity(4 + count * 25 + self.text.len());
        bytes.extend_from_slice(&(count as u32).to_le_bytes());
        extend_le(&mut bytes, &self.units, |units| units.to_le_bytes());
        extend_le(&mut bytes, &self.lengths, |length| length.to_le_bytes());
        bytes.extend_from_slice(&self.flags);
        bytes.extend_from_slice(&self.text);
        bytes
    }
}

/// Appends `values` as little-endian bytes: one copy where the target is
/// little-endian (WebAssembly always is), value by value elsewhere.
fn extend_le<T: Copy, const N: usize>(bytes: &mut Vec<u8>, values: &[T], le: fn(T) -> [u8; N]) {
    if cfg!(target_endian = "little") {
        // SAFETY: `values` are plain numbers (f64, u32) of N bytes each, whose
        // in-memory bytes on a little-endian target are their `to_le_bytes`.
        let raw = unsafe { std::slice::from_raw_parts(values.as_ptr() as *const u8, values.len() * N) };
        bytes.extend_from_slice(raw);
    } else {
        for &value in values {
            bytes.extend_from_slice(&le(value));
        }
    }
}

fn at(bytes: &[u8], index: usize) -> Option<u8> {
    bytes.get(index).copied()
}

fn is_octal(byte: Option<u8>) -> bool {
    matches!(byte, Some(b'0'..=b'7'))
}

fn hex_value(byte: Option<u8>) -> Option<u8> {
    match byte? {
        digit @ b'0'..=b'9' => Some(digit - b'0'),
        letter @ (b'a'..=b'f' | b'A'..=b'F') => Some((letter | 0x20) - b'a' + 10),
        _ => None,
    }
}

/// The byte an escape `\<letter>` of COPY's text format stands for.
fn escaped_byte(letter: u8) -> u8 {
    match letter {
        b'b' => 8,
        b'f' => 12,
        b'n' => 10,
        b'r' => 13,
        b't' => 9,
        b'v' => 11,
        other => other,
    }
}

/// The escape at `start` (a backslash): the byte it stands for (none for a
/// backslash ending its field) and how many bytes it spans.
fn escape(bytes: &[u8], start: usize) -> (Option<u8>, usize) {
    let next = match at(bytes, start + 1) {
        None | Some(TAB) | Some(LINE) => return (None, 1),
        Some(next) => next,
    };
    if is_octal(Some(next)) {
        let mut value = u32::from(next - b'0');
        let mut length = 2;
        while length < 4 && is_octal(at(bytes, start + length)) {
            value = value * 8 + u32::from(bytes[start + length] - b'0');
            length += 1;
        }
        return (Some((value & 0xff) as u8), length);
    }
    if next == b'x' {
        if let Some(high) = hex_value(at(bytes, start + 2)) {
            return match hex_value(at(bytes, start + 3)) {
                Some(low) => (Some(high * 16 + low), 4),
                None => (Some(high), 3),
            };
        }
    }
    (Some(escaped_byte(next)), 2)
}

/// The field at `start` is `\N`: it ends right after.
fn is_null_field(bytes: &[u8], start: usize) -> bool {
    at(bytes, start) == Some(BACKSLASH)
        && at(bytes, start + 1) == Some(b'N')
        && matches!(at(bytes, start + 2), Some(TAB) | Some(LINE))
}

/// Where the field at `start` ends: at its tab or line break, or at the end.
fn field_end(bytes: &[u8], start: usize) -> usize {
    bytes[start.min(bytes.len())..]
        .iter()
        .position(|&byte| byte == TAB || byte == LINE)
        .map_or(bytes.len(), |offset| start + offset)
}

/// The whole number at `*cursor`, moved past its digits; none without a
/// digit or above [`MAX_SAFE_INTEGER`].
fn whole_number(bytes: &[u8], cursor: &mut usize) -> Option<u64> {
    let start = *cursor;
    let mut value: u64 = 0;
    while let Some(digit @ b'0'..=b'9') = at(bytes, *cursor) {
        value = value.saturating_mul(10).saturating_add(u64::from(digit - b'0'));
        *cursor += 1;
    }
    // Larger files, rows and units are refused, as the JS reader refuses them.
    (*cursor > start && value <= MAX_SAFE_INTEGER as u64).then_some(value)
}

/// Reads one line at `*cursor` into `into`, moving past its line break;
/// none when it is not a record table's line.
fn read_line(bytes: &[u8], cursor: &mut usize, into: &mut RecordLines) -> Option<()> {
    let mut here = *cursor;
    let text = &mut into.text;

    // The id, of the file's number and the row.
    let file = whole_number(bytes, &mut here)?;
    (at(bytes, here) == Some(TAB)).then_some(())?;
    here += 1;
    let row = whole_number(bytes, &mut here)?;
    (at(bytes, here) == Some(TAB)).then_some(())?;
    here += 1;
    let id_start = text.len();
    write_digits(text, file, FILE_DIGITS);
    text.push(b':');
    write_digits(text, row, ROW_DIGITS);
    let id_length = text.len() - id_start;

    // The code, the one field that can hold what COPY escapes.
    if is_null_field(bytes, here) {
        return None;
    }
    let code_start = text.len();
    while let Some(byte) = at(bytes, here) {
        if byte == TAB || byte == LINE {
            break;
        }
        if byte == BACKSLASH {
            let (value, length) = escape(bytes, here);
            text.extend(value);
            here += length;
        } else {
            text.push(byte);
            here += 1;
        }
    }
    (at(bytes, here) == Some(TAB)).then_some(())?;
    let code_length = text.len() - code_start;
    here += 1;

    // The kind.
    let end = field_end(bytes, here);
    let mut flag = match &bytes[here..end] {
        b"sale" => KIND_SALE,
        b"mechanical" => KIND_MECHANICAL,
        b"adjustment" => KIND_ADJUSTMENT,
        _ => return None,
    };
    here = end;
    (at(bytes, here) == Some(TAB)).then_some(())?;
    here += 1;

    // The date, or \N. Dates and amounts are never escaped: a backslash in
    // one is copied, and the engine refuses it as any date it cannot read.
    let date_length = if is_null_field(bytes, here) {
        here += 2;
        NO_DATE
    } else {
        let end = field_end(bytes, here);
        text.extend_from_slice(&bytes[here..end]);
        let length = (end - here) as u32;
        here = end;
        length
    };
    (at(bytes, here) == Some(TAB)).then_some(())?;
    here += 1;

    // The units, a whole number.
    let negative = at(bytes, here) == Some(b'-');
    if negative {
        here += 1;
    }
    let units = whole_number(bytes, &mut here)? as f64;
    (at(bytes, here) == Some(TAB)).then_some(())?;
    here += 1;

    // The revenue.
    if is_null_field(bytes, here) {
        return None;
    }
    let end = field_end(bytes, here);
    text.extend_from_slice(&bytes[here..end]);
    let revenue_length = (end - here) as u32;
    here = end;
    (at(bytes, here) == Some(TAB)).then_some(())?;
    here += 1;

    // The format, the last field.
    let end = field_end(bytes, here);
    if &bytes[here..end] == b"stream" {
        flag |= STREAM_FLAG;
    }
    here = end;
    (at(bytes, here) == Some(LINE)).then_some(())?;
    *cursor = here + 1;

    into.units.push(if negative { -units } else { units });
    into.lengths
        .extend_from_slice(&[id_length as u32, code_length as u32, date_length, revenue_length]);
    into.flags.push(flag);
    Some(())
}

/// Reads the lines of `bytes`; none when one of them is not a record table's
/// line, or the last one does not end (see `readRecordTable` in
/// `engine/recordTable.ts`).
pub fn read_table(bytes: &[u8]) -> Option<RecordLines> {
    let lines = bytes.iter().filter(|&&byte| byte == LINE).count();
    let mut into = RecordLines {
        units: Vec::with_capacity(lines),
        lengths: Vec::with_capacity(lines * 4),
        flags: Vec::with_capacity(lines),
        text: Vec::with_capacity(bytes.len() + lines * (FILE_DIGITS + ROW_DIGITS)),
    };
    let mut cursor = 0;
    while cursor < bytes.len() {
        read_line(bytes, &mut cursor, &mut into)?;
    }
    Some(into)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(lines: &RecordLines) -> String {
        String::from_utf8(lines.text.clone()).unwrap()
    }

    #[test]
    fn reads_records_into_columns() {
        let table = b"1\t42\tUS-ABC\tsale\t2026-10-28\t3\t0.5\tstream\n12\t7\tX\\tY\tadjustment\t\\N\t-0\t-1.25\t\\N\n";
        let read = read_table(table).unwrap();
        assert_eq!(read.units, vec![3.0, -0.0]);
        assert!(read.units[1].is_sign_negative());
        assert_eq!(read.flags, vec![KIND_SALE | STREAM_FLAG, KIND_ADJUSTMENT]);
        assert_eq!(read.lengths, vec![15, 6, 10, 3, 15, 3, NO_DATE, 5]);
        assert_eq!(
            text_of(&read),
            "0001:0000000042US-ABC2026-10-280.50012:0000000007X\tY-1.25"
        );
    }

    #[test]
    fn unescapes_codes_as_copy_writes_them() {
        let read = read_table(b"1\t1\t\\101\\x4a\\x4\\\\\\q\tsale\t\\N\t1\t1\t\\N\n").unwrap();
        assert_eq!(read.text[15..], *b"AJ\x04\\q1");
        // A backslash ending its field stands for nothing.
        let read = read_table(b"1\t1\tA\\\tsale\t\\N\t1\t1\t\\N\n").unwrap();
        assert_eq!(read.lengths[1], 1);
    }

    #[test]
    fn refuses_what_is_not_a_record_line() {
        for line in [
            &b"1\t1\tA\tsale\t\\N\t1\t1\n"[..],
            b"x\t1\tA\tsale\t\\N\t1\t1\t\\N\n",
            b"1\t1\t\\N\tsale\t\\N\t1\t1\t\\N\n",
            b"1\t1\tA\tgift\t\\N\t1\t1\t\\N\n",
            b"1\t1\tA\tsale\t\\N\t1.5\t1\t\\N\n",
            b"1\t1\tA\tsale\t\\N\t1\t\\N\t\\N\n",
            b"1\t9007199254740992\tA\tsale\t\\N\t1\t1\t\\N\n",
            b"1\t1\tA\tsale\t\\N\t1\t1\t\\N",
        ] {
            assert_eq!(read_table(line), None, "{:?}", String::from_utf8_lossy(line));
        }
        assert!(read_table(b"1\t9007199254740991\tA\tsale\t\\N\t1\t1\t\\N\n").is_some());
        assert_eq!(read_table(b""), Some(RecordLines::default()));
    }
}
