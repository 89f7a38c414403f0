//! Pseudo-random statements for the property tests (a fixed xorshift, no crates).

use super::*;
use royalty_engine::json::{parse, Value};

pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

pub const PAYEES: [&str; 5] = ["label", "ann", "bob", "cat", "pub"];

pub const CODES: [&str; 5] = ["C1", "C2", "C3", "C4", "C5"];

/// A money string: integer part up to `max_int`, 0 to 14 decimals.
pub fn money(r: &mut Rng, max_int: u64, negative: bool) -> String {
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

pub fn pct_text(v: u64) -> String {
    royalty_engine::money::format_percent(v as i128)
}

/// `n` weights (10^-4 percent) summing to 100%.
pub fn weights(r: &mut Rng, n: usize) -> Vec<u64> {
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

pub fn share_list(r: &mut Rng, allow_groups: bool, depth_payees: &[&str]) -> String {
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

pub fn date(r: &mut Rng, from: u64, to: u64) -> String {
    format!("2026-09-{:02}", from + r.below(to - from + 1))
}

pub struct Options {
    pub recoupment_triggers: bool,
    pub debtor_recoupments: bool,
    pub day_from: u64,
    pub day_to: u64,
}

pub fn split_sets(r: &mut Rng, opts: &Options, n_recoupments: usize) -> String {
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

pub fn records(r: &mut Rng, opts: &Options, prefix: &str) -> String {
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

pub fn recoupments(r: &mut Rng, opts: &Options, n: usize, distinct_priorities: bool) -> String {
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

pub fn catalog(r: &mut Rng) -> String {
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

pub fn state(r: &mut Rng, sets: &str, n_recoupments: usize) -> String {
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

pub fn random_input(r: &mut Rng) -> String {
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

pub fn dump(name: &str, input: &str) {
    if let Ok(dir) = std::env::var("ENGINE_DUMP_DIR") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(format!("{}/{}.json", dir, name), input).unwrap();
    }
}
