//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod random;

use royalty_engine::json::{parse, Value};
use royalty_engine::money::parse_state_money;

/// A statement input with the given JSON fragments (each a JSON value text).
pub fn statement_input(records: &str, catalog: &str, sets: &str, recoupments: &str, state: &str) -> String {
    format!(
        r#"{{"currency":"USD","statement":{{"id":"s1","period":"2026-09","distributorTakePct":"0"}},"records":{},"catalog":{},"splitSets":{},"recoupments":{},"state":{}}}"#,
        records, catalog, sets, recoupments, state
    )
}

/// A sale record of `code` with `revenue`, dated in the period.
pub fn sale(id: &str, code: &str, revenue: &str, units: i64) -> String {
    format!(
        r#"{{"id":"{}","code":"{}","kind":"sale","date":"2026-09-01","units":{},"revenue":"{}","service":"Spotify","format":"stream","territory":"US"}}"#,
        id, code, units, revenue
    )
}

/// A record with kind and date.
pub fn record(id: &str, code: &str, kind: &str, date: &str, revenue: &str, units: i64) -> String {
    format!(
        r#"{{"id":"{}","code":"{}","kind":"{}","date":"{}","units":{},"revenue":"{}","format":"download"}}"#,
        id, code, kind, date, units, revenue
    )
}

/// The one-product catalog used by the worked examples.
pub const CATALOG: &str = r#"{"C1":{"productId":"p1"}}"#;
/// No state.
pub const NO_STATE: &str = r#"{"counters":{},"recoupments":{}}"#;

/// A base set on product p1 with `shares` (a JSON array text).
pub fn base(id: &str, shares: &str) -> String {
    format!(
        r#"{{"id":"{}","scope":{{"productId":"p1"}},"kind":"base","startDate":null,"priority":0,"shares":{}}}"#,
        id, shares
    )
}

/// A recoupment with every field; `extra` overrides fields (`"key":value,` pairs appended last).
pub fn recoupment(id: &str, creditor: &str, debtors: &str, amount: &str, priority: &str, extra: &str) -> String {
    let mut s = format!(
        r#"{{"id":"{}","title":"Advance","type":"advance","status":"open","creditorId":"{}","debtorIds":{},"amount":"{}","prepaid":"0","priority":"{}","createdAt":1758000000,"startDate":null,"scope":"all","productIds":[],"recoupablePct":"100","netRevenuePct":"0","statementMaximum":null,"paymentMinimum":"0","revenueMinimum":"0","reimbursement":"immediate","mechanicalRepays":false"#,
        id, creditor, debtors, amount, priority
    );
    if !extra.is_empty() {
        s.push(',');
        s.push_str(extra);
    }
    s.push('}');
    s
}

/// Runs the engine, panicking on an error; returns the parsed output and its text.
pub fn run_text(input: &str) -> (Value, String) {
    match royalty_engine::calculate_json(input) {
        Ok(text) => (parse(&text).expect("output is JSON"), text),
        Err(e) => panic!("engine rejected input: {}\n{}", e, input),
    }
}

/// Runs the engine, panicking on an error.
pub fn run(input: &str) -> Value {
    run_text(input).0
}

/// The error line for an input that must be rejected.
pub fn err(input: &str) -> String {
    match royalty_engine::calculate_json(input) {
        Ok(out) => panic!("expected an error, got {}", out),
        Err(e) => e.to_string(),
    }
}

/// Walks a path like `recoupments[0].after` or `totals.net`.
pub fn at<'v>(v: &'v Value, path: &str) -> &'v Value {
    let mut cur = v;
    for part in path.split('.') {
        let (name, idx) = match part.find('[') {
            Some(i) => (&part[..i], Some(part[i + 1..part.len() - 1].parse::<usize>().unwrap())),
            None => (part, None),
        };
        if !name.is_empty() {
            cur = cur.get(name).unwrap_or_else(|| panic!("no {} in {:?}", name, cur));
        }
        if let Some(i) = idx {
            match cur {
                Value::Array(items) => cur = &items[i],
                _ => panic!("not an array at {}", part),
            }
        }
    }
    cur
}

/// The string at a path.
pub fn text_at(v: &Value, path: &str) -> String {
    match at(v, path) {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Null => "null".into(),
        other => panic!("not a scalar at {}: {:?}", path, other),
    }
}

/// Items of the array at a path.
pub fn items_at<'v>(v: &'v Value, path: &str) -> &'v [Value] {
    match at(v, path) {
        Value::Array(items) => items,
        other => panic!("not an array at {}: {:?}", path, other),
    }
}

/// A payee's `[earned, recouped, credited, payout]`, or `None` when not listed.
pub fn payee(v: &Value, id: &str) -> Option<[String; 4]> {
    items_at(v, "payees")
        .iter()
        .find(|p| text_at(p, "payeeId") == id)
        .map(|p| {
            [
                text_at(p, "earned"),
                text_at(p, "recouped"),
                text_at(p, "credited"),
                text_at(p, "payout"),
            ]
        })
}

/// A payee's payout ("absent" when not listed).
pub fn payout(v: &Value, id: &str) -> String {
    payee(v, id).map(|p| p[3].clone()).unwrap_or_else(|| "absent".into())
}

/// The recoupment result with `id`.
pub fn recoupment_out<'v>(v: &'v Value, id: &str) -> &'v Value {
    items_at(v, "recoupments")
        .iter()
        .find(|r| text_at(r, "id") == id)
        .expect("recoupment listed")
}

/// The trigger result for a set.
pub fn trigger_out<'v>(v: &'v Value, id: &str) -> &'v Value {
    items_at(v, "triggers")
        .iter()
        .find(|t| text_at(t, "splitSetId") == id)
        .expect("trigger listed")
}

/// Money string to units (up to 26 integer digits, as a state value may have).
pub fn money_units(text: &str) -> i128 {
    parse_state_money(text).unwrap_or_else(|| panic!("not money: {}", text))
}

/// Checks ENGINE.md's invariants (and the output's sort orders) for one run.
pub fn check_invariants(input: &str, out: &Value) {
    let input_value = parse(input).unwrap();
    let t = |k: &str| money_units(&text_at(out, &format!("totals.{}", k)));
    assert_eq!(t("gross"), t("take") + t("net"), "gross = take + net\n{}", input);
    assert_eq!(
        t("net"),
        t("offTheTop") + t("allocated") + t("unallocated"),
        "net = offTheTop + allocated + unallocated\n{}",
        input
    );
    let payees = items_at(out, "payees");
    let earned: i128 = payees.iter().map(|p| money_units(&text_at(p, "earned"))).sum();
    assert_eq!(earned, t("allocated"), "sum earned = allocated\n{}", input);
    let payouts: i128 = payees.iter().map(|p| money_units(&text_at(p, "payout"))).sum();
    for p in payees {
        assert_eq!(
            money_units(&text_at(p, "payout")),
            money_units(&text_at(p, "earned")) - money_units(&text_at(p, "recouped"))
                + money_units(&text_at(p, "credited"))
        );
    }
    let mut deferred_delta = 0i128;
    for r in items_at(out, "recoupments") {
        let id = text_at(r, "id");
        let before = input_value
            .get("state")
            .and_then(|state| state.get("recoupments"))
            .and_then(|rs| rs.get(&id))
            .and_then(|x| x.get("deferred"))
            .map(|d| match d {
                Value::String(t) => money_units(t),
                _ => 0,
            })
            .unwrap_or(0);
        deferred_delta += money_units(&text_at(r, "deferred")) - before;
        assert_eq!(
            money_units(&text_at(r, "before")) - money_units(&text_at(r, "taken")),
            money_units(&text_at(r, "after"))
        );
        let remitted: i128 = items_at(r, "remittances")
            .iter()
            .map(|x| money_units(&text_at(x, "amount")))
            .sum();
        assert!(remitted <= money_units(&text_at(r, "taken")));
        assert!(money_units(&text_at(r, "taken")) >= 0);
    }
    assert_eq!(
        payouts + deferred_delta,
        t("allocated") + t("offTheTop"),
        "every unit ends in a payout or a deferred balance\n{}",
        input
    );
    let lines = items_at(out, "lines");
    let line_sum: i128 = lines.iter().map(|l| money_units(&text_at(l, "amount"))).sum();
    assert_eq!(line_sum, t("allocated"));
    // sort orders
    let keys: Vec<(String, String, String)> = lines
        .iter()
        .map(|l| (text_at(l, "code"), text_at(l, "splitSetId"), text_at(l, "payeeId")))
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(keys, sorted, "lines sorted and unique");
    let ids: Vec<String> = payees.iter().map(|p| text_at(p, "payeeId")).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(ids, sorted, "payees sorted and unique");
    let codes: Vec<String> = items_at(out, "missingCodes").iter().map(|c| text_at(c, "")).collect();
    let mut sorted = codes.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(codes, sorted);
    // determinism: same input, same bytes
    let a = royalty_engine::calculate_json(input).unwrap();
    let b = royalty_engine::calculate_json(input).unwrap();
    assert_eq!(a, b);
}

/// Codes C1 and C3 on product p1, C2 on p2.
pub const CATALOG_P1_P2: &str = r#"{"C1":{"productId":"p1"},"C2":{"productId":"p2"},"C3":{"productId":"p1"}}"#;

/// A split set; `start` empty for no start date, `trigger` empty for none.
pub fn set(id: &str, scope: &str, kind: &str, start: &str, priority: i64, shares: &str, trigger: &str) -> String {
    let start = if start.is_empty() {
        "null".to_string()
    } else {
        format!("\"{}\"", start)
    };
    let trigger_field = if trigger.is_empty() {
        String::new()
    } else {
        format!(r#","trigger":{}"#, trigger)
    };
    format!(
        r#"{{"id":"{}","scope":{},"kind":"{}","startDate":{},"priority":{},"shares":{}{}}}"#,
        id, scope, kind, start, priority, shares, trigger_field
    )
}

/// The scope of product p1.
pub const PRODUCT_P1: &str = r#"{"productId":"p1"}"#;
/// The scope of product p2.
pub const PRODUCT_P2: &str = r#"{"productId":"p2"}"#;
/// The default scope.
pub const DEFAULT_SCOPE: &str = r#"{"default":true}"#;
/// Shares: label 100%.
pub const ALL_TO_LABEL: &str = r#"[{"payeeId":"label","pct":"100"}]"#;
/// Shares: ann 100%.
pub const ALL_TO_ANN: &str = r#"[{"payeeId":"ann","pct":"100"}]"#;
/// Shares: label 50%, ann 50%.
pub const LABEL_AND_ANN: &str = r#"[{"payeeId":"label","pct":"50"},{"payeeId":"ann","pct":"50"}]"#;

/// A JSON array of the items' texts.
pub fn list(items: &[String]) -> String {
    format!("[{}]", items.join(","))
}

/// A line's `(units, amount)`, `None` when the output has no such line.
pub fn line<'v>(out: &'v royalty_engine::json::Value, code: &str, set: &str, payee: &str) -> Option<(String, String)> {
    items_at(out, "lines")
        .iter()
        .find(|l| text_at(l, "code") == code && text_at(l, "splitSetId") == set && text_at(l, "payeeId") == payee)
        .map(|l| (text_at(l, "units"), text_at(l, "amount")))
}

/// Runs the engine and checks the invariants on its output.
pub fn run_checked(input: &str) -> royalty_engine::json::Value {
    let out = run(input);
    check_invariants(input, &out);
    out
}

/// A base and a conditional set on product p1.
pub fn one_product_sets() -> String {
    list(&[set(
        "b",
        DEFAULT_SCOPE,
        "base",
        "",
        0,
        r#"[{"payeeId":"ann","pct":"40"},{"payeeId":"label","pct":"60"}]"#,
        "",
    )])
}
