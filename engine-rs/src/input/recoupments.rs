//! Reading and validating a recoupment.

use super::fields::{
    boolean, field, field_path, integer, money, non_null_field, object, one_of, optional_date, optional_money,
    optional_string, required_field, required_percent, required_string, string_list,
};
use super::reading::InputBuilder;
use super::{Recoupment, Sym};
use crate::error::EngineResult;
use crate::json::Value;

/// `priority` values, highest first: a recoupment's rank is its index here.
const PRIORITIES: [&str; 7] = [
    "highest",
    "high",
    "medium-high",
    "medium",
    "medium-low",
    "low",
    "lowest",
];

impl<'a> InputBuilder<'a> {
    pub(super) fn recoupment(&mut self, value: &Value, path: &str) -> EngineResult<Recoupment> {
        object(value, path)?;
        let id = required_string(value, "id", path)?;
        optional_string(value, "title", path)?;
        optional_string(value, "type", path)?;
        let status_open = one_of(
            required_field(value, "status", path)?,
            &field_path(path, "status"),
            &["open", "closed", "deleted"],
        )? == "open";
        let creditor_id = required_string(value, "creditorId", path)?;
        let mut debtor_ids: Vec<Sym> = Vec::new();
        for debtor in string_list(
            required_field(value, "debtorIds", path)?,
            &field_path(path, "debtorIds"),
        )? {
            let debtor = self.strings.intern(&debtor);
            if !debtor_ids.contains(&debtor) {
                debtor_ids.push(debtor);
            }
        }
        let amount = money(required_field(value, "amount", path)?, &field_path(path, "amount"))?;
        let prepaid = optional_money(value, "prepaid", path)?;
        let priority_name = one_of(
            required_field(value, "priority", path)?,
            &field_path(path, "priority"),
            &PRIORITIES,
        )?;
        let priority = PRIORITIES.iter().position(|name| *name == priority_name).unwrap_or(0) as u8;
        let created_at = integer(
            required_field(value, "createdAt", path)?,
            &field_path(path, "createdAt"),
        )?;
        let start_date = optional_date(value, "startDate", path)?;
        let scope_all = one_of(
            required_field(value, "scope", path)?,
            &field_path(path, "scope"),
            &["all", "products"],
        )? == "all";
        let product_ids = match field(value, "productIds") {
            Some(ids) => string_list(ids, &field_path(path, "productIds"))?,
            None => Vec::new(),
        };
        let recoupable_pct = required_percent(value, "recoupablePct", path)?;
        let net_revenue_pct = required_percent(value, "netRevenuePct", path)?;
        let statement_maximum = match non_null_field(value, "statementMaximum") {
            Some(maximum) => Some(money(maximum, &field_path(path, "statementMaximum"))?),
            None => None,
        };
        let payment_minimum = optional_money(value, "paymentMinimum", path)?;
        let revenue_minimum = optional_money(value, "revenueMinimum", path)?;
        let deferred = one_of(
            required_field(value, "reimbursement", path)?,
            &field_path(path, "reimbursement"),
            &["immediate", "deferred"],
        )? == "deferred";
        let mechanical_repays = match field(value, "mechanicalRepays") {
            Some(flag) => boolean(flag, &field_path(path, "mechanicalRepays"))?,
            None => false,
        };
        let products = if scope_all {
            None
        } else {
            Some(product_ids.iter().map(|product| self.strings.intern(product)).collect())
        };
        Ok(Recoupment {
            id: self.strings.intern(&id),
            status_open,
            creditor_id: self.strings.intern(&creditor_id),
            debtor_ids,
            amount,
            prepaid,
            priority,
            created_at,
            start_date,
            products,
            recoupable_pct,
            net_revenue_pct,
            statement_maximum,
            payment_minimum,
            revenue_minimum,
            deferred,
            mechanical_repays,
        })
    }
}
