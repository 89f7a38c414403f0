//! The result of a calculation, as [`crate::output`] and [`crate::columns`] write it.

use crate::input::Sym;
use crate::money::WideMoney;

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
    pub payee_id: Sym,
    /// Allocated by split sets.
    pub earned: i128,
    /// Taken by debtor recoupments.
    pub recouped: i128,
    /// Credited as a recoupment creditor: may pass `i128` when several deferred balances are released.
    pub credited: WideMoney,
    /// `earned - recouped + credited`.
    pub payout: WideMoney,
}

/// One allocation line, keyed by (code, splitSetId, payeeId).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Recording code.
    pub code: Sym,
    /// Product of the code.
    pub product_id: Sym,
    /// The set that allocated it.
    pub split_set_id: Sym,
    /// The payee.
    pub payee_id: Sym,
    /// Units of the parts this line came from.
    pub units: i128,
    /// Money allocated.
    pub amount: i128,
}

/// One recoupment's movement in this statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecoupmentResult {
    /// Recoupment id.
    pub id: Sym,
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
    pub remittances: Vec<(Sym, i128)>,
}

/// A counter trigger's movement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TriggerResult {
    /// The conditional set.
    pub split_set_id: Sym,
    /// Whether the counter is money (income) rather than units.
    pub income: bool,
    /// Counter at the start.
    pub counter_before: i128,
    /// Counter at the end.
    pub counter_after: i128,
    /// Index (input order) of the record in which the counter first reached its threshold.
    pub activated_at_record: Option<usize>,
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
    pub missing_codes: Vec<Sym>,
    /// State out: recoupments `(id, remaining, deferred)` sorted by id.
    pub state_recoupments: Vec<(Sym, i128, i128)>,
}
