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

use crate::engine::{calculate, Output};
use crate::error::EngineError;
use crate::input::{from_json_with, parse_date, Day, Input, Record, RecordKind, Strings, Sym};
use crate::json::parse;
use crate::money::{parse_money, write_money, MAX_SAFE_INTEGER};

/// First word of both buffers (`RYC1`).
pub const MAGIC: u32 = 0x3143_5952;
/// Date index of a record without a date.
pub const NO_DATE: u32 = u32::MAX;

type R<T> = Result<T, EngineError>;

fn layout<T>(what: &str) -> R<T> {
    Err(EngineError::InvalidLayout {
        message: what.to_string(),
    })
}

/// Reads sections in order.
struct Reader<'a> {
    buf: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn bytes(&mut self, n: usize, align: usize) -> R<&'a [u8]> {
        let start = (self.at + align - 1) / align * align;
        match start.checked_add(n) {
            Some(end) if end <= self.buf.len() => {
                self.at = end;
                Ok(&self.buf[start..end])
            }
            _ => layout("buffer too short"),
        }
    }

    fn u32s(&mut self, n: usize) -> R<Vec<u32>> {
        let b = self.bytes(n.checked_mul(4).unwrap_or(usize::MAX), 8)?;
        Ok(b.chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }

    fn f64s(&mut self, n: usize) -> R<Vec<f64>> {
        let b = self.bytes(n.checked_mul(8).unwrap_or(usize::MAX), 8)?;
        Ok(b.chunks_exact(8)
            .map(|c| f64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
            .collect())
    }
}

/// Takes strings one after another from a text.
struct Texts<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Texts<'a> {
    fn next(&mut self, len: u32) -> R<&'a str> {
        let end = self.at + len as usize;
        match self.text.get(self.at..end) {
            Some(s) => {
                self.at = end;
                Ok(s)
            }
            None => layout("a length beyond the text or inside a character"),
        }
    }
}

/// Reads a columnar input buffer into a validated [`Input`].
///
/// Any problem is an error, also where the JSON path would name a field: the
/// caller then sends the same input as JSON to get the exact `path: message`.
pub fn read_input(buf: &[u8]) -> R<Input> {
    let mut rd = Reader { buf, at: 0 };
    let head = rd.u32s(8)?;
    if head[0] != MAGIC {
        return layout("not a columnar input");
    }
    let (n_records, n_catalog, text_bytes, header_bytes) =
        (head[1] as usize, head[2] as usize, head[3] as usize, head[4] as usize);
    let units = rd.f64s(n_records)?;
    let lengths = rd.u32s(n_records.checked_mul(4).unwrap_or(usize::MAX))?;
    let catalog_lengths = rd.u32s(n_catalog.checked_mul(2).unwrap_or(usize::MAX))?;
    let flags = rd.bytes(n_records, 1)?;
    let text = match std::str::from_utf8(rd.bytes(text_bytes, 1)?) {
        Ok(t) => t,
        Err(_) => return layout("text not UTF-8"),
    };
    let header = match std::str::from_utf8(rd.bytes(header_bytes, 1)?) {
        Ok(t) => t,
        Err(_) => return layout("header not UTF-8"),
    };

    let mut strings = Strings::with_capacity(n_catalog.min(n_records) + 1024);
    let mut texts = Texts { text, at: 0 };
    let mut record_ids = String::with_capacity(text_bytes / 3);
    let mut records = Vec::with_capacity(n_records);
    // Dates repeat: each distinct text is checked once, the last one kept at hand.
    let mut last_date: Option<(&str, Day)> = None;
    for (i, len) in lengths.chunks_exact(4).enumerate() {
        let id = texts.next(len[0])?;
        let code = texts.next(len[1])?;
        let date = if len[2] == NO_DATE {
            None
        } else {
            let d = texts.next(len[2])?;
            match last_date {
                Some((text, day)) if text == d => Some(day),
                _ => match parse_date(d) {
                    Some(day) => {
                        last_date = Some((d, day));
                        Some(day)
                    }
                    None => return layout("not a date"),
                },
            }
        };
        let revenue = match parse_money(texts.next(len[3])?) {
            Some(m) => m,
            None => return layout("revenue not a decimal amount"),
        };
        let u = units[i];
        if !(u.fract() == 0.0 && u.abs() <= MAX_SAFE_INTEGER as f64) {
            return layout("units not a safe integer");
        }
        let kind = match flags[i] & 3 {
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
            units: u as i64,
            revenue,
            stream: flags[i] & 4 != 0,
        });
        record_ids.push_str(id);
    }
    // Only codes some record carries matter: the others are looked up, not stored.
    let mut catalog = Vec::with_capacity(n_catalog.min(strings.len()));
    for len in catalog_lengths.chunks_exact(2) {
        let code = strings.lookup(texts.next(len[0])?);
        let product = texts.next(len[1])?;
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

/// Writes the compact result.
struct Writer {
    /// Each [`Sym`] the result names, numbered in order of first use.
    names: Vec<Sym>,
    /// A symbol's number in `names`, [`NO_DATE`] while unused.
    number: Vec<u32>,
    words: Vec<u32>,
    text: Vec<u8>,
    lens: Vec<u8>,
    units: Vec<f64>,
}

impl Writer {
    /// The word naming `sym`: its number among the names the result uses.
    fn name(&mut self, sym: Sym) -> u32 {
        let slot = &mut self.number[sym as usize];
        if *slot == NO_DATE {
            *slot = self.names.len() as u32;
            self.names.push(sym);
        }
        *slot
    }

    fn push_name(&mut self, sym: Sym) {
        let word = self.name(sym);
        self.words.push(word);
    }

    fn money(&mut self, v: i128) {
        let before = self.text.len();
        write_money(&mut self.text, v);
        self.lens.push((self.text.len() - before) as u8);
    }

    fn text_item(&mut self, s: &str) {
        self.text.extend_from_slice(s.as_bytes());
        self.lens.push(s.len() as u8);
    }
}

/// Encodes the result: the words are read in this order —
///
/// - payees: count, then per payee its id (texts: earned, recouped, credited, payout);
/// - lines: count, then per line code, productId, splitSetId, payeeId
///   (units in the `f64` section; text: amount);
/// - recoupments: count, then per recoupment id, closed (0/1), remittance
///   count, then per remittance the debtor id (texts: before, taken, after,
///   deferred, then each remittance amount);
/// - triggers: count, then per trigger splitSetId and the activating record's
///   index in the input plus one, 0 for none (texts: counterBefore, counterAfter);
/// - missing codes: count, then each;
/// - state recoupments: count, then per recoupment its id (texts: remaining, deferred);
///
/// with the six totals as the first texts. Every id is the number of a name in
/// the extra strings, which hold only the names the result uses.
pub fn encode_output(o: &Output, input: &Input) -> Vec<u8> {
    let mut w = Writer {
        names: Vec::new(),
        number: vec![NO_DATE; input.strings.len()],
        words: Vec::with_capacity(16 + o.lines.len() * 4 + o.payees.len()),
        text: Vec::with_capacity(o.lines.len() * 12),
        lens: Vec::with_capacity(o.lines.len() + o.payees.len() * 4 + 16),
        units: Vec::with_capacity(o.lines.len()),
    };
    let t = &o.totals;
    for v in [t.gross, t.take, t.net, t.off_the_top, t.allocated, t.unallocated] {
        w.money(v);
    }
    w.words.push(o.payees.len() as u32);
    for p in &o.payees {
        w.push_name(p.payee_id);
        for v in [p.earned, p.recouped, p.credited, p.payout] {
            w.money(v);
        }
    }
    w.words.push(o.lines.len() as u32);
    for l in &o.lines {
        for sym in [l.code, l.product_id, l.split_set_id, l.payee_id] {
            w.push_name(sym);
        }
        // Exact below 2^53, else rounded to nearest as JSON.parse rounds the integer text.
        w.units.push(l.units as f64);
        w.money(l.amount);
    }
    w.words.push(o.recoupments.len() as u32);
    for r in &o.recoupments {
        w.push_name(r.id);
        w.words
            .extend_from_slice(&[r.closed as u32, r.remittances.len() as u32]);
        for v in [r.before, r.taken, r.after, r.deferred] {
            w.money(v);
        }
        for &(debtor, amount) in &r.remittances {
            w.push_name(debtor);
            w.money(amount);
        }
    }
    w.words.push(o.triggers.len() as u32);
    for tr in &o.triggers {
        w.push_name(tr.split_set_id);
        w.words.push(tr.activated_at_record.map_or(0, |i| i as u32 + 1));
        for v in [tr.counter_before, tr.counter_after] {
            if tr.income {
                w.money(v);
            } else {
                w.text_item(&v.to_string());
            }
        }
    }
    w.words.push(o.missing_codes.len() as u32);
    for &code in &o.missing_codes {
        w.push_name(code);
    }
    w.words.push(o.state_recoupments.len() as u32);
    for &(id, remaining, deferred) in &o.state_recoupments {
        w.push_name(id);
        w.money(remaining);
        w.money(deferred);
    }

    let mut extra_units: Vec<u32> = Vec::new();
    let mut extra = Vec::new();
    for &sym in &w.names {
        let s = input.text(sym);
        extra_units.push(s.encode_utf16().count() as u32);
        extra.extend_from_slice(s.as_bytes());
    }

    let mut out: Vec<u8> = Vec::with_capacity(
        32 + w.units.len() * 8 + (w.words.len() + extra_units.len()) * 4 + w.lens.len() + w.text.len() + extra.len(),
    );
    let head = [
        MAGIC,
        w.words.len() as u32,
        w.lens.len() as u32,
        w.text.len() as u32,
        extra_units.len() as u32,
        extra.len() as u32,
        w.units.len() as u32,
        0,
    ];
    for v in head {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in &w.units {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in w.words.iter().chain(extra_units.iter()) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&w.lens);
    out.extend_from_slice(&w.text);
    out.extend_from_slice(&extra);
    out
}

/// Runs the engine on a columnar input buffer and returns the compact result.
pub fn calculate_columns(buf: &[u8]) -> R<Vec<u8>> {
    let input = read_input(buf)?;
    let output = calculate(&input);
    Ok(encode_output(&output, &input))
}

/// A statement read once (records and catalog parsed, codes interned) and
/// calculated again and again with other split sets: the split editor's
/// preview sends only what changed, not the statement's records each time.
pub struct Prepared {
    input: Input,
}

impl Prepared {
    /// Reads and validates a whole columnar input.
    pub fn new(buf: &[u8]) -> R<Prepared> {
        Ok(Prepared {
            input: read_input(buf)?,
        })
    }

    /// Calculates the prepared records and catalog with `header`, the input
    /// object's other fields as JSON with `"records":[]` and `"catalog":{}`
    /// (as in the columnar input), and returns the compact result without lines
    /// ([`crate::engine::calculate_summary`]).
    pub fn calculate_summary(&mut self, header: &[u8]) -> R<Vec<u8>> {
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
        let output = crate::engine::calculate_summary(&input);
        let bytes = encode_output(&output, &input);
        self.input.records = input.records;
        self.input.catalog = input.catalog;
        self.input.record_ids = input.record_ids;
        self.input.strings = input.strings;
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{stringify, Value};
    use crate::output::to_json;

    /// Lays a JSON input out in columns as engine/columns.ts does.
    fn encode(input: &str) -> Vec<u8> {
        let value = parse(input).unwrap();
        let mut header = Vec::new();
        let (mut records, mut catalog) = (Vec::new(), Vec::new());
        for (k, v) in value.entries() {
            match k {
                "records" => records = v.clone_array(),
                "catalog" => {
                    catalog = v
                        .entries()
                        .into_iter()
                        .map(|(c, e)| (c.to_string(), e.clone()))
                        .collect()
                }
                _ => header.push((k.to_string(), v.clone())),
            }
        }
        header.push(("records".to_string(), Value::Array(Vec::new())));
        header.push(("catalog".to_string(), Value::Object(Vec::new())));
        let header = stringify(&Value::Object(header));
        let (mut units, mut lengths, mut flags, mut text) = (Vec::new(), Vec::new(), Vec::new(), String::new());
        let put = |text: &mut String, s: &str| {
            text.push_str(s);
            s.len() as u32
        };
        for r in &records {
            let s = |k: &str| match r.get(k) {
                Some(Value::String(s)) => Some(s.clone()),
                _ => None,
            };
            units.push(match r.get("units") {
                Some(Value::Number(n)) => n.parse::<f64>().unwrap(),
                _ => 0.0,
            });
            lengths.push(put(&mut text, &s("id").unwrap()));
            lengths.push(put(&mut text, &s("code").unwrap()));
            lengths.push(match s("date") {
                Some(d) => put(&mut text, &d),
                None => NO_DATE,
            });
            lengths.push(put(&mut text, &s("revenue").unwrap()));
            let kind = match s("kind").as_deref() {
                Some("mechanical") => 1,
                Some("adjustment") => 2,
                _ => 0,
            };
            flags.push(kind | if s("format").as_deref() == Some("stream") { 4 } else { 0 });
        }
        let mut catalog_lengths = Vec::new();
        for (code, entry) in &catalog {
            catalog_lengths.push(put(&mut text, code));
            match entry.get("productId") {
                Some(Value::String(p)) => catalog_lengths.push(put(&mut text, p)),
                _ => panic!("catalog entry"),
            }
        }
        let mut out = Vec::new();
        let pad = |out: &mut Vec<u8>| {
            while out.len() % 8 != 0 {
                out.push(0);
            }
        };
        let head = [
            MAGIC,
            records.len() as u32,
            catalog.len() as u32,
            text.len() as u32,
            header.len() as u32,
            0,
            0,
            0,
        ];
        head.iter().for_each(|v| out.extend_from_slice(&v.to_le_bytes()));
        units.iter().for_each(|v: &f64| out.extend_from_slice(&v.to_le_bytes()));
        pad(&mut out);
        lengths.iter().for_each(|v| out.extend_from_slice(&v.to_le_bytes()));
        pad(&mut out);
        catalog_lengths
            .iter()
            .for_each(|v| out.extend_from_slice(&v.to_le_bytes()));
        pad(&mut out);
        out.extend_from_slice(&flags);
        out.extend_from_slice(text.as_bytes());
        out.extend_from_slice(header.as_bytes());
        out
    }

    trait CloneArray {
        fn clone_array(&self) -> Vec<Value>;
    }

    impl CloneArray for Value {
        fn clone_array(&self) -> Vec<Value> {
            match self {
                Value::Array(items) => items.clone(),
                _ => Vec::new(),
            }
        }
    }

    const INPUT: &str = r#"{"currency":"USD","statement":{"id":"s","period":"2026-09","distributorTakePct":"10"},
        "records":[
          {"id":"r2","code":"C\u00e9","date":"2026-09-02","units":3,"revenue":"10.5","format":"stream"},
          {"id":"r1","code":"C2","units":2,"revenue":"7","kind":"mechanical"},
          {"id":"r\ud83d\ude003","code":"C9","date":"2026-09-02","units":1,"revenue":"1"},
          {"id":"r0","code":"C\u00e9","date":"2026-09-01","units":5,"revenue":"-2.000000000000005","kind":"adjustment"}],
        "catalog":{"C\u00e9":{"productId":"p1"},"C2":{"productId":"p1"}},
        "splitSets":[
          {"id":"base","scope":{"productId":"p1"},"kind":"base","shares":[
            {"payeeId":"label","pct":"33.3333"},
            {"groupId":"band","pct":"66.6667","members":[{"payeeId":"ann","pct":"50"},{"payeeId":"bob","balance":true}]}]},
          {"id":"cond","scope":{"productId":"p1"},"kind":"conditional","priority":1,
           "trigger":{"type":"income","threshold":"5"},"shares":[{"payeeId":"ann","pct":"100"}]}],
        "recoupments":[{"id":"rc","status":"open","creditorId":"label","debtorIds":["ann"],"amount":"3",
          "priority":"high","createdAt":1,"scope":"all","recoupablePct":"50","netRevenuePct":"10","reimbursement":"immediate"}]}"#;

    #[test]
    fn columns_read_as_the_json_path() {
        let from_json = crate::input::from_json(&parse(INPUT).unwrap()).unwrap();
        let expected = to_json(&calculate(&from_json), &from_json);
        let columns = read_input(&encode(INPUT)).unwrap();
        assert_eq!(to_json(&calculate(&columns), &columns), expected);
        let compact = calculate_columns(&encode(INPUT)).unwrap();
        assert_eq!(&compact[..4], &MAGIC.to_le_bytes());
    }

    #[test]
    fn prepared_statement_takes_new_headers() {
        let mut prepared = Prepared::new(&encode(INPUT)).unwrap();
        let header = |input: &str| {
            let buf = encode(input);
            let size = u32::from_le_bytes([buf[16], buf[17], buf[18], buf[19]]) as usize;
            buf[buf.len() - size..].to_vec()
        };
        // The same header twice gives the same bytes; another header, other totals.
        let first = prepared.calculate_summary(&header(INPUT)).unwrap();
        assert_eq!(prepared.calculate_summary(&header(INPUT)).unwrap(), first);
        let full = calculate_columns(&encode(INPUT)).unwrap();
        // The summary has no lines: header word 6 is the line count.
        assert_eq!(&first[24..28], &0u32.to_le_bytes());
        assert_ne!(&full[24..28], &0u32.to_le_bytes());
        let other = INPUT.replace(r#""distributorTakePct":"10""#, r#""distributorTakePct":"20""#);
        assert_ne!(prepared.calculate_summary(&header(&other)).unwrap(), first);
        // A bad header is refused whole, and the records stay for the next call.
        let bad = INPUT.replace(r#""pct":"33.3333""#, r#""pct":"33.3332""#);
        assert!(matches!(
            prepared.calculate_summary(&header(&bad)),
            Err(EngineError::InvalidInput { .. })
        ));
        assert!(prepared.calculate_summary(b"{").is_err());
        let sneaky = String::from_utf8(header(INPUT)).unwrap().replace(
            r#""records":[]"#,
            r#""records":[{"id":"x","code":"C2","units":1,"revenue":"1"}]"#,
        );
        assert!(matches!(
            prepared.calculate_summary(sneaky.as_bytes()),
            Err(EngineError::InvalidLayout { .. })
        ));
        assert_eq!(prepared.calculate_summary(&header(INPUT)).unwrap(), first);
    }

    #[test]
    fn columns_reject_whole() {
        for (from, to) in [
            (r#""revenue":"7""#, r#""revenue":"7e1""#),
            (r#""date":"2026-09-01""#, r#""date":"2026-02-30""#),
            (r#""distributorTakePct":"10""#, r#""distributorTakePct":"101""#),
        ] {
            let bad = INPUT.replace(from, to);
            assert!(
                matches!(
                    read_input(&encode(&bad)),
                    Err(EngineError::InvalidLayout { .. }) | Err(EngineError::InvalidInput { .. })
                ),
                "{}",
                to
            );
        }
        // A length off by one, and a buffer cut short.
        let mut buf = encode(INPUT);
        let lengths_at = 32 + 4 * 8;
        buf[lengths_at + 4] += 1;
        assert!(read_input(&buf).is_err());
        assert!(read_input(&buf[..40]).is_err());
    }
}
