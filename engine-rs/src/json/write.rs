//! Writing JSON as JavaScript's `JSON.stringify` does.

use super::Value;

/// Appends `text` as a JSON string literal, escaped exactly as JavaScript's
/// `JSON.stringify` does (`\"`, `\\`, `\b \f \n \r \t`, other control
/// characters as lowercase `\u00xx`, everything else verbatim).
pub fn write_string(out: &mut String, text: &str) {
    out.push('"');
    let mut run = 0;
    for (at, byte) in text.bytes().enumerate() {
        let escape: Option<&str> = match byte {
            b'"' => Some("\\\""),
            b'\\' => Some("\\\\"),
            0x08 => Some("\\b"),
            0x0c => Some("\\f"),
            b'\n' => Some("\\n"),
            b'\r' => Some("\\r"),
            b'\t' => Some("\\t"),
            _ => None,
        };
        if escape.is_some() || byte < 0x20 {
            out.push_str(&text[run..at]);
            match escape {
                Some(escape) => out.push_str(escape),
                None => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    out.push_str("\\u00");
                    out.push(HEX[(byte >> 4) as usize] as char);
                    out.push(HEX[(byte & 15) as usize] as char);
                }
            }
            run = at + 1;
        }
    }
    out.push_str(&text[run..]);
    out.push('"');
}

/// Writes a value compactly, as `JSON.stringify` would for parsed input
/// (numbers are written as their source text).
pub fn stringify(value: &Value) -> String {
    let mut out = String::new();
    write_value(&mut out, value);
    out
}

fn write_value(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(flag) => out.push_str(if *flag { "true" } else { "false" }),
        Value::Number(number) => out.push_str(number),
        Value::String(text) => write_string(out, text),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, item);
            }
            out.push(']');
        }
        Value::Object(_) => {
            out.push('{');
            for (i, (key, item)) in value.entries().into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(out, key);
                out.push(':');
                write_value(out, item);
            }
            out.push('}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_like_json_stringify() {
        let mut s = String::new();
        write_string(&mut s, "a\"b\\c\u{1}\u{1f}\n\u{7f}é\u{2028}😀");
        assert_eq!(s, "\"a\\\"b\\\\c\\u0001\\u001f\\n\u{7f}é\u{2028}😀\"");
    }
}
