//! ENGINE.md step 4: which split set allocates a record.
mod common;
use common::*;

#[test]
fn mechanical_sets_and_no_escalation() {
    let sets = list(&[
        set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "m",
            PRODUCT_P1,
            "mechanical",
            "",
            0,
            r#"[{"payeeId":"pub","pct":"100"}]"#,
            "",
        ),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            ALL_TO_ANN,
            r#"{"type":"manual","active":true}"#,
        ),
        set("b2", PRODUCT_P2, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "c2",
            PRODUCT_P2,
            "conditional",
            "",
            1,
            ALL_TO_ANN,
            r#"{"type":"manual","active":true}"#,
        ),
    ]);
    let records = list(&[
        record("r1", "C1", "sale", "2026-09-01", "10", 1),
        record("r2", "C1", "mechanical", "2026-09-01", "20", 1),
        record("r3", "C2", "mechanical", "2026-09-01", "40", 1),
    ]);
    let out = run_checked(&statement_input(&records, CATALOG_P1_P2, &sets, "[]", NO_STATE));
    assert_eq!(payout(&out, "ann"), "10");
    assert_eq!(payout(&out, "pub"), "20");
    // p2 has no mechanical set: the base allocates, never the conditional
    assert_eq!(payout(&out, "label"), "40");
    assert_eq!(line(&out, "C2", "b2", "label"), Some(("1".into(), "40".into())));
}

#[test]
fn scope_specificity_and_start_dates() {
    let sets = list(&[
        set("code", r#"{"code":"C1"}"#, "base", "", 0, ALL_TO_ANN, ""),
        set("prod", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "def",
            DEFAULT_SCOPE,
            "base",
            "",
            0,
            r#"[{"payeeId":"house","pct":"100"}]"#,
            "",
        ),
        set(
            "mech-only",
            r#"{"code":"C2"}"#,
            "mechanical",
            "",
            0,
            r#"[{"payeeId":"pub","pct":"100"}]"#,
            "",
        ),
        set("late", PRODUCT_P2, "base", "2026-09-15", 0, ALL_TO_LABEL, ""),
    ]);
    let catalog_json = r#"{"C1":{"productId":"p1"},"C2":{"productId":"p2"},"C3":{"productId":"p1"},"C4":{"productId":"p4"},"C5":{"productId":"p2"}}"#;
    let records = list(&[
        sale("r1", "C1", "1", 0),
        sale("r2", "C3", "2", 0),
        sale("r3", "C4", "4", 0),
        sale("r4", "C2", "8", 0), // code scope has only a mechanical set: a sale passes it over
        record("r5", "C5", "sale", "2026-09-14", "16", 0), // p2 base not started yet
        record("r6", "C5", "sale", "2026-09-15", "32", 0),
        sale("r7", "NOPE", "64", 0),
    ]);
    let out = run_checked(&statement_input(&records, catalog_json, &sets, "[]", NO_STATE));
    assert_eq!(payout(&out, "ann"), "1");
    // C2 (p2) then finds "late", which has not started on 2026-09-01: missing, no fallback to default
    assert_eq!(payout(&out, "label"), "34");
    assert_eq!(payout(&out, "house"), "4");
    assert_eq!(text_at(&out, "totals.unallocated"), "88");
    let missing: Vec<String> = items_at(&out, "missingCodes").iter().map(|c| text_at(c, "")).collect();
    assert_eq!(missing, vec!["C2", "C5", "NOPE"]);
    // a mechanical record uses the code scope's mechanical set
    let out = run_checked(&statement_input(
        &list(&[record("m1", "C2", "mechanical", "2026-09-01", "8", 0)]),
        catalog_json,
        &sets,
        "[]",
        NO_STATE,
    ));
    assert_eq!(payout(&out, "pub"), "8");
    // the latest started base wins
    let sets = list(&[
        set("old", PRODUCT_P1, "base", "2026-01-01", 0, ALL_TO_ANN, ""),
        set("new", PRODUCT_P1, "base", "2026-09-10", 0, ALL_TO_LABEL, ""),
        set("nul", PRODUCT_P1, "base", "", 0, r#"[{"payeeId":"x","pct":"100"}]"#, ""),
    ]);
    let records = list(&[
        record("a", "C1", "sale", "2026-09-09", "1", 0),
        record("b", "C1", "sale", "2026-09-10", "2", 0),
    ]);
    let out = run_checked(&statement_input(&records, CATALOG, &sets, "[]", NO_STATE));
    assert_eq!(payout(&out, "ann"), "1");
    assert_eq!(payout(&out, "label"), "2");
    assert_eq!(payout(&out, "x"), "absent");
}

#[test]
fn conditional_choice() {
    let cond = |id: &str, start: &str, prio: i64, payee: &str, trigger: &str| {
        set(
            id,
            PRODUCT_P1,
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
        set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        cond("off", "", 9, "nobody", off),
        cond("x1", "2026-09-01", 3, "x1", manual),
        cond("x2", "2026-09-05", 3, "x2", manual), // same priority, later start: wins once started
        cond("x3", "2026-09-05", 3, "x3", manual), // same as x2 but listed later
        cond("d", "", 4, "dated", date),
    ]);
    let records = list(&[
        record("r1", "C1", "sale", "2026-08-31", "1", 0),
        record("r2", "C1", "sale", "2026-09-02", "2", 0),
        record("r3", "C1", "sale", "2026-09-06", "4", 0),
        record("r4", "C1", "adjustment", "2026-09-10", "8", 0),
    ]);
    let out = run_checked(&statement_input(&records, CATALOG, &sets, "[]", NO_STATE));
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
        set("b", PRODUCT_P1, "base", "", 0, LABEL_AND_ANN, ""),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            ALL_TO_ANN,
            r#"{"type":"recoupment","recoupmentId":"rc1"}"#,
        ),
    ]);
    let recoupment_list = list(&[recoupment("rc1", "label", r#"["ann"]"#, "10", "high", "")]);
    // closes in this statement: no escalation yet
    let out = run_checked(&statement_input(
        &list(&[sale("r1", "C1", "100", 0)]),
        CATALOG,
        &sets,
        &recoupment_list,
        NO_STATE,
    ));
    assert_eq!(text_at(recoupment_out(&out, "rc1"), "closed"), "true");
    assert_eq!(payee(&out, "ann").unwrap(), ["50", "10", "0", "40"]);
    // closed before the statement: escalated
    let state = r#"{"counters":{},"recoupments":{"rc1":{"remaining":"0","deferred":"0"}}}"#;
    let out = run_checked(&statement_input(
        &list(&[sale("r1", "C1", "100", 0)]),
        CATALOG,
        &sets,
        &recoupment_list,
        state,
    ));
    assert_eq!(payee(&out, "ann").unwrap(), ["100", "0", "0", "100"]);
    assert_eq!(text_at(recoupment_out(&out, "rc1"), "taken"), "0");
}
