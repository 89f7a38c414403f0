//! The recoupments over one statement: where each stands at the start, the
//! waterfall order (step 7's order, fixed once and used by step 3 too), what
//! each takes, and the deferred balances paid out when one closes.

use super::payouts::PayeeAmounts;
use super::RecoupmentResult;
use crate::input::{Day, Input, Recoupment, Sym};
use crate::order::cmp_str;

/// Each recoupment's balances by its index in the input.
pub(super) struct RecoupmentLedger {
    /// Remaining at the start of the statement.
    pub(super) before: Vec<i128>,
    pub(super) remaining: Vec<i128>,
    pub(super) deferred: Vec<i128>,
    /// Taken in this statement, off the top and from debtors.
    pub(super) taken: Vec<i128>,
    /// Parts taken from each debtor, in `debtorIds` order.
    pub(super) remittances: Vec<Vec<(Sym, i128)>>,
    /// The recoupments' indices in waterfall order.
    pub(super) waterfall: Vec<usize>,
    /// Whether the status is `open` and the start date comes by the period's last day.
    pub(super) open_in_period: Vec<bool>,
}

impl RecoupmentLedger {
    /// The balances carried in (`state`, else `amount - prepaid`) and the waterfall order:
    /// priority, smaller remaining first, older `createdAt`, then id.
    pub(super) fn at_statement_start(input: &Input, last_day: Day) -> RecoupmentLedger {
        let recoupments = &input.recoupments;
        let text = |sym: Sym| input.text(sym);
        let before: Vec<i128> = recoupments
            .iter()
            .map(|recoupment| {
                input
                    .recoupment_state
                    .get(&recoupment.id)
                    .and_then(|state| state.remaining)
                    .unwrap_or(recoupment.amount - recoupment.prepaid)
            })
            .collect();
        let deferred: Vec<i128> = recoupments
            .iter()
            .map(|recoupment| {
                input
                    .recoupment_state
                    .get(&recoupment.id)
                    .map_or(0, |state| state.deferred)
            })
            .collect();
        let mut waterfall: Vec<usize> = (0..recoupments.len()).collect();
        waterfall.sort_by(|&a, &b| {
            recoupments[a]
                .priority
                .cmp(&recoupments[b].priority)
                .then(before[a].cmp(&before[b]))
                .then(recoupments[a].created_at.cmp(&recoupments[b].created_at))
                .then(cmp_str(text(recoupments[a].id), text(recoupments[b].id)))
        });
        let open_in_period: Vec<bool> = recoupments
            .iter()
            .map(|recoupment| recoupment.status_open && recoupment.start_date.map_or(true, |day| day <= last_day))
            .collect();
        RecoupmentLedger {
            remaining: before.clone(),
            before,
            deferred,
            taken: vec![0i128; recoupments.len()],
            remittances: vec![Vec::new(); recoupments.len()],
            waterfall,
            open_in_period,
        }
    }

    /// Whether recoupment `index` may take anything: open in the period, something remaining.
    #[inline(always)]
    pub(super) fn is_open(&self, index: usize) -> bool {
        self.open_in_period[index] && self.remaining[index] > 0
    }

    /// The most recoupment `index` may take of `wanted`: its remaining, and what
    /// its `statementMaximum` leaves of this statement's budget.
    #[inline(always)]
    pub(super) fn within_budget(&self, index: usize, recoupment: &Recoupment, wanted: i128) -> i128 {
        let mut allowed = self.remaining[index].min(wanted);
        if let Some(maximum) = recoupment.statement_maximum {
            allowed = allowed.min((maximum - self.taken[index]).max(0));
        }
        allowed
    }

    /// Books `amount` taken by recoupment `index`: credited to the creditor now
    /// (immediate) or held in its deferred balance (deferred).
    #[inline(always)]
    pub(super) fn take(&mut self, index: usize, recoupment: &Recoupment, amount: i128, payees: &mut PayeeAmounts) {
        self.remaining[index] -= amount;
        self.taken[index] += amount;
        if recoupment.deferred {
            self.deferred[index] += amount;
        } else {
            payees.credit(recoupment.creditor_id, amount);
        }
    }

    /// Deferred balances are paid out in the statement where the recoupment closes.
    pub(super) fn release_deferred_of_closed(&mut self, recoupments: &[Recoupment], payees: &mut PayeeAmounts) {
        for (index, recoupment) in recoupments.iter().enumerate() {
            if self.before[index] > 0 && self.remaining[index] == 0 && self.deferred[index] != 0 {
                payees.credit(recoupment.creditor_id, self.deferred[index]);
                self.deferred[index] = 0;
            }
        }
    }

    /// The output's recoupments in waterfall order, and the state out
    /// `(id, remaining, deferred)` sorted by id.
    pub(super) fn into_results(self, input: &Input) -> (Vec<RecoupmentResult>, Vec<(Sym, i128, i128)>) {
        let recoupments = &input.recoupments;
        let mut remittances = self.remittances;
        let results: Vec<RecoupmentResult> = self
            .waterfall
            .iter()
            .map(|&index| RecoupmentResult {
                id: recoupments[index].id,
                before: self.before[index],
                taken: self.taken[index],
                after: self.remaining[index],
                closed: self.remaining[index] <= 0,
                deferred: self.deferred[index],
                remittances: std::mem::take(&mut remittances[index]),
            })
            .collect();
        let mut state: Vec<(Sym, i128, i128)> = recoupments
            .iter()
            .enumerate()
            .map(|(index, recoupment)| (recoupment.id, self.remaining[index], self.deferred[index]))
            .collect();
        state.sort_by(|a, b| cmp_str(input.text(a.0), input.text(b.0)));
        (results, state)
    }
}

/// Whether a recoupment's scope covers a product (`all`, or one of its `productIds`).
#[inline(always)]
pub(super) fn covers_product(recoupment: &Recoupment, product: Sym) -> bool {
    match &recoupment.products {
        None => true,
        Some(products) => products.contains(&product),
    }
}
