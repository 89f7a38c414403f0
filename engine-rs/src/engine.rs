//! The pure calculation: ENGINE.md steps 1 to 8 on a validated [`Input`].
//!
//! Strings are interned ([`Sym`]) and dates are [`Day`] numbers, so the loop
//! over records indexes dense tables: the sets of each scope, the lines of
//! each (code, set) block, and nothing is allocated per record.
//!
//! The per-record steps are `#[inline(never)]` on purpose: V8 starts a module
//! in its baseline tier and uses optimised code for a function from its next
//! call on, so a first statement of a million records gets optimised code after
//! a few thousand records instead of running the whole call at baseline speed.

use crate::input::{
    period_days, Day, Input, Record, RecordKind, Recoupment, Scope, SetKind, ShareTarget, Sym, Trigger,
};
use crate::money::{largest_remainder, largest_remainder_pct, mul_div_trunc, pct_of};
use crate::order::cmp_str;
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::mem::{ManuallyDrop, MaybeUninit};

const NONE: u32 = u32::MAX;

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
    /// Credited as a recoupment creditor.
    pub credited: i128,
    /// `earned - recouped + credited`.
    pub payout: i128,
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

/// A record as the loop in processing order reads it.
#[derive(Clone, Copy)]
struct Item {
    net: i128,
    units: i64,
    code: Sym,
    date: Day,
    /// The record's index in the input.
    index: u32,
    kind: RecordKind,
    stream: bool,
}

/// A record (or what step 3 left of it) allocated after the loop in processing order.
#[derive(Clone, Copy)]
struct Part {
    net: i128,
    units: i64,
    code: Sym,
    date: Day,
    kind: RecordKind,
}

/// The sets of one scope by kind, each in input order.
#[derive(Default)]
struct ScopeSets {
    base: Vec<usize>,
    mechanical: Vec<usize>,
    conditional: Vec<usize>,
}

impl ScopeSets {
    fn push(&mut self, kind: SetKind, i: usize) {
        match kind {
            SetKind::Base => self.base.push(i),
            SetKind::Mechanical => self.mechanical.push(i),
            SetKind::Conditional => self.conditional.push(i),
        }
    }
}

/// A share of a set as slots of the set's distinct payees.
enum SharePlan {
    Payee(usize),
    Group { weights: Vec<u64>, slots: Vec<usize> },
}

/// A set ready to allocate: its distinct payees (each one line per code) and shares.
struct SetPlan {
    payees: Vec<Sym>,
    weights: Vec<u64>,
    shares: Vec<SharePlan>,
}

impl SetPlan {
    fn new(set: &crate::input::SplitSet) -> SetPlan {
        let mut payees: Vec<Sym> = Vec::new();
        let mut slot = |p: Sym| match payees.iter().position(|&q| q == p) {
            Some(i) => i,
            None => {
                payees.push(p);
                payees.len() - 1
            }
        };
        let mut shares = Vec::with_capacity(set.shares.len());
        for share in &set.shares {
            shares.push(match &share.target {
                ShareTarget::Payee(p) => SharePlan::Payee(slot(*p)),
                ShareTarget::Group(members) => SharePlan::Group {
                    weights: members.iter().map(|(_, pct)| *pct as u64).collect(),
                    slots: members.iter().map(|(p, _)| slot(*p)).collect(),
                },
            });
        }
        SetPlan {
            payees,
            weights: set.shares.iter().map(|s| s.pct as u64).collect(),
            shares,
        }
    }
}

/// Money of one line, sales (and adjustments) apart from mechanicals.
#[derive(Clone, Copy, Default)]
struct LineAcc {
    sales: i128,
    mechanical: i128,
}

/// The lines of one (code, set) pair: one per distinct payee of the set.
/// Every part touches every line of its set, so the lines share the units.
struct Block {
    units: i128,
    code: Sym,
    set: u32,
    start: u32,
    next: u32,
}

/// A split set chosen for a code and a kind of record: the base set and the scope
/// whose conditional sets may replace it (step 4).
#[derive(Clone, Copy)]
struct Pick {
    /// [`UNKNOWN`] until chosen; [`NONE`] when no set applies.
    base: u32,
    scope: u32,
    /// Whether that scope has conditional sets at all.
    conditional: bool,
}

/// Marks a [`Pick`] not chosen yet, or one that depends on the record's date.
const UNKNOWN: u32 = u32::MAX - 1;

const UNPICKED: Pick = Pick {
    base: UNKNOWN,
    scope: NONE,
    conditional: false,
};

/// What the allocation keeps of each code, filled on its first part: a part
/// then reads one entry instead of walking the scope tables, and usually
/// lands in the block the code's previous part used.
#[derive(Clone, Copy)]
struct CodeInfo {
    /// For sales and adjustments, and for mechanicals.
    sale: Pick,
    mechanical: Pick,
    /// The (set, block) of the code's last part.
    last_set: u32,
    last_block: u32,
}

const UNSEEN: CodeInfo = CodeInfo {
    sale: UNPICKED,
    mechanical: UNPICKED,
    last_set: NONE,
    last_block: NONE,
};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum BucketKind {
    Sales,
    Mechanical,
}

struct Calc<'a> {
    input: &'a Input,
    /// Each set's start date, apart for the loop.
    starts: Vec<Option<Day>>,
    plans: Vec<SetPlan>,
    scopes: Vec<ScopeSets>,
    scope_of_code: Vec<u32>,
    scope_of_product: Vec<u32>,
    default_scope: u32,
    /// Whether a date, manual or recoupment trigger is on (counters and dates aside).
    fixed_active: Vec<bool>,
    counters: Vec<i128>,
    thresholds: Vec<i128>,
    lines: Vec<LineAcc>,
    blocks: Vec<Block>,
    code_head: Vec<u32>,
    codes: Vec<CodeInfo>,
    allocated: i128,
    parts: Vec<i128>,
    member_parts: Vec<i128>,
    rems: Vec<u128>,
}

fn start_cmp(a: Option<Day>, b: Option<Day>) -> Ordering {
    // None is the earliest start.
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => x.cmp(&y),
    }
}

fn started(start: Option<Day>, date: Day) -> bool {
    match start {
        None => true,
        Some(s) => s <= date,
    }
}

fn covers(r: &Recoupment, product: Sym) -> bool {
    match &r.products {
        None => true,
        Some(list) => list.contains(&product),
    }
}

fn scope_covers(scope: &Scope, code: Sym, product: Sym) -> bool {
    match scope {
        Scope::Code(c) => *c == code,
        Scope::Product(p) => *p == product,
        Scope::Default => true,
    }
}

impl<'a> Calc<'a> {
    /// Step 4: the base set and the scope whose conditional sets may replace it, and
    /// whether the choice holds for every date (no candidate has a start date).
    #[inline(never)]
    fn select(&self, code: Sym, product: Sym, kind: RecordKind, date: Day) -> (Option<(usize, u32)>, bool) {
        let scopes = [
            self.scope_of_code[code as usize],
            self.scope_of_product[product as usize],
            self.default_scope,
        ];
        for &s in scopes.iter().filter(|&&s| s != NONE) {
            let scope = &self.scopes[s as usize];
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
            for &i in candidates {
                if !started(self.starts[i], date) {
                    continue;
                }
                base = match base {
                    Some(b) if start_cmp(self.starts[i], self.starts[b]) != Ordering::Greater => Some(b),
                    _ => Some(i),
                };
            }
            let date_free = candidates.iter().all(|&i| self.starts[i].is_none());
            return (base.map(|b| (b, s)), date_free);
        }
        (None, true)
    }

    /// [`Calc::select`] through the code's cache: computed once per code and kind
    /// of record unless the choice depends on the date.
    fn pick(&mut self, code: Sym, product: Sym, kind: RecordKind, date: Day) -> Option<(usize, u32, bool)> {
        let mechanical = kind == RecordKind::Mechanical;
        let info = &self.codes[code as usize];
        let cached = if mechanical { info.mechanical } else { info.sale };
        if cached.base != UNKNOWN {
            return if cached.base == NONE {
                None
            } else {
                Some((cached.base as usize, cached.scope, cached.conditional))
            };
        }
        let (chosen, date_free) = self.select(code, product, kind, date);
        let picked = match chosen {
            Some((base, scope)) => Pick {
                base: base as u32,
                scope,
                conditional: !self.scopes[scope as usize].conditional.is_empty(),
            },
            None => Pick {
                base: NONE,
                scope: NONE,
                conditional: false,
            },
        };
        if date_free {
            let info = &mut self.codes[code as usize];
            if mechanical {
                info.mechanical = picked;
            } else {
                info.sale = picked;
            }
        }
        chosen.map(|(base, scope)| (base, scope, picked.conditional))
    }

    fn trigger_active(&self, set: usize, date: Day) -> bool {
        match self.input.split_sets[set].trigger.as_ref() {
            Some(Trigger::Date(d)) => date >= *d,
            Some(Trigger::Income { .. }) | Some(Trigger::Units { .. }) | Some(Trigger::Plays { .. }) => {
                self.counters[set] >= self.thresholds[set]
            }
            Some(_) => self.fixed_active[set],
            None => false,
        }
    }

    /// The set allocating at this point: the best active, started conditional, else the base.
    #[inline(never)]
    fn active_set(&self, base: usize, scope: u32, kind: RecordKind, date: Day) -> usize {
        if kind == RecordKind::Mechanical {
            return base;
        }
        let sets = &self.input.split_sets;
        let mut best: Option<usize> = None;
        for &i in &self.scopes[scope as usize].conditional {
            if !started(sets[i].start_date, date) || !self.trigger_active(i, date) {
                continue;
            }
            best = match best {
                None => Some(i),
                Some(b) => {
                    let better = sets[i]
                        .priority
                        .cmp(&sets[b].priority)
                        .then(start_cmp(sets[i].start_date, sets[b].start_date));
                    if better == Ordering::Greater {
                        Some(i)
                    } else {
                        Some(b)
                    }
                }
            };
        }
        best.unwrap_or(base)
    }

    /// The (code, set) block, made on first use.
    fn block(&mut self, code: Sym, set: usize) -> usize {
        let info = &self.codes[code as usize];
        if info.last_set == set as u32 {
            return info.last_block as usize;
        }
        let b = self.find_block(code, set);
        let info = &mut self.codes[code as usize];
        info.last_set = set as u32;
        info.last_block = b as u32;
        b
    }

    fn find_block(&mut self, code: Sym, set: usize) -> usize {
        let mut b = self.code_head[code as usize];
        while b != NONE {
            let block = &self.blocks[b as usize];
            if block.set as usize == set {
                return b as usize;
            }
            b = block.next;
        }
        let start = self.lines.len();
        self.lines
            .resize(start + self.plans[set].payees.len(), LineAcc::default());
        self.blocks.push(Block {
            units: 0,
            code,
            set: set as u32,
            start: start as u32,
            next: self.code_head[code as usize],
        });
        self.code_head[code as usize] = (self.blocks.len() - 1) as u32;
        self.blocks.len() - 1
    }

    /// Step 6: one part of a record among the set's shares.
    #[inline(never)]
    fn allocate(&mut self, code: Sym, kind: RecordKind, set: usize, amount: i128, units: i128) {
        if amount == 0 && units == 0 {
            return;
        }
        let b = self.block(code, set);
        // A part gives its units once to each line, however many shares the payee holds.
        self.blocks[b].units += units;
        let start = self.blocks[b].start as usize;
        let mechanical = kind == RecordKind::Mechanical;
        let plan = &self.plans[set];
        let lines = &mut self.lines[start..start + plan.payees.len()];
        largest_remainder_pct(amount, &plan.weights, &mut self.parts, &mut self.rems);
        for (share, &part) in plan.shares.iter().zip(self.parts.iter()) {
            match share {
                SharePlan::Payee(slot) => {
                    let line = &mut lines[*slot];
                    if mechanical {
                        line.mechanical += part;
                    } else {
                        line.sales += part;
                    }
                }
                SharePlan::Group { weights, slots } => {
                    largest_remainder_pct(part, weights, &mut self.member_parts, &mut self.rems);
                    for (slot, &mpart) in slots.iter().zip(self.member_parts.iter()) {
                        let line = &mut lines[*slot];
                        if mechanical {
                            line.mechanical += mpart;
                        } else {
                            line.sales += mpart;
                        }
                    }
                }
            }
        }
        self.allocated += amount;
    }
}

/// Payee amounts kept in tables indexed by [`Sym`].
struct Payees {
    earned: Vec<i128>,
    recouped: Vec<i128>,
    credited: Vec<i128>,
    listed: Vec<bool>,
}

impl Payees {
    fn credit(&mut self, payee: Sym, amount: i128) {
        if amount != 0 {
            self.credited[payee as usize] += amount;
            self.listed[payee as usize] = true;
        }
    }
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
    let sets = &input.split_sets;
    let rcs = &input.recoupments;
    let n_syms = input.strings.len();
    let text = |s: Sym| input.text(s);

    // Recoupments at the start, and the waterfall order fixed once.
    let before: Vec<i128> = rcs
        .iter()
        .map(|r| {
            input
                .recoupment_state
                .get(&r.id)
                .and_then(|s| s.remaining)
                .unwrap_or(r.amount - r.prepaid)
        })
        .collect();
    let deferred_before: Vec<i128> = rcs
        .iter()
        .map(|r| input.recoupment_state.get(&r.id).map_or(0, |s| s.deferred))
        .collect();
    let mut waterfall: Vec<usize> = (0..rcs.len()).collect();
    waterfall.sort_by(|&a, &b| {
        rcs[a]
            .priority
            .cmp(&rcs[b].priority)
            .then(before[a].cmp(&before[b]))
            .then(rcs[a].created_at.cmp(&rcs[b].created_at))
            .then(cmp_str(text(rcs[a].id), text(rcs[b].id)))
    });
    let may_open: Vec<bool> = rcs
        .iter()
        .map(|r| r.status_open && r.start_date.map_or(true, |d| d <= last_day))
        .collect();
    let mut remaining = before.clone();
    let mut deferred = deferred_before.clone();
    let mut taken = vec![0i128; rcs.len()];
    let mut remittances: Vec<Vec<(Sym, i128)>> = vec![Vec::new(); rcs.len()];
    let mut payees = Payees {
        earned: vec![0; n_syms],
        recouped: vec![0; n_syms],
        credited: vec![0; n_syms],
        listed: vec![false; n_syms],
    };

    // Counters: state in, else preCounted.
    let counter_sets: Vec<usize> = (0..sets.len())
        .filter(|&i| {
            sets[i].kind == SetKind::Conditional && sets[i].trigger.as_ref().and_then(|t| t.counter()).is_some()
        })
        .collect();
    let mut counters = vec![0i128; sets.len()];
    let mut thresholds = vec![0i128; sets.len()];
    for &i in &counter_sets {
        let (threshold, pre, _) = sets[i]
            .trigger
            .as_ref()
            .and_then(|t| t.counter())
            .unwrap_or((0, 0, false));
        counters[i] = input.counters.get(&sets[i].id).copied().unwrap_or(pre);
        thresholds[i] = threshold;
    }
    let counters_before = counters.clone();
    let mut activated: Vec<Option<usize>> = vec![None; sets.len()];
    let fixed_active: Vec<bool> = sets
        .iter()
        .map(|s| match s.trigger.as_ref() {
            Some(Trigger::Manual(a)) => *a,
            Some(Trigger::Recoupment(id)) => rcs.iter().position(|r| r.id == *id).map_or(false, |k| before[k] <= 0),
            _ => false,
        })
        .collect();

    let mut scopes: Vec<ScopeSets> = Vec::new();
    let mut scope_of_code = vec![NONE; n_syms];
    let mut scope_of_product = vec![NONE; n_syms];
    let mut default_scope = NONE;
    for (i, set) in sets.iter().enumerate() {
        let slot = match &set.scope {
            Scope::Code(c) => &mut scope_of_code[*c as usize],
            Scope::Product(p) => &mut scope_of_product[*p as usize],
            Scope::Default => &mut default_scope,
        };
        if *slot == NONE {
            *slot = scopes.len() as u32;
            scopes.push(ScopeSets::default());
        }
        scopes[*slot as usize].push(set.kind, i);
    }
    let mut product_of = vec![NONE; n_syms];
    for &(code, product) in &input.catalog {
        product_of[code as usize] = product;
    }
    let mut calc = Calc {
        input,
        starts: sets.iter().map(|s| s.start_date).collect(),
        plans: sets.iter().map(SetPlan::new).collect(),
        scopes,
        scope_of_code,
        scope_of_product,
        default_scope,
        fixed_active,
        counters,
        thresholds,
        lines: Vec::new(),
        blocks: Vec::new(),
        code_head: vec![NONE; n_syms],
        codes: vec![UNSEEN; n_syms],
        allocated: 0,
        parts: Vec::new(),
        member_parts: Vec::new(),
        rems: Vec::new(),
    };

    // Step 1: net per record; records in (date, id) order.
    let (items, totals_in) = ordered_items(input, first_day);
    let mut totals = totals_in;

    // Codes a counter set's scope covers: their records move counters, so they are
    // allocated in processing order. The others depend on nothing an earlier record
    // changes (step 3 aside, done here in order first), so they are allocated after,
    // grouped by code: each code's tables and lines are then read once, not once per
    // record, which is most of the time a statement of a million records takes.
    let counted: Vec<bool> = product_of
        .iter()
        .enumerate()
        .map(|(code, &product)| {
            product != NONE
                && counter_sets
                    .iter()
                    .any(|&i| scope_covers(&sets[i].scope, code as Sym, product))
        })
        .collect();
    let mut missing = vec![false; n_syms];
    let mut counting: Vec<(usize, i128, i128)> = Vec::new();
    let mut cuts: Vec<(i128, i128, usize)> = Vec::new();
    let mut later: Vec<Part> = Vec::with_capacity(items.len());
    for rec in &items {
        let ri = rec.index as usize;
        let date = rec.date;
        let mut net = rec.net;
        // Step 2: resolve the code.
        let product = product_of[rec.code as usize];
        if product == NONE {
            missing[rec.code as usize] = true;
            totals.unallocated += net;
            continue;
        }
        // Step 3: off-the-top recoupments.
        for &k in &waterfall {
            let r = &rcs[k];
            if !may_open[k] || remaining[k] <= 0 || r.net_revenue_pct == 0 || net <= 0 {
                continue;
            }
            if totals.net < r.revenue_minimum || !covers(r, product) {
                continue;
            }
            if rec.kind == RecordKind::Mechanical && !r.mechanical_repays {
                continue;
            }
            let mut cut = remaining[k].min(pct_of(net, r.net_revenue_pct));
            if let Some(max) = r.statement_maximum {
                cut = cut.min((max - taken[k]).max(0));
            }
            if cut <= 0 {
                continue;
            }
            remaining[k] -= cut;
            taken[k] += cut;
            net -= cut;
            totals.off_the_top += cut;
            if r.deferred {
                deferred[k] += cut;
            } else {
                payees.credit(r.creditor_id, cut);
            }
        }
        if rec.kind == RecordKind::Mechanical || !counted[rec.code as usize] {
            later.push(Part {
                net,
                units: rec.units,
                code: rec.code,
                date,
                kind: rec.kind,
            });
            continue;
        }
        // Step 4: choose the split set.
        let (base, scope, _) = match calc.pick(rec.code, product, rec.kind, date) {
            Some(s) => s,
            None => {
                missing[rec.code as usize] = true;
                totals.unallocated += net;
                continue;
            }
        };
        let units = rec.units as i128;
        // Step 5: counters in scope, cut points where thresholds are crossed.
        counting.clear();
        for &i in &counter_sets {
            if !scope_covers(&sets[i].scope, rec.code, product) {
                continue;
            }
            let inc = match sets[i].trigger.as_ref() {
                Some(Trigger::Income { .. }) => net,
                Some(Trigger::Units { .. }) => units,
                Some(Trigger::Plays { .. }) if rec.stream => units,
                _ => 0,
            };
            counting.push((i, inc, calc.counters[i]));
        }
        // (moneyAt, unitsAt, set)
        cuts.clear();
        if net > 0 {
            for &(i, inc, c) in &counting {
                let threshold = calc.thresholds[i];
                if !(c < threshold && threshold <= c + inc) {
                    continue;
                }
                if matches!(sets[i].trigger, Some(Trigger::Income { .. })) {
                    let money_at = threshold - c;
                    cuts.push((money_at, mul_div_trunc(units, money_at, net), i));
                } else {
                    let units_at = threshold - c;
                    cuts.push((mul_div_trunc(net, units_at, units), units_at, i));
                }
            }
        }
        if cuts.len() > 1 {
            cuts.sort_by(|a, b| a.0.cmp(&b.0).then(cmp_str(text(sets[a.2].id), text(sets[b.2].id))));
        }
        let (mut prev_m, mut prev_u) = (0i128, 0i128);
        for &(m, u, i) in &cuts {
            let set = calc.active_set(base, scope, rec.kind, date);
            calc.allocate(rec.code, rec.kind, set, m - prev_m, u - prev_u);
            calc.counters[i] = calc.thresholds[i];
            prev_m = m;
            prev_u = u;
        }
        let set = calc.active_set(base, scope, rec.kind, date);
        calc.allocate(rec.code, rec.kind, set, net - prev_m, units - prev_u);
        for &(i, inc, c) in &counting {
            let after = c + inc;
            if c < calc.thresholds[i] && after >= calc.thresholds[i] && activated[i].is_none() {
                activated[i] = Some(ri);
            }
            calc.counters[i] = after;
        }
    }
    // Steps 4 and 6 for the rest, code by code (a stable counting sort by code).
    // Each copy of the records is freed once read, for a lower peak of memory.
    drop(items);
    let mut starts = vec![0u32; n_syms + 1];
    for part in &later {
        starts[part.code as usize + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut slots = unfilled::<Part>(later.len());
    for part in later.drain(..) {
        let slot = &mut starts[part.code as usize];
        slots[*slot as usize].write(part);
        *slot += 1;
    }
    drop(later);
    // SAFETY: the counts gave each of the parts a distinct index below their number.
    let by_code = unsafe { filled(slots) };
    for part in &by_code {
        let product = product_of[part.code as usize];
        let (base, scope, conditional) = match calc.pick(part.code, product, part.kind, part.date) {
            Some(s) => s,
            None => {
                missing[part.code as usize] = true;
                totals.unallocated += part.net;
                continue;
            }
        };
        // No counter moves in this scope: a date, manual or recoupment trigger only.
        let set = if conditional {
            calc.active_set(base, scope, part.kind, part.date)
        } else {
            base
        };
        calc.allocate(part.code, part.kind, set, part.net, part.units as i128);
    }
    totals.allocated = calc.allocated;

    // Earnings by payee, and by (product, sales|mechanical) for the debtors.
    let mut is_debtor = vec![false; n_syms];
    for r in rcs {
        for &d in &r.debtor_ids {
            is_debtor[d as usize] = true;
        }
    }
    let mut bucket_map: BTreeMap<(Sym, Sym, BucketKind), i128> = BTreeMap::new();
    for block in &calc.blocks {
        let plan = &calc.plans[block.set as usize];
        let product = product_of[block.code as usize];
        for (slot, &payee) in plan.payees.iter().enumerate() {
            let line = &calc.lines[block.start as usize + slot];
            payees.earned[payee as usize] += line.sales + line.mechanical;
            payees.listed[payee as usize] = true;
            if is_debtor[payee as usize] {
                *bucket_map.entry((payee, product, BucketKind::Sales)).or_insert(0) += line.sales;
                *bucket_map.entry((payee, product, BucketKind::Mechanical)).or_insert(0) += line.mechanical;
            }
        }
    }
    // Each debtor's buckets, ordered by product id, sales first.
    let mut buckets: BTreeMap<Sym, Vec<(Sym, BucketKind, i128)>> = BTreeMap::new();
    for ((payee, product, kind), balance) in bucket_map {
        buckets
            .entry(payee)
            .or_insert_with(Vec::new)
            .push((product, kind, balance));
    }
    for list in buckets.values_mut() {
        list.sort_by(|a, b| cmp_str(text(a.0), text(b.0)).then(a.1.cmp(&b.1)));
    }

    // Step 7: debtor recoupments, waterfall order.
    for &k in &waterfall {
        let r = &rcs[k];
        if !may_open[k] || remaining[k] <= 0 || r.recoupable_pct == 0 || totals.net < r.revenue_minimum {
            continue;
        }
        let eligible = |product: Sym, kind: BucketKind| -> bool {
            (kind == BucketKind::Sales || r.mechanical_repays) && covers(r, product)
        };
        // Each debtor's positive eligible buckets (indices into its list).
        let mut debtor_buckets: Vec<Vec<usize>> = Vec::new();
        let mut caps: Vec<u128> = Vec::new();
        for d in &r.debtor_ids {
            let list: Vec<usize> = buckets.get(d).map_or_else(Vec::new, |b| {
                (0..b.len())
                    .filter(|&j| b[j].2 > 0 && eligible(b[j].0, b[j].1))
                    .collect()
            });
            let base: i128 = list.iter().map(|&j| buckets[d][j].2).sum();
            caps.push(pct_of(base, r.recoupable_pct) as u128);
            debtor_buckets.push(list);
        }
        let sum_caps: i128 = caps.iter().map(|c| *c as i128).sum();
        let mut take = remaining[k].min(sum_caps);
        if let Some(max) = r.statement_maximum {
            take = take.min((max - taken[k]).max(0));
        }
        if take < r.payment_minimum && take < remaining[k] {
            take = 0;
        }
        if take <= 0 {
            continue;
        }
        let parts = largest_remainder(take, &caps);
        for ((d, list), part) in r.debtor_ids.iter().zip(&debtor_buckets).zip(parts) {
            if part == 0 {
                continue;
            }
            if let Some(b) = buckets.get_mut(d) {
                let weights: Vec<u128> = list.iter().map(|&j| b[j].2 as u128).collect();
                let draws = largest_remainder(part, &weights);
                for (&j, draw) in list.iter().zip(draws) {
                    b[j].2 -= draw;
                }
            }
            payees.recouped[*d as usize] += part;
            payees.listed[*d as usize] = true;
            remittances[k].push((*d, part));
        }
        remaining[k] -= take;
        taken[k] += take;
        if r.deferred {
            deferred[k] += take;
        } else {
            payees.credit(r.creditor_id, take);
        }
    }

    // Deferred balances are paid out in the statement where the recoupment closes.
    for k in 0..rcs.len() {
        if before[k] > 0 && remaining[k] == 0 && deferred[k] != 0 {
            let amount = deferred[k];
            payees.credit(rcs[k].creditor_id, amount);
            deferred[k] = 0;
        }
    }

    // Step 8: payouts.
    let mut payee_ids: Vec<Sym> = (0..n_syms as Sym).filter(|&p| payees.listed[p as usize]).collect();
    payee_ids.sort_by(|&a, &b| cmp_str(text(a), text(b)));
    let payee_results: Vec<PayeeResult> = payee_ids
        .into_iter()
        .map(|id| {
            let (earned, recouped, credited) = (
                payees.earned[id as usize],
                payees.recouped[id as usize],
                payees.credited[id as usize],
            );
            PayeeResult {
                payee_id: id,
                earned,
                recouped,
                credited,
                payout: earned - recouped + credited,
            }
        })
        .collect();

    let lines = if with_lines {
        sorted_lines(&calc, &product_of)
    } else {
        Vec::new()
    };

    let recoupments: Vec<RecoupmentResult> = waterfall
        .iter()
        .map(|&k| RecoupmentResult {
            id: rcs[k].id,
            before: before[k],
            taken: taken[k],
            after: remaining[k],
            closed: remaining[k] <= 0,
            deferred: deferred[k],
            remittances: remittances[k].clone(),
        })
        .collect();

    let mut triggers: Vec<TriggerResult> = counter_sets
        .iter()
        .map(|&i| TriggerResult {
            split_set_id: sets[i].id,
            income: matches!(sets[i].trigger, Some(Trigger::Income { .. })),
            counter_before: counters_before[i],
            counter_after: calc.counters[i],
            activated_at_record: activated[i],
        })
        .collect();
    triggers.sort_by(|a, b| cmp_str(text(a.split_set_id), text(b.split_set_id)));

    let mut missing_codes: Vec<Sym> = (0..n_syms as Sym).filter(|&c| missing[c as usize]).collect();
    missing_codes.sort_by(|&a, &b| cmp_str(text(a), text(b)));

    let mut state_recoupments: Vec<(Sym, i128, i128)> =
        (0..rcs.len()).map(|k| (rcs[k].id, remaining[k], deferred[k])).collect();
    state_recoupments.sort_by(|a, b| cmp_str(text(a.0), text(b.0)));

    Output {
        totals,
        payees: payee_results,
        lines,
        recoupments,
        triggers,
        missing_codes,
        state_recoupments,
    }
}

/// The records in processing order, (date, id) with input order on ties, each
/// with its net (step 1); and the statement's gross, take and net.
///
/// A stable counting sort by date that moves each record once, reading the
/// input in order and writing one run per day (so both sides stream through
/// memory: a gather in sorted order would miss the cache on every record).
/// Each day's run is then sorted by id unless the ids already ascend in the
/// input, which one pass in input order checks for the whole statement.
#[inline(never)]
fn ordered_items(input: &Input, first_day: Day) -> (Vec<Item>, Totals) {
    let records = &input.records;
    let n = records.len();
    let mut totals = Totals::default();
    if n == 0 {
        return (Vec::new(), totals);
    }
    let day = |r: &Record| r.date.unwrap_or(first_day);
    let ids_ascend = records
        .windows(2)
        .all(|w| cmp_str(input.record_id(&w[0]), input.record_id(&w[1])) != Ordering::Greater);
    let (mut lo, mut hi) = (Day::MAX, 0);
    for r in records {
        lo = lo.min(day(r));
        hi = hi.max(day(r));
    }
    // Days as yyyymmdd numbers: a statement's dates span a few thousand at most.
    let bucket_of: Vec<u32> = if hi - lo < 1 << 20 {
        let mut used = vec![false; (hi - lo + 1) as usize];
        for r in records {
            used[(day(r) - lo) as usize] = true;
        }
        let mut rank = vec![0u32; used.len()];
        let mut next = 0;
        for (r, &u) in rank.iter_mut().zip(&used) {
            *r = next;
            next += u as u32;
        }
        records.iter().map(|r| rank[(day(r) - lo) as usize]).collect()
    } else {
        let mut distinct: Vec<Day> = records.iter().map(day).collect();
        distinct.sort_unstable();
        distinct.dedup();
        records
            .iter()
            .map(|r| distinct.binary_search(&day(r)).unwrap_or(0) as u32)
            .collect()
    };
    let buckets = bucket_of.iter().max().map_or(0, |&b| b as usize + 1);
    let mut starts = vec![0usize; buckets + 1];
    for &b in &bucket_of {
        starts[b as usize + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut next = starts.clone();
    let mut slots = unfilled::<Item>(n);
    for (i, (r, &b)) in records.iter().zip(&bucket_of).enumerate() {
        let take = pct_of(r.revenue, input.distributor_take_pct);
        totals.gross += r.revenue;
        totals.take += take;
        totals.net += r.revenue - take;
        let slot = &mut next[b as usize];
        slots[*slot].write(Item {
            net: r.revenue - take,
            units: r.units,
            code: r.code,
            date: day(r),
            index: i as u32,
            kind: r.kind,
            stream: r.stream,
        });
        *slot += 1;
    }
    // SAFETY: the counts gave each of the `n` records a distinct index below `n`.
    let mut items = unsafe { filled(slots) };
    if ids_ascend {
        return (items, totals);
    }
    // The first 16 bytes of an id as a big-endian number order ids as their
    // bytes do, up to ties, which the full comparison settles.
    let prefix = |i: usize| -> u128 {
        let id = input.record_id(&records[i]).as_bytes();
        let mut key = [0u8; 16];
        let k = id.len().min(16);
        key[..k].copy_from_slice(&id[..k]);
        u128::from_be_bytes(key)
    };
    // (prefix, record index, place in the day's run)
    let by_id = |a: &(u128, usize, usize), b: &(u128, usize, usize)| {
        a.0.cmp(&b.0)
            .then_with(|| cmp_str(input.record_id(&records[a.1]), input.record_id(&records[b.1])))
            .then(a.1.cmp(&b.1))
    };
    let mut keys: Vec<(u128, usize, usize)> = Vec::new();
    let mut run: Vec<Item> = Vec::new();
    for w in starts.windows(2) {
        let day = &mut items[w[0]..w[1]];
        keys.clear();
        keys.extend(
            day.iter()
                .enumerate()
                .map(|(at, item)| (prefix(item.index as usize), item.index as usize, at)),
        );
        if keys.windows(2).all(|k| by_id(&k[0], &k[1]) == Ordering::Less) {
            continue;
        }
        keys.sort_unstable_by(by_id);
        run.clear();
        run.extend(keys.iter().map(|k| day[k.2]));
        day.copy_from_slice(&run);
    }
    (items, totals)
}

/// `n` slots for a counting sort to fill in any order, without writing them twice.
fn unfilled<T>(n: usize) -> Vec<MaybeUninit<T>> {
    let mut slots = Vec::with_capacity(n);
    slots.resize_with(n, MaybeUninit::uninit);
    slots
}

/// The values of slots from [`unfilled`].
///
/// # Safety
/// Every slot must have been written.
unsafe fn filled<T>(slots: Vec<MaybeUninit<T>>) -> Vec<T> {
    let mut slots = ManuallyDrop::new(slots);
    Vec::from_raw_parts(slots.as_mut_ptr() as *mut T, slots.len(), slots.capacity())
}

/// The lines sorted by (code, splitSetId, payeeId): blocks by (code, set), then payees.
#[inline(never)]
fn sorted_lines(calc: &Calc, product_of: &[Sym]) -> Vec<Line> {
    let input = calc.input;
    let text = |s: Sym| input.text(s);
    let sets = &input.split_sets;
    let mut rank = vec![0u32; input.strings.len()];
    {
        let mut syms: Vec<Sym> = (0..input.strings.len() as Sym).collect();
        syms.sort_unstable_by(|&a, &b| cmp_str(text(a), text(b)));
        for (r, &s) in syms.iter().enumerate() {
            rank[s as usize] = r as u32;
        }
    }
    let mut order: Vec<usize> = (0..calc.blocks.len()).collect();
    order.sort_unstable_by_key(|&b| {
        let block = &calc.blocks[b];
        (rank[block.code as usize], rank[sets[block.set as usize].id as usize])
    });
    let mut lines = Vec::with_capacity(calc.lines.len());
    let mut slots: Vec<usize> = Vec::new();
    for b in order {
        let block = &calc.blocks[b];
        let plan = &calc.plans[block.set as usize];
        slots.clear();
        slots.extend(0..plan.payees.len());
        slots.sort_unstable_by_key(|&s| rank[plan.payees[s] as usize]);
        for &s in &slots {
            let acc = &calc.lines[block.start as usize + s];
            lines.push(Line {
                code: block.code,
                product_id: product_of[block.code as usize],
                split_set_id: sets[block.set as usize].id,
                payee_id: plan.payees[s],
                units: block.units,
                amount: acc.sales + acc.mechanical,
            });
        }
    }
    lines
}
