//! Reading JSON fields as the contract's types, each error naming the field's
//! path (`records[3].revenue: not a decimal amount`).

use super::dates::parse_date;
use super::Day;
use crate::error::{EngineError, EngineResult};
use crate::json::{stringify, Value};
use crate::money::{parse_json_integer, parse_money, parse_percent, parse_state_money, MAX_STATE_INT_DIGITS};

pub(super) fn fail<T>(path: &str, message: impl Into<String>) -> EngineResult<T> {
    Err(EngineError::input(path, message))
}

/// The path of `key` inside the object at `path` (the root's path is empty).
pub(super) fn field_path(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{}.{}", path, key)
    }
}

/// `text` as a JSON string literal, for messages.
pub(super) fn quoted(text: &str) -> String {
    stringify(&Value::String(text.to_string()))
}

/// A present field (`null` included).
pub(super) fn field<'v>(parent: &'v Value, key: &str) -> Option<&'v Value> {
    parent.get(key)
}

/// A present, non-null field.
pub(super) fn non_null_field<'v>(parent: &'v Value, key: &str) -> Option<&'v Value> {
    match parent.get(key) {
        None | Some(Value::Null) => None,
        Some(value) => Some(value),
    }
}

pub(super) fn required_field<'v>(parent: &'v Value, key: &str, path: &str) -> EngineResult<&'v Value> {
    match field(parent, key) {
        Some(value) => Ok(value),
        None => fail(&field_path(path, key), "required"),
    }
}

pub(super) fn object<'v>(value: &'v Value, path: &str) -> EngineResult<&'v Value> {
    match value {
        Value::Object(_) => Ok(value),
        _ => fail(if path.is_empty() { "$" } else { path }, "not an object"),
    }
}

pub(super) fn array<'v>(value: &'v Value, path: &str) -> EngineResult<&'v [Value]> {
    match value {
        Value::Array(items) => Ok(items),
        _ => fail(path, "not an array"),
    }
}

pub(super) fn string(value: &Value, path: &str) -> EngineResult<String> {
    match value {
        Value::String(text) => Ok(text.clone()),
        _ => fail(path, "not a string"),
    }
}

pub(super) fn money(value: &Value, path: &str) -> EngineResult<i128> {
    match value {
        Value::String(text) => match parse_money(text) {
            Some(amount) => Ok(amount),
            None => fail(path, "not a decimal amount"),
        },
        _ => fail(path, "not a decimal amount"),
    }
}

/// A money value of `state`, which may have up to 26 integer digits (ENGINE.md).
pub(super) fn state_money(value: &Value, path: &str) -> EngineResult<i128> {
    match value {
        Value::String(text) => match parse_state_money(text) {
            Some(amount) => Ok(amount),
            None => fail(path, "not a decimal amount"),
        },
        _ => fail(path, "not a decimal amount"),
    }
}

pub(super) fn percent(value: &Value, path: &str) -> EngineResult<i64> {
    match value {
        Value::String(text) => match parse_percent(text) {
            Some(pct) => Ok(pct),
            None => fail(path, "not a percentage"),
        },
        _ => fail(path, "not a percentage"),
    }
}

pub(super) fn integer(value: &Value, path: &str) -> EngineResult<i64> {
    match value {
        Value::Number(number_text) => match parse_json_integer(number_text) {
            Some(number) => Ok(number),
            None => fail(path, "not an integer"),
        },
        _ => fail(path, "not an integer"),
    }
}

pub(super) fn boolean(value: &Value, path: &str) -> EngineResult<bool> {
    match value {
        Value::Bool(flag) => Ok(*flag),
        _ => fail(path, "not a boolean"),
    }
}

pub(super) fn date(value: &Value, path: &str) -> EngineResult<Day> {
    match value {
        Value::String(text) => match parse_date(text) {
            Some(day) => Ok(day),
            None => fail(path, "not a date (YYYY-MM-DD)"),
        },
        _ => fail(path, "not a date (YYYY-MM-DD)"),
    }
}

pub(super) fn optional_date(parent: &Value, key: &str, path: &str) -> EngineResult<Option<Day>> {
    match non_null_field(parent, key) {
        Some(value) => Ok(Some(date(value, &field_path(path, key))?)),
        None => Ok(None),
    }
}

/// A string that is one of `options`.
pub(super) fn one_of<'a>(value: &Value, path: &str, options: &[&'a str]) -> EngineResult<&'a str> {
    if let Value::String(text) = value {
        if let Some(option) = options.iter().find(|option| **option == text.as_str()) {
            return Ok(option);
        }
    }
    fail(path, format!("unknown value {}", stringify(value)))
}

pub(super) fn required_string(parent: &Value, key: &str, path: &str) -> EngineResult<String> {
    string(required_field(parent, key, path)?, &field_path(path, key))
}

pub(super) fn optional_string(parent: &Value, key: &str, path: &str) -> EngineResult<Option<String>> {
    match non_null_field(parent, key) {
        Some(value) => Ok(Some(string(value, &field_path(path, key))?)),
        None => Ok(None),
    }
}

pub(super) fn string_list(value: &Value, path: &str) -> EngineResult<Vec<String>> {
    let mut strings: Vec<String> = Vec::new();
    for (index, item) in array(value, path)?.iter().enumerate() {
        strings.push(string(item, &format!("{}[{}]", path, index))?);
    }
    Ok(strings)
}

/// An optional money field, 0 when absent.
pub(super) fn optional_money(parent: &Value, key: &str, path: &str) -> EngineResult<i128> {
    match field(parent, key) {
        Some(value) => money(value, &field_path(path, key)),
        None => Ok(0),
    }
}

pub(super) fn required_percent(parent: &Value, key: &str, path: &str) -> EngineResult<i64> {
    percent(required_field(parent, key, path)?, &field_path(path, key))
}

/// A units or plays counter of `state`, written as text (`-?digits`, at most
/// 26 significant digits like every state value).
pub(super) fn integer_text(text: &str) -> Option<i128> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let significant = digits.trim_start_matches('0');
    if significant.len() > MAX_STATE_INT_DIGITS {
        return None;
    }
    let magnitude: i128 = if significant.is_empty() {
        0
    } else {
        significant.parse().ok()?
    };
    Some(if text.starts_with('-') { -magnitude } else { magnitude })
}

/// An object's members in JavaScript's property order: array-index keys
/// (`"0"`, `"17"`, below 2^32 - 1) first in numeric order, then the others in
/// source order; so the first error reported matches `Object.entries`.
pub(super) fn entries_in_js_order(value: &Value) -> Vec<(&str, &Value)> {
    fn array_index(key: &str) -> Option<u64> {
        if key.is_empty()
            || key.len() > 10
            || !key.bytes().all(|b| b.is_ascii_digit())
            || (key.len() > 1 && key.starts_with('0'))
        {
            return None;
        }
        key.parse::<u64>().ok().filter(|index| *index < 4_294_967_295)
    }
    let mut entries = value.entries();
    entries.sort_by_key(|(key, _)| match array_index(key) {
        Some(index) => (0u8, index),
        None => (1u8, 0),
    });
    entries
}
