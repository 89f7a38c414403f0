//! ENGINE.md step 7: debtor recoupments, deferred reimbursement and the state carried to the next statement.
mod common;
use common::*;

#[test]
fn waterfall_priority_and_tie_breaks() {
    let records = list(&[sale("r1", "C1", "250", 0)]); // ann earns 100
    let recoupment_list = list(&[
        recoupment("low", "label", r#"["ann"]"#, "1000", "low", ""),
        recoupment("high", "label", r#"["ann"]"#, "1000", "high", r#""recoupablePct":"50""#),
    ]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG,
        &one_product_sets(),
        &recoupment_list,
        NO_STATE,
    ));
    let ids: Vec<String> = items_at(&out, "recoupments").iter().map(|r| text_at(r, "id")).collect();
    assert_eq!(ids, vec!["high", "low"]);
    assert_eq!(text_at(recoupment_out(&out, "high"), "taken"), "50");
    assert_eq!(text_at(recoupment_out(&out, "low"), "taken"), "50");
    // same priority: smaller remaining first, then older createdAt, then id
    let recoupment_list = list(&[
        recoupment("b", "label", r#"["ann"]"#, "1000", "medium", r#""createdAt":5"#),
        recoupment("a", "label", r#"["ann"]"#, "1000", "medium", r#""createdAt":5"#),
        recoupment("old", "label", r#"["ann"]"#, "1000", "medium", r#""createdAt":1"#),
        recoupment("small", "label", r#"["ann"]"#, "30", "medium", r#""createdAt":9"#),
    ]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG,
        &one_product_sets(),
        &recoupment_list,
        NO_STATE,
    ));
    let ids: Vec<String> = items_at(&out, "recoupments").iter().map(|r| text_at(r, "id")).collect();
    assert_eq!(ids, vec!["small", "old", "a", "b"]);
    assert_eq!(text_at(recoupment_out(&out, "small"), "taken"), "30");
    assert_eq!(text_at(recoupment_out(&out, "old"), "taken"), "70");
    assert_eq!(text_at(recoupment_out(&out, "a"), "taken"), "0");
    assert_eq!(payee(&out, "ann").unwrap(), ["100", "100", "0", "0"]);
    assert_eq!(payee(&out, "label").unwrap(), ["150", "0", "100", "250"]);
}

#[test]
fn revenue_minimum_payment_minimum_statement_maximum() {
    let records = list(&[sale("r1", "C1", "250", 0)]); // ann 100
    let one = |extra: &str| {
        let recoupment_list = list(&[recoupment("rc", "label", r#"["ann"]"#, "1000", "high", extra)]);
        let out = run_checked(&statement_input(
            &records,
            CATALOG,
            &one_product_sets(),
            &recoupment_list,
            NO_STATE,
        ));
        text_at(recoupment_out(&out, "rc"), "taken")
    };
    assert_eq!(one(r#""revenueMinimum":"250""#), "100");
    assert_eq!(one(r#""revenueMinimum":"250.01""#), "0");
    assert_eq!(one(r#""statementMaximum":"40""#), "40");
    assert_eq!(one(r#""statementMaximum":"0""#), "0");
    assert_eq!(one(r#""paymentMinimum":"100""#), "100");
    assert_eq!(one(r#""paymentMinimum":"100.000000000001""#), "0");
    // below the minimum but it closes the recoupment: taken
    let recoupment_list = list(&[recoupment(
        "rc",
        "label",
        r#"["ann"]"#,
        "20",
        "high",
        r#""paymentMinimum":"50""#,
    )]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG,
        &one_product_sets(),
        &recoupment_list,
        NO_STATE,
    ));
    assert_eq!(text_at(recoupment_out(&out, "rc"), "taken"), "20");
    assert_eq!(text_at(recoupment_out(&out, "rc"), "closed"), "true");
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
        set("b", DEFAULT_SCOPE, "base", "", 0, ALL_TO_ANN, ""),
        set("m", DEFAULT_SCOPE, "mechanical", "", 0, ALL_TO_ANN, ""),
    ]);
    let records = list(&[
        sale("r1", "C1", "300", 0),
        sale("r2", "C2", "100", 0),
        record("r3", "C2", "mechanical", "2026-09-01", "1000", 0),
    ]);
    let recoupment_list = list(&[
        recoupment(
            "all",
            "label",
            r#"["ann"]"#,
            "100",
            "highest",
            r#""recoupablePct":"50""#,
        ),
        recoupment(
            "p2",
            "label",
            r#"["ann"]"#,
            "1000",
            "high",
            r#""scope":"products","productIds":["p2"]"#,
        ),
        recoupment(
            "mech",
            "pub",
            r#"["ann"]"#,
            "1000",
            "low",
            r#""mechanicalRepays":true,"recoupablePct":"10""#,
        ),
    ]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG_P1_P2,
        &sets,
        &recoupment_list,
        NO_STATE,
    ));
    // "all" takes 100 from sales p1 300 / p2 100 (75 / 25); "p2" then sees 75 of p2 sales;
    // "mech" sees p1 225 + mechanical 1000 -> 10% = 122.5
    assert_eq!(text_at(recoupment_out(&out, "all"), "taken"), "100");
    assert_eq!(text_at(recoupment_out(&out, "p2"), "taken"), "75");
    assert_eq!(text_at(recoupment_out(&out, "mech"), "taken"), "122.5");
    assert_eq!(payee(&out, "ann").unwrap(), ["1400", "297.5", "0", "1102.5"]);
    assert_eq!(payee(&out, "pub").unwrap(), ["0", "0", "122.5", "122.5"]);
    // without mechanicalRepays, mechanical earnings do not count
    let recoupment_list = list(&[recoupment(
        "mech",
        "pub",
        r#"["ann"]"#,
        "1000",
        "low",
        r#""recoupablePct":"10""#,
    )]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG_P1_P2,
        &sets,
        &recoupment_list,
        NO_STATE,
    ));
    assert_eq!(text_at(recoupment_out(&out, "mech"), "taken"), "40");
}

#[test]
fn several_debtors_share_by_caps() {
    let sets = list(&[set(
        "b",
        DEFAULT_SCOPE,
        "base",
        "",
        0,
        r#"[{"payeeId":"ann","pct":"50"},{"payeeId":"bob","pct":"25"},{"payeeId":"cat","pct":"25"}]"#,
        "",
    )]);
    let records = list(&[
        sale("r1", "C1", "400", 0),
        record("r2", "C1", "adjustment", "2026-09-02", "-200", 0),
    ]);
    // ann 100, bob 50, cat 50 (after the negative adjustment) ; caps 100/50/50; take 0.000000000005
    let recoupment_list = list(&[recoupment(
        "rc",
        "label",
        r#"["bob","ann","cat","ann"]"#,
        "0.000000000005",
        "high",
        "",
    )]);
    let out = run_checked(&statement_input(&records, CATALOG, &sets, &recoupment_list, NO_STATE));
    let rem: Vec<(String, String)> = items_at(recoupment_out(&out, "rc"), "remittances")
        .iter()
        .map(|r| (text_at(r, "debtorId"), text_at(r, "amount")))
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
    let sets = list(&[set("b", DEFAULT_SCOPE, "base", "", 0, ALL_TO_ANN, "")]);
    let records = list(&[
        record("r1", "C1", "adjustment", "2026-09-01", "-50", 0),
        sale("r2", "C2", "30", 0),
    ]);
    let recoupment_list = list(&[recoupment(
        "rc",
        "label",
        r#"["ann"]"#,
        "1000",
        "high",
        r#""revenueMinimum":"-20""#,
    )]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG_P1_P2,
        &sets,
        &recoupment_list,
        NO_STATE,
    ));
    // p1 bucket -50 is ignored, p2 bucket 30 is recouped in full
    assert_eq!(payee(&out, "ann").unwrap(), ["-20", "30", "0", "-50"]);
    // total net -20 is below the default revenueMinimum of 0: skipped
    let recoupment_list = list(&[recoupment("rc", "label", r#"["ann"]"#, "1000", "high", "")]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG_P1_P2,
        &sets,
        &recoupment_list,
        NO_STATE,
    ));
    assert_eq!(payee(&out, "ann").unwrap(), ["-20", "0", "0", "-20"]);
}

#[test]
fn deferred_reimbursement_closes_in_a_later_statement() {
    let sets = list(&[set("b", DEFAULT_SCOPE, "base", "", 0, ALL_TO_ANN, "")]);
    let recoupment_list = list(&[recoupment(
        "rc",
        "label",
        r#"["ann"]"#,
        "300",
        "high",
        r#""reimbursement":"deferred""#,
    )]);
    let a = statement_input(
        &list(&[sale("r1", "C1", "200", 0)]),
        CATALOG,
        &sets,
        &recoupment_list,
        NO_STATE,
    );
    let out_a = run_checked(&a);
    assert_eq!(payee(&out_a, "ann").unwrap(), ["200", "200", "0", "0"]);
    assert_eq!(payout(&out_a, "label"), "absent");
    let r = recoupment_out(&out_a, "rc");
    assert_eq!(
        (text_at(r, "after"), text_at(r, "deferred"), text_at(r, "closed")),
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
    let b = statement_input(
        &list(&[sale("r2", "C1", "200", 0)]),
        CATALOG,
        &sets,
        &recoupment_list,
        &state,
    );
    let out_b = run_checked(&b);
    assert_eq!(payee(&out_b, "ann").unwrap(), ["200", "100", "0", "100"]);
    assert_eq!(payee(&out_b, "label").unwrap(), ["0", "0", "300", "300"]);
    let r = recoupment_out(&out_b, "rc");
    assert_eq!(
        (
            text_at(r, "before"),
            text_at(r, "taken"),
            text_at(r, "after"),
            text_at(r, "deferred"),
            text_at(r, "closed")
        ),
        ("100".into(), "100".into(), "0".into(), "0".into(), "true".into())
    );
    // off-the-top cuts are deferred too
    let recoupment_list = list(&[recoupment(
        "rc",
        "label",
        "[]",
        "300",
        "high",
        r#""reimbursement":"deferred","recoupablePct":"0","netRevenuePct":"50""#,
    )]);
    let out = run_checked(&statement_input(
        &list(&[sale("r1", "C1", "200", 0)]),
        CATALOG,
        &sets,
        &recoupment_list,
        NO_STATE,
    ));
    assert_eq!(text_at(recoupment_out(&out, "rc"), "deferred"), "100");
    assert_eq!(payout(&out, "label"), "absent");
}

#[test]
fn state_carried_from_a_to_b() {
    let sets = list(&[
        set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            LABEL_AND_ANN,
            r#"{"type":"income","threshold":"150","preCounted":"20"}"#,
        ),
        set(
            "u",
            PRODUCT_P1,
            "conditional",
            "",
            0,
            ALL_TO_ANN,
            r#"{"type":"units","threshold":1000,"preCounted":0}"#,
        ),
    ]);
    let recoupment_list = list(&[recoupment("rc", "label", r#"["ann"]"#, "30", "high", "")]);
    let a = statement_input(
        &list(&[sale("r1", "C1", "100", 600)]),
        CATALOG,
        &sets,
        &recoupment_list,
        NO_STATE,
    );
    let (out_a, text_a) = run_text(&a);
    check_invariants(&a, &out_a);
    assert!(text_a.ends_with(r#""state":{"counters":{"c":{"value":"120"},"u":{"value":"600"}},"recoupments":{"rc":{"remaining":"30","deferred":"0"}}}}"#), "{}", text_a);
    let state = royalty_engine::json::stringify(at(&out_a, "state"));
    let b = statement_input(
        &list(&[sale("r2", "C1", "100", 600)]).replace("2026-09", "2026-10"),
        CATALOG,
        &sets,
        &recoupment_list,
        &state,
    )
    .replace("\"2026-09\"", "\"2026-10\"");
    let out_b = run_checked(&b);
    // counter 120 -> cut at 30: base label 30; then "c" (prio 1) beats "u" (prio 0): label 35, ann 35
    assert_eq!(line(&out_b, "C1", "b", "label"), Some(("180".into(), "30".into())));
    assert_eq!(line(&out_b, "C1", "c", "ann"), Some(("420".into(), "35".into())));
    assert_eq!(payee(&out_b, "ann").unwrap(), ["35", "30", "0", "5"]);
    let t = trigger_out(&out_b, "c");
    assert_eq!(
        (
            text_at(t, "counterBefore"),
            text_at(t, "counterAfter"),
            text_at(t, "activatedAtRecordId")
        ),
        ("120".into(), "220".into(), "r2".into())
    );
    let t = trigger_out(&out_b, "u");
    assert_eq!(
        (
            text_at(t, "counterBefore"),
            text_at(t, "counterAfter"),
            text_at(t, "activatedAtRecordId")
        ),
        ("600".into(), "1200".into(), "r2".into())
    );
    assert_eq!(text_at(recoupment_out(&out_b, "rc"), "closed"), "true");
}

#[test]
fn over_prepaid_recoupment_counts_as_closed() {
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
    let recoupment_list = list(&[recoupment(
        "rc1",
        "label",
        r#"["ann"]"#,
        "10",
        "high",
        r#""prepaid":"12""#,
    )]);
    let out = run_checked(&statement_input(
        &list(&[sale("r1", "C1", "100", 0)]),
        CATALOG,
        &sets,
        &recoupment_list,
        NO_STATE,
    ));
    let r = recoupment_out(&out, "rc1");
    assert_eq!(
        (text_at(r, "before"), text_at(r, "taken"), text_at(r, "closed")),
        ("-2".into(), "0".into(), "true".into())
    );
    assert_eq!(payee(&out, "ann").unwrap(), ["100", "0", "0", "100"]);
}
