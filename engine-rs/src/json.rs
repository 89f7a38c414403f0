//! A small, strict JSON parser and the string writer used by the output.
//!
//! Numbers are kept as their source text so integers and decimals are read
//! exactly by the caller; nothing passes through a float.

mod parse;
mod write;

pub use parse::{parse, ParseError};
pub use write::{stringify, write_string};

use std::collections::HashMap;

/// A parsed JSON value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as its source text (already checked against the grammar).
    Number(String),
    /// A string, unescaped.
    String(String),
    /// An array.
    Array(Vec<Value>),
    /// An object, members in source order (duplicates kept; see [`Value::get`]).
    Object(Vec<(String, Value)>),
}

impl Value {
    /// The member `key` of an object (the last one when repeated, as in
    /// JavaScript's `JSON.parse`); `None` for other values.
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(members) => members
                .iter()
                .rev()
                .find(|(member_key, _)| member_key == key)
                .map(|(_, value)| value),
            _ => None,
        }
    }

    /// The members of an object with repeated keys collapsed as JavaScript
    /// does: each key once, at its first position, with its last value.
    pub fn entries(&self) -> Vec<(&str, &Value)> {
        let mut entries: Vec<(&str, &Value)> = Vec::new();
        if let Value::Object(members) = self {
            let mut position_of: HashMap<&str, usize> = HashMap::new();
            for (key, value) in members {
                match position_of.get(key.as_str()) {
                    Some(&position) => entries[position].1 = value,
                    None => {
                        position_of.insert(key.as_str(), entries.len());
                        entries.push((key.as_str(), value));
                    }
                }
            }
        }
        entries
    }
}
