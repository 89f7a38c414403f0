//! Step 3: off-the-top recoupments cut a share of a record's net before any split.

use super::recoupments::covers_product;
use super::Books;
use crate::input::{Input, RecordKind, Sym};
use crate::money::pct_of;

/// Step 3 for one record of a resolved code: each open recoupment with a
/// `netRevenuePct`, in waterfall order, cuts `trunc(net * netRevenuePct)` of
/// what earlier ones left, within its remaining and statement budget. A record
/// whose net is zero or below is not cut; a `mechanical` one only by a
/// recoupment that `mechanicalRepays`; nothing is cut when the statement's
/// total net is below the recoupment's `revenueMinimum`.
///
/// Returns the record's net after the cuts.
#[inline(always)]
pub(super) fn cut_off_the_top(input: &Input, books: &mut Books, product: Sym, kind: RecordKind, net: i128) -> i128 {
    let mut net = net;
    let ledger = &mut books.recoupments;
    for place in 0..ledger.waterfall.len() {
        let index = ledger.waterfall[place];
        let recoupment = &input.recoupments[index];
        if !ledger.is_open(index) || recoupment.net_revenue_pct == 0 || net <= 0 {
            continue;
        }
        if books.totals.net < recoupment.revenue_minimum || !covers_product(recoupment, product) {
            continue;
        }
        if kind == RecordKind::Mechanical && !recoupment.mechanical_repays {
            continue;
        }
        let cut = ledger.within_budget(index, recoupment, pct_of(net, recoupment.net_revenue_pct));
        if cut <= 0 {
            continue;
        }
        ledger.take(index, recoupment, cut, &mut books.payees);
        net -= cut;
        books.totals.off_the_top += cut;
    }
    net
}
