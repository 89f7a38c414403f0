//! ENGINE.md step 7: debtor recoupments in waterfall order, their minimums, maxima and buckets.
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
fn base_is_net_of_negative_buckets() {
    let sets = list(&[set("b", DEFAULT_SCOPE, "base", "", 0, ALL_TO_ANN, "")]);
    let records = list(&[
        sale("r1", "C1", "100", 0),
        record("r2", "C2", "adjustment", "2026-09-02", "-80", 0),
    ]);
    let recoupment_list = list(&[
        recoupment("first", "label", r#"["ann"]"#, "1000", "high", ""),
        recoupment("second", "label", r#"["ann"]"#, "1000", "low", ""),
    ]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG_P1_P2,
        &sets,
        &recoupment_list,
        NO_STATE,
    ));
    // ann netted 20 (p1 +100, p2 -80): "first" takes 20, drawn from p1, the only positive bucket;
    // "second" then sees p1 80 and p2 -80, a base of 0
    assert_eq!(text_at(recoupment_out(&out, "first"), "taken"), "20");
    assert_eq!(text_at(recoupment_out(&out, "second"), "taken"), "0");
    assert_eq!(payee(&out, "ann").unwrap(), ["20", "20", "0", "0"]);
    assert_eq!(payee(&out, "label").unwrap(), ["0", "0", "20", "20"]);
}

#[test]
fn base_below_zero_takes_nothing() {
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
    // p1 -50 and p2 +30 net to -20, which counts as 0: nothing taken, nothing drawn from p2
    let rc = recoupment_out(&out, "rc");
    assert_eq!(text_at(rc, "taken"), "0");
    assert!(items_at(rc, "remittances").is_empty());
    assert_eq!(payee(&out, "ann").unwrap(), ["-20", "0", "0", "-20"]);
    // total net -20 is below the default revenueMinimum of 0: skipped all the same
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
