//! Step 7: debtor recoupments, after every record is allocated, in waterfall
//! order, each drawing from what its debtors earned and earlier ones left.

use super::codes::Catalog;
use super::payouts::PayeeAmounts;
use super::recoupments::{covers_product, RecoupmentLedger};
use super::tables::Allocation;
use crate::input::{Input, Recoupment, Sym};
use crate::money::{largest_remainder, pct_of};
use crate::order::cmp_str;
use std::collections::BTreeMap;

/// Sales (and adjustments) apart from mechanicals; sales sort first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum BucketKind {
    Sales,
    Mechanical,
}

/// What a debtor earned from one product, of one kind, less what recoupments drew.
struct Bucket {
    product: Sym,
    kind: BucketKind,
    balance: i128,
}

/// Each debtor's buckets, ordered by product id, sales first.
pub(super) struct DebtorBuckets {
    of_debtor: BTreeMap<Sym, Vec<Bucket>>,
}

/// Sums the lines into each payee's `earned` (step 6) and, for the debtors of
/// any recoupment, into their buckets.
pub(super) fn sum_earnings(
    allocation: &Allocation,
    catalog: &Catalog,
    recoupments: &[Recoupment],
    payees: &mut PayeeAmounts,
) -> DebtorBuckets {
    let input = allocation.input;
    let mut is_debtor = vec![false; input.strings.len()];
    for recoupment in recoupments {
        for &debtor in &recoupment.debtor_ids {
            is_debtor[debtor as usize] = true;
        }
    }
    let mut balances: BTreeMap<(Sym, Sym, BucketKind), i128> = BTreeMap::new();
    let products = catalog.products();
    for block in &allocation.blocks {
        let plan = &allocation.plans[block.set as usize];
        let product = products[block.code as usize];
        for (slot, &payee) in plan.payees.iter().enumerate() {
            let line = &allocation.lines[block.start as usize + slot];
            payees.earned[payee as usize] += line.sales + line.mechanical;
            payees.listed[payee as usize] = true;
            if is_debtor[payee as usize] {
                *balances.entry((payee, product, BucketKind::Sales)).or_insert(0) += line.sales;
                *balances.entry((payee, product, BucketKind::Mechanical)).or_insert(0) += line.mechanical;
            }
        }
    }
    let mut of_debtor: BTreeMap<Sym, Vec<Bucket>> = BTreeMap::new();
    for ((debtor, product, kind), balance) in balances {
        of_debtor
            .entry(debtor)
            .or_insert_with(Vec::new)
            .push(Bucket { product, kind, balance });
    }
    for buckets in of_debtor.values_mut() {
        buckets.sort_by(|a, b| cmp_str(input.text(a.product), input.text(b.product)).then(a.kind.cmp(&b.kind)));
    }
    DebtorBuckets { of_debtor }
}

/// Step 7: each open recoupment with a `recoupablePct`, in waterfall order,
/// takes `min(remaining, sum of caps, budget)` from its debtors' eligible
/// buckets (nothing below `paymentMinimum` unless that closes it),
/// shared among the debtors by their caps and drawn from each debtor's buckets
/// by their balance.
pub(super) fn recoup_from_debtors(
    input: &Input,
    ledger: &mut RecoupmentLedger,
    buckets: &mut DebtorBuckets,
    payees: &mut PayeeAmounts,
    statement_net: i128,
) {
    for place in 0..ledger.waterfall.len() {
        let index = ledger.waterfall[place];
        let recoupment = &input.recoupments[index];
        if !ledger.is_open(index) || recoupment.recoupable_pct == 0 || statement_net < recoupment.revenue_minimum {
            continue;
        }
        let (eligible_of_debtor, caps) = buckets.eligible_and_caps(recoupment);
        let sum_of_caps: i128 = caps.iter().map(|&cap| cap as i128).sum();
        let mut take = ledger.within_budget(index, recoupment, sum_of_caps);
        if take < recoupment.payment_minimum && take < ledger.remaining[index] {
            take = 0;
        }
        if take <= 0 {
            continue;
        }
        let debtor_parts = largest_remainder(take, &caps);
        for ((&debtor, eligible), part) in recoupment.debtor_ids.iter().zip(&eligible_of_debtor).zip(debtor_parts) {
            if part == 0 {
                continue;
            }
            buckets.draw(debtor, eligible, part);
            payees.recouped[debtor as usize] += part;
            payees.listed[debtor as usize] = true;
            ledger.remittances[index].push((debtor, part));
        }
        ledger.take(index, recoupment, take, payees);
    }
}

impl DebtorBuckets {
    /// Per debtor of `recoupment`, in `debtorIds` order, its positive eligible
    /// buckets the recoupment may draw from (indices into its list) and its cap,
    /// `trunc(base * recoupablePct)` where the base is the sum of every eligible
    /// bucket, negative ones included, floored at zero.
    fn eligible_and_caps(&self, recoupment: &Recoupment) -> (Vec<Vec<usize>>, Vec<u128>) {
        let eligible = |bucket: &Bucket| -> bool {
            (bucket.kind == BucketKind::Sales || recoupment.mechanical_repays)
                && covers_product(recoupment, bucket.product)
        };
        let mut eligible_of_debtor: Vec<Vec<usize>> = Vec::new();
        let mut caps: Vec<u128> = Vec::new();
        for debtor in &recoupment.debtor_ids {
            let buckets: &[Bucket] = self.of_debtor.get(debtor).map_or(&[], |buckets| buckets);
            let eligible_buckets: Vec<usize> = (0..buckets.len()).filter(|&at| eligible(&buckets[at])).collect();
            // A debtor's negative buckets lower what they netted: a recoupment never takes more.
            let base: i128 = eligible_buckets
                .iter()
                .map(|&at| buckets[at].balance)
                .sum::<i128>()
                .max(0);
            caps.push(pct_of(base, recoupment.recoupable_pct) as u128);
            let positive: Vec<usize> = eligible_buckets
                .into_iter()
                .filter(|&at| buckets[at].balance > 0)
                .collect();
            eligible_of_debtor.push(positive);
        }
        (eligible_of_debtor, caps)
    }

    /// Draws a debtor's `part` from the buckets at `eligible`, in proportion to their balance.
    fn draw(&mut self, debtor: Sym, eligible: &[usize], part: i128) {
        if let Some(buckets) = self.of_debtor.get_mut(&debtor) {
            let weights: Vec<u128> = eligible.iter().map(|&at| buckets[at].balance as u128).collect();
            let draws = largest_remainder(part, &weights);
            for (&at, drawn) in eligible.iter().zip(draws) {
                buckets[at].balance -= drawn;
            }
        }
    }
}
