//! The pure calculation: ENGINE.md steps 1 to 8 on a validated [`Input`].

use crate::input::{
    period_last_day, Input, Record, RecordKind, Recoupment, Scope, SetKind, ShareTarget, Trigger,
};
use crate::money::{largest_remainder, mul_div_trunc, pct_of};
use crate::order::cmp_str;
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Statement totals (money units).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    /// Sum of revenue.
    pub gross: i128,
    /// Sum of distributor takes.
    pub take: i128,
    /// `gross - take`.
    pub net: i128,
    /// Cut by off-the-top recoupments.
    pub off_the_top: i128,
    /// Allocated to payees by split sets.
    pub allocated: i128,
    /// Net of records with a missing code or no applicable set.
    pub unallocated: i128,
}

/// One payee's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayeeResult {
    /// Payee id.
    pub payee_id: String,
    /// Allocated by split sets.
    pub earned: i128,
    /// Taken by debtor recoupments.
    pub recouped: i128,
    /// Credited as a recoupment creditor.
    pub credited: i128,
    /// `earned - recouped + credited`.
    pub payout: i128,
}

/// One allocation line, keyed by (code, splitSetId, payeeId).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Recording code.
    pub code: String,
    /// Product of the code.
    pub product_id: String,
    /// The set that allocated it.
    pub split_set_id: String,
    /// The payee.
    pub payee_id: String,
    /// Units of the parts this line came from.
    pub units: i128,
    /// Money allocated.
    pub amount: i128,
}

/// One recoupment's movement in this statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecoupmentResult {
    /// Recoupment id.
    pub id: String,
    /// Remaining before the statement.
    pub before: i128,
    /// Taken in this statement (off the top and from debtors).
    pub taken: i128,
    /// Remaining after.
    pub after: i128,
    /// Whether the remaining after is zero or below (over-prepaid).
    pub closed: bool,
    /// Deferred balance after.
    pub deferred: i128,
    /// Parts taken from each debtor, `debtorIds` order, non-zero only.
    pub remittances: Vec<(String, i128)>,
}

/// A counter trigger's movement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TriggerResult {
    /// The conditional set.
    pub split_set_id: String,
    /// Whether the counter is money (income) rather than units.
    pub income: bool,
    /// Counter at the start.
    pub counter_before: i128,
    /// Counter at the end.
    pub counter_after: i128,
    /// Record in which the counter first reached its threshold, if any.
    pub activated_at_record_id: Option<String>,
}

/// The whole result; arrays already sorted as ENGINE.md requires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Totals.
    pub totals: Totals,
    /// Sorted by payeeId.
    pub payees: Vec<PayeeResult>,
    /// Sorted by (code, splitSetId, payeeId).
    pub lines: Vec<Line>,
    /// In waterfall order.
    pub recoupments: Vec<RecoupmentResult>,
    /// Counter triggers, sorted by splitSetId.
    pub triggers: Vec<TriggerResult>,
    /// Sorted, distinct.
    pub missing_codes: Vec<String>,
    /// State out: recoupments `(id, remaining, deferred)` sorted by id.
    pub state_recoupments: Vec<(String, i128, i128)>,
}

/// Which sets may allocate a record.
struct Selection {
    base: usize,
    conditionals: Vec<usize>,
}

/// The sets of one scope by kind, each in input order.
#[derive(Default)]
struct ScopeSets {
    base: Vec<usize>,
    mechanical: Vec<usize>,
    conditional: Vec<usize>,
}

impl ScopeSets {
    fn push(&mut self, kind: SetKind, i: usize) {
        match kind {
            SetKind::Base => self.base.push(i),
            SetKind::Mechanical => self.mechanical.push(i),
            SetKind::Conditional => self.conditional.push(i),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum BucketKind {
    Sales,
    Mechanical,
}

struct Calc<'a> {
    input: &'a Input,
    /// Split set indices by scope.
    by_code: HashMap<&'a str, ScopeSets>,
    by_product: HashMap<&'a str, ScopeSets>,
    by_default: ScopeSets,
    remaining_start: Vec<i128>,
    counters: Vec<i128>,
    /// (code, splitSetId, payeeId) -> (productId, units, amount)
    lines: HashMap<(&'a str, &'a str, &'a str), (&'a str, i128, i128)>,
    earned: HashMap<&'a str, i128>,
    recouped: HashMap<&'a str, i128>,
    credited: HashMap<&'a str, i128>,
    /// payee -> (productId, kind) -> balance
    buckets: HashMap<&'a str, BTreeMap<(&'a str, BucketKind), i128>>,
    allocated: i128,
}

fn start_cmp(a: &Option<String>, b: &Option<String>) -> Ordering {
    // None is the earliest start.
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => x.cmp(y),
    }
}

fn started(start: &Option<String>, date: &str) -> bool {
    match start {
        None => true,
        Some(s) => s.as_str() <= date,
    }
}

fn covers(r: &Recoupment, product: &str) -> bool {
    match &r.products {
        None => true,
        Some(list) => list.iter().any(|p| p == product),
    }
}

fn scope_covers(scope: &Scope, code: &str, product: &str) -> bool {
    match scope {
        Scope::Code(c) => c == code,
        Scope::Product(p) => p == product,
        Scope::Default => true,
    }
}

impl<'a> Calc<'a> {
    /// Step 4: the base set and the conditional candidates for a record.
    fn select(&self, rec: &Record, product: &str, date: &str) -> Option<Selection> {
        let sets = &self.input.split_sets;
        let scopes = [
            self.by_code.get(rec.code.as_str()),
            self.by_product.get(product),
            Some(&self.by_default),
        ];
        for scope in scopes.iter().flatten() {
            // The most specific scope with a set for this kind of record: a
            // sale passes over a scope with only mechanical sets.
            let candidates = if rec.kind == RecordKind::Mechanical && !scope.mechanical.is_empty() {
                &scope.mechanical
            } else {
                &scope.base
            };
            if candidates.is_empty() {
                continue;
            }
            let mut base: Option<usize> = None;
            for &i in candidates {
                if !started(&sets[i].start_date, date) {
                    continue;
                }
                base = match base {
                    Some(b) if start_cmp(&sets[i].start_date, &sets[b].start_date) != Ordering::Greater => Some(b),
                    _ => Some(i),
                };
            }
            let conditionals = if rec.kind == RecordKind::Mechanical {
                Vec::new()
            } else {
                scope.conditional.clone()
            };
            return base.map(|base| Selection { base, conditionals });
        }
        None
    }

    fn trigger_active(&self, set: usize, date: &str) -> bool {
        let input = self.input;
        match input.split_sets[set].trigger.as_ref() {
            Some(Trigger::Date(d)) => date >= d.as_str(),
            Some(Trigger::Manual(a)) => *a,
            Some(Trigger::Recoupment(id)) => input
                .recoupments
                .iter()
                .position(|r| &r.id == id)
                .map_or(false, |i| self.remaining_start[i] <= 0),
            Some(t) => match t.counter() {
                Some((threshold, _, _)) => self.counters[set] >= threshold,
                None => false,
            },
            None => false,
        }
    }

    /// The set allocating at this point: the best active, started conditional, else the base.
    fn active_set(&self, sel: &Selection, date: &str) -> usize {
        let sets = &self.input.split_sets;
        let mut best: Option<usize> = None;
        for &i in &sel.conditionals {
            if !started(&sets[i].start_date, date) || !self.trigger_active(i, date) {
                continue;
            }
            best = match best {
                None => Some(i),
                Some(b) => {
                    let better = sets[i]
                        .priority
                        .cmp(&sets[b].priority)
                        .then(start_cmp(&sets[i].start_date, &sets[b].start_date));
                    if better == Ordering::Greater {
                        Some(i)
                    } else {
                        Some(b)
                    }
                }
            };
        }
        best.unwrap_or(sel.base)
    }

    /// Step 6: one part of a record among the set's shares.
    fn allocate(&mut self, rec: &'a Record, product: &'a str, set: usize, amount: i128, units: i128) {
        if amount == 0 && units == 0 {
            return;
        }
        let input: &'a Input = self.input;
        let s = &input.split_sets[set];
        let weights: Vec<u128> = s.shares.iter().map(|sh| sh.pct as u128).collect();
        let parts = largest_remainder(amount, &weights);
        let mut per_payee: Vec<(&str, i128)> = Vec::new();
        let mut add = |payee: &'a str, amt: i128| match per_payee.iter_mut().find(|(p, _)| *p == payee) {
            Some(slot) => slot.1 += amt,
            None => per_payee.push((payee, amt)),
        };
        for (share, part) in input.split_sets[set].shares.iter().zip(parts) {
            match &share.target {
                ShareTarget::Payee(p) => add(p.as_str(), part),
                ShareTarget::Group(members) => {
                    let mw: Vec<u128> = members.iter().map(|(_, pct)| *pct as u128).collect();
                    for ((p, _), mpart) in members.iter().zip(largest_remainder(part, &mw)) {
                        add(p.as_str(), mpart);
                    }
                }
            }
        }
        let kind = if rec.kind == RecordKind::Mechanical {
            BucketKind::Mechanical
        } else {
            BucketKind::Sales
        };
        for (payee, amt) in per_payee {
            let line = self
                .lines
                .entry((rec.code.as_str(), s.id.as_str(), payee))
                .or_insert((product, 0, 0));
            line.1 += units;
            line.2 += amt;
            *self.earned.entry(payee).or_insert(0) += amt;
            *self
                .buckets
                .entry(payee)
                .or_insert_with(BTreeMap::new)
                .entry((product, kind))
                .or_insert(0) += amt;
        }
        self.allocated += amount;
    }

    fn credit(&mut self, payee: &'a str, amount: i128) {
        if amount != 0 {
            *self.credited.entry(payee).or_insert(0) += amount;
        }
    }
}

/// Runs the statement. Pure: the same input always gives the same output.
pub fn calculate(input: &Input) -> Output {
    let first_day = format!("{}-01", input.period);
    let last_day = period_last_day(&input.period);
    let sets = &input.split_sets;
    let rcs = &input.recoupments;

    // Recoupments at the start, and the waterfall order fixed once.
    let before: Vec<i128> = rcs
        .iter()
        .map(|r| {
            input
                .recoupment_state
                .get(&r.id)
                .and_then(|s| s.remaining)
                .unwrap_or(r.amount - r.prepaid)
        })
        .collect();
    let deferred_before: Vec<i128> = rcs
        .iter()
        .map(|r| input.recoupment_state.get(&r.id).map_or(0, |s| s.deferred))
        .collect();
    let mut waterfall: Vec<usize> = (0..rcs.len()).collect();
    waterfall.sort_by(|&a, &b| {
        rcs[a]
            .priority
            .cmp(&rcs[b].priority)
            .then(before[a].cmp(&before[b]))
            .then(rcs[a].created_at.cmp(&rcs[b].created_at))
            .then(cmp_str(&rcs[a].id, &rcs[b].id))
    });
    let may_open: Vec<bool> = rcs
        .iter()
        .map(|r| r.status_open && r.start_date.as_ref().map_or(true, |d| d.as_str() <= last_day.as_str()))
        .collect();
    let mut remaining = before.clone();
    let mut deferred = deferred_before.clone();
    let mut taken = vec![0i128; rcs.len()];
    let mut remittances: Vec<Vec<(String, i128)>> = vec![Vec::new(); rcs.len()];

    // Counters: state in, else preCounted.
    let counter_sets: Vec<usize> = (0..sets.len())
        .filter(|&i| sets[i].kind == SetKind::Conditional && sets[i].trigger.as_ref().and_then(|t| t.counter()).is_some())
        .collect();
    let mut counters = vec![0i128; sets.len()];
    for &i in &counter_sets {
        let (_, pre, _) = sets[i].trigger.as_ref().and_then(|t| t.counter()).unwrap_or((0, 0, false));
        counters[i] = input.counters.get(&sets[i].id).copied().unwrap_or(pre);
    }
    let counters_before = counters.clone();
    let mut activated: Vec<Option<String>> = vec![None; sets.len()];

    let mut by_code: HashMap<&str, ScopeSets> = HashMap::new();
    let mut by_product: HashMap<&str, ScopeSets> = HashMap::new();
    let mut by_default = ScopeSets::default();
    for (i, set) in sets.iter().enumerate() {
        match &set.scope {
            Scope::Code(c) => by_code.entry(c.as_str()).or_default().push(set.kind, i),
            Scope::Product(p) => by_product.entry(p.as_str()).or_default().push(set.kind, i),
            Scope::Default => by_default.push(set.kind, i),
        }
    }
    let mut calc = Calc {
        input,
        by_code,
        by_product,
        by_default,
        remaining_start: before.clone(),
        counters,
        lines: HashMap::new(),
        earned: HashMap::new(),
        recouped: HashMap::new(),
        credited: HashMap::new(),
        buckets: HashMap::new(),
        allocated: 0,
    };

    // Step 1: net per record; records in (date, id) order.
    let mut totals = Totals::default();
    let dates: Vec<&str> = input
        .records
        .iter()
        .map(|r| r.date.as_deref().unwrap_or(first_day.as_str()))
        .collect();
    let mut nets = Vec::with_capacity(input.records.len());
    for r in &input.records {
        let take = pct_of(r.revenue, input.distributor_take_pct);
        totals.gross += r.revenue;
        totals.take += take;
        totals.net += r.revenue - take;
        nets.push(r.revenue - take);
    }
    let mut order: Vec<usize> = (0..input.records.len()).collect();
    order.sort_by(|&a, &b| dates[a].cmp(dates[b]).then(cmp_str(&input.records[a].id, &input.records[b].id)));

    let mut missing: BTreeSet<String> = BTreeSet::new();
    for &ri in &order {
        let rec = &input.records[ri];
        let date = dates[ri];
        let mut net = nets[ri];
        // Step 2: resolve the code.
        let product = match input.catalog.get(&rec.code) {
            Some(p) => p.as_str(),
            None => {
                missing.insert(rec.code.clone());
                totals.unallocated += net;
                continue;
            }
        };
        // Step 3: off-the-top recoupments.
        for &k in &waterfall {
            let r = &rcs[k];
            if !may_open[k] || remaining[k] <= 0 || r.net_revenue_pct == 0 || net <= 0 {
                continue;
            }
            if totals.net < r.revenue_minimum || !covers(r, product) {
                continue;
            }
            if rec.kind == RecordKind::Mechanical && !r.mechanical_repays {
                continue;
            }
            let mut cut = remaining[k].min(pct_of(net, r.net_revenue_pct));
            if let Some(max) = r.statement_maximum {
                cut = cut.min((max - taken[k]).max(0));
            }
            if cut <= 0 {
                continue;
            }
            remaining[k] -= cut;
            taken[k] += cut;
            net -= cut;
            totals.off_the_top += cut;
            if r.deferred {
                deferred[k] += cut;
            } else {
                calc.credit(&r.creditor_id, cut);
            }
        }
        // Step 4: choose the split set.
        let sel = match calc.select(rec, product, date) {
            Some(s) => s,
            None => {
                missing.insert(rec.code.clone());
                totals.unallocated += net;
                continue;
            }
        };
        let units = rec.units as i128;
        if rec.kind == RecordKind::Mechanical {
            calc.allocate(rec, product, sel.base, net, units);
            continue;
        }
        // Step 5: counters in scope, cut points where thresholds are crossed.
        let stream = rec.format.as_deref() == Some("stream");
        let counting: Vec<(usize, i128)> = counter_sets
            .iter()
            .copied()
            .filter(|&i| scope_covers(&sets[i].scope, &rec.code, product))
            .map(|i| {
                let inc = match sets[i].trigger.as_ref() {
                    Some(Trigger::Income { .. }) => net,
                    Some(Trigger::Units { .. }) => units,
                    Some(Trigger::Plays { .. }) if stream => units,
                    _ => 0,
                };
                (i, inc)
            })
            .collect();
        let orig: Vec<i128> = counting.iter().map(|&(i, _)| calc.counters[i]).collect();
        // (moneyAt, unitsAt, set)
        let mut cuts: Vec<(i128, i128, usize)> = Vec::new();
        if net > 0 {
            for (&(i, inc), &c) in counting.iter().zip(&orig) {
                let (threshold, _, income) = sets[i].trigger.as_ref().and_then(|t| t.counter()).unwrap_or((0, 0, false));
                if !(c < threshold && threshold <= c + inc) {
                    continue;
                }
                if income {
                    let money_at = threshold - c;
                    cuts.push((money_at, mul_div_trunc(units, money_at, net), i));
                } else {
                    let units_at = threshold - c;
                    cuts.push((mul_div_trunc(net, units_at, units), units_at, i));
                }
            }
        }
        cuts.sort_by(|a, b| a.0.cmp(&b.0).then(cmp_str(&sets[a.2].id, &sets[b.2].id)));
        let (mut prev_m, mut prev_u) = (0i128, 0i128);
        for &(m, u, i) in &cuts {
            let set = calc.active_set(&sel, date);
            calc.allocate(rec, product, set, m - prev_m, u - prev_u);
            let (threshold, _, _) = sets[i].trigger.as_ref().and_then(|t| t.counter()).unwrap_or((0, 0, false));
            calc.counters[i] = threshold;
            prev_m = m;
            prev_u = u;
        }
        let set = calc.active_set(&sel, date);
        calc.allocate(rec, product, set, net - prev_m, units - prev_u);
        for (&(i, inc), &c) in counting.iter().zip(&orig) {
            let (threshold, _, _) = sets[i].trigger.as_ref().and_then(|t| t.counter()).unwrap_or((0, 0, false));
            let after = c + inc;
            if c < threshold && after >= threshold && activated[i].is_none() {
                activated[i] = Some(rec.id.clone());
            }
            calc.counters[i] = after;
        }
    }
    totals.allocated = calc.allocated;

    // Step 7: debtor recoupments, waterfall order.
    for &k in &waterfall {
        let r = &rcs[k];
        if !may_open[k] || remaining[k] <= 0 || r.recoupable_pct == 0 || totals.net < r.revenue_minimum {
            continue;
        }
        let eligible = |product: &str, kind: BucketKind| -> bool {
            (kind == BucketKind::Sales || r.mechanical_repays) && covers(r, product)
        };
        // Each debtor's positive eligible buckets, ordered by product id, sales first.
        let mut debtor_buckets: Vec<Vec<((&str, BucketKind), i128)>> = Vec::new();
        let mut caps: Vec<u128> = Vec::new();
        for d in &r.debtor_ids {
            let mut list: Vec<((&str, BucketKind), i128)> = calc
                .buckets
                .get(d.as_str())
                .map(|b| {
                    b.iter()
                        .filter(|((p, kind), bal)| **bal > 0 && eligible(p, *kind))
                        .map(|(key, bal)| (*key, *bal))
                        .collect()
                })
                .unwrap_or_default();
            list.sort_by(|a, b| cmp_str((a.0).0, (b.0).0).then((a.0).1.cmp(&(b.0).1)));
            let base: i128 = list.iter().map(|(_, b)| *b).sum();
            caps.push(pct_of(base, r.recoupable_pct) as u128);
            debtor_buckets.push(list);
        }
        let sum_caps: i128 = caps.iter().map(|c| *c as i128).sum();
        let mut take = remaining[k].min(sum_caps);
        if let Some(max) = r.statement_maximum {
            take = take.min((max - taken[k]).max(0));
        }
        if take < r.payment_minimum && take < remaining[k] {
            take = 0;
        }
        if take <= 0 {
            continue;
        }
        let parts = largest_remainder(take, &caps);
        for ((d, list), part) in r.debtor_ids.iter().zip(&debtor_buckets).zip(parts) {
            if part == 0 {
                continue;
            }
            let weights: Vec<u128> = list.iter().map(|(_, b)| *b as u128).collect();
            let draws = largest_remainder(part, &weights);
            if let Some(b) = calc.buckets.get_mut(d.as_str()) {
                for ((key, _), draw) in list.iter().zip(draws) {
                    if let Some(bal) = b.get_mut(key) {
                        *bal -= draw;
                    }
                }
            }
            *calc.recouped.entry(d.as_str()).or_insert(0) += part;
            remittances[k].push((d.clone(), part));
        }
        remaining[k] -= take;
        taken[k] += take;
        if r.deferred {
            deferred[k] += take;
        } else {
            calc.credit(&r.creditor_id, take);
        }
    }

    // Deferred balances are paid out in the statement where the recoupment closes.
    for k in 0..rcs.len() {
        if before[k] > 0 && remaining[k] == 0 && deferred[k] != 0 {
            let amount = deferred[k];
            calc.credit(&rcs[k].creditor_id, amount);
            deferred[k] = 0;
        }
    }

    // Step 8: payouts.
    let mut ids: BTreeSet<&str> = calc.earned.keys().copied().collect();
    ids.extend(calc.recouped.keys().copied());
    ids.extend(calc.credited.keys().copied());
    let mut payees: Vec<PayeeResult> = ids
        .into_iter()
        .map(|id| {
            let earned = calc.earned.get(id).copied().unwrap_or(0);
            let recouped = calc.recouped.get(id).copied().unwrap_or(0);
            let credited = calc.credited.get(id).copied().unwrap_or(0);
            PayeeResult {
                payee_id: id.to_string(),
                earned,
                recouped,
                credited,
                payout: earned - recouped + credited,
            }
        })
        .collect();
    payees.sort_by(|a, b| cmp_str(&a.payee_id, &b.payee_id));

    let mut lines: Vec<Line> = calc
        .lines
        .iter()
        .map(|((code, set, payee), (product, units, amount))| Line {
            code: code.to_string(),
            product_id: product.to_string(),
            split_set_id: set.to_string(),
            payee_id: payee.to_string(),
            units: *units,
            amount: *amount,
        })
        .collect();
    lines.sort_by(|a, b| {
        cmp_str(&a.code, &b.code)
            .then(cmp_str(&a.split_set_id, &b.split_set_id))
            .then(cmp_str(&a.payee_id, &b.payee_id))
    });

    let recoupments: Vec<RecoupmentResult> = waterfall
        .iter()
        .map(|&k| RecoupmentResult {
            id: rcs[k].id.clone(),
            before: before[k],
            taken: taken[k],
            after: remaining[k],
            closed: remaining[k] <= 0,
            deferred: deferred[k],
            remittances: remittances[k].clone(),
        })
        .collect();

    let mut triggers: Vec<TriggerResult> = counter_sets
        .iter()
        .map(|&i| TriggerResult {
            split_set_id: sets[i].id.clone(),
            income: matches!(sets[i].trigger, Some(Trigger::Income { .. })),
            counter_before: counters_before[i],
            counter_after: calc.counters[i],
            activated_at_record_id: activated[i].clone(),
        })
        .collect();
    triggers.sort_by(|a, b| cmp_str(&a.split_set_id, &b.split_set_id));

    let mut missing_codes: Vec<String> = missing.into_iter().collect();
    missing_codes.sort_by(|a, b| cmp_str(a, b));

    let mut state_recoupments: Vec<(String, i128, i128)> =
        (0..rcs.len()).map(|k| (rcs[k].id.clone(), remaining[k], deferred[k])).collect();
    state_recoupments.sort_by(|a, b| cmp_str(&a.0, &b.0));

    Output {
        totals,
        payees,
        lines,
        recoupments,
        triggers,
        missing_codes,
        state_recoupments,
    }
}
