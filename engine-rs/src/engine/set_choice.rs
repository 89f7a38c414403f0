//! Step 4: choosing the split set for (what is left of) a record: the base set
//! of the most specific scope with one for the record's kind, replaced by the
//! best active conditional set of that scope.

use super::tables::{Allocation, CachedChoice, ChosenBase, UNDECIDED};
use super::NONE;
use crate::input::{Day, RecordKind, Recoupment, SplitSet, Sym, Trigger};
use std::cmp::Ordering;

/// Orders start dates, `None` (no start date) the earliest.
fn compare_starts(a: Option<Day>, b: Option<Day>) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => x.cmp(&y),
    }
}

fn has_started(start: Option<Day>, date: Day) -> bool {
    match start {
        None => true,
        Some(start) => start <= date,
    }
}

/// Whether each set's manual or recoupment trigger is on; a recoupment trigger
/// looks at the remaining at the start of the statement (`remaining_before`).
pub(super) fn switched_on_triggers(
    split_sets: &[SplitSet],
    recoupments: &[Recoupment],
    remaining_before: &[i128],
) -> Vec<bool> {
    split_sets
        .iter()
        .map(|set| match set.trigger.as_ref() {
            Some(Trigger::Manual(active)) => *active,
            Some(Trigger::Recoupment(id)) => recoupments
                .iter()
                .position(|recoupment| recoupment.id == *id)
                .map_or(false, |index| remaining_before[index] <= 0),
            _ => false,
        })
        .collect()
}

impl<'a> Allocation<'a> {
    /// The base set and its scope, and whether the choice holds for every date
    /// (no candidate has a start date).
    #[inline(never)]
    fn choose_base(&self, code: Sym, product: Sym, kind: RecordKind, date: Day) -> (Option<(usize, u32)>, bool) {
        let scopes = &self.scopes;
        let most_specific_first = [
            scopes.of_code[code as usize],
            scopes.of_product[product as usize],
            scopes.default,
        ];
        for &scope_index in most_specific_first.iter().filter(|&&scope| scope != NONE) {
            let scope = &scopes.sets[scope_index as usize];
            // The most specific scope with a set for this kind of record: a
            // sale passes over a scope with only mechanical sets.
            let candidates = if kind == RecordKind::Mechanical && !scope.mechanical.is_empty() {
                &scope.mechanical
            } else {
                &scope.base
            };
            if candidates.is_empty() {
                continue;
            }
            let mut base: Option<usize> = None;
            for &set in candidates {
                if !has_started(self.set_starts[set], date) {
                    continue;
                }
                base = match base {
                    Some(latest)
                        if compare_starts(self.set_starts[set], self.set_starts[latest]) != Ordering::Greater =>
                    {
                        Some(latest)
                    }
                    _ => Some(set),
                };
            }
            let same_for_every_date = candidates.iter().all(|&set| self.set_starts[set].is_none());
            return (base.map(|set| (set, scope_index)), same_for_every_date);
        }
        (None, true)
    }

    /// Step 4's base set for a record, `None` when no set applies (the record
    /// is then missing): chosen once per code and kind of record and kept in the
    /// code's cache, unless the choice depends on the record's date.
    pub(super) fn base_set(&mut self, code: Sym, product: Sym, kind: RecordKind, date: Day) -> Option<ChosenBase> {
        let mechanical = kind == RecordKind::Mechanical;
        let cache = &self.codes[code as usize];
        let cached = if mechanical { cache.mechanical } else { cache.sale };
        if cached.set != UNDECIDED {
            return if cached.set == NONE {
                None
            } else {
                Some(ChosenBase {
                    set: cached.set as usize,
                    scope: cached.scope,
                    scope_has_conditional: cached.scope_has_conditional,
                })
            };
        }
        let (chosen, same_for_every_date) = self.choose_base(code, product, kind, date);
        let choice = match chosen {
            Some((set, scope)) => CachedChoice {
                set: set as u32,
                scope,
                scope_has_conditional: !self.scopes.sets[scope as usize].conditional.is_empty(),
            },
            None => CachedChoice {
                set: NONE,
                scope: NONE,
                scope_has_conditional: false,
            },
        };
        if same_for_every_date {
            let cache = &mut self.codes[code as usize];
            if mechanical {
                cache.mechanical = choice;
            } else {
                cache.sale = choice;
            }
        }
        chosen.map(|(set, scope)| ChosenBase {
            set,
            scope,
            scope_has_conditional: choice.scope_has_conditional,
        })
    }

    fn trigger_active(&self, set: usize, date: Day) -> bool {
        match self.input.split_sets[set].trigger.as_ref() {
            Some(Trigger::Date(from)) => date >= *from,
            Some(Trigger::Income { .. }) | Some(Trigger::Units { .. }) | Some(Trigger::Plays { .. }) => {
                self.counters.value[set] >= self.counters.threshold[set]
            }
            Some(_) => self.switched_on[set],
            None => false,
        }
    }

    /// The set allocating at this point: the best active, started conditional
    /// set of the base's scope (highest priority, then latest start, then first
    /// listed), else the base. Mechanical records are never escalated.
    #[inline(never)]
    pub(super) fn active_set(&self, base: usize, scope: u32, kind: RecordKind, date: Day) -> usize {
        if kind == RecordKind::Mechanical {
            return base;
        }
        let sets = &self.input.split_sets;
        let mut best: Option<usize> = None;
        for &set in &self.scopes.sets[scope as usize].conditional {
            if !has_started(sets[set].start_date, date) || !self.trigger_active(set, date) {
                continue;
            }
            best = match best {
                None => Some(set),
                Some(best) => {
                    let better = sets[set]
                        .priority
                        .cmp(&sets[best].priority)
                        .then(compare_starts(sets[set].start_date, sets[best].start_date));
                    if better == Ordering::Greater {
                        Some(set)
                    } else {
                        Some(best)
                    }
                }
            };
        }
        best.unwrap_or(base)
    }
}
