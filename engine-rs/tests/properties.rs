//! ENGINE.md's invariants on pseudo-random inputs (a fixed xorshift, no crates).
//!
//! Set `ENGINE_DUMP_DIR` to also write every generated input there (one JSON
//! file each) for the differential test against the decimal.js reference.
mod common;
use common::*;
use royalty_engine::json::{parse, stringify, Value};
use std::collections::BTreeMap;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

const PAYEES: [&str; 5] = ["label", "ann", "bob", "cat", "pub"];
const CODES: [&str; 5] = ["C1", "C2", "C3", "C4", "C5"];

/// A money string: integer part up to `max_int`, 0 to 14 decimals.
fn money(r: &mut Rng, max_int: u64, negative: bool) -> String {
    let int = r.below(max_int + 1);
    let places = r.below(15) as usize;
    let mut s = String::new();
    if negative {
        s.push('-');
    }
    s.push_str(&int.to_string());
    if places > 0 {
        s.push('.');
        for _ in 0..places {
            s.push((b'0' + r.below(10) as u8) as char);
        }
    }
    s
}

fn pct_text(v: u64) -> String {
    royalty_engine::money::format_percent(v as i128)
}

/// `n` weights (10^-4 percent) summing to 100%.
fn weights(r: &mut Rng, n: usize) -> Vec<u64> {
    let mut cuts: Vec<u64> = (0..n - 1)
        .map(|_| {
            if r.chance(50) {
                r.below(101) * 10_000
            } else {
                r.below(1_000_001)
            }
        })
        .collect();
    cuts.push(0);
    cuts.push(1_000_000);
    cuts.sort_unstable();
    cuts.windows(2).map(|w| w[1] - w[0]).collect()
}

fn share_list(r: &mut Rng, allow_groups: bool, depth_payees: &[&str]) -> String {
    let n = 1 + r.below(4) as usize;
    let w = weights(r, n);
    let balance = if r.chance(25) {
        Some(r.below(n as u64) as usize)
    } else {
        None
    };
    let mut items = Vec::new();
    for (i, pct) in w.iter().enumerate() {
        let payee = r.pick(depth_payees);
        if allow_groups && r.chance(20) && Some(i) != balance {
            let members = share_list(r, false, depth_payees);
            items.push(format!(
                r#"{{"groupId":"g{}","pct":"{}","members":{}}}"#,
                i,
                pct_text(*pct),
                members
            ));
        } else if Some(i) == balance {
            items.push(format!(r#"{{"payeeId":"{}","balance":true}}"#, payee));
        } else {
            items.push(format!(r#"{{"payeeId":"{}","pct":"{}"}}"#, payee, pct_text(*pct)));
        }
    }
    format!("[{}]", items.join(","))
}

fn date(r: &mut Rng, from: u64, to: u64) -> String {
    format!("2026-09-{:02}", from + r.below(to - from + 1))
}

struct Options {
    recoupment_triggers: bool,
    debtor_recoupments: bool,
    day_from: u64,
    day_to: u64,
}

fn split_sets(r: &mut Rng, opts: &Options, n_recoupments: usize) -> String {
    let scopes = [
        r#"{"code":"C1"}"#,
        r#"{"productId":"p1"}"#,
        r#"{"productId":"p2"}"#,
        r#"{"default":true}"#,
    ];
    let mut sets = Vec::new();
    let mut id = 0;
    for scope in scopes.iter() {
        if r.chance(30) {
            continue;
        }
        let n = r.below(6);
        for k in 0..n {
            let kind = if k == 0 {
                if r.chance(85) {
                    "base"
                } else {
                    "mechanical"
                }
            } else {
                r.pick(&["base", "mechanical", "conditional", "conditional", "conditional"])
            };
            let start = if r.chance(60) {
                "null".to_string()
            } else {
                format!("\"{}\"", date(r, 1, 28))
            };
            let mut trigger = String::new();
            if kind == "conditional" {
                let types: &[&str] = if opts.recoupment_triggers && n_recoupments > 0 {
                    &["income", "units", "plays", "date", "manual", "recoupment"]
                } else {
                    &["income", "units", "plays", "date", "manual"]
                };
                trigger = match r.pick(types) {
                    "income" => format!(
                        r#","trigger":{{"type":"income","threshold":"{}","preCounted":"{}"}}"#,
                        money(r, 300, false),
                        money(r, 100, false)
                    ),
                    "units" => format!(
                        r#","trigger":{{"type":"units","threshold":{},"preCounted":{}}}"#,
                        r.below(3000),
                        r.below(500)
                    ),
                    "plays" => format!(
                        r#","trigger":{{"type":"plays","threshold":{},"preCounted":{}}}"#,
                        r.below(3000),
                        r.below(500)
                    ),
                    "date" => format!(r#","trigger":{{"type":"date","date":"{}"}}"#, date(r, 1, 28)),
                    "manual" => format!(r#","trigger":{{"type":"manual","active":{}}}"#, r.chance(50)),
                    _ => format!(
                        r#","trigger":{{"type":"recoupment","recoupmentId":"rc{}"}}"#,
                        r.below(n_recoupments as u64)
                    ),
                };
            }
            let _ = opts;
            sets.push(format!(
                r#"{{"id":"s{}","scope":{},"kind":"{}","startDate":{},"priority":{},"shares":{}{}}}"#,
                id,
                scope,
                kind,
                start,
                r.below(3),
                share_list(r, true, &PAYEES),
                trigger
            ));
            id += 1;
        }
    }
    format!("[{}]", sets.join(","))
}

fn records(r: &mut Rng, opts: &Options, prefix: &str) -> String {
    let n = r.below(14);
    let mut items = Vec::new();
    for i in 0..n {
        let kind = r.pick(&["sale", "sale", "sale", "mechanical", "adjustment"]);
        let negative = kind == "adjustment" && r.chance(50);
        let revenue = if r.chance(5) {
            "0".to_string()
        } else {
            {
                let big = if r.chance(20) { 100_000 } else { 500 };
                money(r, big, negative)
            }
        };
        let units = if kind == "adjustment" && r.chance(30) {
            -(r.below(100) as i64)
        } else {
            r.below(2000) as i64
        };
        let date = if r.chance(15) && opts.day_from == 1 {
            String::new()
        } else {
            format!(r#","date":"{}""#, date(r, opts.day_from, opts.day_to))
        };
        items.push(format!(
            r#"{{"id":"{}{}","code":"{}","kind":"{}"{},"units":{},"revenue":"{}","service":"S","format":"{}","territory":"US"}}"#,
            prefix,
            r.below(20) * 100 + i,
            r.pick(&CODES),
            kind,
            date,
            units,
            revenue,
            r.pick(&["stream", "stream", "download"])
        ));
    }
    format!("[{}]", items.join(","))
}

fn recoupments(r: &mut Rng, opts: &Options, n: usize, distinct_priorities: bool) -> String {
    let prios = [
        "highest",
        "high",
        "medium-high",
        "medium",
        "medium-low",
        "low",
        "lowest",
    ];
    let mut items = Vec::new();
    for i in 0..n {
        let debtors: Vec<String> = (0..r.below(3)).map(|_| format!("\"{}\"", r.pick(&PAYEES))).collect();
        let products = if r.chance(60) { r#"["p1"]"# } else { r#"["p2","p3"]"# };
        let recoupable = if opts.debtor_recoupments && r.chance(75) {
            pct_text(r.below(1_000_001))
        } else {
            "0".into()
        };
        let net_pct = if r.chance(40) {
            pct_text(r.below(300_001))
        } else {
            "0".into()
        };
        let (max, pay_min, rev_min) = if opts.debtor_recoupments {
            (
                if r.chance(25) {
                    format!("\"{}\"", money(r, 80, false))
                } else {
                    "null".into()
                },
                if r.chance(25) { money(r, 40, false) } else { "0".into() },
                if r.chance(20) {
                    let neg = r.chance(30);
                    money(r, 400, neg)
                } else {
                    "0".into()
                },
            )
        } else {
            ("null".into(), "0".into(), "-1000000000".into())
        };
        let priority = if distinct_priorities { prios[i] } else { r.pick(&prios) };
        items.push(format!(
            r#"{{"id":"rc{}","title":"t","type":"advance","status":"{}","creditorId":"{}","debtorIds":[{}],"amount":"{}","prepaid":"{}","priority":"{}","createdAt":{},"startDate":{},"scope":"{}","productIds":{},"recoupablePct":"{}","netRevenuePct":"{}","statementMaximum":{},"paymentMinimum":"{}","revenueMinimum":"{}","reimbursement":"{}","mechanicalRepays":{}}}"#,
            i,
            if r.chance(90) { "open" } else { "closed" },
            r.pick(&PAYEES),
            debtors.join(","),
            money(r, 400, false),
            if r.chance(20) { money(r, 50, false) } else { "0".into() },
            priority,
            1_750_000_000 + r.below(5),
            if r.chance(80) { "null".to_string() } else { format!("\"2026-{:02}-01\"", 8 + r.below(3)) },
            if r.chance(60) { "all" } else { "products" },
            products,
            recoupable,
            net_pct,
            max,
            pay_min,
            rev_min,
            if r.chance(30) { "deferred" } else { "immediate" },
            r.chance(30)
        ));
    }
    format!("[{}]", items.join(","))
}

fn catalog(r: &mut Rng) -> String {
    let mut items = Vec::new();
    for code in CODES.iter().take(4) {
        items.push(format!(
            r#""{}":{{"productId":"{}"}}"#,
            code,
            r.pick(&["p1", "p1", "p2", "p3"])
        ));
    }
    format!("{{{}}}", items.join(","))
}

fn state(r: &mut Rng, sets: &str, n_recoupments: usize) -> String {
    if r.chance(50) {
        return NOSTATE.to_string();
    }
    let parsed = parse(sets).unwrap();
    let mut counters = Vec::new();
    if let Value::Array(items) = parsed {
        for set in items {
            if let Some(Value::Object(_)) = set.get("trigger") {
                let ty = s(&set, "trigger.type");
                let id = s(&set, "id");
                if r.chance(60) {
                    match ty.as_str() {
                        "income" => {
                            let neg = r.chance(10);
                            counters.push(format!(r#""{}":{{"value":"{}"}}"#, id, money(r, 400, neg)))
                        }
                        "units" | "plays" => counters.push(format!(r#""{}":{{"value":"{}"}}"#, id, r.below(4000))),
                        _ => {}
                    }
                }
            }
        }
    }
    let mut rcs = Vec::new();
    for i in 0..n_recoupments {
        if r.chance(60) {
            let remaining = if r.chance(20) {
                "0".to_string()
            } else {
                money(r, 300, false)
            };
            rcs.push(format!(
                r#""rc{}":{{"remaining":"{}","deferred":"{}"}}"#,
                i,
                remaining,
                if r.chance(50) { "0".into() } else { money(r, 50, false) }
            ));
        }
    }
    format!(
        r#"{{"counters":{{{}}},"recoupments":{{{}}}}}"#,
        counters.join(","),
        rcs.join(",")
    )
}

fn random_input(r: &mut Rng) -> String {
    let opts = Options {
        recoupment_triggers: true,
        debtor_recoupments: true,
        day_from: 1,
        day_to: 28,
    };
    let n_rc = r.below(4) as usize;
    let sets = split_sets(r, &opts, n_rc);
    let st = state(r, &sets, n_rc);
    let take = if r.chance(50) {
        "0".to_string()
    } else {
        pct_text(r.below(400_001))
    };
    let recs = records(r, &opts, "r");
    let cat = catalog(r);
    let rcs = recoupments(r, &opts, n_rc, false);
    doc(&recs, &cat, &sets, &rcs, &st).replace(
        r#""distributorTakePct":"0""#,
        &format!(r#""distributorTakePct":"{}""#, take),
    )
}

fn dump(name: &str, input: &str) {
    if let Ok(dir) = std::env::var("ENGINE_DUMP_DIR") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(format!("{}/{}.json", dir, name), input).unwrap();
    }
}

#[test]
fn invariants_hold_on_random_inputs() {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let mut lines = 0usize;
    let mut recouped = 0usize;
    for i in 0..3000 {
        let input = random_input(&mut r);
        dump(&format!("random-{:05}", i), &input);
        let out = run(&input);
        check_invariants(&input, &out);
        lines += arr(&out, "lines").len();
        recouped += arr(&out, "recoupments").iter().filter(|x| s(x, "taken") != "0").count();
    }
    // the generator exercises the interesting paths
    assert!(lines > 10_000, "{}", lines);
    assert!(recouped > 300, "{}", recouped);
}

fn money_of(v: &Value, path: &str) -> i128 {
    m(&s(v, path))
}

/// Per payee payout, per line amount, and the final state, for comparing runs.
fn summary(outs: &[&Value]) -> (BTreeMap<String, i128>, BTreeMap<String, i128>) {
    let mut payouts = BTreeMap::new();
    let mut lines = BTreeMap::new();
    for out in outs {
        for p in arr(out, "payees") {
            *payouts.entry(s(p, "payeeId")).or_insert(0) += money_of(p, "payout");
        }
        for l in arr(out, "lines") {
            let key = format!("{}/{}/{}", s(l, "code"), s(l, "splitSetId"), s(l, "payeeId"));
            *lines.entry(key).or_insert(0) += money_of(l, "amount");
        }
    }
    payouts.retain(|_, v| *v != 0);
    lines.retain(|_, v| *v != 0);
    (payouts, lines)
}

#[test]
fn replay_a_then_b_equals_one_run() {
    // Without debtor recoupments (whose takes depend on statement totals) and
    // recoupment triggers (which look at the remaining at the statement start),
    // statement A then B with A's state is the same history as one statement
    // holding both: same payouts, lines, counters and balances.
    let mut r = Rng(0x2545_F491_4F6C_DD1D);
    for i in 0..1500 {
        let a_opts = Options {
            recoupment_triggers: false,
            debtor_recoupments: false,
            day_from: 1,
            day_to: 14,
        };
        let b_opts = Options {
            recoupment_triggers: false,
            debtor_recoupments: false,
            day_from: 15,
            day_to: 28,
        };
        let n_rc = r.below(4) as usize;
        let sets = split_sets(&mut r, &a_opts, n_rc);
        let cat = catalog(&mut r);
        let rcs = recoupments(&mut r, &a_opts, n_rc, true);
        let rec_a = records(&mut r, &a_opts, "a");
        let rec_b = records(&mut r, &b_opts, "b");
        let a = doc(&rec_a, &cat, &sets, &rcs, NOSTATE);
        let out_a = run(&a);
        let st = stringify(at(&out_a, "state"));
        let b = doc(&rec_b, &cat, &sets, &rcs, &st);
        let out_b = run(&b);
        check_invariants(&b, &out_b);
        let both: Vec<&str> = vec![&rec_a[1..rec_a.len() - 1], &rec_b[1..rec_b.len() - 1]];
        let both = format!(
            "[{}]",
            both.into_iter().filter(|x| !x.is_empty()).collect::<Vec<_>>().join(",")
        );
        let ab = doc(&both, &cat, &sets, &rcs, NOSTATE);
        dump(&format!("replay-{:05}-a", i), &a);
        dump(&format!("replay-{:05}-b", i), &b);
        dump(&format!("replay-{:05}-ab", i), &ab);
        let out_ab = run(&ab);
        assert_eq!(summary(&[&out_a, &out_b]), summary(&[&out_ab]), "\nA: {}\nB: {}", a, b);
        assert_eq!(
            stringify(at(&out_b, "state")),
            stringify(at(&out_ab, "state")),
            "\nA: {}\nB: {}",
            a,
            b
        );
    }
}

#[test]
fn output_is_stable_for_a_known_seed() {
    // Guards against accidental changes of output bytes: the same generated
    // inputs always give the same digest.
    let mut r = Rng(42);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for _ in 0..200 {
        let input = random_input(&mut r);
        let out = royalty_engine::calculate_json(&input).unwrap();
        for b in out.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    let again = {
        let mut r = Rng(42);
        let mut h2: u64 = 0xcbf2_9ce4_8422_2325;
        for _ in 0..200 {
            let input = random_input(&mut r);
            for b in royalty_engine::calculate_json(&input).unwrap().bytes() {
                h2 = (h2 ^ b as u64).wrapping_mul(0x100_0000_01b3);
            }
        }
        h2
    };
    assert_eq!(h, again);
}

/// Replaces or removes one random node of the input.
fn mutate(r: &mut Rng, v: &mut Value) {
    let replacements = [
        "null",
        "5",
        "1.5",
        "-3",
        "\"x\"",
        "true",
        "{}",
        "[]",
        "\"1.5\"",
        "\"-3\"",
        "\"150\"",
        "\"2026-02-30\"",
        "\"1e3\"",
        "\"100.00001\"",
        "9007199254740992",
        "{\"payeeId\":\"ann\"}",
    ];
    let leaf = |x: &Value| matches!(x, Value::String(_) | Value::Number(_) | Value::Bool(_) | Value::Null);
    let descend = r.chance(75);
    match v {
        Value::Object(members) if !members.is_empty() => {
            let i = r.below(members.len() as u64) as usize;
            if !descend || leaf(&members[i].1) {
                if r.chance(30) {
                    members.remove(i);
                } else {
                    members[i].1 = parse(r.pick(&replacements)).unwrap();
                }
            } else {
                mutate(r, &mut members[i].1);
            }
        }
        Value::Array(items) if !items.is_empty() => {
            let i = r.below(items.len() as u64) as usize;
            if !descend || leaf(&items[i]) {
                items[i] = parse(r.pick(&replacements)).unwrap();
            } else {
                mutate(r, &mut items[i]);
            }
        }
        other => *other = parse(r.pick(&replacements)).unwrap(),
    }
}

#[test]
fn mutated_inputs_are_rejected_or_consistent() {
    let mut r = Rng(0xD1B5_4A32_D192_ED03);
    let mut rejected = 0;
    for i in 0..2000 {
        let input = random_input(&mut r);
        let mut v = parse(&input).unwrap();
        mutate(&mut r, &mut v);
        let text = stringify(&v);
        dump(&format!("mutated-{:05}", i), &text);
        match royalty_engine::calculate_json(&text) {
            Ok(out) => check_invariants(&text, &parse(&out).unwrap()),
            Err(e) => {
                rejected += 1;
                let line = e.to_string();
                assert!(!line.contains('\n') && line.contains(": "), "{}", line);
                assert_eq!(e.status(), royalty_engine::Status::InvalidInput);
            }
        }
    }
    assert!(rejected > 500, "{}", rejected);
}
