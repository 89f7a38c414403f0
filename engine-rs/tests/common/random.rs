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
pub fn random_money(rng: &mut Rng, max_int: u64, negative: bool) -> String {
    let int = rng.below(max_int + 1);
    let places = rng.below(15) as usize;
    let mut s = String::new();
    if negative {
        s.push('-');
    }
    s.push_str(&int.to_string());
    if places > 0 {
        s.push('.');
        for _ in 0..places {
            s.push((b'0' + rng.below(10) as u8) as char);
        }
    }
    s
}

pub fn pct_text(v: u64) -> String {
    royalty_engine::money::format_percent(v as i128)
}

/// `n` weights (10^-4 percent) summing to 100%.
pub fn weights(rng: &mut Rng, n: usize) -> Vec<u64> {
    let mut cuts: Vec<u64> = (0..n - 1)
        .map(|_| {
            if rng.chance(50) {
                rng.below(101) * 10_000
            } else {
                rng.below(1_000_001)
            }
        })
        .collect();
    cuts.push(0);
    cuts.push(1_000_000);
    cuts.sort_unstable();
    cuts.windows(2).map(|w| w[1] - w[0]).collect()
}

pub fn share_list(rng: &mut Rng, allow_groups: bool, depth_payees: &[&str]) -> String {
    let n = 1 + rng.below(4) as usize;
    let w = weights(rng, n);
    let balance = if rng.chance(25) {
        Some(rng.below(n as u64) as usize)
    } else {
        None
    };
    let mut items = Vec::new();
    for (i, pct) in w.iter().enumerate() {
        let payee = rng.pick(depth_payees);
        if allow_groups && rng.chance(20) && Some(i) != balance {
            let members = share_list(rng, false, depth_payees);
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

pub fn date(rng: &mut Rng, from: u64, to: u64) -> String {
    format!("2026-09-{:02}", from + rng.below(to - from + 1))
}

pub struct Options {
    pub recoupment_triggers: bool,
    pub debtor_recoupments: bool,
    pub day_from: u64,
    pub day_to: u64,
}

pub fn split_sets(rng: &mut Rng, options: &Options, n_recoupments: usize) -> String {
    let scopes = [
        r#"{"code":"C1"}"#,
        r#"{"productId":"p1"}"#,
        r#"{"productId":"p2"}"#,
        r#"{"default":true}"#,
    ];
    let mut sets = Vec::new();
    let mut id = 0;
    for scope in scopes.iter() {
        if rng.chance(30) {
            continue;
        }
        let n = rng.below(6);
        for k in 0..n {
            let kind = if k == 0 {
                if rng.chance(85) {
                    "base"
                } else {
                    "mechanical"
                }
            } else {
                rng.pick(&["base", "mechanical", "conditional", "conditional", "conditional"])
            };
            let start = if rng.chance(60) {
                "null".to_string()
            } else {
                format!("\"{}\"", date(rng, 1, 28))
            };
            let mut trigger = String::new();
            if kind == "conditional" {
                let types: &[&str] = if options.recoupment_triggers && n_recoupments > 0 {
                    &["income", "units", "plays", "date", "manual", "recoupment"]
                } else {
                    &["income", "units", "plays", "date", "manual"]
                };
                trigger = match rng.pick(types) {
                    "income" => format!(
                        r#","trigger":{{"type":"income","threshold":"{}","preCounted":"{}"}}"#,
                        random_money(rng, 300, false),
                        random_money(rng, 100, false)
                    ),
                    "units" => format!(
                        r#","trigger":{{"type":"units","threshold":{},"preCounted":{}}}"#,
                        rng.below(3000),
                        rng.below(500)
                    ),
                    "plays" => format!(
                        r#","trigger":{{"type":"plays","threshold":{},"preCounted":{}}}"#,
                        rng.below(3000),
                        rng.below(500)
                    ),
                    "date" => format!(r#","trigger":{{"type":"date","date":"{}"}}"#, date(rng, 1, 28)),
                    "manual" => format!(r#","trigger":{{"type":"manual","active":{}}}"#, rng.chance(50)),
                    _ => format!(
                        r#","trigger":{{"type":"recoupment","recoupmentId":"rc{}"}}"#,
                        rng.below(n_recoupments as u64)
                    ),
                };
            }
            let _ = options;
            sets.push(format!(
                r#"{{"id":"s{}","scope":{},"kind":"{}","startDate":{},"priority":{},"shares":{}{}}}"#,
                id,
                scope,
                kind,
                start,
                rng.below(3),
                share_list(rng, true, &PAYEES),
                trigger
            ));
            id += 1;
        }
    }
    format!("[{}]", sets.join(","))
}

pub fn records(rng: &mut Rng, options: &Options, prefix: &str) -> String {
    let n = rng.below(14);
    let mut items = Vec::new();
    for i in 0..n {
        let kind = rng.pick(&["sale", "sale", "sale", "mechanical", "adjustment"]);
        let negative = kind == "adjustment" && rng.chance(50);
        let revenue = if rng.chance(5) {
            "0".to_string()
        } else {
            {
                let big = if rng.chance(20) { 100_000 } else { 500 };
                random_money(rng, big, negative)
            }
        };
        let units = if kind == "adjustment" && rng.chance(30) {
            -(rng.below(100) as i64)
        } else {
            rng.below(2000) as i64
        };
        let date = if rng.chance(15) && options.day_from == 1 {
            String::new()
        } else {
            format!(r#","date":"{}""#, date(rng, options.day_from, options.day_to))
        };
        items.push(format!(
            r#"{{"id":"{}{}","code":"{}","kind":"{}"{},"units":{},"revenue":"{}","service":"S","format":"{}","territory":"US"}}"#,
            prefix,
            rng.below(20) * 100 + i,
            rng.pick(&CODES),
            kind,
            date,
            units,
            revenue,
            rng.pick(&["stream", "stream", "download"])
        ));
    }
    format!("[{}]", items.join(","))
}

pub fn recoupments(rng: &mut Rng, options: &Options, n: usize, distinct_priorities: bool) -> String {
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
        let debtors: Vec<String> = (0..rng.below(3))
            .map(|_| format!("\"{}\"", rng.pick(&PAYEES)))
            .collect();
        let products = if rng.chance(60) { r#"["p1"]"# } else { r#"["p2","p3"]"# };
        let recoupable = if options.debtor_recoupments && rng.chance(75) {
            pct_text(rng.below(1_000_001))
        } else {
            "0".into()
        };
        let net_pct = if rng.chance(40) {
            pct_text(rng.below(300_001))
        } else {
            "0".into()
        };
        let (max, pay_min, rev_min) = if options.debtor_recoupments {
            (
                if rng.chance(25) {
                    format!("\"{}\"", random_money(rng, 80, false))
                } else {
                    "null".into()
                },
                if rng.chance(25) {
                    random_money(rng, 40, false)
                } else {
                    "0".into()
                },
                if rng.chance(20) {
                    let neg = rng.chance(30);
                    random_money(rng, 400, neg)
                } else {
                    "0".into()
                },
            )
        } else {
            ("null".into(), "0".into(), "-1000000000".into())
        };
        let priority = if distinct_priorities {
            prios[i]
        } else {
            rng.pick(&prios)
        };
        items.push(format!(
            r#"{{"id":"rc{}","title":"t","type":"advance","status":"{}","creditorId":"{}","debtorIds":[{}],"amount":"{}","prepaid":"{}","priority":"{}","createdAt":{},"startDate":{},"scope":"{}","productIds":{},"recoupablePct":"{}","netRevenuePct":"{}","statementMaximum":{},"paymentMinimum":"{}","revenueMinimum":"{}","reimbursement":"{}","mechanicalRepays":{}}}"#,
            i,
            if rng.chance(90) { "open" } else { "closed" },
            rng.pick(&PAYEES),
            debtors.join(","),
            random_money(rng, 400, false),
            if rng.chance(20) { random_money(rng, 50, false) } else { "0".into() },
            priority,
            1_750_000_000 + rng.below(5),
            if rng.chance(80) { "null".to_string() } else { format!("\"2026-{:02}-01\"", 8 + rng.below(3)) },
            if rng.chance(60) { "all" } else { "products" },
            products,
            recoupable,
            net_pct,
            max,
            pay_min,
            rev_min,
            if rng.chance(30) { "deferred" } else { "immediate" },
            rng.chance(30)
        ));
    }
    format!("[{}]", items.join(","))
}

pub fn catalog(rng: &mut Rng) -> String {
    let mut items = Vec::new();
    for code in CODES.iter().take(4) {
        items.push(format!(
            r#""{}":{{"productId":"{}"}}"#,
            code,
            rng.pick(&["p1", "p1", "p2", "p3"])
        ));
    }
    format!("{{{}}}", items.join(","))
}

pub fn state(rng: &mut Rng, sets: &str, n_recoupments: usize) -> String {
    if rng.chance(50) {
        return NO_STATE.to_string();
    }
    let parsed = parse(sets).unwrap();
    let mut counters = Vec::new();
    if let Value::Array(items) = parsed {
        for set in items {
            if let Some(Value::Object(_)) = set.get("trigger") {
                let ty = text_at(&set, "trigger.type");
                let id = text_at(&set, "id");
                if rng.chance(60) {
                    match ty.as_str() {
                        "income" => {
                            let neg = rng.chance(10);
                            counters.push(format!(r#""{}":{{"value":"{}"}}"#, id, random_money(rng, 400, neg)))
                        }
                        "units" | "plays" => counters.push(format!(r#""{}":{{"value":"{}"}}"#, id, rng.below(4000))),
                        _ => {}
                    }
                }
            }
        }
    }
    let mut recoupment_list = Vec::new();
    for i in 0..n_recoupments {
        if rng.chance(60) {
            let remaining = if rng.chance(20) {
                "0".to_string()
            } else {
                random_money(rng, 300, false)
            };
            recoupment_list.push(format!(
                r#""rc{}":{{"remaining":"{}","deferred":"{}"}}"#,
                i,
                remaining,
                if rng.chance(50) {
                    "0".into()
                } else {
                    random_money(rng, 50, false)
                }
            ));
        }
    }
    format!(
        r#"{{"counters":{{{}}},"recoupments":{{{}}}}}"#,
        counters.join(","),
        recoupment_list.join(",")
    )
}

pub fn random_input(rng: &mut Rng) -> String {
    let options = Options {
        recoupment_triggers: true,
        debtor_recoupments: true,
        day_from: 1,
        day_to: 28,
    };
    let recoupment_count = rng.below(4) as usize;
    let sets = split_sets(rng, &options, recoupment_count);
    let state_json = state(rng, &sets, recoupment_count);
    let take = if rng.chance(50) {
        "0".to_string()
    } else {
        pct_text(rng.below(400_001))
    };
    let record_list = records(rng, &options, "r");
    let catalog_json = catalog(rng);
    let recoupment_list = recoupments(rng, &options, recoupment_count, false);
    statement_input(&record_list, &catalog_json, &sets, &recoupment_list, &state_json).replace(
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
