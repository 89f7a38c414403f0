//! [`from_json`]: the parsed JSON validated whole, in input order, into an [`Input`].

use super::dates::parse_period;
use super::fields::{
    array, entries_in_js_order, fail, field, field_path, integer, integer_text, money, object, one_of, optional_date,
    optional_string, percent, quoted, required_field, required_string, state_money,
};
use super::{Input, Record, RecordKind, Recoupment, RecoupmentState, SplitSet, Strings, Sym};
use crate::error::EngineResult;
use crate::json::Value;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Validates the parsed JSON and builds the typed input.
pub fn from_json(root: &Value) -> EngineResult<Input> {
    from_json_with(root, &mut Strings::new())
}

/// Like [`from_json`], interning into `strings` (which may already hold the
/// strings of records sent apart, as the columnar boundary does).
///
/// The new strings are interned into `strings`, which the input then owns (the
/// table is left empty); on an error the table keeps what it held, plus any
/// strings interned before the error.
pub fn from_json_with(root: &Value, strings: &mut Strings) -> EngineResult<Input> {
    let mut builder = InputBuilder {
        strings,
        record_ids: String::new(),
    };
    object(root, "")?;
    required_string(root, "currency", "")?;
    let statement = object(required_field(root, "statement", "")?, "statement")?;
    required_string(statement, "id", "statement")?;
    let period = match required_field(statement, "period", "statement")? {
        Value::String(text) if parse_period(text).is_some() => text.clone(),
        _ => return fail("statement.period", "not a period (YYYY-MM)"),
    };
    let distributor_take_pct = percent(
        required_field(statement, "distributorTakePct", "statement")?,
        "statement.distributorTakePct",
    )?;

    let mut records = Vec::new();
    for (index, record) in array(required_field(root, "records", "")?, "records")?
        .iter()
        .enumerate()
    {
        records.push(builder.record(record, &format!("records[{}]", index))?);
    }

    let mut catalog = Vec::new();
    let catalog_object = object(required_field(root, "catalog", "")?, "catalog")?;
    for (code, entry) in entries_in_js_order(catalog_object) {
        let path = field_path("catalog", code);
        object(entry, &path)?;
        let product = required_string(entry, "productId", &path)?;
        catalog.push((builder.strings.intern(code), builder.strings.intern(&product)));
    }

    // A recoupment trigger may name any recoupment, listed before or after its set.
    let recoupment_ids: BTreeSet<String> = match field(root, "recoupments") {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|recoupment| match recoupment.get("id") {
                Some(Value::String(id)) => Some(id.clone()),
                _ => None,
            })
            .collect(),
        _ => BTreeSet::new(),
    };

    let mut split_sets: Vec<SplitSet> = Vec::new();
    let mut set_ids: HashSet<Sym> = HashSet::new();
    for (index, set) in array(required_field(root, "splitSets", "")?, "splitSets")?
        .iter()
        .enumerate()
    {
        let set = builder.split_set(set, &format!("splitSets[{}]", index), &recoupment_ids, &set_ids)?;
        set_ids.insert(set.id);
        split_sets.push(set);
    }

    let mut recoupments: Vec<Recoupment> = Vec::new();
    if let Some(list) = field(root, "recoupments") {
        for (index, value) in array(list, "recoupments")?.iter().enumerate() {
            let path = format!("recoupments[{}]", index);
            let recoupment = builder.recoupment(value, &path)?;
            if recoupments.iter().any(|earlier| earlier.id == recoupment.id) {
                return fail(
                    &field_path(&path, "id"),
                    format!("duplicate id {}", quoted(builder.strings.get(recoupment.id))),
                );
            }
            recoupments.push(recoupment);
        }
    }

    let mut counters = BTreeMap::new();
    let mut recoupment_state = BTreeMap::new();
    if let Some(state) = field(root, "state") {
        object(state, "state")?;
        if let Some(state_counters) = field(state, "counters") {
            counters = builder.counter_state(state_counters, &split_sets)?;
        }
        if let Some(state_recoupments) = field(state, "recoupments") {
            recoupment_state = builder.recoupment_state(state_recoupments, &recoupments)?;
        }
    }

    Ok(Input {
        strings: std::mem::take(builder.strings),
        record_ids: builder.record_ids,
        period,
        distributor_take_pct,
        records,
        catalog,
        split_sets,
        recoupments,
        counters,
        recoupment_state,
    })
}

/// Interns while validating.
pub(super) struct InputBuilder<'a> {
    pub(super) strings: &'a mut Strings,
    /// The record ids one after another (see [`Record::id_start`]).
    record_ids: String,
}

impl<'a> InputBuilder<'a> {
    fn record(&mut self, value: &Value, path: &str) -> EngineResult<Record> {
        object(value, path)?;
        let id = required_string(value, "id", path)?;
        let code = required_string(value, "code", path)?;
        let kind = match field(value, "kind") {
            Some(kind) => match one_of(kind, &field_path(path, "kind"), &["sale", "mechanical", "adjustment"])? {
                "mechanical" => RecordKind::Mechanical,
                "adjustment" => RecordKind::Adjustment,
                _ => RecordKind::Sale,
            },
            None => RecordKind::Sale,
        };
        let date = optional_date(value, "date", path)?;
        let units = integer(required_field(value, "units", path)?, &field_path(path, "units"))?;
        let revenue = money(required_field(value, "revenue", path)?, &field_path(path, "revenue"))?;
        optional_string(value, "service", path)?;
        let format = optional_string(value, "format", path)?;
        optional_string(value, "territory", path)?;
        let id_start = self.record_ids.len() as u32;
        self.record_ids.push_str(&id);
        Ok(Record {
            id_start,
            id_len: id.len() as u32,
            code: self.strings.intern(&code),
            kind,
            date,
            units,
            revenue,
            stream: format.as_deref() == Some("stream"),
        })
    }

    /// `state.counters`: a money `value` for income triggers, an integer text
    /// for units and plays; entries of sets without a counter trigger are ignored.
    fn counter_state(&self, value: &Value, split_sets: &[SplitSet]) -> EngineResult<BTreeMap<Sym, i128>> {
        object(value, "state.counters")?;
        let mut counters = BTreeMap::new();
        for (id, entry) in entries_in_js_order(value) {
            let set = self
                .strings
                .lookup(id)
                .and_then(|sym| split_sets.iter().find(|set| set.id == sym));
            let counted = set.and_then(|set| {
                set.trigger
                    .as_ref()
                    .and_then(|trigger| trigger.counter())
                    .map(|(_, _, income)| (set.id, income))
            });
            let (set_id, income) = match counted {
                Some(found) => found,
                None => continue,
            };
            let path = field_path("state.counters", id);
            object(entry, &path)?;
            let value_path = field_path(&path, "value");
            let counter = required_field(entry, "value", &path)?;
            let counter = if income {
                state_money(counter, &value_path)?
            } else {
                match counter {
                    Value::String(text) => match integer_text(text) {
                        Some(number) => number,
                        None => return fail(&value_path, "not an integer"),
                    },
                    _ => return fail(&value_path, "not an integer"),
                }
            };
            counters.insert(set_id, counter);
        }
        Ok(counters)
    }

    /// `state.recoupments`: `remaining` and `deferred` per recoupment id;
    /// entries of ids no recoupment has are ignored.
    fn recoupment_state(
        &self,
        value: &Value,
        recoupments: &[Recoupment],
    ) -> EngineResult<BTreeMap<Sym, RecoupmentState>> {
        object(value, "state.recoupments")?;
        let mut states = BTreeMap::new();
        for (id, entry) in entries_in_js_order(value) {
            let recoupment_id = match recoupments
                .iter()
                .find(|recoupment| self.strings.get(recoupment.id) == id)
            {
                Some(recoupment) => recoupment.id,
                None => continue,
            };
            let path = field_path("state.recoupments", id);
            object(entry, &path)?;
            let remaining = match field(entry, "remaining") {
                Some(remaining) => Some(state_money(remaining, &field_path(&path, "remaining"))?),
                None => None,
            };
            let deferred = match field(entry, "deferred") {
                Some(deferred) => state_money(deferred, &field_path(&path, "deferred"))?,
                None => 0,
            };
            states.insert(recoupment_id, RecoupmentState { remaining, deferred });
        }
        Ok(states)
    }
}
