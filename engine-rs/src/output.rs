//! Serialisation of the result: no whitespace, keys in ENGINE.md's order.

use crate::engine::Output;
use crate::input::Input;
use crate::json::write_string;
use crate::money::format_money;

fn key(out: &mut String, k: &str) {
    out.push('"');
    out.push_str(k);
    out.push_str("\":");
}

fn money_field(out: &mut String, k: &str, v: i128) {
    key(out, k);
    write_string(out, &format_money(v));
}

fn string_field(out: &mut String, k: &str, v: &str) {
    key(out, k);
    write_string(out, v);
}

fn counter_text(income: bool, v: i128) -> String {
    if income {
        format_money(v)
    } else {
        v.to_string()
    }
}

/// Writes the output JSON text; `input` names the interned strings.
pub fn to_json(o: &Output, input: &Input) -> String {
    let t = |sym| input.text(sym);
    let mut s = String::with_capacity(256 + o.lines.len() * 120);
    s.push_str("{\"totals\":{");
    money_field(&mut s, "gross", o.totals.gross);
    s.push(',');
    money_field(&mut s, "take", o.totals.take);
    s.push(',');
    money_field(&mut s, "net", o.totals.net);
    s.push(',');
    money_field(&mut s, "offTheTop", o.totals.off_the_top);
    s.push(',');
    money_field(&mut s, "allocated", o.totals.allocated);
    s.push(',');
    money_field(&mut s, "unallocated", o.totals.unallocated);
    s.push_str("},\"payees\":[");
    for (i, p) in o.payees.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push('{');
        string_field(&mut s, "payeeId", t(p.payee_id));
        s.push(',');
        money_field(&mut s, "earned", p.earned);
        s.push(',');
        money_field(&mut s, "recouped", p.recouped);
        s.push(',');
        money_field(&mut s, "credited", p.credited);
        s.push(',');
        money_field(&mut s, "payout", p.payout);
        s.push('}');
    }
    s.push_str("],\"lines\":[");
    for (i, l) in o.lines.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push('{');
        string_field(&mut s, "code", t(l.code));
        s.push(',');
        string_field(&mut s, "productId", t(l.product_id));
        s.push(',');
        string_field(&mut s, "splitSetId", t(l.split_set_id));
        s.push(',');
        string_field(&mut s, "payeeId", t(l.payee_id));
        s.push(',');
        key(&mut s, "units");
        s.push_str(&l.units.to_string());
        s.push(',');
        money_field(&mut s, "amount", l.amount);
        s.push('}');
    }
    s.push_str("],\"recoupments\":[");
    for (i, r) in o.recoupments.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push('{');
        string_field(&mut s, "id", t(r.id));
        s.push(',');
        money_field(&mut s, "before", r.before);
        s.push(',');
        money_field(&mut s, "taken", r.taken);
        s.push(',');
        money_field(&mut s, "after", r.after);
        s.push(',');
        key(&mut s, "closed");
        s.push_str(if r.closed { "true" } else { "false" });
        s.push(',');
        money_field(&mut s, "deferred", r.deferred);
        s.push_str(",\"remittances\":[");
        for (j, (debtor, amount)) in r.remittances.iter().enumerate() {
            if j > 0 {
                s.push(',');
            }
            s.push('{');
            string_field(&mut s, "debtorId", t(*debtor));
            s.push(',');
            money_field(&mut s, "amount", *amount);
            s.push('}');
        }
        s.push_str("]}");
    }
    s.push_str("],\"triggers\":[");
    for (i, tr) in o.triggers.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push('{');
        string_field(&mut s, "splitSetId", t(tr.split_set_id));
        s.push(',');
        string_field(&mut s, "counterBefore", &counter_text(tr.income, tr.counter_before));
        s.push(',');
        string_field(&mut s, "counterAfter", &counter_text(tr.income, tr.counter_after));
        s.push(',');
        key(&mut s, "activatedAtRecordId");
        match tr.activated_at_record {
            Some(i) => write_string(&mut s, input.record_id(&input.records[i])),
            None => s.push_str("null"),
        }
        s.push('}');
    }
    s.push_str("],\"missingCodes\":[");
    for (i, c) in o.missing_codes.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        write_string(&mut s, t(*c));
    }
    s.push_str("],\"state\":{\"counters\":{");
    for (i, tr) in o.triggers.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        write_string(&mut s, t(tr.split_set_id));
        s.push_str(":{");
        string_field(&mut s, "value", &counter_text(tr.income, tr.counter_after));
        s.push('}');
    }
    s.push_str("},\"recoupments\":{");
    for (i, (id, remaining, deferred)) in o.state_recoupments.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        write_string(&mut s, t(*id));
        s.push_str(":{");
        money_field(&mut s, "remaining", *remaining);
        s.push(',');
        money_field(&mut s, "deferred", *deferred);
        s.push('}');
    }
    s.push_str("}}}");
    s
}
