//! Step 5: the counters of income, units and plays triggers, and records cut
//! in parts where they carry a counter across its threshold.

use super::codes::Catalog;
use super::net::OrderedRecord;
use super::tables::{scope_covers, Allocation, ChosenBase, Counters};
use super::{TriggerResult, NONE};
use crate::input::{Input, SetKind, Sym, Trigger};
use crate::money::mul_div_trunc;
use crate::order::cmp_str;

/// The statement's counter triggers: which sets have one, where each counter
/// started, and the record that took it to its threshold.
pub(super) struct CounterTriggers {
    /// Conditional sets with an income, units or plays trigger, in input order.
    sets: Vec<usize>,
    /// Each counter at the start of the statement, by set index.
    before: Vec<i128>,
    /// The record (input index) in which each counter reached its threshold, by set index.
    activated_at: Vec<Option<usize>>,
    /// Per counter in the record's scope: (set, increment, counter before the record).
    /// Kept between records, as `cut_points`, to allocate no memory per record.
    increments: Vec<(usize, i128, i128)>,
    /// Where the record is cut: (moneyAt, unitsAt, set).
    cut_points: Vec<(i128, i128, usize)>,
}

/// The counters carried in: `state.counters`, else the trigger's `preCounted`.
pub(super) fn counters_at_statement_start(input: &Input) -> (Counters, CounterTriggers) {
    let sets = &input.split_sets;
    let counter_sets: Vec<usize> = (0..sets.len())
        .filter(|&set| {
            sets[set].kind == SetKind::Conditional
                && sets[set]
                    .trigger
                    .as_ref()
                    .and_then(|trigger| trigger.counter())
                    .is_some()
        })
        .collect();
    let mut counters = Counters {
        value: vec![0i128; sets.len()],
        threshold: vec![0i128; sets.len()],
    };
    for &set in &counter_sets {
        let (threshold, pre_counted, _) = sets[set]
            .trigger
            .as_ref()
            .and_then(|trigger| trigger.counter())
            .unwrap_or((0, 0, false));
        counters.value[set] = input.counters.get(&sets[set].id).copied().unwrap_or(pre_counted);
        counters.threshold[set] = threshold;
    }
    let triggers = CounterTriggers {
        sets: counter_sets,
        before: counters.value.clone(),
        activated_at: vec![None; sets.len()],
        increments: Vec::new(),
        cut_points: Vec::new(),
    };
    (counters, triggers)
}

impl CounterTriggers {
    /// Whether each code (by [`Sym`]) is in the catalog and in some counter set's scope.
    pub(super) fn codes_counted(&self, input: &Input, catalog: &Catalog) -> Vec<bool> {
        let sets = &input.split_sets;
        catalog
            .products()
            .iter()
            .enumerate()
            .map(|(code, &product)| {
                product != NONE
                    && self
                        .sets
                        .iter()
                        .any(|&set| scope_covers(&sets[set].scope, code as Sym, product))
            })
            .collect()
    }

    /// Steps 5 and 6 for a sale or adjustment of a counted code with `net`
    /// left after step 3: the counters in scope move by the record, which is
    /// cut where one crosses its threshold, each part allocated by the set
    /// active before the cut.
    #[inline(always)]
    pub(super) fn allocate_counted_record(
        &mut self,
        allocation: &mut Allocation,
        record: &OrderedRecord,
        product: Sym,
        base: ChosenBase,
        net: i128,
    ) {
        let units = record.units as i128;
        self.collect_increments(allocation, record, product, net);
        self.find_cut_points(allocation, net, units);
        let (mut money_before, mut units_before) = (0i128, 0i128);
        for &(money_at, units_at, set) in &self.cut_points {
            let active = allocation.active_set(base.set, base.scope, record.kind, record.date);
            allocation.allocate(
                record.code,
                record.kind,
                active,
                money_at - money_before,
                units_at - units_before,
            );
            allocation.counters.value[set] = allocation.counters.threshold[set];
            money_before = money_at;
            units_before = units_at;
        }
        let active = allocation.active_set(base.set, base.scope, record.kind, record.date);
        allocation.allocate(
            record.code,
            record.kind,
            active,
            net - money_before,
            units - units_before,
        );
        self.advance_counters(allocation, record.index as usize);
    }

    /// What the record adds to each counter in its scope: its net for income,
    /// its units, and its units for plays when its format is `stream`.
    #[inline(always)]
    fn collect_increments(&mut self, allocation: &Allocation, record: &OrderedRecord, product: Sym, net: i128) {
        let sets = &allocation.input.split_sets;
        let units = record.units as i128;
        self.increments.clear();
        for &set in &self.sets {
            if !scope_covers(&sets[set].scope, record.code, product) {
                continue;
            }
            let increment = match sets[set].trigger.as_ref() {
                Some(Trigger::Income { .. }) => net,
                Some(Trigger::Units { .. }) => units,
                Some(Trigger::Plays { .. }) if record.stream => units,
                _ => 0,
            };
            self.increments.push((set, increment, allocation.counters.value[set]));
        }
    }

    /// The cut points of a record with positive net, ordered by moneyAt, then set id:
    /// for income `moneyAt = threshold - counter`, `unitsAt = trunc(units * moneyAt / net)`;
    /// for units and plays `unitsAt = threshold - counter`, `moneyAt = trunc(net * unitsAt / units)`.
    #[inline(always)]
    fn find_cut_points(&mut self, allocation: &Allocation, net: i128, units: i128) {
        let input = allocation.input;
        let sets = &input.split_sets;
        self.cut_points.clear();
        if net > 0 {
            for &(set, increment, counter) in &self.increments {
                let threshold = allocation.counters.threshold[set];
                if !(counter < threshold && threshold <= counter + increment) {
                    continue;
                }
                if matches!(sets[set].trigger, Some(Trigger::Income { .. })) {
                    let money_at = threshold - counter;
                    self.cut_points
                        .push((money_at, mul_div_trunc(units, money_at, net), set));
                } else {
                    let units_at = threshold - counter;
                    self.cut_points
                        .push((mul_div_trunc(net, units_at, units), units_at, set));
                }
            }
        }
        if self.cut_points.len() > 1 {
            self.cut_points.sort_by(|a, b| {
                a.0.cmp(&b.0)
                    .then(cmp_str(input.text(sets[a.2].id), input.text(sets[b.2].id)))
            });
        }
    }

    /// Moves the counters by the record, noting the record that takes one to its threshold.
    #[inline(always)]
    fn advance_counters(&mut self, allocation: &mut Allocation, record_index: usize) {
        let counters = &mut allocation.counters;
        for &(set, increment, counter) in &self.increments {
            let after = counter + increment;
            if counter < counters.threshold[set] && after >= counters.threshold[set] && self.activated_at[set].is_none()
            {
                self.activated_at[set] = Some(record_index);
            }
            counters.value[set] = after;
        }
    }

    /// The output's triggers, sorted by splitSetId.
    pub(super) fn results(&self, input: &Input, counters: &Counters) -> Vec<TriggerResult> {
        let sets = &input.split_sets;
        let mut triggers: Vec<TriggerResult> = self
            .sets
            .iter()
            .map(|&set| TriggerResult {
                split_set_id: sets[set].id,
                income: matches!(sets[set].trigger, Some(Trigger::Income { .. })),
                counter_before: self.before[set],
                counter_after: counters.value[set],
                activated_at_record: self.activated_at[set],
            })
            .collect();
        triggers.sort_by(|a, b| cmp_str(input.text(a.split_set_id), input.text(b.split_set_id)));
        triggers
    }
}
