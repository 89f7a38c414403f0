//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod random;

use royalty_engine::json::{parse, Value};
use royalty_engine::money::parse_money;

/// A statement input with the given JSON fragments (each a JSON value text).
pub fn doc(records: &str, catalog: &str, sets: &str, recoupments: &str, state: &str) -> String {
    format!(
        r#"{{"currency":"USD","statement":{{"id":"s1","period":"2026-09","distributorTakePct":"0"}},"records":{},"catalog":{},"splitSets":{},"recoupments":{},"state":{}}}"#,
        records, catalog, sets, recoupments, state
    )
}

/// A sale record of `code` with `revenue`, dated in the period.
pub fn rec(id: &str, code: &str, revenue: &str, units: i64) -> String {
    format!(
        r#"{{"id":"{}","code":"{}","kind":"sale","date":"2026-09-01","units":{},"revenue":"{}","service":"Spotify","format":"stream","territory":"US"}}"#,
        id, code, units, revenue
    )
}

/// A record with kind and date.
pub fn rec_kd(id: &str, code: &str, kind: &str, date: &str, revenue: &str, units: i64) -> String {
    format!(
        r#"{{"id":"{}","code":"{}","kind":"{}","date":"{}","units":{},"revenue":"{}","format":"download"}}"#,
        id, code, kind, date, units, revenue
    )
}

/// The one-product catalog used by the worked examples.
pub const CAT: &str = r#"{"C1":{"productId":"p1"}}"#;
/// No state.
pub const NOSTATE: &str = r#"{"counters":{},"recoupments":{}}"#;

/// A base set on product p1 with `shares` (a JSON array text).
pub fn base(id: &str, shares: &str) -> String {
    format!(
        r#"{{"id":"{}","scope":{{"productId":"p1"}},"kind":"base","startDate":null,"priority":0,"shares":{}}}"#,
        id, shares
    )
}

/// A recoupment with every field; `extra` overrides fields (`"key":value,` pairs appended last).
pub fn rc(id: &str, creditor: &str, debtors: &str, amount: &str, priority: &str, extra: &str) -> String {
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
pub fn s(v: &Value, path: &str) -> String {
    match at(v, path) {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Null => "null".into(),
        other => panic!("not a scalar at {}: {:?}", path, other),
    }
}

/// Items of the array at a path.
pub fn arr<'v>(v: &'v Value, path: &str) -> &'v [Value] {
    match at(v, path) {
        Value::Array(items) => items,
        other => panic!("not an array at {}: {:?}", path, other),
    }
}

/// A payee's `[earned, recouped, credited, payout]`, or `None` when not listed.
pub fn payee(v: &Value, id: &str) -> Option<[String; 4]> {
    arr(v, "payees")
        .iter()
        .find(|p| s(p, "payeeId") == id)
        .map(|p| [s(p, "earned"), s(p, "recouped"), s(p, "credited"), s(p, "payout")])
}

/// A payee's payout ("absent" when not listed).
pub fn payout(v: &Value, id: &str) -> String {
    payee(v, id).map(|p| p[3].clone()).unwrap_or_else(|| "absent".into())
}

/// The recoupment result with `id`.
pub fn rc_out<'v>(v: &'v Value, id: &str) -> &'v Value {
    arr(v, "recoupments")
        .iter()
        .find(|r| s(r, "id") == id)
        .expect("recoupment listed")
}

/// The trigger result for a set.
pub fn trig<'v>(v: &'v Value, id: &str) -> &'v Value {
    arr(v, "triggers")
        .iter()
        .find(|t| s(t, "splitSetId") == id)
        .expect("trigger listed")
}

/// Money string to units.
pub fn m(text: &str) -> i128 {
    parse_money(text).unwrap_or_else(|| panic!("not money: {}", text))
}

/// Checks ENGINE.md's invariants (and the output's sort orders) for one run.
pub fn check_invariants(input: &str, out: &Value) {
    let inp = parse(input).unwrap();
    let t = |k: &str| m(&s(out, &format!("totals.{}", k)));
    assert_eq!(t("gross"), t("take") + t("net"), "gross = take + net\n{}", input);
    assert_eq!(
        t("net"),
        t("offTheTop") + t("allocated") + t("unallocated"),
        "net = offTheTop + allocated + unallocated\n{}",
        input
    );
    let payees = arr(out, "payees");
    let earned: i128 = payees.iter().map(|p| m(&s(p, "earned"))).sum();
    assert_eq!(earned, t("allocated"), "sum earned = allocated\n{}", input);
    let payouts: i128 = payees.iter().map(|p| m(&s(p, "payout"))).sum();
    for p in payees {
        assert_eq!(
            m(&s(p, "payout")),
            m(&s(p, "earned")) - m(&s(p, "recouped")) + m(&s(p, "credited"))
        );
    }
    let mut deferred_delta = 0i128;
    for r in arr(out, "recoupments") {
        let id = s(r, "id");
        let before = inp
            .get("state")
            .and_then(|st| st.get("recoupments"))
            .and_then(|rs| rs.get(&id))
            .and_then(|x| x.get("deferred"))
            .map(|d| match d {
                Value::String(t) => m(t),
                _ => 0,
            })
            .unwrap_or(0);
        deferred_delta += m(&s(r, "deferred")) - before;
        assert_eq!(m(&s(r, "before")) - m(&s(r, "taken")), m(&s(r, "after")));
        let remitted: i128 = arr(r, "remittances").iter().map(|x| m(&s(x, "amount"))).sum();
        assert!(remitted <= m(&s(r, "taken")));
        assert!(m(&s(r, "taken")) >= 0);
    }
    assert_eq!(
        payouts + deferred_delta,
        t("allocated") + t("offTheTop"),
        "every unit ends in a payout or a deferred balance\n{}",
        input
    );
    let lines = arr(out, "lines");
    let line_sum: i128 = lines.iter().map(|l| m(&s(l, "amount"))).sum();
    assert_eq!(line_sum, t("allocated"));
    // sort orders
    let keys: Vec<(String, String, String)> = lines
        .iter()
        .map(|l| (s(l, "code"), s(l, "splitSetId"), s(l, "payeeId")))
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(keys, sorted, "lines sorted and unique");
    let ids: Vec<String> = payees.iter().map(|p| s(p, "payeeId")).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(ids, sorted, "payees sorted and unique");
    let codes: Vec<String> = arr(out, "missingCodes").iter().map(|c| s(c, "")).collect();
    let mut sorted = codes.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(codes, sorted);
    // determinism: same input, same bytes
    let a = royalty_engine::calculate_json(input).unwrap();
    let b = royalty_engine::calculate_json(input).unwrap();
    assert_eq!(a, b);
}

pub const CAT3: &str = r#"{"C1":{"productId":"p1"},"C2":{"productId":"p2"},"C3":{"productId":"p1"}}"#;

pub fn set(id: &str, scope: &str, kind: &str, start: &str, priority: i64, shares: &str, trigger: &str) -> String {
    let start = if start.is_empty() {
        "null".to_string()
    } else {
        format!("\"{}\"", start)
    };
    let trig = if trigger.is_empty() {
        String::new()
    } else {
        format!(r#","trigger":{}"#, trigger)
    };
    format!(
        r#"{{"id":"{}","scope":{},"kind":"{}","startDate":{},"priority":{},"shares":{}{}}}"#,
        id, scope, kind, start, priority, shares, trig
    )
}

pub const P1: &str = r#"{"productId":"p1"}"#;

pub const P2: &str = r#"{"productId":"p2"}"#;

pub const DEF: &str = r#"{"default":true}"#;

pub const LABEL: &str = r#"[{"payeeId":"label","pct":"100"}]"#;

pub const ANN: &str = r#"[{"payeeId":"ann","pct":"100"}]"#;

pub const HALF: &str = r#"[{"payeeId":"label","pct":"50"},{"payeeId":"ann","pct":"50"}]"#;

pub fn list(items: &[String]) -> String {
    format!("[{}]", items.join(","))
}

pub fn line<'v>(out: &'v royalty_engine::json::Value, code: &str, set: &str, payee: &str) -> Option<(String, String)> {
    arr(out, "lines")
        .iter()
        .find(|l| s(l, "code") == code && s(l, "splitSetId") == set && s(l, "payeeId") == payee)
        .map(|l| (s(l, "units"), s(l, "amount")))
}

pub fn run_checked(input: &str) -> royalty_engine::json::Value {
    let out = run(input);
    check_invariants(input, &out);
    out
}

pub fn one_product_sets() -> String {
    list(&[set(
        "b",
        DEF,
        "base",
        "",
        0,
        r#"[{"payeeId":"ann","pct":"40"},{"payeeId":"label","pct":"60"}]"#,
        "",
    )])
}
