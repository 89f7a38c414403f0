//! ENGINE.md steps 1 and 6: net, processing order, and allocation among shares and groups.
mod common;
use common::*;

#[test]
fn distributor_take_truncates() {
    let input = statement_input(
        &list(&[sale("r1", "C1", "10.000000000001", 1)]),
        CATALOG,
        &list(&[set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, "")]),
        "[]",
        NO_STATE,
    )
    .replace(r#""distributorTakePct":"0""#, r#""distributorTakePct":"15""#);
    let out = run_checked(&input);
    assert_eq!(text_at(&out, "totals.gross"), "10.000000000001");
    assert_eq!(text_at(&out, "totals.take"), "1.5");
    assert_eq!(text_at(&out, "totals.net"), "8.500000000001");
    // negative revenue: take truncates toward zero
    let input = statement_input(
        &list(&[record("r1", "C1", "adjustment", "2026-09-02", "-10.000000000001", 0)]),
        CATALOG,
        &list(&[set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, "")]),
        "[]",
        NO_STATE,
    )
    .replace(r#""distributorTakePct":"0""#, r#""distributorTakePct":"15""#);
    let out = run_checked(&input);
    assert_eq!(text_at(&out, "totals.take"), "-1.5");
    assert_eq!(text_at(&out, "totals.net"), "-8.500000000001");
    assert_eq!(payout(&out, "label"), "-8.500000000001");
}

#[test]
fn records_in_date_then_id_order() {
    let sets = list(&[
        set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            ALL_TO_ANN,
            r#"{"type":"income","threshold":"10","preCounted":"0"}"#,
        ),
    ]);
    // listed backwards; r-a (missing date = 2026-09-01) comes first, then r-b, then r-c
    let records = format!(
        "[{},{},{}]",
        record("r-c", "C1", "sale", "2026-09-02", "100", 0),
        record("r-b", "C1", "sale", "2026-09-01", "10", 0),
        r#"{"id":"r-a","code":"C1","units":0,"revenue":"5"}"#
    );
    let out = run_checked(&statement_input(&records, CATALOG, &sets, "[]", NO_STATE));
    assert_eq!(payout(&out, "label"), "10");
    assert_eq!(payout(&out, "ann"), "105");
    assert_eq!(text_at(trigger_out(&out, "c"), "activatedAtRecordId"), "r-b");
}

#[test]
fn groups_and_balance_shares() {
    let shares = r#"[{"payeeId":"label","pct":"30"},{"groupId":"band","pct":"60","members":[{"payeeId":"ann","pct":"25"},{"payeeId":"bob","balance":true}]},{"payeeId":"mgr","balance":true}]"#;
    let out = run_checked(&statement_input(
        &list(&[sale("r1", "C1", "100", 7)]),
        CATALOG,
        &list(&[set("b", PRODUCT_P1, "base", "", 0, shares, "")]),
        "[]",
        NO_STATE,
    ));
    assert_eq!(payout(&out, "label"), "30");
    assert_eq!(payout(&out, "ann"), "15");
    assert_eq!(payout(&out, "bob"), "45");
    assert_eq!(payout(&out, "mgr"), "10");
    assert_eq!(line(&out, "C1", "b", "bob"), Some(("7".into(), "45".into())));
    // a payee holding two shares of a set has one line; the part's units count once
    let shares = r#"[{"payeeId":"ann","pct":"50"},{"groupId":"g","pct":"50","members":[{"payeeId":"ann","pct":"50"},{"payeeId":"bob","pct":"50"}]}]"#;
    let out = run_checked(&statement_input(
        &list(&[sale("r1", "C1", "100", 7)]),
        CATALOG,
        &list(&[set("b", PRODUCT_P1, "base", "", 0, shares, "")]),
        "[]",
        NO_STATE,
    ));
    assert_eq!(line(&out, "C1", "b", "ann"), Some(("7".into(), "75".into())));
    assert_eq!(items_at(&out, "lines").len(), 2);
}

#[test]
fn negative_adjustments_keep_the_sign() {
    let out = run_checked(&statement_input(
        &list(&[record("r1", "C1", "adjustment", "2026-09-01", "-0.000000000003", 0)]),
        CATALOG,
        &list(&[set("b", PRODUCT_P1, "base", "", 0, LABEL_AND_ANN, "")]),
        "[]",
        NO_STATE,
    ));
    assert_eq!(payout(&out, "label"), "-0.000000000002");
    assert_eq!(payout(&out, "ann"), "-0.000000000001");
    assert_eq!(text_at(&out, "totals.allocated"), "-0.000000000003");
}
