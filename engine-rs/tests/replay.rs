//! ENGINE.md's replay invariant: statement B run with the state A returned is
//! the same history as one statement holding both.
mod common;
use common::random::*;
use common::*;
use royalty_engine::json::{stringify, Value};
use std::collections::BTreeMap;

fn money_of(v: &Value, path: &str) -> i128 {
    money_units(&text_at(v, path))
}

/// Per payee payout, per line amount, and the final state, for comparing runs.
fn summary(outs: &[&Value]) -> (BTreeMap<String, i128>, BTreeMap<String, i128>) {
    let mut payouts = BTreeMap::new();
    let mut lines = BTreeMap::new();
    for out in outs {
        for p in items_at(out, "payees") {
            *payouts.entry(text_at(p, "payeeId")).or_insert(0) += money_of(p, "payout");
        }
        for l in items_at(out, "lines") {
            let key = format!(
                "{}/{}/{}",
                text_at(l, "code"),
                text_at(l, "splitSetId"),
                text_at(l, "payeeId")
            );
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
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
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
        let recoupment_count = rng.below(4) as usize;
        let sets = split_sets(&mut rng, &a_opts, recoupment_count);
        let catalog_json = catalog(&mut rng);
        let recoupment_list = recoupments(&mut rng, &a_opts, recoupment_count, true);
        let rec_a = records(&mut rng, &a_opts, "a");
        let rec_b = records(&mut rng, &b_opts, "b");
        let a = statement_input(&rec_a, &catalog_json, &sets, &recoupment_list, NO_STATE);
        let out_a = run(&a);
        let st = stringify(at(&out_a, "state"));
        let b = statement_input(&rec_b, &catalog_json, &sets, &recoupment_list, &st);
        let out_b = run(&b);
        check_invariants(&b, &out_b);
        let both: Vec<&str> = vec![&rec_a[1..rec_a.len() - 1], &rec_b[1..rec_b.len() - 1]];
        let both = format!(
            "[{}]",
            both.into_iter().filter(|x| !x.is_empty()).collect::<Vec<_>>().join(",")
        );
        let ab = statement_input(&both, &catalog_json, &sets, &recoupment_list, NO_STATE);
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
