//! The worked examples of ENGINE.md, exactly.
mod common;
use common::*;

#[test]
fn example_1_groups() {
    let sets = format!(
        "[{}]",
        base(
            "base-p1",
            r#"[{"payeeId":"label","pct":"50"},{"groupId":"band","pct":"50","members":[{"payeeId":"ann","pct":"50"},{"payeeId":"bob","pct":"50"}]}]"#
        )
    );
    let input = statement_input(
        &format!("[{}]", sale("r1", "C1", "10", 100)),
        CATALOG,
        &sets,
        "[]",
        NO_STATE,
    );
    let (_, text) = run_text(&input);
    assert_eq!(
        text,
        concat!(
            r#"{"totals":{"gross":"10","take":"0","net":"10","offTheTop":"0","allocated":"10","unallocated":"0"},"#,
            r#""payees":[{"payeeId":"ann","earned":"2.5","recouped":"0","credited":"0","payout":"2.5"},"#,
            r#"{"payeeId":"bob","earned":"2.5","recouped":"0","credited":"0","payout":"2.5"},"#,
            r#"{"payeeId":"label","earned":"5","recouped":"0","credited":"0","payout":"5"}],"#,
            r#""lines":[{"code":"C1","productId":"p1","splitSetId":"base-p1","payeeId":"ann","units":100,"amount":"2.5"},"#,
            r#"{"code":"C1","productId":"p1","splitSetId":"base-p1","payeeId":"bob","units":100,"amount":"2.5"},"#,
            r#"{"code":"C1","productId":"p1","splitSetId":"base-p1","payeeId":"label","units":100,"amount":"5"}],"#,
            r#""recoupments":[],"triggers":[],"missingCodes":[],"state":{"counters":{},"recoupments":{}}}"#
        )
    );
}

#[test]
fn example_2_largest_remainder() {
    let sets = format!(
        "[{}]",
        base(
            "b",
            r#"[{"payeeId":"x","pct":"33.3333"},{"payeeId":"y","pct":"33.3333"},{"payeeId":"z","pct":"33.3334"}]"#
        )
    );
    let input = statement_input(
        &format!("[{}]", sale("r1", "C1", "0.000000000001", 1)),
        CATALOG,
        &sets,
        "[]",
        NO_STATE,
    );
    let out = run(&input);
    assert_eq!(payout(&out, "x"), "0");
    assert_eq!(payout(&out, "y"), "0");
    assert_eq!(payout(&out, "z"), "0.000000000001");
    check_invariants(&input, &out);
}

fn example_3_sets(pre: &str) -> String {
    format!(
        r#"[{},{{"id":"cond","scope":{{"productId":"p1"}},"kind":"conditional","startDate":null,"priority":1,"shares":[{{"payeeId":"label","pct":"70"}},{{"payeeId":"ann","pct":"30"}}],"trigger":{{"type":"income","threshold":"7500","preCounted":"{}"}}}}]"#,
        base("base", r#"[{"payeeId":"label","pct":"100"}]"#),
        pre
    )
}

#[test]
fn example_3_escalation_inside_a_record() {
    let input = statement_input(
        &format!("[{}]", sale("r1", "C1", "1000", 10)),
        CATALOG,
        &example_3_sets("7000"),
        "[]",
        NO_STATE,
    );
    let (out, text) = run_text(&input);
    assert_eq!(payout(&out, "label"), "850");
    assert_eq!(payout(&out, "ann"), "150");
    let t = trigger_out(&out, "cond");
    assert_eq!(text_at(t, "counterBefore"), "7000");
    assert_eq!(text_at(t, "counterAfter"), "8000");
    assert_eq!(text_at(t, "activatedAtRecordId"), "r1");
    assert!(text.contains(r#""lines":[{"code":"C1","productId":"p1","splitSetId":"base","payeeId":"label","units":5,"amount":"500"},{"code":"C1","productId":"p1","splitSetId":"cond","payeeId":"ann","units":5,"amount":"150"},{"code":"C1","productId":"p1","splitSetId":"cond","payeeId":"label","units":5,"amount":"350"}]"#), "{}", text);
    assert!(
        text.ends_with(r#""state":{"counters":{"cond":{"value":"8000"}},"recoupments":{}}}"#),
        "{}",
        text
    );
    check_invariants(&input, &out);
}

#[test]
fn example_4_debtor_recoupment() {
    let sets = format!(
        "[{}]",
        base("b", r#"[{"payeeId":"ann","pct":"40"},{"payeeId":"label","pct":"60"}]"#)
    );
    let recoupment_list = format!(
        "[{}]",
        recoupment("rc1", "label", r#"["ann"]"#, "1000", "high", r#""recoupablePct":"50""#)
    );
    let input = statement_input(
        &format!("[{}]", sale("r1", "C1", "1000", 1)),
        CATALOG,
        &sets,
        &recoupment_list,
        NO_STATE,
    );
    let (out, text) = run_text(&input);
    assert_eq!(payee(&out, "ann").unwrap(), ["400", "200", "0", "200"]);
    assert_eq!(payee(&out, "label").unwrap(), ["600", "0", "200", "800"]);
    assert!(text.contains(r#""recoupments":[{"id":"rc1","before":"1000","taken":"200","after":"800","closed":false,"deferred":"0","remittances":[{"debtorId":"ann","amount":"200"}]}]"#), "{}", text);
    assert!(text.ends_with(r#""state":{"counters":{},"recoupments":{"rc1":{"remaining":"800","deferred":"0"}}}}"#));
    check_invariants(&input, &out);
}

#[test]
fn contract_example_input_runs() {
    let input = r#"{
      "currency": "USD",
      "statement": { "id": "s1", "period": "2026-09", "distributorTakePct": "0" },
      "records": [
        { "id": "r1", "code": "USRC17607839", "kind": "sale", "date": "2026-09-01",
          "units": 1200, "revenue": "3.456789012345", "service": "Spotify",
          "format": "stream", "territory": "US" }
      ],
      "catalog": { "USRC17607839": { "productId": "p1" } },
      "splitSets": [
        { "id": "base-p1", "scope": { "productId": "p1" }, "kind": "base",
          "startDate": null, "priority": 0,
          "shares": [
            { "payeeId": "label", "pct": "50" },
            { "groupId": "band", "pct": "50",
              "members": [ { "payeeId": "ann", "pct": "50" }, { "payeeId": "bob", "pct": "50" } ] }
          ] }
      ],
      "recoupments": [],
      "state": { "counters": {}, "recoupments": {} }
    }"#;
    let out = run(input);
    // 3.456789012345 / 2 = 1.7283945061725 -> label 1.728394506173 (odd unit to the first share),
    // band 1.728394506172 -> ann 0.864197253086, bob 0.864197253086.
    assert_eq!(payout(&out, "label"), "1.728394506173");
    assert_eq!(payout(&out, "ann"), "0.864197253086");
    assert_eq!(payout(&out, "bob"), "0.864197253086");
    check_invariants(input, &out);
}
