//! ENGINE.md step 3: off-the-top recoupments.
mod common;
use common::*;

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
