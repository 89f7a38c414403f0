//! The columnar boundary against the JSON path, on one input laid out as engine/columns.ts does.

use super::*;
use crate::json::{parse, stringify, Value};
use crate::output::to_json;

/// Lays a JSON input out in columns as engine/columns.ts does.
fn encode(input: &str) -> Vec<u8> {
    let value = parse(input).unwrap();
    let mut header = Vec::new();
    let (mut records, mut catalog) = (Vec::new(), Vec::new());
    for (key, member) in value.entries() {
        match key {
            "records" => records = member.clone_array(),
            "catalog" => {
                catalog = member
                    .entries()
                    .into_iter()
                    .map(|(code, entry)| (code.to_string(), entry.clone()))
                    .collect()
            }
            _ => header.push((key.to_string(), member.clone())),
        }
    }
    header.push(("records".to_string(), Value::Array(Vec::new())));
    header.push(("catalog".to_string(), Value::Object(Vec::new())));
    let header = stringify(&Value::Object(header));
    let (mut units, mut lengths, mut flags, mut text) = (Vec::new(), Vec::new(), Vec::new(), String::new());
    let put = |text: &mut String, item: &str| {
        text.push_str(item);
        item.len() as u32
    };
    for record in &records {
        let field = |key: &str| match record.get(key) {
            Some(Value::String(text)) => Some(text.clone()),
            _ => None,
        };
        units.push(match record.get("units") {
            Some(Value::Number(number)) => number.parse::<f64>().unwrap(),
            _ => 0.0,
        });
        lengths.push(put(&mut text, &field("id").unwrap()));
        lengths.push(put(&mut text, &field("code").unwrap()));
        lengths.push(match field("date") {
            Some(date) => put(&mut text, &date),
            None => NO_DATE,
        });
        lengths.push(put(&mut text, &field("revenue").unwrap()));
        let kind = match field("kind").as_deref() {
            Some("mechanical") => 1,
            Some("adjustment") => 2,
            _ => 0,
        };
        flags.push(
            kind | if field("format").as_deref() == Some("stream") {
                4
            } else {
                0
            },
        );
    }
    let mut catalog_lengths = Vec::new();
    for (code, entry) in &catalog {
        catalog_lengths.push(put(&mut text, code));
        match entry.get("productId") {
            Some(Value::String(product)) => catalog_lengths.push(put(&mut text, product)),
            _ => panic!("catalog entry"),
        }
    }
    let mut out = Vec::new();
    let pad = |out: &mut Vec<u8>| {
        while out.len() % 8 != 0 {
            out.push(0);
        }
    };
    let header_words = [
        MAGIC,
        records.len() as u32,
        catalog.len() as u32,
        text.len() as u32,
        header.len() as u32,
        0,
        0,
        0,
    ];
    header_words
        .iter()
        .for_each(|word| out.extend_from_slice(&word.to_le_bytes()));
    units
        .iter()
        .for_each(|units: &f64| out.extend_from_slice(&units.to_le_bytes()));
    pad(&mut out);
    lengths
        .iter()
        .for_each(|length| out.extend_from_slice(&length.to_le_bytes()));
    pad(&mut out);
    catalog_lengths
        .iter()
        .for_each(|length| out.extend_from_slice(&length.to_le_bytes()));
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
