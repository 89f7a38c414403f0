//! The typed input and its validation.
//!
//! [`from_json`] turns the parsed JSON into an [`Input`] or rejects it whole
//! with the first problem in input order (currency, statement, records,
//! catalog, splitSets, recoupments, state; within an object, fields in the
//! order ENGINE.md's examples list them), as `path: message`.
//!
//! A field is absent only when its key is missing: `null` is a value, accepted
//! only where the contract allows it (`date`, `startDate`, `statementMaximum`,
//! `service`, `format`, `territory`, `title`, `type`).
//!
//! Every id and code is interned once ([`Strings`], [`Sym`]) and every date is
//! a [`Day`] number, so the calculation compares and indexes integers.
//!
//! Layout: the types below; [`Strings`] (the string table); the reading of
//! JSON fields with their paths, of the input as a whole ([`from_json`]), of
//! split sets and of recoupments, each in its own file; and the dates
//! ([`parse_date`], [`period_days`]).

mod dates;
mod fields;
mod reading;
mod recoupments;
mod split_sets;
mod strings;

pub use dates::{parse_date, parse_period, period_days};
pub use reading::{from_json, from_json_with};
pub use strings::Strings;

use std::collections::BTreeMap;

/// An interned string: its index in [`Strings`].
pub type Sym = u32;

/// A calendar date as the number `yyyymmdd`; numbers order as the `YYYY-MM-DD` texts do.
pub type Day = u32;

/// A record's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    /// A sale or stream (the default).
    Sale,
    /// A mechanical royalty line.
    Mechanical,
    /// A manual line, possibly negative; allocated like a sale.
    Adjustment,
}

/// One distributor line.
#[derive(Debug, Clone)]
pub struct Record {
    /// Start of the record id (second sort key) in [`Input::record_ids`].
    pub id_start: u32,
    /// Length in bytes of the record id.
    pub id_len: u32,
    /// The recording code (ISRC/UPC) looked up in the catalog.
    pub code: Sym,
    /// Sale, mechanical or adjustment.
    pub kind: RecordKind,
    /// The date; `None` means the statement period's first day.
    pub date: Option<Day>,
    /// Units (plays, sales).
    pub units: i64,
    /// Revenue in 10^-12 units.
    pub revenue: i128,
    /// Whether the format is `stream` (counted by plays triggers).
    pub stream: bool,
}

/// The scope of a split set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// One recording code.
    Code(Sym),
    /// One product.
    Product(Sym),
    /// Every record.
    Default,
}

/// A split set's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetKind {
    /// Sales and adjustments (and mechanicals when no mechanical set exists).
    Base,
    /// Mechanical records.
    Mechanical,
    /// Replaces the base while its trigger is active.
    Conditional,
}

/// Who a share goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareTarget {
    /// A single payee.
    Payee(Sym),
    /// A group; its members `(payeeId, pct)` total 100%.
    Group(Vec<(Sym, i64)>),
}

/// One share of a set, with a balance share already resolved to its percent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share {
    /// Percent in 10^-4 percent.
    pub pct: i64,
    /// Payee or group.
    pub target: ShareTarget,
}

/// A conditional set's trigger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Trigger {
    /// Net income in scope reaches `threshold` (money units).
    Income {
        /// Threshold in 10^-12 units.
        threshold: i128,
        /// Counter start when the state has none.
        pre_counted: i128,
    },
    /// Units in scope reach `threshold`.
    Units {
        /// Threshold in units.
        threshold: i128,
        /// Counter start when the state has none.
        pre_counted: i128,
    },
    /// Units of `stream` records in scope reach `threshold`.
    Plays {
        /// Threshold in units.
        threshold: i128,
        /// Counter start when the state has none.
        pre_counted: i128,
    },
    /// Active for records dated on or after the date.
    Date(Day),
    /// Switched by hand.
    Manual(bool),
    /// Active once the named recoupment's remaining is zero.
    Recoupment(Sym),
}

impl Trigger {
    /// `(threshold, preCounted, is_income)` for counter triggers.
    pub fn counter(&self) -> Option<(i128, i128, bool)> {
        match *self {
            Trigger::Income { threshold, pre_counted } => Some((threshold, pre_counted, true)),
            Trigger::Units { threshold, pre_counted } | Trigger::Plays { threshold, pre_counted } => {
                Some((threshold, pre_counted, false))
            }
            _ => None,
        }
    }
}

/// A split set.
#[derive(Debug, Clone)]
pub struct SplitSet {
    /// Unique id.
    pub id: Sym,
    /// What it applies to.
    pub scope: Scope,
    /// Base, mechanical or conditional.
    pub kind: SetKind,
    /// First date it applies; `None` is the earliest.
    pub start_date: Option<Day>,
    /// Priority among active conditional sets (higher wins).
    pub priority: i64,
    /// Shares totalling exactly 100%.
    pub shares: Vec<Share>,
    /// The trigger of a conditional set (ignored for other kinds).
    pub trigger: Option<Trigger>,
}

/// An advance or cost to recoup.
#[derive(Debug, Clone)]
pub struct Recoupment {
    /// Unique id.
    pub id: Sym,
    /// Whether `status` is `open`.
    pub status_open: bool,
    /// Who is reimbursed.
    pub creditor_id: Sym,
    /// Whose earnings repay it, listed order, duplicates removed.
    pub debtor_ids: Vec<Sym>,
    /// Amount in 10^-12 units.
    pub amount: i128,
    /// Already repaid outside the engine.
    pub prepaid: i128,
    /// Rank: 0 = highest .. 6 = lowest.
    pub priority: u8,
    /// Creation time (older first).
    pub created_at: i64,
    /// First date it may be recouped.
    pub start_date: Option<Day>,
    /// `None` for scope `all`, else the linked product ids.
    pub products: Option<Vec<Sym>>,
    /// Percent of a debtor's earnings that repays it.
    pub recoupable_pct: i64,
    /// Percent of record net cut off the top.
    pub net_revenue_pct: i64,
    /// Most it may take in one statement.
    pub statement_maximum: Option<i128>,
    /// A debtor take below this (and below remaining) is not taken.
    pub payment_minimum: i128,
    /// Skipped when the statement's total net is below this.
    pub revenue_minimum: i128,
    /// Credits held until the recoupment closes.
    pub deferred: bool,
    /// Whether mechanical earnings repay it.
    pub mechanical_repays: bool,
}

/// A recoupment's carried state.
#[derive(Debug, Clone, Copy, Default)]
pub struct RecoupmentState {
    /// Remaining when given.
    pub remaining: Option<i128>,
    /// Deferred balance (0 when absent).
    pub deferred: i128,
}

/// The whole validated input.
#[derive(Debug, Clone)]
pub struct Input {
    /// Every interned string of the input.
    pub strings: Strings,
    /// The record ids one after another (see [`Record::id_start`]).
    pub record_ids: String,
    /// `YYYY-MM`.
    pub period: String,
    /// Distributor take in 10^-4 percent.
    pub distributor_take_pct: i64,
    /// The records, input order.
    pub records: Vec<Record>,
    /// `(code, productId)` pairs, each code once.
    pub catalog: Vec<(Sym, Sym)>,
    /// Split sets, input order.
    pub split_sets: Vec<SplitSet>,
    /// Recoupments, input order.
    pub recoupments: Vec<Recoupment>,
    /// Counter values by split set id (counter triggers only).
    pub counters: BTreeMap<Sym, i128>,
    /// Recoupment state by id (known recoupments only).
    pub recoupment_state: BTreeMap<Sym, RecoupmentState>,
}

impl Input {
    /// The id of a record.
    pub fn record_id(&self, record: &Record) -> &str {
        let start = record.id_start as usize;
        &self.record_ids[start..start + record.id_len as usize]
    }

    /// The text of an interned string.
    pub fn text(&self, sym: Sym) -> &str {
        self.strings.get(sym)
    }
}
