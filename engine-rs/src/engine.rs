//! The pure calculation: ENGINE.md steps 1 to 8 on a validated [`Input`].
//!
//! One module per step: `net` (1, and the processing order), `codes` (2),
//! `off_the_top` (3), `set_choice` (4), `thresholds` (5), `allocation` (6),
//! `debtors` (7) and `payouts` (8); steps 4 to 6 share the tables of
//! `tables`. `recoupments` keeps the recoupments' balances and waterfall
//! order over the statement, `lines` sorts the output's lines, and `result`
//! declares the output.
//!
//! Strings are interned ([`Sym`]) and dates are [`Day`] numbers, so the loop
//! over records indexes dense tables: the sets of each scope, the lines of
//! each (code, set) block, and nothing is allocated per record.
//!
//! The per-record steps are `#[inline(never)]` on purpose: V8 starts a module
//! in its baseline tier and uses optimised code for a function from its next
//! call on, so a first statement of a million records gets optimised code after
//! a few thousand records instead of running the whole call at baseline speed.
//! The smaller per-record pieces (steps 2, 3 and 5) are `#[inline(always)]`:
//! they are cut out for reading only and stay in the loop's body.

mod allocation;
mod codes;
mod debtors;
mod lines;
mod net;
mod off_the_top;
mod payouts;
mod recoupments;
mod result;
mod set_choice;
mod tables;
mod thresholds;

pub use result::{Line, Output, PayeeResult, RecoupmentResult, Totals, TriggerResult};

use crate::input::{period_days, Day, Input, RecordKind, Sym};
use codes::{Catalog, MissingCodes};
use net::{filled, records_in_processing_order, unfilled, OrderedRecord};
use payouts::PayeeAmounts;
use recoupments::RecoupmentLedger;
use set_choice::switched_on_triggers;
use tables::Allocation;
use thresholds::{counters_at_statement_start, CounterTriggers};

/// No index: a code not in the catalog, a scope without sets, no block yet.
const NONE: u32 = u32::MAX;

/// What the steps add up over the statement, apart from the lines.
struct Books {
    totals: Totals,
    payees: PayeeAmounts,
    recoupments: RecoupmentLedger,
    missing: MissingCodes,
}

/// A record (or what step 3 left of it) that moves no counter: allocated
/// after the loop in processing order, grouped by code.
#[derive(Clone, Copy)]
struct UncountedRecord {
    net: i128,
    units: i64,
    code: Sym,
    date: Day,
    kind: RecordKind,
}

/// Runs the statement. Pure: the same input always gives the same output.
pub fn calculate(input: &Input) -> Output {
    calculate_with(input, true)
}

/// [`calculate`] without the lines (left empty): everything else is the same.
/// The split editor's preview shows totals and payees only, and sorting a
/// statement's lines is a tenth of its calculation.
pub fn calculate_summary(input: &Input) -> Output {
    calculate_with(input, false)
}

fn calculate_with(input: &Input, with_lines: bool) -> Output {
    let (first_day, last_day) = period_days(&input.period);
    let symbol_count = input.strings.len();
    let ledger = RecoupmentLedger::at_statement_start(input, last_day);
    let (counters, mut counter_triggers) = counters_at_statement_start(input);
    let switched_on = switched_on_triggers(&input.split_sets, &input.recoupments, &ledger.before);
    let mut allocation = Allocation::new(input, counters, switched_on);
    let catalog = Catalog::new(input);

    let (records, totals) = records_in_processing_order(input, first_day);
    let mut books = Books {
        totals,
        payees: PayeeAmounts::new(symbol_count),
        recoupments: ledger,
        missing: MissingCodes::new(symbol_count),
    };
    let uncounted = allocate_in_processing_order(records, &catalog, &mut books, &mut allocation, &mut counter_triggers);
    allocate_grouped_by_code(uncounted, &catalog, &mut books, &mut allocation);
    books.totals.allocated = allocation.allocated;

    let mut buckets = debtors::sum_earnings(&allocation, &catalog, &input.recoupments, &mut books.payees);
    debtors::recoup_from_debtors(
        input,
        &mut books.recoupments,
        &mut buckets,
        &mut books.payees,
        books.totals.net,
    );
    books
        .recoupments
        .release_deferred_of_closed(&input.recoupments, &mut books.payees);

    let lines = if with_lines {
        lines::sorted_lines(&allocation, &catalog)
    } else {
        Vec::new()
    };
    let (recoupments, state_recoupments) = books.recoupments.into_results(input);
    Output {
        totals: books.totals,
        payees: books.payees.payouts(input),
        lines,
        recoupments,
        triggers: counter_triggers.results(input, &allocation.counters),
        missing_codes: books.missing.sorted(input),
        state_recoupments,
    }
}

/// Steps 2 and 3 for every record in processing order, and steps 4 to 6 for
/// the records of codes a counter set's scope covers; returns the others.
///
/// Only step 3 and the counters of step 5 depend on the records before, so a
/// record that moves no counter (a code no counter set covers, or a
/// mechanical) can be allocated later, grouped by code: each code's tables
/// and lines are then read once, not once per record, which is most of the
/// time a statement of a million records takes.
fn allocate_in_processing_order(
    records: Vec<OrderedRecord>,
    catalog: &Catalog,
    books: &mut Books,
    allocation: &mut Allocation,
    counter_triggers: &mut CounterTriggers,
) -> Vec<UncountedRecord> {
    let input = allocation.input;
    let counted = counter_triggers.codes_counted(input, catalog);
    let mut uncounted: Vec<UncountedRecord> = Vec::with_capacity(records.len());
    for record in &records {
        let product = match catalog.product_of(record.code) {
            Some(product) => product,
            None => {
                books
                    .missing
                    .leave_unallocated(record.code, record.net, &mut books.totals);
                continue;
            }
        };
        let net = off_the_top::cut_off_the_top(input, books, product, record.kind, record.net);
        if record.kind == RecordKind::Mechanical || !counted[record.code as usize] {
            uncounted.push(UncountedRecord {
                net,
                units: record.units,
                code: record.code,
                date: record.date,
                kind: record.kind,
            });
            continue;
        }
        let base = match allocation.base_set(record.code, product, record.kind, record.date) {
            Some(base) => base,
            None => {
                books.missing.leave_unallocated(record.code, net, &mut books.totals);
                continue;
            }
        };
        counter_triggers.allocate_counted_record(allocation, record, product, base, net);
    }
    uncounted
}

/// Steps 4 and 6 for the records that move no counter, code by code (a stable
/// counting sort by code). Each copy of the records is freed once read, for a
/// lower peak of memory.
fn allocate_grouped_by_code(
    mut uncounted: Vec<UncountedRecord>,
    catalog: &Catalog,
    books: &mut Books,
    allocation: &mut Allocation,
) {
    let mut run_starts = vec![0u32; allocation.input.strings.len() + 1];
    for record in &uncounted {
        run_starts[record.code as usize + 1] += 1;
    }
    for i in 1..run_starts.len() {
        run_starts[i] += run_starts[i - 1];
    }
    let mut slots = unfilled::<UncountedRecord>(uncounted.len());
    for record in uncounted.drain(..) {
        let slot = &mut run_starts[record.code as usize];
        slots[*slot as usize].write(record);
        *slot += 1;
    }
    drop(uncounted);
    // SAFETY: the counts gave each of the records a distinct index below their number.
    let by_code = unsafe { filled(slots) };
    for record in &by_code {
        let product = catalog.products()[record.code as usize];
        let base = match allocation.base_set(record.code, product, record.kind, record.date) {
            Some(base) => base,
            None => {
                books
                    .missing
                    .leave_unallocated(record.code, record.net, &mut books.totals);
                continue;
            }
        };
        // No counter moves in this scope: a date, manual or recoupment trigger only.
        let set = if base.scope_has_conditional {
            allocation.active_set(base.set, base.scope, record.kind, record.date)
        } else {
            base.set
        };
        allocation.allocate(record.code, record.kind, set, record.net, record.units as i128);
    }
}
