//! ENGINE.md step 3: off-the-top recoupments.
mod common;
use common::*;

#[test]
fn off_the_top_closes_mid_statement() {
    let recoupment_list = list(&[recoupment(
        "ott",
        "label",
        "[]",
        "15",
        "high",
        r#""recoupablePct":"0","netRevenuePct":"10""#,
    )]);
    let records = list(&[
        record("r1", "C1", "sale", "2026-09-01", "100", 0),
        record("r2", "C1", "sale", "2026-09-02", "100", 0),
        record("r3", "C1", "sale", "2026-09-03", "100", 0),
        record("r4", "X", "sale", "2026-09-04", "100", 0), // missing code: not cut
    ]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG,
        &one_product_sets(),
        &recoupment_list,
        NO_STATE,
    ));
    assert_eq!(text_at(&out, "totals.offTheTop"), "15");
    assert_eq!(text_at(&out, "totals.allocated"), "285");
    assert_eq!(text_at(&out, "totals.unallocated"), "100");
    assert_eq!(payee(&out, "ann").unwrap(), ["114", "0", "0", "114"]);
    assert_eq!(payee(&out, "label").unwrap(), ["171", "0", "15", "186"]);
    let r = recoupment_out(&out, "ott");
    assert_eq!(
        (text_at(r, "taken"), text_at(r, "after"), text_at(r, "closed")),
        ("15".into(), "0".into(), "true".into())
    );
    assert!(items_at(r, "remittances").is_empty());
}

#[test]
fn off_the_top_scope_mechanicals_and_income_counter() {
    let recoupment_list = list(&[recoupment(
        "ott",
        "label",
        "[]",
        "1000",
        "high",
        r#""recoupablePct":"0","netRevenuePct":"50","scope":"products","productIds":["p1"]"#,
    )]);
    let sets = list(&[
        set("b", DEFAULT_SCOPE, "base", "", 0, ALL_TO_ANN, ""),
        set("bp", PRODUCT_P1, "base", "", 0, ALL_TO_ANN, ""),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            r#"[{"payeeId":"bob","pct":"100"}]"#,
            r#"{"type":"income","threshold":"60","preCounted":"0"}"#,
        ),
    ]);
    let records = list(&[
        record("r1", "C1", "sale", "2026-09-01", "100", 0), // cut 50, counter +50
        record("r2", "C2", "sale", "2026-09-02", "100", 0), // p2: not cut
        record("r3", "C1", "mechanical", "2026-09-03", "100", 0), // mechanical: not cut
        record("r4", "C3", "sale", "2026-09-04", "100", 0), // cut 50; crosses at 10
    ]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG_P1_P2,
        &sets,
        &recoupment_list,
        NO_STATE,
    ));
    assert_eq!(text_at(&out, "totals.offTheTop"), "100");
    assert_eq!(payout(&out, "ann"), "260");
    assert_eq!(payout(&out, "bob"), "40");
    assert_eq!(payout(&out, "label"), "100");
    assert_eq!(text_at(trigger_out(&out, "c"), "counterAfter"), "100");
    // with mechanicalRepays the mechanical record is cut too
    let recoupment_list = recoupment_list.replace(r#""mechanicalRepays":false"#, r#""mechanicalRepays":true"#);
    let out = run_checked(&statement_input(
        &records,
        CATALOG_P1_P2,
        &sets,
        &recoupment_list,
        NO_STATE,
    ));
    assert_eq!(text_at(&out, "totals.offTheTop"), "150");
    // a conditional set replaces only a base of its own scope: without "bp" the default
    // base allocates p1 records and "c" never applies, though its counter still counts
    let sets = list(&[
        set("b", DEFAULT_SCOPE, "base", "", 0, ALL_TO_ANN, ""),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            r#"[{"payeeId":"bob","pct":"100"}]"#,
            r#"{"type":"income","threshold":"60","preCounted":"0"}"#,
        ),
    ]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG_P1_P2,
        &sets,
        &recoupment_list,
        NO_STATE,
    ));
    assert_eq!(payout(&out, "bob"), "absent");
    assert_eq!(text_at(trigger_out(&out, "c"), "counterAfter"), "100");
}

#[test]
fn off_the_top_revenue_minimum_and_statement_maximum() {
    let records = list(&[
        record("r1", "C1", "sale", "2026-09-01", "100", 0),
        record("r2", "C1", "sale", "2026-09-02", "100", 0),
    ]);
    let recoupment_list = list(&[recoupment(
        "ott",
        "label",
        "[]",
        "1000",
        "high",
        r#""recoupablePct":"0","netRevenuePct":"10","revenueMinimum":"200.000000000001""#,
    )]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG,
        &one_product_sets(),
        &recoupment_list,
        NO_STATE,
    ));
    assert_eq!(text_at(&out, "totals.offTheTop"), "0");
    let recoupment_list = list(&[recoupment(
        "ott",
        "label",
        "[]",
        "1000",
        "high",
        r#""recoupablePct":"100","netRevenuePct":"10","statementMaximum":"25","debtorIds":["ann"]"#,
    )]);
    let out = run_checked(&statement_input(
        &records,
        CATALOG,
        &one_product_sets(),
        &recoupment_list,
        NO_STATE,
    ));
    // 10 + 10 off the top, then only 5 more from ann
    assert_eq!(text_at(&out, "totals.offTheTop"), "20");
    assert_eq!(payee(&out, "ann").unwrap(), ["72", "5", "0", "67"]);
    assert_eq!(text_at(recoupment_out(&out, "ott"), "taken"), "25");
}
