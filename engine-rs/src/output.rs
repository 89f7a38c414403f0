//! Serialisation of the result: no whitespace, keys in ENGINE.md's order.

use crate::engine::Output;
use crate::input::Input;
use crate::json::write_string;
use crate::money::{format_money, WideMoney};

fn key(out: &mut String, name: &str) {
    out.push('"');
    out.push_str(name);
    out.push_str("\":");
}

fn money_field(out: &mut String, name: &str, amount: i128) {
    key(out, name);
    write_string(out, &format_money(amount));
}

fn wide_money_field(out: &mut String, name: &str, amount: WideMoney) {
    key(out, name);
    write_string(out, &amount.to_text());
}

fn string_field(out: &mut String, name: &str, text: &str) {
    key(out, name);
    write_string(out, text);
}

fn counter_text(income: bool, counter: i128) -> String {
    if income {
        format_money(counter)
    } else {
        counter.to_string()
    }
}

/// Writes the output JSON text; `input` names the interned strings.
pub fn to_json(output: &Output, input: &Input) -> String {
    let text = |sym| input.text(sym);
    let mut json = String::with_capacity(256 + output.lines.len() * 120);
    json.push_str("{\"totals\":{");
    money_field(&mut json, "gross", output.totals.gross);
    json.push(',');
    money_field(&mut json, "take", output.totals.take);
    json.push(',');
    money_field(&mut json, "net", output.totals.net);
    json.push(',');
    money_field(&mut json, "offTheTop", output.totals.off_the_top);
    json.push(',');
    money_field(&mut json, "allocated", output.totals.allocated);
    json.push(',');
    money_field(&mut json, "unallocated", output.totals.unallocated);
    json.push_str("},\"payees\":[");
    for (i, payee) in output.payees.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push('{');
        string_field(&mut json, "payeeId", text(payee.payee_id));
        json.push(',');
        money_field(&mut json, "earned", payee.earned);
        json.push(',');
        money_field(&mut json, "recouped", payee.recouped);
        json.push(',');
        wide_money_field(&mut json, "credited", payee.credited);
        json.push(',');
        wide_money_field(&mut json, "payout", payee.payout);
        json.push('}');
    }
    json.push_str("],\"lines\":[");
    for (i, line) in output.lines.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push('{');
        string_field(&mut json, "code", text(line.code));
        json.push(',');
        string_field(&mut json, "productId", text(line.product_id));
        json.push(',');
        string_field(&mut json, "splitSetId", text(line.split_set_id));
        json.push(',');
        string_field(&mut json, "payeeId", text(line.payee_id));
        json.push(',');
        key(&mut json, "units");
        json.push_str(&line.units.to_string());
        json.push(',');
        money_field(&mut json, "amount", line.amount);
        json.push('}');
    }
    json.push_str("],\"recoupments\":[");
    for (i, recoupment) in output.recoupments.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push('{');
        string_field(&mut json, "id", text(recoupment.id));
        json.push(',');
        money_field(&mut json, "before", recoupment.before);
        json.push(',');
        money_field(&mut json, "taken", recoupment.taken);
        json.push(',');
        money_field(&mut json, "after", recoupment.after);
        json.push(',');
        key(&mut json, "closed");
        json.push_str(if recoupment.closed { "true" } else { "false" });
        json.push(',');
        money_field(&mut json, "deferred", recoupment.deferred);
        json.push_str(",\"remittances\":[");
        for (j, (debtor, amount)) in recoupment.remittances.iter().enumerate() {
            if j > 0 {
                json.push(',');
            }
            json.push('{');
            string_field(&mut json, "debtorId", text(*debtor));
            json.push(',');
            money_field(&mut json, "amount", *amount);
            json.push('}');
        }
        json.push_str("]}");
    }
    json.push_str("],\"triggers\":[");
    for (i, trigger) in output.triggers.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push('{');
        string_field(&mut json, "splitSetId", text(trigger.split_set_id));
        json.push(',');
        string_field(
            &mut json,
            "counterBefore",
            &counter_text(trigger.income, trigger.counter_before),
        );
        json.push(',');
        string_field(
            &mut json,
            "counterAfter",
            &counter_text(trigger.income, trigger.counter_after),
        );
        json.push(',');
        key(&mut json, "activatedAtRecordId");
        match trigger.activated_at_record {
            Some(index) => write_string(&mut json, input.record_id(&input.records[index])),
            None => json.push_str("null"),
        }
        json.push('}');
    }
    json.push_str("],\"missingCodes\":[");
    for (i, code) in output.missing_codes.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        write_string(&mut json, text(*code));
    }
    json.push_str("],\"state\":{\"counters\":{");
    for (i, trigger) in output.triggers.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        write_string(&mut json, text(trigger.split_set_id));
        json.push_str(":{");
        string_field(&mut json, "value", &counter_text(trigger.income, trigger.counter_after));
        json.push('}');
    }
    json.push_str("},\"recoupments\":{");
    for (i, (id, remaining, deferred)) in output.state_recoupments.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        write_string(&mut json, text(*id));
        json.push_str(":{");
        money_field(&mut json, "remaining", *remaining);
        json.push(',');
        money_field(&mut json, "deferred", *deferred);
        json.push('}');
    }
    json.push_str("}}}");
    json
}
