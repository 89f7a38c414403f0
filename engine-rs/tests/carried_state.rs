//! What one statement hands the next: deferred balances, counters and remaining amounts.
mod common;
use common::*;

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

#[test]
fn state_values_of_26_integer_digits_round_trip() {
    let sets = list(&[
        set("b", PRODUCT_P1, "base", "", 0, LABEL_AND_ANN, ""),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            ALL_TO_ANN,
            r#"{"type":"income","threshold":"150","preCounted":"0"}"#,
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
    let recoupment_list = list(&[recoupment(
        "rc",
        "label",
        r#"["ann"]"#,
        "10",
        "high",
        r#""reimbursement":"deferred""#,
    )]);
    let big = "99999999999999999999999999.999999999999";
    let state = format!(
        r#"{{"counters":{{"c":{{"value":"-{big}"}},"u":{{"value":"-99999999999999999999999999"}}}},"recoupments":{{"rc":{{"remaining":"{big}","deferred":"-12345678901234567890123456.000000000001"}}}}}}"#,
        big = big
    );
    let input = statement_input(
        &list(&[sale("r1", "C1", "100", 7)]),
        CATALOG,
        &sets,
        &recoupment_list,
        &state,
    );
    let (out, text) = run_text(&input);
    check_invariants(&input, &out);
    // ann's 50 goes to the deferred balance; the counters move by 100 and 7 units
    assert!(
        text.ends_with(concat!(
            r#""state":{"counters":{"c":{"value":"-99999999999999999999999899.999999999999"},"#,
            r#""u":{"value":"-99999999999999999999999992"}},"#,
            r#""recoupments":{"rc":{"remaining":"99999999999999999999999949.999999999999","#,
            r#""deferred":"-12345678901234567890123406.000000000001"}}}}"#
        )),
        "{}",
        text
    );
    // what the engine wrote is accepted back
    let next = statement_input(
        &list(&[sale("r2", "C1", "100", 7)]),
        CATALOG,
        &sets,
        &recoupment_list,
        &royalty_engine::json::stringify(at(&out, "state")),
    );
    check_invariants(&next, &run_checked(&next));
    // one more integer digit is refused
    let too_long = state.replace(r#""remaining":"9"#, r#""remaining":"19"#);
    let input = statement_input("[]", CATALOG, &sets, &recoupment_list, &too_long);
    assert_eq!(err(&input), "state.recoupments.rc.remaining: not a decimal amount");
}

#[test]
fn counter_past_15_digits_is_accepted_back() {
    let sets = list(&[
        set("b", PRODUCT_P1, "base", "", 0, ALL_TO_LABEL, ""),
        set(
            "c",
            PRODUCT_P1,
            "conditional",
            "",
            1,
            ALL_TO_ANN,
            r#"{"type":"income","threshold":"999999999999999","preCounted":"999999999999950"}"#,
        ),
    ]);
    let a = statement_input(&list(&[sale("r1", "C1", "100", 0)]), CATALOG, &sets, "[]", NO_STATE);
    let out_a = run_checked(&a);
    assert_eq!(text_at(trigger_out(&out_a, "c"), "counterAfter"), "1000000000000050");
    let b = statement_input(
        &list(&[sale("r2", "C1", "100", 0)]),
        CATALOG,
        &sets,
        "[]",
        &royalty_engine::json::stringify(at(&out_a, "state")),
    );
    let out_b = run_checked(&b);
    assert_eq!(text_at(trigger_out(&out_b, "c"), "counterAfter"), "1000000000000150");
    assert_eq!(payee(&out_b, "ann").unwrap(), ["100", "0", "0", "100"]);
}

#[test]
fn deferred_balances_of_26_digits_released_together() {
    let sets = list(&[set("b", PRODUCT_P1, "base", "", 0, ALL_TO_ANN, "")]);
    let deferred = r#""reimbursement":"deferred""#;
    let recoupment_list = list(&[
        recoupment("rc1", "label", r#"["ann"]"#, "10", "high", deferred),
        recoupment("rc2", "label", r#"["ann"]"#, "10", "low", deferred),
    ]);
    let big = "99999999999999999999999999.999999999999";
    let state = format!(
        r#"{{"counters":{{}},"recoupments":{{"rc1":{{"remaining":"10","deferred":"{big}"}},"rc2":{{"remaining":"10","deferred":"{big}"}}}}}}"#,
        big = big
    );
    let input = statement_input(
        &list(&[sale("r1", "C1", "100", 0)]),
        CATALOG,
        &sets,
        &recoupment_list,
        &state,
    );
    // no invariant check here: its sums are i128
    let out = run(&input);
    // both close: label is credited both balances and both takes, past what an i128 holds
    assert_eq!(
        payee(&out, "label").unwrap(),
        [
            "0",
            "0",
            "200000000000000000000000019.999999999998",
            "200000000000000000000000019.999999999998"
        ]
    );
    assert_eq!(payee(&out, "ann").unwrap(), ["100", "20", "0", "80"]);
}
