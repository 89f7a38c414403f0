//! Reading and validating split sets: scope, kind, shares (with groups and a
//! balance share) and the trigger of a conditional set.

use super::fields::{
    array, boolean, date, fail, field, field_path, integer, money, object, one_of, optional_date, percent, quoted,
    required_field, required_string, string,
};
use super::reading::InputBuilder;
use super::{Scope, SetKind, Share, ShareTarget, SplitSet, Strings, Sym, Trigger};
use crate::error::EngineResult;
use crate::json::Value;
use crate::money::{format_percent, PCT_ONE};
use std::collections::{BTreeSet, HashSet};

/// Exactly one key: `code` (a string), `productId` (a string) or `default: true`.
fn scope(value: &Value, path: &str, strings: &mut Strings) -> EngineResult<Scope> {
    object(value, path)?;
    // One member is the common case; entries() (repeated keys collapsed) only otherwise.
    let entries = match value {
        Value::Object(members) if members.len() == 1 => vec![(members[0].0.as_str(), &members[0].1)],
        _ => value.entries(),
    };
    if entries.len() == 1 {
        match entries[0] {
            ("code", Value::String(code)) => return Ok(Scope::Code(strings.intern(code))),
            ("productId", Value::String(product)) => return Ok(Scope::Product(strings.intern(product))),
            ("default", Value::Bool(true)) => return Ok(Scope::Default),
            _ => {}
        }
    }
    fail(path, "unknown scope shape")
}

impl<'a> InputBuilder<'a> {
    /// A split set; `earlier_ids` are the ids of the sets before it, `recoupment_ids`
    /// the ids a recoupment trigger may name.
    pub(super) fn split_set(
        &mut self,
        value: &Value,
        path: &str,
        recoupment_ids: &BTreeSet<String>,
        earlier_ids: &HashSet<Sym>,
    ) -> EngineResult<SplitSet> {
        object(value, path)?;
        let id_text = required_string(value, "id", path)?;
        let id = self.strings.intern(&id_text);
        if earlier_ids.contains(&id) {
            return fail(&field_path(path, "id"), format!("duplicate id {}", quoted(&id_text)));
        }
        let scope = scope(
            required_field(value, "scope", path)?,
            &field_path(path, "scope"),
            self.strings,
        )?;
        let kind = match one_of(
            required_field(value, "kind", path)?,
            &field_path(path, "kind"),
            &["base", "mechanical", "conditional"],
        )? {
            "base" => SetKind::Base,
            "mechanical" => SetKind::Mechanical,
            _ => SetKind::Conditional,
        };
        let start_date = optional_date(value, "startDate", path)?;
        let priority = match field(value, "priority") {
            Some(priority) => integer(priority, &field_path(path, "priority"))?,
            None => 0,
        };
        let shares = self.shares(
            required_field(value, "shares", path)?,
            &field_path(path, "shares"),
            true,
        )?;
        let trigger = if kind == SetKind::Conditional {
            Some(self.trigger(
                required_field(value, "trigger", path)?,
                &field_path(path, "trigger"),
                recoupment_ids,
            )?)
        } else {
            None
        };
        Ok(SplitSet {
            id,
            scope,
            kind,
            start_date,
            priority,
            shares,
            trigger,
        })
    }

    /// A share list (a set's `shares` or a group's `members`).
    ///
    /// Shapes (a key counts as present even when `null`):
    /// - `{payeeId: string, pct}` (no `groupId`, no `balance`);
    /// - `{payeeId: string, balance: true}` (no `pct`, no `groupId`);
    /// - `{groupId: string, pct, members: [...]}` (no `payeeId`, no `balance`),
    ///   only in a set's `shares`; members are payee or balance shares.
    fn shares(&mut self, value: &Value, path: &str, allow_groups: bool) -> EngineResult<Vec<Share>> {
        let items = array(value, path)?;
        let mut shares: Vec<Share> = Vec::new();
        let mut balance_at: Option<usize> = None;
        for (index, share) in items.iter().enumerate() {
            let share_path = format!("{}[{}]", path, index);
            if !matches!(share, Value::Object(_)) {
                return fail(&share_path, "unknown share shape");
            }
            let has = |key: &str| share.get(key).is_some();
            if has("groupId") {
                let is_group = allow_groups
                    && matches!(share.get("groupId"), Some(Value::String(_)))
                    && !has("payeeId")
                    && !has("balance")
                    && has("pct")
                    && matches!(share.get("members"), Some(Value::Array(_)));
                if !is_group {
                    return fail(&share_path, "unknown share shape");
                }
                let pct = percent(
                    required_field(share, "pct", &share_path)?,
                    &field_path(&share_path, "pct"),
                )?;
                let members = self
                    .shares(
                        required_field(share, "members", &share_path)?,
                        &field_path(&share_path, "members"),
                        false,
                    )?
                    .into_iter()
                    .filter_map(|member| match member.target {
                        ShareTarget::Payee(payee) => Some((payee, member.pct)),
                        ShareTarget::Group(_) => None,
                    })
                    .collect();
                shares.push(Share {
                    pct,
                    target: ShareTarget::Group(members),
                });
                continue;
            }
            let payee = match share.get("payeeId") {
                Some(Value::String(payee)) => payee.clone(),
                _ => return fail(&share_path, "unknown share shape"),
            };
            if has("balance") {
                if !matches!(share.get("balance"), Some(Value::Bool(true))) || has("pct") {
                    return fail(&share_path, "unknown share shape");
                }
                if balance_at.is_some() {
                    return fail(path, "only one balance share allowed");
                }
                balance_at = Some(index);
                shares.push(Share {
                    pct: 0,
                    target: ShareTarget::Payee(self.strings.intern(&payee)),
                });
                continue;
            }
            if !has("pct") {
                return fail(&share_path, "unknown share shape");
            }
            let pct = percent(
                required_field(share, "pct", &share_path)?,
                &field_path(&share_path, "pct"),
            )?;
            shares.push(Share {
                pct,
                target: ShareTarget::Payee(self.strings.intern(&payee)),
            });
        }
        let total: i128 = shares.iter().map(|share| share.pct as i128).sum();
        match balance_at {
            Some(index) => {
                if total > PCT_ONE as i128 {
                    return fail(path, format!("Splits total {}%", format_percent(total)));
                }
                shares[index].pct = PCT_ONE - total as i64;
            }
            None => {
                if total != PCT_ONE as i128 {
                    return fail(path, format!("Splits total {}%", format_percent(total)));
                }
            }
        }
        Ok(shares)
    }

    fn trigger(&mut self, value: &Value, path: &str, recoupment_ids: &BTreeSet<String>) -> EngineResult<Trigger> {
        object(value, path)?;
        let type_path = field_path(path, "type");
        let trigger_type = string(required_field(value, "type", path)?, &type_path)?;
        match trigger_type.as_str() {
            "income" => {
                let threshold = money(
                    required_field(value, "threshold", path)?,
                    &field_path(path, "threshold"),
                )?;
                let pre_counted = match field(value, "preCounted") {
                    Some(pre_counted) => money(pre_counted, &field_path(path, "preCounted"))?,
                    None => 0,
                };
                Ok(Trigger::Income { threshold, pre_counted })
            }
            "units" | "plays" => {
                let threshold = integer(
                    required_field(value, "threshold", path)?,
                    &field_path(path, "threshold"),
                )? as i128;
                let pre_counted = match field(value, "preCounted") {
                    Some(pre_counted) => integer(pre_counted, &field_path(path, "preCounted"))? as i128,
                    None => 0,
                };
                Ok(if trigger_type == "units" {
                    Trigger::Units { threshold, pre_counted }
                } else {
                    Trigger::Plays { threshold, pre_counted }
                })
            }
            "date" => Ok(Trigger::Date(date(
                required_field(value, "date", path)?,
                &field_path(path, "date"),
            )?)),
            "manual" => Ok(Trigger::Manual(boolean(
                required_field(value, "active", path)?,
                &field_path(path, "active"),
            )?)),
            "recoupment" => {
                let id_path = field_path(path, "recoupmentId");
                let id = string(required_field(value, "recoupmentId", path)?, &id_path)?;
                if !recoupment_ids.contains(&id) {
                    return fail(&id_path, format!("unknown recoupment {}", quoted(&id)));
                }
                Ok(Trigger::Recoupment(self.strings.intern(&id)))
            }
            other => fail(&type_path, format!("unknown trigger type {}", quoted(other))),
        }
    }
}
