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

use crate::error::EngineError;
use crate::json::{stringify, Value};
use crate::money::{format_percent, parse_json_integer, parse_money, parse_percent, PCT_ONE};
use std::collections::{BTreeMap, BTreeSet, HashSet};

type R<T> = Result<T, EngineError>;

/// An interned string: its index in [`Strings`].
pub type Sym = u32;

/// A calendar date as the number `yyyymmdd`; numbers order as the `YYYY-MM-DD` texts do.
pub type Day = u32;

/// The distinct strings of one input (codes, product ids, payee ids, set and
/// recoupment ids), each stored once and named by its [`Sym`].
///
/// An open-addressing table whose slots hold the first 16 bytes of their
/// string: a code (12 or 13 bytes) is found with one read of one slot, where a
/// general map would also read the stored string to compare it. A million
/// records carry a million codes, and this lookup was a third of reading them.
#[derive(Debug, Clone, Default)]
pub struct Strings {
    list: Vec<String>,
    /// A power of two long, at most half full; `sym == EMPTY` marks a free slot.
    slots: Vec<Slot>,
}

#[derive(Debug, Clone, Copy)]
struct Slot {
    /// The first 16 bytes, zero-padded.
    head: [u64; 2],
    len: u32,
    sym: Sym,
}

const EMPTY: Sym = Sym::MAX;
const FREE: Slot = Slot {
    head: [0, 0],
    len: 0,
    sym: EMPTY,
};

/// The first 16 bytes of `bytes` as two little-endian words, zero-padded.
fn head_words(bytes: &[u8]) -> [u64; 2] {
    let mut buf = [0u8; 16];
    let n = bytes.len().min(16);
    buf[..n].copy_from_slice(&bytes[..n]);
    let mut lo = [0u8; 8];
    let mut hi = [0u8; 8];
    lo.copy_from_slice(&buf[..8]);
    hi.copy_from_slice(&buf[8..]);
    [u64::from_le_bytes(lo), u64::from_le_bytes(hi)]
}

/// A small multiply-rotate hash (as rustc's FxHash) with splitmix64's
/// finaliser, for the string table: ids are not attacker-chosen keys of a
/// long-lived map, and SipHash would cost more than the rest of reading a record.
fn hash_of(head: [u64; 2], bytes: &[u8]) -> u64 {
    let mut h = 0u64;
    let mut add = |word: u64| h = (h.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    add(head[0]);
    add(head[1] ^ ((bytes.len() as u64) << 56));
    if bytes.len() > 16 {
        for chunk in bytes[16..].chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            add(u64::from_le_bytes(word));
        }
    }
    let mut z = h;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Strings {
    /// An empty table.
    pub fn new() -> Strings {
        Strings::default()
    }

    /// An empty table with room for `n` strings.
    pub fn with_capacity(n: usize) -> Strings {
        Strings {
            list: Vec::with_capacity(n),
            slots: vec![FREE; (n.max(8) * 2).next_power_of_two()],
        }
    }

    /// The slot holding `s`, or the free slot where it would go.
    #[inline(always)]
    fn find(&self, s: &str) -> usize {
        let bytes = s.as_bytes();
        let head = head_words(bytes);
        let mask = self.slots.len() - 1;
        let mut i = hash_of(head, bytes) as usize & mask;
        loop {
            let slot = &self.slots[i];
            if slot.sym == EMPTY
                || (slot.len as usize == bytes.len()
                    && slot.head == head
                    && (bytes.len() <= 16 || self.list[slot.sym as usize].as_bytes() == bytes))
            {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let mut bigger = Strings {
            list: Vec::new(),
            slots: vec![FREE; (self.slots.len() * 2).max(16)],
        };
        std::mem::swap(&mut bigger.list, &mut self.list);
        for (sym, text) in bigger.list.iter().enumerate() {
            let i = bigger.find(text);
            bigger.slots[i] = Slot {
                head: head_words(text.as_bytes()),
                len: text.len() as u32,
                sym: sym as Sym,
            };
        }
        *self = bigger;
    }

    /// The symbol of `s`, adding it when new.
    #[inline(never)]
    pub fn intern(&mut self, s: &str) -> Sym {
        if (self.list.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let i = self.find(s);
        if self.slots[i].sym != EMPTY {
            return self.slots[i].sym;
        }
        let sym = self.list.len() as Sym;
        self.list.push(s.to_string());
        self.slots[i] = Slot {
            head: head_words(s.as_bytes()),
            len: s.len() as u32,
            sym,
        };
        sym
    }

    /// The symbol of `s` when it is in the table.
    pub fn lookup(&self, s: &str) -> Option<Sym> {
        if self.slots.is_empty() {
            return None;
        }
        match self.slots[self.find(s)].sym {
            EMPTY => None,
            sym => Some(sym),
        }
    }

    /// Adds `s`, which must not be in the table yet; `None` when it is.
    pub fn push_new(&mut self, s: &str) -> Option<Sym> {
        if self.lookup(s).is_some() {
            return None;
        }
        Some(self.intern(s))
    }

    /// The text of `sym`.
    pub fn get(&self, sym: Sym) -> &str {
        &self.list[sym as usize]
    }

    /// How many strings the table holds.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

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
    pub fn record_id(&self, r: &Record) -> &str {
        let start = r.id_start as usize;
        &self.record_ids[start..start + r.id_len as usize]
    }

    /// The text of an interned string.
    pub fn text(&self, sym: Sym) -> &str {
        self.strings.get(sym)
    }
}

// ---------------------------------------------------------------- helpers

fn fail<T>(path: &str, message: impl Into<String>) -> R<T> {
    Err(EngineError::input(path, message))
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{}.{}", path, key)
    }
}

fn quoted(s: &str) -> String {
    stringify(&Value::String(s.to_string()))
}

/// A present field (`null` included).
fn opt<'v>(obj: &'v Value, key: &str) -> Option<&'v Value> {
    obj.get(key)
}

/// A present, non-null field.
fn opt_nullable<'v>(obj: &'v Value, key: &str) -> Option<&'v Value> {
    match obj.get(key) {
        None | Some(Value::Null) => None,
        Some(v) => Some(v),
    }
}

fn req<'v>(obj: &'v Value, key: &str, path: &str) -> R<&'v Value> {
    match opt(obj, key) {
        Some(v) => Ok(v),
        None => fail(&join(path, key), "required"),
    }
}

fn object<'v>(v: &'v Value, path: &str) -> R<&'v Value> {
    match v {
        Value::Object(_) => Ok(v),
        _ => fail(if path.is_empty() { "$" } else { path }, "not an object"),
    }
}

fn array<'v>(v: &'v Value, path: &str) -> R<&'v [Value]> {
    match v {
        Value::Array(items) => Ok(items),
        _ => fail(path, "not an array"),
    }
}

fn string(v: &Value, path: &str) -> R<String> {
    match v {
        Value::String(s) => Ok(s.clone()),
        _ => fail(path, "not a string"),
    }
}

fn money(v: &Value, path: &str) -> R<i128> {
    match v {
        Value::String(s) => match parse_money(s) {
            Some(m) => Ok(m),
            None => fail(path, "not a decimal amount"),
        },
        _ => fail(path, "not a decimal amount"),
    }
}

fn percent(v: &Value, path: &str) -> R<i64> {
    match v {
        Value::String(s) => match parse_percent(s) {
            Some(p) => Ok(p),
            None => fail(path, "not a percentage"),
        },
        _ => fail(path, "not a percentage"),
    }
}

fn integer(v: &Value, path: &str) -> R<i64> {
    match v {
        Value::Number(t) => match parse_json_integer(t) {
            Some(i) => Ok(i),
            None => fail(path, "not an integer"),
        },
        _ => fail(path, "not an integer"),
    }
}

fn boolean(v: &Value, path: &str) -> R<bool> {
    match v {
        Value::Bool(b) => Ok(*b),
        _ => fail(path, "not a boolean"),
    }
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ => {
            if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 {
                29
            } else {
                28
            }
        }
    }
}

fn num(s: &str) -> Option<u32> {
    if s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse().ok()
    } else {
        None
    }
}

/// `(year, month)` of a `YYYY-MM` text.
pub fn parse_period(s: &str) -> Option<(u32, u32)> {
    let b = s.as_bytes();
    if b.len() != 7 || b[4] != b'-' {
        return None;
    }
    let y = num(&s[0..4])?;
    let m = num(&s[5..7])?;
    if (1..=12).contains(&m) {
        Some((y, m))
    } else {
        None
    }
}

/// The first and last day of a valid period (`YYYY-MM`).
pub fn period_days(period: &str) -> (Day, Day) {
    let (y, m) = parse_period(period).unwrap_or((1970, 1));
    (y * 10_000 + m * 100 + 1, y * 10_000 + m * 100 + days_in_month(y, m))
}

/// The [`Day`] of a calendar date `YYYY-MM-DD`; `None` when `s` is not one.
pub fn parse_date(s: &str) -> Option<Day> {
    if s.len() != 10 || s.as_bytes()[7] != b'-' || !s.is_ascii() {
        return None;
    }
    match (parse_period(&s[0..7]), num(&s[8..10])) {
        (Some((y, m)), Some(d)) if d >= 1 && d <= days_in_month(y, m) => Some(y * 10_000 + m * 100 + d),
        _ => None,
    }
}

fn date(v: &Value, path: &str) -> R<Day> {
    match v {
        Value::String(s) => match parse_date(s) {
            Some(d) => Ok(d),
            None => fail(path, "not a date (YYYY-MM-DD)"),
        },
        _ => fail(path, "not a date (YYYY-MM-DD)"),
    }
}

fn opt_date(obj: &Value, key: &str, path: &str) -> R<Option<Day>> {
    match opt_nullable(obj, key) {
        Some(v) => Ok(Some(date(v, &join(path, key))?)),
        None => Ok(None),
    }
}

fn one_of<'a>(v: &Value, path: &str, options: &[&'a str]) -> R<&'a str> {
    if let Value::String(s) = v {
        if let Some(o) = options.iter().find(|o| **o == s.as_str()) {
            return Ok(o);
        }
    }
    fail(path, format!("unknown value {}", stringify(v)))
}

fn req_string(obj: &Value, key: &str, path: &str) -> R<String> {
    string(req(obj, key, path)?, &join(path, key))
}

fn opt_string(obj: &Value, key: &str, path: &str) -> R<Option<String>> {
    match opt_nullable(obj, key) {
        Some(v) => Ok(Some(string(v, &join(path, key))?)),
        None => Ok(None),
    }
}

/// An object's members in JavaScript's property order: array-index keys
/// (`"0"`, `"17"`, below 2^32 - 1) first in numeric order, then the others in
/// source order; so the first error reported matches `Object.entries`.
fn js_entries(v: &Value) -> Vec<(&str, &Value)> {
    fn index(k: &str) -> Option<u64> {
        if k.is_empty() || k.len() > 10 || !k.bytes().all(|b| b.is_ascii_digit()) || (k.len() > 1 && k.starts_with('0'))
        {
            return None;
        }
        k.parse::<u64>().ok().filter(|n| *n < 4_294_967_295)
    }
    let mut entries = v.entries();
    entries.sort_by_key(|(k, _)| match index(k) {
        Some(n) => (0u8, n),
        None => (1u8, 0),
    });
    entries
}

// ---------------------------------------------------------------- input

/// Validates the parsed JSON and builds the typed input.
pub fn from_json(root: &Value) -> R<Input> {
    from_json_with(root, &mut Strings::new())
}

/// Like [`from_json`], interning into `strings` (which may already hold the
/// strings of records sent apart, as the columnar boundary does).
///
/// The new strings are interned into `strings`, which the input then owns (the
/// table is left empty); on an error the table keeps what it held, plus any
/// strings interned before the error.
pub fn from_json_with(root: &Value, strings: &mut Strings) -> R<Input> {
    let mut b = Builder {
        strings,
        record_ids: String::new(),
    };
    object(root, "")?;
    req_string(root, "currency", "")?;
    let st = object(req(root, "statement", "")?, "statement")?;
    req_string(st, "id", "statement")?;
    let period = match req(st, "period", "statement")? {
        Value::String(s) if parse_period(s).is_some() => s.clone(),
        _ => return fail("statement.period", "not a period (YYYY-MM)"),
    };
    let distributor_take_pct = percent(
        req(st, "distributorTakePct", "statement")?,
        "statement.distributorTakePct",
    )?;

    let mut records = Vec::new();
    for (i, r) in array(req(root, "records", "")?, "records")?.iter().enumerate() {
        records.push(b.record(r, &format!("records[{}]", i))?);
    }

    let mut catalog = Vec::new();
    let cat = object(req(root, "catalog", "")?, "catalog")?;
    for (code, entry) in js_entries(cat) {
        let path = join("catalog", code);
        object(entry, &path)?;
        let product = req_string(entry, "productId", &path)?;
        catalog.push((b.strings.intern(code), b.strings.intern(&product)));
    }

    let recoupment_ids: BTreeSet<String> = match opt(root, "recoupments") {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|r| match r.get("id") {
                Some(Value::String(s)) => Some(s.clone()),
                _ => None,
            })
            .collect(),
        _ => BTreeSet::new(),
    };

    let mut split_sets: Vec<SplitSet> = Vec::new();
    let mut set_ids: HashSet<Sym> = HashSet::new();
    for (i, s) in array(req(root, "splitSets", "")?, "splitSets")?.iter().enumerate() {
        let set = b.split_set(s, &format!("splitSets[{}]", i), &recoupment_ids, &set_ids)?;
        set_ids.insert(set.id);
        split_sets.push(set);
    }

    let mut recoupments: Vec<Recoupment> = Vec::new();
    if let Some(v) = opt(root, "recoupments") {
        for (i, r) in array(v, "recoupments")?.iter().enumerate() {
            let path = format!("recoupments[{}]", i);
            let rc = b.recoupment(r, &path)?;
            if recoupments.iter().any(|o| o.id == rc.id) {
                return fail(
                    &join(&path, "id"),
                    format!("duplicate id {}", quoted(b.strings.get(rc.id))),
                );
            }
            recoupments.push(rc);
        }
    }

    let mut counters = BTreeMap::new();
    let mut recoupment_state = BTreeMap::new();
    if let Some(st) = opt(root, "state") {
        object(st, "state")?;
        if let Some(c) = opt(st, "counters") {
            object(c, "state.counters")?;
            for (id, entry) in js_entries(c) {
                let set = b
                    .strings
                    .lookup(id)
                    .and_then(|sym| split_sets.iter().find(|s| s.id == sym));
                let (set_id, income) =
                    match set.and_then(|s| s.trigger.as_ref().and_then(|t| t.counter()).map(|c| (s.id, c.2))) {
                        Some(found) => found,
                        None => continue,
                    };
                let path = join("state.counters", id);
                object(entry, &path)?;
                let vpath = join(&path, "value");
                let v = req(entry, "value", &path)?;
                let value = if income {
                    money(v, &vpath)?
                } else {
                    match v {
                        Value::String(s) => match integer_text(s) {
                            Some(n) => n,
                            None => return fail(&vpath, "not an integer"),
                        },
                        _ => return fail(&vpath, "not an integer"),
                    }
                };
                counters.insert(set_id, value);
            }
        }
        if let Some(rs) = opt(st, "recoupments") {
            object(rs, "state.recoupments")?;
            for (id, entry) in js_entries(rs) {
                let rc_id = match recoupments.iter().find(|r| b.strings.get(r.id) == id) {
                    Some(r) => r.id,
                    None => continue,
                };
                let path = join("state.recoupments", id);
                object(entry, &path)?;
                let remaining = match opt(entry, "remaining") {
                    Some(v) => Some(money(v, &join(&path, "remaining"))?),
                    None => None,
                };
                let deferred = match opt(entry, "deferred") {
                    Some(v) => money(v, &join(&path, "deferred"))?,
                    None => 0,
                };
                recoupment_state.insert(rc_id, RecoupmentState { remaining, deferred });
            }
        }
    }

    Ok(Input {
        strings: std::mem::take(b.strings),
        record_ids: b.record_ids,
        period,
        distributor_take_pct,
        records,
        catalog,
        split_sets,
        recoupments,
        counters,
        recoupment_state,
    })
}

/// An integer written as text (`-?digits`, at most 36 significant digits).
fn integer_text(s: &str) -> Option<i128> {
    let body = s.strip_prefix('-').unwrap_or(s);
    if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let significant = body.trim_start_matches('0');
    if significant.len() > 36 {
        return None;
    }
    let v: i128 = if significant.is_empty() {
        0
    } else {
        significant.parse().ok()?
    };
    Some(if s.starts_with('-') { -v } else { v })
}

/// Exactly one key: `code` (a string), `productId` (a string) or `default: true`.
fn scope(v: &Value, path: &str, strings: &mut Strings) -> R<Scope> {
    object(v, path)?;
    // One member is the common case; entries() (repeated keys collapsed) only otherwise.
    let entries = match v {
        Value::Object(members) if members.len() == 1 => vec![(members[0].0.as_str(), &members[0].1)],
        _ => v.entries(),
    };
    if entries.len() == 1 {
        match entries[0] {
            ("code", Value::String(c)) => return Ok(Scope::Code(strings.intern(c))),
            ("productId", Value::String(p)) => return Ok(Scope::Product(strings.intern(p))),
            ("default", Value::Bool(true)) => return Ok(Scope::Default),
            _ => {}
        }
    }
    fail(path, "unknown scope shape")
}

const PRIORITIES: [&str; 7] = [
    "highest",
    "high",
    "medium-high",
    "medium",
    "medium-low",
    "low",
    "lowest",
];

fn string_list(v: &Value, path: &str) -> R<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for (j, item) in array(v, path)?.iter().enumerate() {
        out.push(string(item, &format!("{}[{}]", path, j))?);
    }
    Ok(out)
}

fn opt_money(r: &Value, key: &str, path: &str) -> R<i128> {
    match opt(r, key) {
        Some(v) => money(v, &join(path, key)),
        None => Ok(0),
    }
}

fn req_percent(r: &Value, key: &str, path: &str) -> R<i64> {
    percent(req(r, key, path)?, &join(path, key))
}

/// Interns while validating.
struct Builder<'a> {
    strings: &'a mut Strings,
    record_ids: String,
}

impl<'a> Builder<'a> {
    fn record(&mut self, r: &Value, path: &str) -> R<Record> {
        object(r, path)?;
        let id = req_string(r, "id", path)?;
        let code = req_string(r, "code", path)?;
        let kind = match opt(r, "kind") {
            Some(v) => match one_of(v, &join(path, "kind"), &["sale", "mechanical", "adjustment"])? {
                "mechanical" => RecordKind::Mechanical,
                "adjustment" => RecordKind::Adjustment,
                _ => RecordKind::Sale,
            },
            None => RecordKind::Sale,
        };
        let date = opt_date(r, "date", path)?;
        let units = integer(req(r, "units", path)?, &join(path, "units"))?;
        let revenue = money(req(r, "revenue", path)?, &join(path, "revenue"))?;
        opt_string(r, "service", path)?;
        let format = opt_string(r, "format", path)?;
        opt_string(r, "territory", path)?;
        let id_start = self.record_ids.len() as u32;
        self.record_ids.push_str(&id);
        Ok(Record {
            id_start,
            id_len: id.len() as u32,
            code: self.strings.intern(&code),
            kind,
            date,
            units,
            revenue,
            stream: format.as_deref() == Some("stream"),
        })
    }

    fn split_set(
        &mut self,
        s: &Value,
        path: &str,
        recoupment_ids: &BTreeSet<String>,
        earlier: &HashSet<Sym>,
    ) -> R<SplitSet> {
        object(s, path)?;
        let id_text = req_string(s, "id", path)?;
        let id = self.strings.intern(&id_text);
        if earlier.contains(&id) {
            return fail(&join(path, "id"), format!("duplicate id {}", quoted(&id_text)));
        }
        let scope = scope(req(s, "scope", path)?, &join(path, "scope"), &mut self.strings)?;
        let kind = match one_of(
            req(s, "kind", path)?,
            &join(path, "kind"),
            &["base", "mechanical", "conditional"],
        )? {
            "base" => SetKind::Base,
            "mechanical" => SetKind::Mechanical,
            _ => SetKind::Conditional,
        };
        let start_date = opt_date(s, "startDate", path)?;
        let priority = match opt(s, "priority") {
            Some(v) => integer(v, &join(path, "priority"))?,
            None => 0,
        };
        let shares = self.shares(req(s, "shares", path)?, &join(path, "shares"), true)?;
        let trigger = if kind == SetKind::Conditional {
            Some(self.trigger(req(s, "trigger", path)?, &join(path, "trigger"), recoupment_ids)?)
        } else {
            None
        };
        Ok(SplitSet {
            id,
            scope,
            kind,
            start_date,
            priority,
            shares,
            trigger,
        })
    }

    /// A share list (a set's `shares` or a group's `members`).
    ///
    /// Shapes (a key counts as present even when `null`):
    /// - `{payeeId: string, pct}` (no `groupId`, no `balance`);
    /// - `{payeeId: string, balance: true}` (no `pct`, no `groupId`);
    /// - `{groupId: string, pct, members: [...]}` (no `payeeId`, no `balance`),
    ///   only in a set's `shares`; members are payee or balance shares.
    fn shares(&mut self, v: &Value, path: &str, allow_groups: bool) -> R<Vec<Share>> {
        let items = array(v, path)?;
        let mut out: Vec<Share> = Vec::new();
        let mut balance_at: Option<usize> = None;
        for (j, s) in items.iter().enumerate() {
            let sp = format!("{}[{}]", path, j);
            if !matches!(s, Value::Object(_)) {
                return fail(&sp, "unknown share shape");
            }
            let has = |k: &str| s.get(k).is_some();
            if has("groupId") {
                let is_group = allow_groups
                    && matches!(s.get("groupId"), Some(Value::String(_)))
                    && !has("payeeId")
                    && !has("balance")
                    && has("pct")
                    && matches!(s.get("members"), Some(Value::Array(_)));
                if !is_group {
                    return fail(&sp, "unknown share shape");
                }
                let pct = percent(req(s, "pct", &sp)?, &join(&sp, "pct"))?;
                let members = self
                    .shares(req(s, "members", &sp)?, &join(&sp, "members"), false)?
                    .into_iter()
                    .filter_map(|m| match m.target {
                        ShareTarget::Payee(p) => Some((p, m.pct)),
                        ShareTarget::Group(_) => None,
                    })
                    .collect();
                out.push(Share {
                    pct,
                    target: ShareTarget::Group(members),
                });
                continue;
            }
            let payee = match s.get("payeeId") {
                Some(Value::String(p)) => p.clone(),
                _ => return fail(&sp, "unknown share shape"),
            };
            if has("balance") {
                if !matches!(s.get("balance"), Some(Value::Bool(true))) || has("pct") {
                    return fail(&sp, "unknown share shape");
                }
                if balance_at.is_some() {
                    return fail(path, "only one balance share allowed");
                }
                balance_at = Some(j);
                out.push(Share {
                    pct: 0,
                    target: ShareTarget::Payee(self.strings.intern(&payee)),
                });
                continue;
            }
            if !has("pct") {
                return fail(&sp, "unknown share shape");
            }
            let pct = percent(req(s, "pct", &sp)?, &join(&sp, "pct"))?;
            out.push(Share {
                pct,
                target: ShareTarget::Payee(self.strings.intern(&payee)),
            });
        }
        let total: i128 = out.iter().map(|s| s.pct as i128).sum();
        match balance_at {
            Some(j) => {
                if total > PCT_ONE as i128 {
                    return fail(path, format!("Splits total {}%", format_percent(total)));
                }
                out[j].pct = PCT_ONE - total as i64;
            }
            None => {
                if total != PCT_ONE as i128 {
                    return fail(path, format!("Splits total {}%", format_percent(total)));
                }
            }
        }
        Ok(out)
    }

    fn trigger(&mut self, v: &Value, path: &str, recoupment_ids: &BTreeSet<String>) -> R<Trigger> {
        object(v, path)?;
        let tpath = join(path, "type");
        let ty = string(req(v, "type", path)?, &tpath)?;
        match ty.as_str() {
            "income" => {
                let threshold = money(req(v, "threshold", path)?, &join(path, "threshold"))?;
                let pre_counted = match opt(v, "preCounted") {
                    Some(p) => money(p, &join(path, "preCounted"))?,
                    None => 0,
                };
                Ok(Trigger::Income { threshold, pre_counted })
            }
            "units" | "plays" => {
                let threshold = integer(req(v, "threshold", path)?, &join(path, "threshold"))? as i128;
                let pre_counted = match opt(v, "preCounted") {
                    Some(p) => integer(p, &join(path, "preCounted"))? as i128,
                    None => 0,
                };
                Ok(if ty == "units" {
                    Trigger::Units { threshold, pre_counted }
                } else {
                    Trigger::Plays { threshold, pre_counted }
                })
            }
            "date" => Ok(Trigger::Date(date(req(v, "date", path)?, &join(path, "date"))?)),
            "manual" => Ok(Trigger::Manual(boolean(
                req(v, "active", path)?,
                &join(path, "active"),
            )?)),
            "recoupment" => {
                let rpath = join(path, "recoupmentId");
                let id = string(req(v, "recoupmentId", path)?, &rpath)?;
                if !recoupment_ids.contains(&id) {
                    return fail(&rpath, format!("unknown recoupment {}", quoted(&id)));
                }
                Ok(Trigger::Recoupment(self.strings.intern(&id)))
            }
            other => fail(&tpath, format!("unknown trigger type {}", quoted(other))),
        }
    }

    fn recoupment(&mut self, r: &Value, path: &str) -> R<Recoupment> {
        object(r, path)?;
        let id = req_string(r, "id", path)?;
        opt_string(r, "title", path)?;
        opt_string(r, "type", path)?;
        let status_open = one_of(
            req(r, "status", path)?,
            &join(path, "status"),
            &["open", "closed", "deleted"],
        )? == "open";
        let creditor_id = req_string(r, "creditorId", path)?;
        let mut debtor_ids: Vec<Sym> = Vec::new();
        for d in string_list(req(r, "debtorIds", path)?, &join(path, "debtorIds"))? {
            let d = self.strings.intern(&d);
            if !debtor_ids.contains(&d) {
                debtor_ids.push(d);
            }
        }
        let amount = money(req(r, "amount", path)?, &join(path, "amount"))?;
        let prepaid = opt_money(r, "prepaid", path)?;
        let p = one_of(req(r, "priority", path)?, &join(path, "priority"), &PRIORITIES)?;
        let priority = PRIORITIES.iter().position(|x| *x == p).unwrap_or(0) as u8;
        let created_at = integer(req(r, "createdAt", path)?, &join(path, "createdAt"))?;
        let start_date = opt_date(r, "startDate", path)?;
        let scope_all = one_of(req(r, "scope", path)?, &join(path, "scope"), &["all", "products"])? == "all";
        let product_ids = match opt(r, "productIds") {
            Some(v) => string_list(v, &join(path, "productIds"))?,
            None => Vec::new(),
        };
        let recoupable_pct = req_percent(r, "recoupablePct", path)?;
        let net_revenue_pct = req_percent(r, "netRevenuePct", path)?;
        let statement_maximum = match opt_nullable(r, "statementMaximum") {
            Some(v) => Some(money(v, &join(path, "statementMaximum"))?),
            None => None,
        };
        let payment_minimum = opt_money(r, "paymentMinimum", path)?;
        let revenue_minimum = opt_money(r, "revenueMinimum", path)?;
        let deferred = one_of(
            req(r, "reimbursement", path)?,
            &join(path, "reimbursement"),
            &["immediate", "deferred"],
        )? == "deferred";
        let mechanical_repays = match opt(r, "mechanicalRepays") {
            Some(v) => boolean(v, &join(path, "mechanicalRepays"))?,
            None => false,
        };
        let products = if scope_all {
            None
        } else {
            Some(product_ids.iter().map(|p| self.strings.intern(p)).collect())
        };
        Ok(Recoupment {
            id: self.strings.intern(&id),
            status_open,
            creditor_id: self.strings.intern(&creditor_id),
            debtor_ids,
            amount,
            prepaid,
            priority,
            created_at,
            start_date,
            products,
            recoupable_pct,
            net_revenue_pct,
            statement_maximum,
            payment_minimum,
            revenue_minimum,
            deferred,
            mechanical_repays,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_keep_each_text_once_through_growth() {
        let mut strings = Strings::new();
        // Short texts, texts sharing their first 16 bytes, the empty text and multi-byte text.
        let texts: Vec<String> = (0..5_000)
            .map(|i| match i % 4 {
                0 => format!("QZ{:010}", i),
                1 => format!("a-long-shared-prefix-{}", i),
                2 => format!("a-long-shared-prefix-{}", i).repeat(3),
                _ => format!("é{}", i),
            })
            .chain(std::iter::once(String::new()))
            .collect();
        for (i, text) in texts.iter().enumerate() {
            assert_eq!(strings.intern(text), i as Sym);
        }
        for (i, text) in texts.iter().enumerate() {
            assert_eq!(strings.intern(text), i as Sym, "{}", text);
            assert_eq!(strings.lookup(text), Some(i as Sym));
            assert_eq!(strings.get(i as Sym), text);
        }
        assert_eq!(strings.len(), texts.len());
        assert_eq!(strings.lookup("a-long-shared-prefix-"), None);
        assert_eq!(strings.lookup("QZ0000000000\0"), None);
        assert_eq!(strings.push_new("QZ0000000000"), None);
        assert_eq!(Strings::with_capacity(3).lookup("x"), None);
        assert_eq!(Strings::new().lookup("x"), None);
    }
}
