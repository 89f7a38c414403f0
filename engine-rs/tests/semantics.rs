//! ENGINE.md steps 1-8, case by case.
mod common;
use common::*;

const CAT3: &str = r#"{"C1":{"productId":"p1"},"C2":{"productId":"p2"},"C3":{"productId":"p1"}}"#;

fn set(id: &str, scope: &str, kind: &str, start: &str, priority: i64, shares: &str, trigger: &str) -> String {
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

const P1: &str = r#"{"productId":"p1"}"#;
const P2: &str = r#"{"productId":"p2"}"#;
const DEF: &str = r#"{"default":true}"#;
const LABEL: &str = r#"[{"payeeId":"label","pct":"100"}]"#;
const ANN: &str = r#"[{"payeeId":"ann","pct":"100"}]"#;
const HALF: &str = r#"[{"payeeId":"label","pct":"50"},{"payeeId":"ann","pct":"50"}]"#;

fn list(items: &[String]) -> String {
    format!("[{}]", items.join(","))
}

fn line<'v>(out: &'v royalty_engine::json::Value, code: &str, set: &str, payee: &str) -> Option<(String, String)> {
    arr(out, "lines")
        .iter()
        .find(|l| s(l, "code") == code && s(l, "splitSetId") == set && s(l, "payeeId") == payee)
        .map(|l| (s(l, "units"), s(l, "amount")))
}

fn run_checked(input: &str) -> royalty_engine::json::Value {
    let out = run(input);
    check_invariants(input, &out);
    out
}

#[test]
fn distributor_take_truncates() {
    let input = doc(
        &list(&[rec("r1", "C1", "10.000000000001", 1)]),
        CAT,
        &list(&[set("b", P1, "base", "", 0, LABEL, "")]),
        "[]",
        NOSTATE,
    )
    .replace(r#""distributorTakePct":"0""#, r#""distributorTakePct":"15""#);
    let out = run_checked(&input);
    assert_eq!(s(&out, "totals.gross"), "10.000000000001");
    assert_eq!(s(&out, "totals.take"), "1.5");
    assert_eq!(s(&out, "totals.net"), "8.500000000001");
    // negative revenue: take truncates toward zero
    let input = doc(
        &list(&[rec_kd("r1", "C1", "adjustment", "2026-09-02", "-10.000000000001", 0)]),
        CAT,
        &list(&[set("b", P1, "base", "", 0, LABEL, "")]),
        "[]",
        NOSTATE,
    )
    .replace(r#""distributorTakePct":"0""#, r#""distributorTakePct":"15""#);
    let out = run_checked(&input);
    assert_eq!(s(&out, "totals.take"), "-1.5");
    assert_eq!(s(&out, "totals.net"), "-8.500000000001");
    assert_eq!(payout(&out, "label"), "-8.500000000001");
}

#[test]
fn units_threshold_crossed_inside_a_record() {
    let sets = list(&[
        set("b", P1, "base", "", 0, LABEL, ""),
        set(
            "c",
            P1,
            "conditional",
            "",
            1,
            HALF,
            r#"{"type":"units","threshold":100,"preCounted":0}"#,
        ),
    ]);
    let out = run_checked(&doc(&list(&[rec("r1", "C1", "300", 200)]), CAT, &sets, "[]", NOSTATE));
    assert_eq!(line(&out, "C1", "b", "label"), Some(("100".into(), "150".into())));
    assert_eq!(line(&out, "C1", "c", "label"), Some(("100".into(), "75".into())));
    assert_eq!(line(&out, "C1", "c", "ann"), Some(("100".into(), "75".into())));
    assert_eq!(payout(&out, "label"), "225");
    assert_eq!(s(trig(&out, "c"), "counterAfter"), "200");
    assert_eq!(s(trig(&out, "c"), "activatedAtRecordId"), "r1");
}

#[test]
fn plays_count_only_streams() {
    let sets = list(&[
        set("b", P1, "base", "", 0, LABEL, ""),
        set(
            "c",
            P1,
            "conditional",
            "",
            1,
            ANN,
            r#"{"type":"plays","threshold":100,"preCounted":0}"#,
        ),
    ]);
    let records = list(&[
        rec_kd("r1", "C1", "sale", "2026-09-01", "10", 500), // download: not a play
        rec("r2", "C1", "10", 50).replace("2026-09-01", "2026-09-02"),
        rec("r3", "C1", "10", 50).replace("2026-09-01", "2026-09-03"),
        rec("r4", "C1", "10", 50).replace("2026-09-01", "2026-09-04"),
    ]);
    let out = run_checked(&doc(&records, CAT, &sets, "[]", NOSTATE));
    // r1, r2 base; r3 crosses exactly at its end (cut at 10: the whole record is below); r4 escalated
    assert_eq!(payout(&out, "label"), "30");
    assert_eq!(payout(&out, "ann"), "10");
    let t = trig(&out, "c");
    assert_eq!(
        (s(t, "counterBefore"), s(t, "counterAfter"), s(t, "activatedAtRecordId")),
        ("0".into(), "150".into(), "r3".into())
    );
}

#[test]
fn several_thresholds_in_one_record() {
    let sets = list(&[
        set("b", P1, "base", "", 0, LABEL, ""),
        set(
            "a",
            P1,
            "conditional",
            "",
            1,
            r#"[{"payeeId":"label","pct":"80"},{"payeeId":"ann","pct":"20"}]"#,
            r#"{"type":"income","threshold":"100","preCounted":"0"}"#,
        ),
        set(
            "z",
            P1,
            "conditional",
            "",
            2,
            HALF,
            r#"{"type":"income","threshold":"150","preCounted":"0"}"#,
        ),
    ]);
    let out = run_checked(&doc(&list(&[rec("r1", "C1", "200", 40)]), CAT, &sets, "[]", NOSTATE));
    assert_eq!(line(&out, "C1", "b", "label"), Some(("20".into(), "100".into())));
    assert_eq!(line(&out, "C1", "a", "label"), Some(("10".into(), "40".into())));
    assert_eq!(line(&out, "C1", "a", "ann"), Some(("10".into(), "10".into())));
    assert_eq!(line(&out, "C1", "z", "label"), Some(("10".into(), "25".into())));
    assert_eq!(line(&out, "C1", "z", "ann"), Some(("10".into(), "25".into())));
    assert_eq!(payout(&out, "label"), "165");
    assert_eq!(payout(&out, "ann"), "35");
    assert_eq!(s(trig(&out, "a"), "activatedAtRecordId"), "r1");
    assert_eq!(s(trig(&out, "z"), "activatedAtRecordId"), "r1");
    // a lower-priority set crossing later does not displace the higher one
    let sets = list(&[
        set("b", P1, "base", "", 0, LABEL, ""),
        set(
            "hi",
            P1,
            "conditional",
            "",
            5,
            ANN,
            r#"{"type":"income","threshold":"50","preCounted":"0"}"#,
        ),
        set(
            "lo",
            P1,
            "conditional",
            "",
            1,
            HALF,
            r#"{"type":"income","threshold":"150","preCounted":"0"}"#,
        ),
    ]);
    let out = run_checked(&doc(&list(&[rec("r1", "C1", "200", 0)]), CAT, &sets, "[]", NOSTATE));
    assert_eq!(payout(&out, "label"), "50");
    assert_eq!(line(&out, "C1", "hi", "ann"), Some(("0".into(), "150".into())));
    assert_eq!(line(&out, "C1", "lo", "ann"), None);
}

#[test]
fn threshold_crossed_in_a_later_record_and_counted_by_scope() {
    let sets = list(&[
        set("b", P1, "base", "", 0, LABEL, ""),
        set(
            "c",
            P1,
            "conditional",
            "",
            1,
            ANN,
            r#"{"type":"income","threshold":"100","preCounted":"0"}"#,
        ),
        set("d", DEF, "base", "", 0, LABEL, ""),
    ]);
    let records = list(&[
        rec("r1", "C1", "60", 0),
        rec("r2", "C3", "60", 0).replace("2026-09-01", "2026-09-02"),
        rec("r0", "C2", "500", 0), // p2: other scope, not counted
    ]);
    let out = run_checked(&doc(&records, CAT3, &sets, "[]", NOSTATE));
    assert_eq!(line(&out, "C3", "b", "label"), Some(("0".into(), "40".into())));
    assert_eq!(line(&out, "C3", "c", "ann"), Some(("0".into(), "20".into())));
    assert_eq!(s(trig(&out, "c"), "counterAfter"), "120");
    assert_eq!(s(trig(&out, "c"), "activatedAtRecordId"), "r2");
    assert_eq!(line(&out, "C2", "d", "label"), Some(("0".into(), "500".into())));
}

#[test]
fn non_positive_net_is_never_cut_but_counted() {
    let sets = list(&[
        set("b", P1, "base", "", 0, LABEL, ""),
        set(
            "c",
            P1,
            "conditional",
            "",
            1,
            ANN,
            r#"{"type":"units","threshold":100,"preCounted":60}"#,
        ),
    ]);
    let records = list(&[
        rec_kd("r1", "C1", "sale", "2026-09-01", "0", 50),
        rec_kd("r2", "C1", "sale", "2026-09-02", "10", 5),
        rec_kd("r3", "C1", "adjustment", "2026-09-03", "-4", -100),
        rec_kd("r4", "C1", "sale", "2026-09-04", "10", 0),
    ]);
    let out = run_checked(&doc(&records, CAT, &sets, "[]", NOSTATE));
    // r1 crosses with net 0: base allocates it (amount 0, units 50), counted afterwards.
    // r2 escalated; r3 (active before it) escalated and drops the counter; r4 back on base.
    assert_eq!(line(&out, "C1", "b", "label"), Some(("50".into(), "10".into())));
    assert_eq!(line(&out, "C1", "c", "ann"), Some(("-95".into(), "6".into())));
    let t = trig(&out, "c");
    assert_eq!(
        (s(t, "counterAfter"), s(t, "activatedAtRecordId")),
        ("15".into(), "r1".into())
    );
}

#[test]
fn groups_and_balance_shares() {
    let shares = r#"[{"payeeId":"label","pct":"30"},{"groupId":"band","pct":"60","members":[{"payeeId":"ann","pct":"25"},{"payeeId":"bob","balance":true}]},{"payeeId":"mgr","balance":true}]"#;
    let out = run_checked(&doc(
        &list(&[rec("r1", "C1", "100", 7)]),
        CAT,
        &list(&[set("b", P1, "base", "", 0, shares, "")]),
        "[]",
        NOSTATE,
    ));
    assert_eq!(payout(&out, "label"), "30");
    assert_eq!(payout(&out, "ann"), "15");
    assert_eq!(payout(&out, "bob"), "45");
    assert_eq!(payout(&out, "mgr"), "10");
    assert_eq!(line(&out, "C1", "b", "bob"), Some(("7".into(), "45".into())));
    // a payee holding two shares of a set has one line; the part's units count once
    let shares = r#"[{"payeeId":"ann","pct":"50"},{"groupId":"g","pct":"50","members":[{"payeeId":"ann","pct":"50"},{"payeeId":"bob","pct":"50"}]}]"#;
    let out = run_checked(&doc(
        &list(&[rec("r1", "C1", "100", 7)]),
        CAT,
        &list(&[set("b", P1, "base", "", 0, shares, "")]),
        "[]",
        NOSTATE,
    ));
    assert_eq!(line(&out, "C1", "b", "ann"), Some(("7".into(), "75".into())));
    assert_eq!(arr(&out, "lines").len(), 2);
}

#[test]
fn negative_adjustments_keep_the_sign() {
    let out = run_checked(&doc(
        &list(&[rec_kd("r1", "C1", "adjustment", "2026-09-01", "-0.000000000003", 0)]),
        CAT,
        &list(&[set("b", P1, "base", "", 0, HALF, "")]),
        "[]",
        NOSTATE,
    ));
    assert_eq!(payout(&out, "label"), "-0.000000000002");
    assert_eq!(payout(&out, "ann"), "-0.000000000001");
    assert_eq!(s(&out, "totals.allocated"), "-0.000000000003");
}

#[test]
fn mechanical_sets_and_no_escalation() {
    let sets = list(&[
        set("b", P1, "base", "", 0, LABEL, ""),
        set("m", P1, "mechanical", "", 0, r#"[{"payeeId":"pub","pct":"100"}]"#, ""),
        set("c", P1, "conditional", "", 1, ANN, r#"{"type":"manual","active":true}"#),
        set("b2", P2, "base", "", 0, LABEL, ""),
        set(
            "c2",
            P2,
            "conditional",
            "",
            1,
            ANN,
            r#"{"type":"manual","active":true}"#,
        ),
    ]);
    let records = list(&[
        rec_kd("r1", "C1", "sale", "2026-09-01", "10", 1),
        rec_kd("r2", "C1", "mechanical", "2026-09-01", "20", 1),
        rec_kd("r3", "C2", "mechanical", "2026-09-01", "40", 1),
    ]);
    let out = run_checked(&doc(&records, CAT3, &sets, "[]", NOSTATE));
    assert_eq!(payout(&out, "ann"), "10");
    assert_eq!(payout(&out, "pub"), "20");
    // p2 has no mechanical set: the base allocates, never the conditional
    assert_eq!(payout(&out, "label"), "40");
    assert_eq!(line(&out, "C2", "b2", "label"), Some(("1".into(), "40".into())));
}

#[test]
fn scope_specificity_and_start_dates() {
    let sets = list(&[
        set("code", r#"{"code":"C1"}"#, "base", "", 0, ANN, ""),
        set("prod", P1, "base", "", 0, LABEL, ""),
        set("def", DEF, "base", "", 0, r#"[{"payeeId":"house","pct":"100"}]"#, ""),
        set(
            "mech-only",
            r#"{"code":"C2"}"#,
            "mechanical",
            "",
            0,
            r#"[{"payeeId":"pub","pct":"100"}]"#,
            "",
        ),
        set("late", P2, "base", "2026-09-15", 0, LABEL, ""),
    ]);
    let cat = r#"{"C1":{"productId":"p1"},"C2":{"productId":"p2"},"C3":{"productId":"p1"},"C4":{"productId":"p4"},"C5":{"productId":"p2"}}"#;
    let records = list(&[
        rec("r1", "C1", "1", 0),
        rec("r2", "C3", "2", 0),
        rec("r3", "C4", "4", 0),
        rec("r4", "C2", "8", 0), // code scope has only a mechanical set: a sale passes it over
        rec_kd("r5", "C5", "sale", "2026-09-14", "16", 0), // p2 base not started yet
        rec_kd("r6", "C5", "sale", "2026-09-15", "32", 0),
        rec("r7", "NOPE", "64", 0),
    ]);
    let out = run_checked(&doc(&records, cat, &sets, "[]", NOSTATE));
    assert_eq!(payout(&out, "ann"), "1");
    // C2 (p2) then finds "late", which has not started on 2026-09-01: missing, no fallback to default
    assert_eq!(payout(&out, "label"), "34");
    assert_eq!(payout(&out, "house"), "4");
    assert_eq!(s(&out, "totals.unallocated"), "88");
    let missing: Vec<String> = arr(&out, "missingCodes").iter().map(|c| s(c, "")).collect();
    assert_eq!(missing, vec!["C2", "C5", "NOPE"]);
    // a mechanical record uses the code scope's mechanical set
    let out = run_checked(&doc(
        &list(&[rec_kd("m1", "C2", "mechanical", "2026-09-01", "8", 0)]),
        cat,
        &sets,
        "[]",
        NOSTATE,
    ));
    assert_eq!(payout(&out, "pub"), "8");
    // the latest started base wins
    let sets = list(&[
        set("old", P1, "base", "2026-01-01", 0, ANN, ""),
        set("new", P1, "base", "2026-09-10", 0, LABEL, ""),
        set("nul", P1, "base", "", 0, r#"[{"payeeId":"x","pct":"100"}]"#, ""),
    ]);
    let records = list(&[
        rec_kd("a", "C1", "sale", "2026-09-09", "1", 0),
        rec_kd("b", "C1", "sale", "2026-09-10", "2", 0),
    ]);
    let out = run_checked(&doc(&records, CAT, &sets, "[]", NOSTATE));
    assert_eq!(payout(&out, "ann"), "1");
    assert_eq!(payout(&out, "label"), "2");
    assert_eq!(payout(&out, "x"), "absent");
}

#[test]
fn conditional_choice() {
    let cond = |id: &str, start: &str, prio: i64, payee: &str, trigger: &str| {
        set(
            id,
            P1,
            "conditional",
            start,
            prio,
            &format!(r#"[{{"payeeId":"{}","pct":"100"}}]"#, payee),
            trigger,
        )
    };
    let manual = r#"{"type":"manual","active":true}"#;
    let off = r#"{"type":"manual","active":false}"#;
    let date = r#"{"type":"date","date":"2026-09-10"}"#;
    let sets = list(&[
        set("b", P1, "base", "", 0, LABEL, ""),
        cond("off", "", 9, "nobody", off),
        cond("x1", "2026-09-01", 3, "x1", manual),
        cond("x2", "2026-09-05", 3, "x2", manual), // same priority, later start: wins once started
        cond("x3", "2026-09-05", 3, "x3", manual), // same as x2 but listed later
        cond("d", "", 4, "dated", date),
    ]);
    let records = list(&[
        rec_kd("r1", "C1", "sale", "2026-08-31", "1", 0),
        rec_kd("r2", "C1", "sale", "2026-09-02", "2", 0),
        rec_kd("r3", "C1", "sale", "2026-09-06", "4", 0),
        rec_kd("r4", "C1", "adjustment", "2026-09-10", "8", 0),
    ]);
    let out = run_checked(&doc(&records, CAT, &sets, "[]", NOSTATE));
    assert_eq!(payout(&out, "label"), "1");
    assert_eq!(payout(&out, "x1"), "2");
    assert_eq!(payout(&out, "x2"), "4");
    assert_eq!(payout(&out, "x3"), "absent");
    assert_eq!(payout(&out, "dated"), "8");
    assert_eq!(payout(&out, "nobody"), "absent");
}

#[test]
fn recoupment_trigger_uses_remaining_at_start() {
    let sets = list(&[
        set("b", P1, "base", "", 0, HALF, ""),
        set(
            "c",
            P1,
            "conditional",
            "",
            1,
            ANN,
            r#"{"type":"recoupment","recoupmentId":"rc1"}"#,
        ),
    ]);
    let rcs = list(&[rc("rc1", "label", r#"["ann"]"#, "10", "high", "")]);
    // closes in this statement: no escalation yet
    let out = run_checked(&doc(&list(&[rec("r1", "C1", "100", 0)]), CAT, &sets, &rcs, NOSTATE));
    assert_eq!(s(rc_out(&out, "rc1"), "closed"), "true");
    assert_eq!(payee(&out, "ann").unwrap(), ["50", "10", "0", "40"]);
    // closed before the statement: escalated
    let state = r#"{"counters":{},"recoupments":{"rc1":{"remaining":"0","deferred":"0"}}}"#;
    let out = run_checked(&doc(&list(&[rec("r1", "C1", "100", 0)]), CAT, &sets, &rcs, state));
    assert_eq!(payee(&out, "ann").unwrap(), ["100", "0", "0", "100"]);
    assert_eq!(s(rc_out(&out, "rc1"), "taken"), "0");
}

fn one_product_sets() -> String {
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

#[test]
fn off_the_top_closes_mid_statement() {
    let rcs = list(&[rc(
        "ott",
        "label",
        "[]",
        "15",
        "high",
        r#""recoupablePct":"0","netRevenuePct":"10""#,
    )]);
    let records = list(&[
        rec_kd("r1", "C1", "sale", "2026-09-01", "100", 0),
        rec_kd("r2", "C1", "sale", "2026-09-02", "100", 0),
        rec_kd("r3", "C1", "sale", "2026-09-03", "100", 0),
        rec_kd("r4", "X", "sale", "2026-09-04", "100", 0), // missing code: not cut
    ]);
    let out = run_checked(&doc(&records, CAT, &one_product_sets(), &rcs, NOSTATE));
    assert_eq!(s(&out, "totals.offTheTop"), "15");
    assert_eq!(s(&out, "totals.allocated"), "285");
    assert_eq!(s(&out, "totals.unallocated"), "100");
    assert_eq!(payee(&out, "ann").unwrap(), ["114", "0", "0", "114"]);
    assert_eq!(payee(&out, "label").unwrap(), ["171", "0", "15", "186"]);
    let r = rc_out(&out, "ott");
    assert_eq!(
        (s(r, "taken"), s(r, "after"), s(r, "closed")),
        ("15".into(), "0".into(), "true".into())
    );
    assert!(arr(r, "remittances").is_empty());
}

#[test]
fn off_the_top_scope_mechanicals_and_income_counter() {
    let rcs = list(&[rc(
        "ott",
        "label",
        "[]",
        "1000",
        "high",
        r#""recoupablePct":"0","netRevenuePct":"50","scope":"products","productIds":["p1"]"#,
    )]);
    let sets = list(&[
        set("b", DEF, "base", "", 0, ANN, ""),
        set("bp", P1, "base", "", 0, ANN, ""),
        set(
            "c",
            P1,
            "conditional",
            "",
            1,
            r#"[{"payeeId":"bob","pct":"100"}]"#,
            r#"{"type":"income","threshold":"60","preCounted":"0"}"#,
        ),
    ]);
    let records = list(&[
        rec_kd("r1", "C1", "sale", "2026-09-01", "100", 0), // cut 50, counter +50
        rec_kd("r2", "C2", "sale", "2026-09-02", "100", 0), // p2: not cut
        rec_kd("r3", "C1", "mechanical", "2026-09-03", "100", 0), // mechanical: not cut
        rec_kd("r4", "C3", "sale", "2026-09-04", "100", 0), // cut 50; crosses at 10
    ]);
    let out = run_checked(&doc(&records, CAT3, &sets, &rcs, NOSTATE));
    assert_eq!(s(&out, "totals.offTheTop"), "100");
    assert_eq!(payout(&out, "ann"), "260");
    assert_eq!(payout(&out, "bob"), "40");
    assert_eq!(payout(&out, "label"), "100");
    assert_eq!(s(trig(&out, "c"), "counterAfter"), "100");
    // with mechanicalRepays the mechanical record is cut too
    let rcs = rcs.replace(r#""mechanicalRepays":false"#, r#""mechanicalRepays":true"#);
    let out = run_checked(&doc(&records, CAT3, &sets, &rcs, NOSTATE));
    assert_eq!(s(&out, "totals.offTheTop"), "150");
    // a conditional set replaces only a base of its own scope: without "bp" the default
    // base allocates p1 records and "c" never applies, though its counter still counts
    let sets = list(&[
        set("b", DEF, "base", "", 0, ANN, ""),
        set(
            "c",
            P1,
            "conditional",
            "",
            1,
            r#"[{"payeeId":"bob","pct":"100"}]"#,
            r#"{"type":"income","threshold":"60","preCounted":"0"}"#,
        ),
    ]);
    let out = run_checked(&doc(&records, CAT3, &sets, &rcs, NOSTATE));
    assert_eq!(payout(&out, "bob"), "absent");
    assert_eq!(s(trig(&out, "c"), "counterAfter"), "100");
}

#[test]
fn off_the_top_revenue_minimum_and_statement_maximum() {
    let records = list(&[
        rec_kd("r1", "C1", "sale", "2026-09-01", "100", 0),
        rec_kd("r2", "C1", "sale", "2026-09-02", "100", 0),
    ]);
    let rcs = list(&[rc(
        "ott",
        "label",
        "[]",
        "1000",
        "high",
        r#""recoupablePct":"0","netRevenuePct":"10","revenueMinimum":"200.000000000001""#,
    )]);
    let out = run_checked(&doc(&records, CAT, &one_product_sets(), &rcs, NOSTATE));
    assert_eq!(s(&out, "totals.offTheTop"), "0");
    let rcs = list(&[rc(
        "ott",
        "label",
        "[]",
        "1000",
        "high",
        r#""recoupablePct":"100","netRevenuePct":"10","statementMaximum":"25","debtorIds":["ann"]"#,
    )]);
    let out = run_checked(&doc(&records, CAT, &one_product_sets(), &rcs, NOSTATE));
    // 10 + 10 off the top, then only 5 more from ann
    assert_eq!(s(&out, "totals.offTheTop"), "20");
    assert_eq!(payee(&out, "ann").unwrap(), ["72", "5", "0", "67"]);
    assert_eq!(s(rc_out(&out, "ott"), "taken"), "25");
}

#[test]
fn waterfall_priority_and_tie_breaks() {
    let records = list(&[rec("r1", "C1", "250", 0)]); // ann earns 100
    let rcs = list(&[
        rc("low", "label", r#"["ann"]"#, "1000", "low", ""),
        rc("high", "label", r#"["ann"]"#, "1000", "high", r#""recoupablePct":"50""#),
    ]);
    let out = run_checked(&doc(&records, CAT, &one_product_sets(), &rcs, NOSTATE));
    let ids: Vec<String> = arr(&out, "recoupments").iter().map(|r| s(r, "id")).collect();
    assert_eq!(ids, vec!["high", "low"]);
    assert_eq!(s(rc_out(&out, "high"), "taken"), "50");
    assert_eq!(s(rc_out(&out, "low"), "taken"), "50");
    // same priority: smaller remaining first, then older createdAt, then id
    let rcs = list(&[
        rc("b", "label", r#"["ann"]"#, "1000", "medium", r#""createdAt":5"#),
        rc("a", "label", r#"["ann"]"#, "1000", "medium", r#""createdAt":5"#),
        rc("old", "label", r#"["ann"]"#, "1000", "medium", r#""createdAt":1"#),
        rc("small", "label", r#"["ann"]"#, "30", "medium", r#""createdAt":9"#),
    ]);
    let out = run_checked(&doc(&records, CAT, &one_product_sets(), &rcs, NOSTATE));
    let ids: Vec<String> = arr(&out, "recoupments").iter().map(|r| s(r, "id")).collect();
    assert_eq!(ids, vec!["small", "old", "a", "b"]);
    assert_eq!(s(rc_out(&out, "small"), "taken"), "30");
    assert_eq!(s(rc_out(&out, "old"), "taken"), "70");
    assert_eq!(s(rc_out(&out, "a"), "taken"), "0");
    assert_eq!(payee(&out, "ann").unwrap(), ["100", "100", "0", "0"]);
    assert_eq!(payee(&out, "label").unwrap(), ["150", "0", "100", "250"]);
}

#[test]
fn revenue_minimum_payment_minimum_statement_maximum() {
    let records = list(&[rec("r1", "C1", "250", 0)]); // ann 100
    let one = |extra: &str| {
        let rcs = list(&[rc("rc", "label", r#"["ann"]"#, "1000", "high", extra)]);
        let out = run_checked(&doc(&records, CAT, &one_product_sets(), &rcs, NOSTATE));
        s(rc_out(&out, "rc"), "taken")
    };
    assert_eq!(one(r#""revenueMinimum":"250""#), "100");
    assert_eq!(one(r#""revenueMinimum":"250.01""#), "0");
    assert_eq!(one(r#""statementMaximum":"40""#), "40");
    assert_eq!(one(r#""statementMaximum":"0""#), "0");
    assert_eq!(one(r#""paymentMinimum":"100""#), "100");
    assert_eq!(one(r#""paymentMinimum":"100.000000000001""#), "0");
    // below the minimum but it closes the recoupment: taken
    let rcs = list(&[rc(
        "rc",
        "label",
        r#"["ann"]"#,
        "20",
        "high",
        r#""paymentMinimum":"50""#,
    )]);
    let out = run_checked(&doc(&records, CAT, &one_product_sets(), &rcs, NOSTATE));
    assert_eq!(s(rc_out(&out, "rc"), "taken"), "20");
    assert_eq!(s(rc_out(&out, "rc"), "closed"), "true");
    // not open: closed status, future start, nothing remaining
    for extra in [
        r#""status":"closed""#,
        r#""startDate":"2026-10-01""#,
        r#""prepaid":"1000""#,
    ] {
        assert_eq!(one(extra), "0", "{}", extra);
    }
    assert_eq!(one(r#""startDate":"2026-09-30""#), "100");
}

#[test]
fn debtor_scope_products_mechanicals_and_buckets() {
    let sets = list(&[
        set("b", DEF, "base", "", 0, ANN, ""),
        set("m", DEF, "mechanical", "", 0, ANN, ""),
    ]);
    let records = list(&[
        rec("r1", "C1", "300", 0),
        rec("r2", "C2", "100", 0),
        rec_kd("r3", "C2", "mechanical", "2026-09-01", "1000", 0),
    ]);
    let rcs = list(&[
        rc(
            "all",
            "label",
            r#"["ann"]"#,
            "100",
            "highest",
            r#""recoupablePct":"50""#,
        ),
        rc(
            "p2",
            "label",
            r#"["ann"]"#,
            "1000",
            "high",
            r#""scope":"products","productIds":["p2"]"#,
        ),
        rc(
            "mech",
            "pub",
            r#"["ann"]"#,
            "1000",
            "low",
            r#""mechanicalRepays":true,"recoupablePct":"10""#,
        ),
    ]);
    let out = run_checked(&doc(&records, CAT3, &sets, &rcs, NOSTATE));
    // "all" takes 100 from sales p1 300 / p2 100 (75 / 25); "p2" then sees 75 of p2 sales;
    // "mech" sees p1 225 + mechanical 1000 -> 10% = 122.5
    assert_eq!(s(rc_out(&out, "all"), "taken"), "100");
    assert_eq!(s(rc_out(&out, "p2"), "taken"), "75");
    assert_eq!(s(rc_out(&out, "mech"), "taken"), "122.5");
    assert_eq!(payee(&out, "ann").unwrap(), ["1400", "297.5", "0", "1102.5"]);
    assert_eq!(payee(&out, "pub").unwrap(), ["0", "0", "122.5", "122.5"]);
    // without mechanicalRepays, mechanical earnings do not count
    let rcs = list(&[rc(
        "mech",
        "pub",
        r#"["ann"]"#,
        "1000",
        "low",
        r#""recoupablePct":"10""#,
    )]);
    let out = run_checked(&doc(&records, CAT3, &sets, &rcs, NOSTATE));
    assert_eq!(s(rc_out(&out, "mech"), "taken"), "40");
}

#[test]
fn several_debtors_share_by_caps() {
    let sets = list(&[set(
        "b",
        DEF,
        "base",
        "",
        0,
        r#"[{"payeeId":"ann","pct":"50"},{"payeeId":"bob","pct":"25"},{"payeeId":"cat","pct":"25"}]"#,
        "",
    )]);
    let records = list(&[
        rec("r1", "C1", "400", 0),
        rec_kd("r2", "C1", "adjustment", "2026-09-02", "-200", 0),
    ]);
    // ann 100, bob 50, cat 50 (after the negative adjustment) ; caps 100/50/50; take 0.000000000005
    let rcs = list(&[rc(
        "rc",
        "label",
        r#"["bob","ann","cat","ann"]"#,
        "0.000000000005",
        "high",
        "",
    )]);
    let out = run_checked(&doc(&records, CAT, &sets, &rcs, NOSTATE));
    let rem: Vec<(String, String)> = arr(rc_out(&out, "rc"), "remittances")
        .iter()
        .map(|r| (s(r, "debtorId"), s(r, "amount")))
        .collect();
    // 5 * 50/200 = 1.25 (bob), 2.5 (ann), 1.25 (cat): leftover 1 to the largest remainder: ann (0.5)
    assert_eq!(
        rem,
        vec![
            ("bob".into(), "0.000000000001".into()),
            ("ann".into(), "0.000000000003".into()),
            ("cat".into(), "0.000000000001".into())
        ]
    );
}

#[test]
fn negative_balance_counts_as_zero() {
    let sets = list(&[set("b", DEF, "base", "", 0, ANN, "")]);
    let records = list(&[
        rec_kd("r1", "C1", "adjustment", "2026-09-01", "-50", 0),
        rec("r2", "C2", "30", 0),
    ]);
    let rcs = list(&[rc(
        "rc",
        "label",
        r#"["ann"]"#,
        "1000",
        "high",
        r#""revenueMinimum":"-20""#,
    )]);
    let out = run_checked(&doc(&records, CAT3, &sets, &rcs, NOSTATE));
    // p1 bucket -50 is ignored, p2 bucket 30 is recouped in full
    assert_eq!(payee(&out, "ann").unwrap(), ["-20", "30", "0", "-50"]);
    // total net -20 is below the default revenueMinimum of 0: skipped
    let rcs = list(&[rc("rc", "label", r#"["ann"]"#, "1000", "high", "")]);
    let out = run_checked(&doc(&records, CAT3, &sets, &rcs, NOSTATE));
    assert_eq!(payee(&out, "ann").unwrap(), ["-20", "0", "0", "-20"]);
}

#[test]
fn deferred_reimbursement_closes_in_a_later_statement() {
    let sets = list(&[set("b", DEF, "base", "", 0, ANN, "")]);
    let rcs = list(&[rc(
        "rc",
        "label",
        r#"["ann"]"#,
        "300",
        "high",
        r#""reimbursement":"deferred""#,
    )]);
    let a = doc(&list(&[rec("r1", "C1", "200", 0)]), CAT, &sets, &rcs, NOSTATE);
    let out_a = run_checked(&a);
    assert_eq!(payee(&out_a, "ann").unwrap(), ["200", "200", "0", "0"]);
    assert_eq!(payout(&out_a, "label"), "absent");
    let r = rc_out(&out_a, "rc");
    assert_eq!(
        (s(r, "after"), s(r, "deferred"), s(r, "closed")),
        ("100".into(), "200".into(), "false".into())
    );
    let state = format!(
        "{{\"counters\":{{}},\"recoupments\":{}}}",
        royalty_engine::json::stringify(at(&out_a, "state.recoupments"))
    );
    assert_eq!(
        state,
        r#"{"counters":{},"recoupments":{"rc":{"remaining":"100","deferred":"200"}}}"#
    );
    let b = doc(&list(&[rec("r2", "C1", "200", 0)]), CAT, &sets, &rcs, &state);
    let out_b = run_checked(&b);
    assert_eq!(payee(&out_b, "ann").unwrap(), ["200", "100", "0", "100"]);
    assert_eq!(payee(&out_b, "label").unwrap(), ["0", "0", "300", "300"]);
    let r = rc_out(&out_b, "rc");
    assert_eq!(
        (
            s(r, "before"),
            s(r, "taken"),
            s(r, "after"),
            s(r, "deferred"),
            s(r, "closed")
        ),
        ("100".into(), "100".into(), "0".into(), "0".into(), "true".into())
    );
    // off-the-top cuts are deferred too
    let rcs = list(&[rc(
        "rc",
        "label",
        "[]",
        "300",
        "high",
        r#""reimbursement":"deferred","recoupablePct":"0","netRevenuePct":"50""#,
    )]);
    let out = run_checked(&doc(&list(&[rec("r1", "C1", "200", 0)]), CAT, &sets, &rcs, NOSTATE));
    assert_eq!(s(rc_out(&out, "rc"), "deferred"), "100");
    assert_eq!(payout(&out, "label"), "absent");
}

#[test]
fn state_carried_from_a_to_b() {
    let sets = list(&[
        set("b", P1, "base", "", 0, LABEL, ""),
        set(
            "c",
            P1,
            "conditional",
            "",
            1,
            HALF,
            r#"{"type":"income","threshold":"150","preCounted":"20"}"#,
        ),
        set(
            "u",
            P1,
            "conditional",
            "",
            0,
            ANN,
            r#"{"type":"units","threshold":1000,"preCounted":0}"#,
        ),
    ]);
    let rcs = list(&[rc("rc", "label", r#"["ann"]"#, "30", "high", "")]);
    let a = doc(&list(&[rec("r1", "C1", "100", 600)]), CAT, &sets, &rcs, NOSTATE);
    let (out_a, text_a) = run_text(&a);
    check_invariants(&a, &out_a);
    assert!(text_a.ends_with(r#""state":{"counters":{"c":{"value":"120"},"u":{"value":"600"}},"recoupments":{"rc":{"remaining":"30","deferred":"0"}}}}"#), "{}", text_a);
    let state = royalty_engine::json::stringify(at(&out_a, "state"));
    let b = doc(
        &list(&[rec("r2", "C1", "100", 600)]).replace("2026-09", "2026-10"),
        CAT,
        &sets,
        &rcs,
        &state,
    )
    .replace("\"2026-09\"", "\"2026-10\"");
    let out_b = run_checked(&b);
    // counter 120 -> cut at 30: base label 30; then "c" (prio 1) beats "u" (prio 0): label 35, ann 35
    assert_eq!(line(&out_b, "C1", "b", "label"), Some(("180".into(), "30".into())));
    assert_eq!(line(&out_b, "C1", "c", "ann"), Some(("420".into(), "35".into())));
    assert_eq!(payee(&out_b, "ann").unwrap(), ["35", "30", "0", "5"]);
    let t = trig(&out_b, "c");
    assert_eq!(
        (s(t, "counterBefore"), s(t, "counterAfter"), s(t, "activatedAtRecordId")),
        ("120".into(), "220".into(), "r2".into())
    );
    let t = trig(&out_b, "u");
    assert_eq!(
        (s(t, "counterBefore"), s(t, "counterAfter"), s(t, "activatedAtRecordId")),
        ("600".into(), "1200".into(), "r2".into())
    );
    assert_eq!(s(rc_out(&out_b, "rc"), "closed"), "true");
}

#[test]
fn records_in_date_then_id_order() {
    let sets = list(&[
        set("b", P1, "base", "", 0, LABEL, ""),
        set(
            "c",
            P1,
            "conditional",
            "",
            1,
            ANN,
            r#"{"type":"income","threshold":"10","preCounted":"0"}"#,
        ),
    ]);
    // listed backwards; r-a (missing date = 2026-09-01) comes first, then r-b, then r-c
    let records = format!(
        "[{},{},{}]",
        rec_kd("r-c", "C1", "sale", "2026-09-02", "100", 0),
        rec_kd("r-b", "C1", "sale", "2026-09-01", "10", 0),
        r#"{"id":"r-a","code":"C1","units":0,"revenue":"5"}"#
    );
    let out = run_checked(&doc(&records, CAT, &sets, "[]", NOSTATE));
    assert_eq!(payout(&out, "label"), "10");
    assert_eq!(payout(&out, "ann"), "105");
    assert_eq!(s(trig(&out, "c"), "activatedAtRecordId"), "r-b");
}

#[test]
fn over_prepaid_recoupment_counts_as_closed() {
    let sets = list(&[
        set("b", P1, "base", "", 0, HALF, ""),
        set(
            "c",
            P1,
            "conditional",
            "",
            1,
            ANN,
            r#"{"type":"recoupment","recoupmentId":"rc1"}"#,
        ),
    ]);
    let rcs = list(&[rc("rc1", "label", r#"["ann"]"#, "10", "high", r#""prepaid":"12""#)]);
    let out = run_checked(&doc(&list(&[rec("r1", "C1", "100", 0)]), CAT, &sets, &rcs, NOSTATE));
    let r = rc_out(&out, "rc1");
    assert_eq!(
        (s(r, "before"), s(r, "taken"), s(r, "closed")),
        ("-2".into(), "0".into(), "true".into())
    );
    assert_eq!(payee(&out, "ann").unwrap(), ["100", "0", "0", "100"]);
}
