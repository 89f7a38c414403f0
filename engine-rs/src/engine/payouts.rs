//! Step 8: each payee's payout, `earned - recouped + credited`.

use super::PayeeResult;
use crate::input::{Input, Sym};
use crate::money::WideMoney;
use crate::order::cmp_str;

/// What each payee earned, was recouped and was credited, in tables indexed by [`Sym`].
pub(super) struct PayeeAmounts {
    pub(super) earned: Vec<i128>,
    pub(super) recouped: Vec<i128>,
    /// Wide: two released deferred balances of 26 digits already pass `i128`.
    pub(super) credited: Vec<WideMoney>,
    /// Whether the payee is listed in the output: it earned, was recouped or was credited.
    pub(super) listed: Vec<bool>,
}

impl PayeeAmounts {
    /// Nothing for anyone, with room for every string of the input.
    pub(super) fn new(symbol_count: usize) -> PayeeAmounts {
        PayeeAmounts {
            earned: vec![0; symbol_count],
            recouped: vec![0; symbol_count],
            credited: vec![WideMoney::default(); symbol_count],
            listed: vec![false; symbol_count],
        }
    }

    /// Credits a recoupment's creditor; a zero credit does not list the payee.
    pub(super) fn credit(&mut self, payee: Sym, amount: i128) {
        if amount != 0 {
            self.credited[payee as usize] = self.credited[payee as usize].plus(amount);
            self.listed[payee as usize] = true;
        }
    }

    /// The listed payees sorted by payeeId, each with its payout.
    pub(super) fn payouts(&self, input: &Input) -> Vec<PayeeResult> {
        let mut payee_ids: Vec<Sym> = (0..self.listed.len() as Sym)
            .filter(|&payee| self.listed[payee as usize])
            .collect();
        payee_ids.sort_by(|&a, &b| cmp_str(input.text(a), input.text(b)));
        payee_ids
            .into_iter()
            .map(|payee| {
                let (earned, recouped, credited) = (
                    self.earned[payee as usize],
                    self.recouped[payee as usize],
                    self.credited[payee as usize],
                );
                PayeeResult {
                    payee_id: payee,
                    earned,
                    recouped,
                    credited,
                    payout: WideMoney::of(earned - recouped).plus_wide(credited),
                }
            })
            .collect()
    }
}
