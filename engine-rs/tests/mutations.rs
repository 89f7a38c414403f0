//! Mutated inputs: each is rejected whole with one `path: message` line, or
//! calculated with every invariant intact.
mod common;
use common::random::*;
use common::*;
use royalty_engine::json::{parse, stringify, Value};

/// Replaces or removes one random node of the input.
fn mutate(rng: &mut Rng, v: &mut Value) {
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
    let descend = rng.chance(75);
    match v {
        Value::Object(members) if !members.is_empty() => {
            let i = rng.below(members.len() as u64) as usize;
            if !descend || leaf(&members[i].1) {
                if rng.chance(30) {
                    members.remove(i);
                } else {
                    members[i].1 = parse(rng.pick(&replacements)).unwrap();
                }
            } else {
                mutate(rng, &mut members[i].1);
            }
        }
        Value::Array(items) if !items.is_empty() => {
            let i = rng.below(items.len() as u64) as usize;
            if !descend || leaf(&items[i]) {
                items[i] = parse(rng.pick(&replacements)).unwrap();
            } else {
                mutate(rng, &mut items[i]);
            }
        }
        other => *other = parse(rng.pick(&replacements)).unwrap(),
    }
}

#[test]
fn mutated_inputs_are_rejected_or_consistent() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut rejected = 0;
    for i in 0..2000 {
        let input = random_input(&mut rng);
        let mut v = parse(&input).unwrap();
        mutate(&mut rng, &mut v);
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
