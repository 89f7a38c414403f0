//! ENGINE.md step 5: counters, and records cut where they cross a threshold.
mod common;
use common::*;

#[test]
fn units_threshold_crossed_inside_a_record() {
    let sets = list(&[
        set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            LABEL_AND_ANN,
            r#"{"type":"units","threshold":100,"preCounted":0}"#,
        ),
    ]);
    let out = run_checked(&statement_input(
        &list(&[sale("r1", "C1", "300", 200)]),
        CATALOG,
        &sets,
        "[]",
        NO_STATE,
    ));
    assert_eq!(line(&out, "C1", "b", "label"), Some(("100".into(), "150".into())));
    assert_eq!(line(&out, "C1", "c", "label"), Some(("100".into(), "75".into())));
    assert_eq!(line(&out, "C1", "c", "ann"), Some(("100".into(), "75".into())));
    assert_eq!(payout(&out, "label"), "225");
    assert_eq!(text_at(trigger_out(&out, "c"), "counterAfter"), "200");
    assert_eq!(text_at(trigger_out(&out, "c"), "activatedAtRecordId"), "r1");
}

#[test]
fn plays_count_only_streams() {
    let sets = list(&[
        set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            ALL_TO_ANN,
            r#"{"type":"plays","threshold":100,"preCounted":0}"#,
        ),
    ]);
    let records = list(&[
        record("r1", "C1", "sale", "2026-09-01", "10", 500), // download: not a play
        sale("r2", "C1", "10", 50).replace("2026-09-01", "2026-09-02"),
        sale("r3", "C1", "10", 50).replace("2026-09-01", "2026-09-03"),
        sale("r4", "C1", "10", 50).replace("2026-09-01", "2026-09-04"),
    ]);
    let out = run_checked(&statement_input(&records, CATALOG, &sets, "[]", NO_STATE));
    // r1, r2 base; r3 crosses exactly at its end (cut at 10: the whole record is below); r4 escalated
    assert_eq!(payout(&out, "label"), "30");
    assert_eq!(payout(&out, "ann"), "10");
    let t = trigger_out(&out, "c");
    assert_eq!(
        (
            text_at(t, "counterBefore"),
            text_at(t, "counterAfter"),
            text_at(t, "activatedAtRecordId")
        ),
        ("0".into(), "150".into(), "r3".into())
    );
}

#[test]
fn several_thresholds_in_one_record() {
    let sets = list(&[
        set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "a",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            r#"[{"payeeId":"label","pct":"80"},{"payeeId":"ann","pct":"20"}]"#,
            r#"{"type":"income","threshold":"100","preCounted":"0"}"#,
        ),
        set(
            "z",
            PRODUCT_P1,
            "conditional",
            "",
            2,
            LABEL_AND_ANN,
            r#"{"type":"income","threshold":"150","preCounted":"0"}"#,
        ),
    ]);
    let out = run_checked(&statement_input(
        &list(&[sale("r1", "C1", "200", 40)]),
        CATALOG,
        &sets,
        "[]",
        NO_STATE,
    ));
    assert_eq!(line(&out, "C1", "b", "label"), Some(("20".into(), "100".into())));
    assert_eq!(line(&out, "C1", "a", "label"), Some(("10".into(), "40".into())));
    assert_eq!(line(&out, "C1", "a", "ann"), Some(("10".into(), "10".into())));
    assert_eq!(line(&out, "C1", "z", "label"), Some(("10".into(), "25".into())));
    assert_eq!(line(&out, "C1", "z", "ann"), Some(("10".into(), "25".into())));
    assert_eq!(payout(&out, "label"), "165");
    assert_eq!(payout(&out, "ann"), "35");
    assert_eq!(text_at(trigger_out(&out, "a"), "activatedAtRecordId"), "r1");
    assert_eq!(text_at(trigger_out(&out, "z"), "activatedAtRecordId"), "r1");
    // a lower-priority set crossing later does not displace the higher one
    let sets = list(&[
        set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "hi",
            PRODUCT_P1,
            "conditional",
            "",
            5,
            ALL_TO_ANN,
            r#"{"type":"income","threshold":"50","preCounted":"0"}"#,
        ),
        set(
            "lo",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            LABEL_AND_ANN,
            r#"{"type":"income","threshold":"150","preCounted":"0"}"#,
        ),
    ]);
    let out = run_checked(&statement_input(
        &list(&[sale("r1", "C1", "200", 0)]),
        CATALOG,
        &sets,
        "[]",
        NO_STATE,
    ));
    assert_eq!(payout(&out, "label"), "50");
    assert_eq!(line(&out, "C1", "hi", "ann"), Some(("0".into(), "150".into())));
    assert_eq!(line(&out, "C1", "lo", "ann"), None);
}

#[test]
fn threshold_crossed_in_a_later_record_and_counted_by_scope() {
    let sets = list(&[
        set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            ALL_TO_ANN,
            r#"{"type":"income","threshold":"100","preCounted":"0"}"#,
        ),
        set("d", DEFAULT_SCOPE, "base", "", 0, ALL_TO_LABEL, ""),
    ]);
    let records = list(&[
        sale("r1", "C1", "60", 0),
        sale("r2", "C3", "60", 0).replace("2026-09-01", "2026-09-02"),
        sale("r0", "C2", "500", 0), // p2: other scope, not counted
    ]);
    let out = run_checked(&statement_input(&records, CATALOG_P1_P2, &sets, "[]", NO_STATE));
    assert_eq!(line(&out, "C3", "b", "label"), Some(("0".into(), "40".into())));
    assert_eq!(line(&out, "C3", "c", "ann"), Some(("0".into(), "20".into())));
    assert_eq!(text_at(trigger_out(&out, "c"), "counterAfter"), "120");
    assert_eq!(text_at(trigger_out(&out, "c"), "activatedAtRecordId"), "r2");
    assert_eq!(line(&out, "C2", "d", "label"), Some(("0".into(), "500".into())));
}

#[test]
fn non_positive_net_is_never_cut_but_counted() {
    let sets = list(&[
        set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            ALL_TO_ANN,
            r#"{"type":"units","threshold":100,"preCounted":60}"#,
        ),
    ]);
    let records = list(&[
        record("r1", "C1", "sale", "2026-09-01", "0", 50),
        record("r2", "C1", "sale", "2026-09-02", "10", 5),
        record("r3", "C1", "adjustment", "2026-09-03", "-4", -100),
        record("r4", "C1", "sale", "2026-09-04", "10", 0),
    ]);
    let out = run_checked(&statement_input(&records, CATALOG, &sets, "[]", NO_STATE));
    // r1 crosses with net 0: base allocates it (amount 0, units 50), counted afterwards.
    // r2 escalated; r3 (active before it) escalated and drops the counter; r4 back on base.
    assert_eq!(line(&out, "C1", "b", "label"), Some(("50".into(), "10".into())));
    assert_eq!(line(&out, "C1", "c", "ann"), Some(("-95".into(), "6".into())));
    let t = trigger_out(&out, "c");
    assert_eq!(
        (text_at(t, "counterAfter"), text_at(t, "activatedAtRecordId")),
        ("15".into(), "r1".into())
    );
}
