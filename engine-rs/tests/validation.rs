//! Validation: whole inputs rejected with `path: message` (engine-rs/README.md).
mod common;
use common::*;

fn base_doc(sets: &str) -> String {
    statement_input(
        &format!("[{}]", sale("r1", "C1", "10", 1)),
        CATALOG,
        sets,
        "[]",
        NO_STATE,
    )
}

fn set_with(shares: &str) -> String {
    format!("[{}]", base("b", shares))
}

#[test]
fn shares_not_totalling_100() {
    let e = err(&base_doc(&set_with(
        r#"[{"payeeId":"a","pct":"49.5"},{"payeeId":"b","pct":"50"}]"#,
    )));
    assert_eq!(e, "splitSets[0].shares: Splits total 99.5%");
    let e = err(&base_doc(&set_with(
        r#"[{"payeeId":"a","pct":"33.3333"},{"payeeId":"b","pct":"33.3333"}]"#,
    )));
    assert_eq!(e, "splitSets[0].shares: Splits total 66.6666%");
    let e = err(&base_doc(&set_with("[]")));
    assert_eq!(e, "splitSets[0].shares: Splits total 0%");
}

#[test]
fn second_set_is_named() {
    let sets = format!(
        "[{},{}]",
        base("a", r#"[{"payeeId":"a","pct":"100"}]"#),
        base("b", r#"[{"payeeId":"a","pct":"99"}]"#)
    );
    assert_eq!(err(&base_doc(&sets)), "splitSets[1].shares: Splits total 99%");
}

#[test]
fn group_members_not_totalling_100() {
    let e = err(&base_doc(&set_with(
        r#"[{"payeeId":"label","pct":"50"},{"groupId":"band","pct":"50","members":[{"payeeId":"ann","pct":"50"},{"payeeId":"bob","pct":"40"}]}]"#,
    )));
    assert_eq!(e, "splitSets[0].shares[1].members: Splits total 90%");
}

#[test]
fn balance_shares() {
    let e = err(&base_doc(&set_with(
        r#"[{"payeeId":"a","pct":"60"},{"payeeId":"b","pct":"44"},{"payeeId":"c","balance":true}]"#,
    )));
    assert_eq!(e, "splitSets[0].shares: Splits total 104%");
    let e = err(&base_doc(&set_with(
        r#"[{"payeeId":"a","balance":true},{"payeeId":"b","balance":true}]"#,
    )));
    assert_eq!(e, "splitSets[0].shares: only one balance share allowed");
    // a balance share of exactly 0 is fine
    run(&base_doc(&set_with(
        r#"[{"payeeId":"a","pct":"100"},{"payeeId":"b","balance":true}]"#,
    )));
}

#[test]
fn unknown_share_shapes() {
    for shape in [
        r#"{"payeeId":"a"}"#,
        r#"{"pct":"100"}"#,
        r#"{"payeeId":"a","pct":"100","balance":true}"#,
        r#"{"payeeId":"a","balance":false}"#,
        r#"{"groupId":"g","pct":"100"}"#,
        r#"{"groupId":"g","payeeId":"a","pct":"100","members":[]}"#,
        r#"{"payeeId":7,"pct":"100"}"#,
        r#""a""#,
    ] {
        let e = err(&base_doc(&set_with(&format!("[{}]", shape))));
        assert_eq!(e, "splitSets[0].shares[0]: unknown share shape", "{}", shape);
    }
    // groups cannot nest
    let e = err(&base_doc(&set_with(
        r#"[{"groupId":"g","pct":"100","members":[{"groupId":"h","pct":"100","members":[{"payeeId":"a","pct":"100"}]}]}]"#,
    )));
    assert_eq!(e, "splitSets[0].shares[0].members[0]: unknown share shape");
}

#[test]
fn bad_numbers() {
    let mut r = sale("r1", "C1", "1e3", 1);
    let input = statement_input(
        &format!("[{}]", r),
        CATALOG,
        &set_with(r#"[{"payeeId":"a","pct":"100"}]"#),
        "[]",
        NO_STATE,
    );
    assert_eq!(err(&input), "records[0].revenue: not a decimal amount");
    r = sale("r1", "C1", "10", 1).replace(r#""units":1"#, r#""units":1.5"#);
    let input = statement_input(
        &format!("[{}]", r),
        CATALOG,
        &set_with(r#"[{"payeeId":"a","pct":"100"}]"#),
        "[]",
        NO_STATE,
    );
    assert_eq!(err(&input), "records[0].units: not an integer");
    let e = err(&base_doc(&set_with(r#"[{"payeeId":"a","pct":"100.00001"}]"#)));
    assert_eq!(e, "splitSets[0].shares[0].pct: not a percentage");
    let e = err(&base_doc(&set_with(r#"[{"payeeId":"a","pct":100}]"#)));
    assert_eq!(e, "splitSets[0].shares[0].pct: not a percentage");
    let r = sale("r1", "C1", "10", 1).replace("2026-09-01", "2026-02-30");
    let input = statement_input(
        &format!("[{}]", r),
        CATALOG,
        &set_with(r#"[{"payeeId":"a","pct":"100"}]"#),
        "[]",
        NO_STATE,
    );
    assert_eq!(err(&input), "records[0].date: not a date (YYYY-MM-DD)");
    let r = sale("r1", "C1", "10", 1).replace(r#""kind":"sale""#, r#""kind":"refund""#);
    let input = statement_input(
        &format!("[{}]", r),
        CATALOG,
        &set_with(r#"[{"payeeId":"a","pct":"100"}]"#),
        "[]",
        NO_STATE,
    );
    assert_eq!(err(&input), r#"records[0].kind: unknown value "refund""#);
    let r = sale("r1", "C1", "10", 1).replace(r#","revenue":"10""#, "");
    let input = statement_input(
        &format!("[{}]", r),
        CATALOG,
        &set_with(r#"[{"payeeId":"a","pct":"100"}]"#),
        "[]",
        NO_STATE,
    );
    assert_eq!(err(&input), "records[0].revenue: required");
}

#[test]
fn first_error_in_input_order() {
    // a bad record comes before a bad split set
    let r = sale("r1", "C1", "x", 1);
    let input = statement_input(
        &format!("[{}]", r),
        CATALOG,
        &set_with(r#"[{"payeeId":"a","pct":"1"}]"#),
        "[]",
        NO_STATE,
    );
    assert_eq!(err(&input), "records[0].revenue: not a decimal amount");
    // catalog before split sets
    let input = statement_input(
        "[]",
        r#"{"C1":{}}"#,
        &set_with(r#"[{"payeeId":"a","pct":"1"}]"#),
        "[]",
        NO_STATE,
    );
    assert_eq!(err(&input), "catalog.C1.productId: required");
}

#[test]
fn triggers_and_ids() {
    let cond = |trigger: &str| {
        format!(
            r#"[{},{{"id":"c","scope":{{"productId":"p1"}},"kind":"conditional","priority":1,"shares":[{{"payeeId":"a","pct":"100"}}],"trigger":{}}}]"#,
            base("b", r#"[{"payeeId":"a","pct":"100"}]"#),
            trigger
        )
    };
    assert_eq!(
        err(&base_doc(&cond(r#"{"type":"weather"}"#))),
        r#"splitSets[1].trigger.type: unknown trigger type "weather""#
    );
    assert_eq!(
        err(&base_doc(&cond(r#"{"type":"recoupment","recoupmentId":"rcX"}"#))),
        r#"splitSets[1].trigger.recoupmentId: unknown recoupment "rcX""#
    );
    assert_eq!(
        err(&base_doc(&cond(r#"{"type":"income"}"#))),
        "splitSets[1].trigger.threshold: required"
    );
    assert_eq!(
        err(&base_doc(&cond(r#"{"type":"units","threshold":"100"}"#))),
        "splitSets[1].trigger.threshold: not an integer"
    );
    let no_trigger = format!(
        r#"[{{"id":"c","scope":{{"default":true}},"kind":"conditional","shares":[{{"payeeId":"a","pct":"100"}}]}}]"#
    );
    assert_eq!(err(&base_doc(&no_trigger)), "splitSets[0].trigger: required");
    let dup = format!(
        "[{},{}]",
        base("b", r#"[{"payeeId":"a","pct":"100"}]"#),
        base("b", r#"[{"payeeId":"a","pct":"100"}]"#)
    );
    assert_eq!(err(&base_doc(&dup)), r#"splitSets[1].id: duplicate id "b""#);
    let recoupment_list = format!(
        "[{},{}]",
        recoupment("rc1", "label", r#"["ann"]"#, "10", "high", ""),
        recoupment("rc1", "label", r#"["ann"]"#, "10", "high", "")
    );
    let input = statement_input(
        "[]",
        CATALOG,
        &set_with(r#"[{"payeeId":"a","pct":"100"}]"#),
        &recoupment_list,
        NO_STATE,
    );
    assert_eq!(err(&input), r#"recoupments[1].id: duplicate id "rc1""#);
    let bad_scope =
        r#"[{"id":"s","scope":{"productId":"p1","code":"C1"},"kind":"base","shares":[{"payeeId":"a","pct":"100"}]}]"#;
    assert_eq!(err(&base_doc(bad_scope)), "splitSets[0].scope: unknown scope shape");
}

#[test]
fn recoupment_fields() {
    let one = |extra: &str| {
        let recoupment_list = format!("[{}]", recoupment("rc1", "label", r#"["ann"]"#, "10", "high", extra));
        err(&statement_input(
            "[]",
            CATALOG,
            &set_with(r#"[{"payeeId":"a","pct":"100"}]"#),
            &recoupment_list,
            NO_STATE,
        ))
    };
    assert_eq!(
        one(r#""priority":"urgent""#),
        r#"recoupments[0].priority: unknown value "urgent""#
    );
    assert_eq!(
        one(r#""scope":"some""#),
        r#"recoupments[0].scope: unknown value "some""#
    );
    assert_eq!(
        one(r#""reimbursement":"later""#),
        r#"recoupments[0].reimbursement: unknown value "later""#
    );
    assert_eq!(
        one(r#""recoupablePct":"101""#),
        "recoupments[0].recoupablePct: not a percentage"
    );
    assert_eq!(
        one(r#""statementMaximum":"lots""#),
        "recoupments[0].statementMaximum: not a decimal amount"
    );
    assert_eq!(
        one(r#""startDate":"2026-13-01""#),
        "recoupments[0].startDate: not a date (YYYY-MM-DD)"
    );
    assert_eq!(
        one(r#""debtorIds":["ann",3]"#),
        "recoupments[0].debtorIds[1]: not a string"
    );
    assert_eq!(
        one(r#""mechanicalRepays":"yes""#),
        "recoupments[0].mechanicalRepays: not a boolean"
    );
}

#[test]
fn state_fields() {
    let sets = format!(
        r#"[{},{{"id":"c","scope":{{"productId":"p1"}},"kind":"conditional","priority":1,"shares":[{{"payeeId":"a","pct":"100"}}],"trigger":{{"type":"units","threshold":10,"preCounted":0}}}}]"#,
        base("b", r#"[{"payeeId":"a","pct":"100"}]"#)
    );
    let input = statement_input(
        "[]",
        CATALOG,
        &sets,
        "[]",
        r#"{"counters":{"c":{"value":"1.5"}},"recoupments":{}}"#,
    );
    assert_eq!(err(&input), "state.counters.c.value: not an integer");
    // a units counter has up to 26 significant digits, like every state value
    let counter = |value: &str| {
        let state = format!(r#"{{"counters":{{"c":{{"value":"{}"}}}},"recoupments":{{}}}}"#, value);
        statement_input("[]", CATALOG, &sets, "[]", &state)
    };
    let out = run(&counter(&format!("-000{}", "9".repeat(26))));
    assert_eq!(
        text_at(trigger_out(&out, "c"), "counterAfter"),
        format!("-{}", "9".repeat(26))
    );
    assert_eq!(err(&counter(&"1".repeat(27))), "state.counters.c.value: not an integer");
    let input = statement_input("[]", CATALOG, &sets, "[]", r#"{"counters":{"c":{}},"recoupments":{}}"#);
    assert_eq!(err(&input), "state.counters.c.value: required");
    // unknown ids in the state are ignored
    run(&statement_input(
        "[]",
        CATALOG,
        &sets,
        "[]",
        r#"{"counters":{"zz":{"value":"x"}},"recoupments":{"nope":1}}"#,
    ));
    let recoupment_list = format!("[{}]", recoupment("rc1", "label", r#"["ann"]"#, "10", "high", ""));
    let input = statement_input(
        "[]",
        CATALOG,
        &sets,
        &recoupment_list,
        r#"{"counters":{},"recoupments":{"rc1":{"remaining":"-x"}}}"#,
    );
    assert_eq!(err(&input), "state.recoupments.rc1.remaining: not a decimal amount");
}

#[test]
fn statement_and_json_errors() {
    let input = base_doc(&set_with(r#"[{"payeeId":"a","pct":"100"}]"#)).replace("2026-09", "2026-9");
    assert_eq!(err(&input), "statement.period: not a period (YYYY-MM)");
    assert_eq!(err("[]"), "$: not an object");
    let e = royalty_engine::calculate_json("{\"a\":").unwrap_err();
    assert_eq!(e.status(), royalty_engine::Status::InvalidJson);
    let e = royalty_engine::calculate_bytes(b"{\"a\":\"\xff\"}").unwrap_err();
    assert_eq!(e.status(), royalty_engine::Status::InvalidUtf8);
    // more than 15 integer digits is not an amount the engine accepts
    let input = statement_input(
        &format!("[{}]", sale("r1", "C1", "1234567890123456", 1)),
        CATALOG,
        &set_with(r#"[{"payeeId":"a","pct":"100"}]"#),
        "[]",
        NO_STATE,
    );
    assert_eq!(err(&input), "records[0].revenue: not a decimal amount");
}

#[test]
fn catalog_keys_in_javascript_order() {
    // array-index keys come first, in numeric order, as Object.entries gives them
    let input = statement_input("[]", r#"{"b":{},"10":{},"9":5}"#, "[]", "[]", NO_STATE);
    assert_eq!(err(&input), "catalog.9: not an object");
    let input = statement_input("[]", r#"{"b":{},"010":{}}"#, "[]", "[]", NO_STATE);
    assert_eq!(err(&input), "catalog.b.productId: required");
}
