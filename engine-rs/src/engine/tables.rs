//! The tables steps 4 to 6 share: the sets of each scope (step 4), each
//! code's cached choice of set and last line block, the counters (step 5) and
//! the lines (step 6). Each step adds its own methods to [`Allocation`] in its
//! module; the steps import these tables, never each other's modules, except
//! that step 5 cuts a record and hands each part to steps 4 and 6.

use super::NONE;
use crate::input::{Day, Input, Scope, SetKind, ShareTarget, SplitSet, Sym};

/// The sets of one scope by kind, each in input order.
#[derive(Default)]
pub(super) struct ScopeSets {
    pub(super) base: Vec<usize>,
    pub(super) mechanical: Vec<usize>,
    pub(super) conditional: Vec<usize>,
}

/// The scopes that have sets, and the scope of each code, of each product and the default
/// (indices into `sets`, [`NONE`] for none).
pub(super) struct Scopes {
    pub(super) sets: Vec<ScopeSets>,
    pub(super) of_code: Vec<u32>,
    pub(super) of_product: Vec<u32>,
    pub(super) default: u32,
}

impl Scopes {
    pub(super) fn new(split_sets: &[SplitSet], symbol_count: usize) -> Scopes {
        let mut scopes = Scopes {
            sets: Vec::new(),
            of_code: vec![NONE; symbol_count],
            of_product: vec![NONE; symbol_count],
            default: NONE,
        };
        for (index, set) in split_sets.iter().enumerate() {
            let slot = match &set.scope {
                Scope::Code(code) => &mut scopes.of_code[*code as usize],
                Scope::Product(product) => &mut scopes.of_product[*product as usize],
                Scope::Default => &mut scopes.default,
            };
            if *slot == NONE {
                *slot = scopes.sets.len() as u32;
                scopes.sets.push(ScopeSets::default());
            }
            let sets = &mut scopes.sets[*slot as usize];
            match set.kind {
                SetKind::Base => sets.base.push(index),
                SetKind::Mechanical => sets.mechanical.push(index),
                SetKind::Conditional => sets.conditional.push(index),
            }
        }
        scopes
    }
}

/// The base set chosen for a record, and the scope whose conditional sets may replace it.
#[derive(Clone, Copy)]
pub(super) struct ChosenBase {
    pub(super) set: usize,
    pub(super) scope: u32,
    /// Whether that scope has conditional sets at all.
    pub(super) scope_has_conditional: bool,
}

/// A [`ChosenBase`] kept per code and kind of record (see `CodeCache`).
#[derive(Clone, Copy)]
pub(super) struct CachedChoice {
    /// [`UNDECIDED`] until chosen; [`NONE`] when no set applies.
    pub(super) set: u32,
    pub(super) scope: u32,
    pub(super) scope_has_conditional: bool,
}

/// Marks a [`CachedChoice`] not made yet, or one that depends on the record's date.
pub(super) const UNDECIDED: u32 = u32::MAX - 1;

pub(super) const NOT_CHOSEN_YET: CachedChoice = CachedChoice {
    set: UNDECIDED,
    scope: NONE,
    scope_has_conditional: false,
};

/// Whether a split set's scope covers a record of `code` and `product`.
pub(super) fn scope_covers(scope: &Scope, code: Sym, product: Sym) -> bool {
    match scope {
        Scope::Code(scope_code) => *scope_code == code,
        Scope::Product(scope_product) => *scope_product == product,
        Scope::Default => true,
    }
}

/// Each set's counter and threshold, by set index (0 for sets without a counter trigger).
pub(super) struct Counters {
    pub(super) value: Vec<i128>,
    pub(super) threshold: Vec<i128>,
}

/// A share of a set as slots of the set's distinct payees.
pub(super) enum SharePlan {
    Payee(usize),
    Group { weights: Vec<u64>, slots: Vec<usize> },
}

/// A set ready to allocate: its distinct payees (each one line per code) and shares.
pub(super) struct SetPlan {
    pub(super) payees: Vec<Sym>,
    pub(super) weights: Vec<u64>,
    pub(super) shares: Vec<SharePlan>,
}

impl SetPlan {
    pub(super) fn new(set: &SplitSet) -> SetPlan {
        let mut payees: Vec<Sym> = Vec::new();
        let mut slot_of = |payee: Sym| match payees.iter().position(|&known| known == payee) {
            Some(slot) => slot,
            None => {
                payees.push(payee);
                payees.len() - 1
            }
        };
        let mut shares = Vec::with_capacity(set.shares.len());
        for share in &set.shares {
            shares.push(match &share.target {
                ShareTarget::Payee(payee) => SharePlan::Payee(slot_of(*payee)),
                ShareTarget::Group(members) => SharePlan::Group {
                    weights: members.iter().map(|(_, pct)| *pct as u64).collect(),
                    slots: members.iter().map(|(payee, _)| slot_of(*payee)).collect(),
                },
            });
        }
        SetPlan {
            payees,
            weights: set.shares.iter().map(|share| share.pct as u64).collect(),
            shares,
        }
    }
}

/// Money of one line, sales (and adjustments) apart from mechanicals.
#[derive(Clone, Copy, Default)]
pub(super) struct LineAmount {
    pub(super) sales: i128,
    pub(super) mechanical: i128,
}

/// The lines of one (code, set) pair: one per distinct payee of the set.
/// Every part touches every line of its set, so the lines share the units.
pub(super) struct LineBlock {
    pub(super) units: i128,
    pub(super) code: Sym,
    pub(super) set: u32,
    /// Index of the block's first line.
    pub(super) start: u32,
    /// The code's next block, [`NONE`] after the last.
    pub(super) next: u32,
}

/// What the allocation keeps of each code, filled on its first part: a part
/// then reads one entry instead of walking the scope tables, and usually
/// lands in the block the code's previous part used.
#[derive(Clone, Copy)]
pub(super) struct CodeCache {
    /// Step 4's choice for sales and adjustments, and for mechanicals.
    pub(super) sale: CachedChoice,
    pub(super) mechanical: CachedChoice,
    /// The (set, block) of the code's last part.
    pub(super) last_set: u32,
    pub(super) last_block: u32,
}

const UNSEEN: CodeCache = CodeCache {
    sale: NOT_CHOSEN_YET,
    mechanical: NOT_CHOSEN_YET,
    last_set: NONE,
    last_block: NONE,
};

/// The tables of steps 4 to 6.
pub(super) struct Allocation<'a> {
    pub(super) input: &'a Input,
    /// Each set's start date, apart for the loop.
    pub(super) set_starts: Vec<Option<Day>>,
    pub(super) plans: Vec<SetPlan>,
    pub(super) scopes: Scopes,
    /// Whether a set's manual or recoupment trigger is on (counters and dates aside).
    pub(super) switched_on: Vec<bool>,
    pub(super) counters: Counters,
    pub(super) lines: Vec<LineAmount>,
    pub(super) blocks: Vec<LineBlock>,
    /// Each code's newest block, the head of its list (`LineBlock::next`), [`NONE`] before the first.
    pub(super) newest_block_of_code: Vec<u32>,
    pub(super) codes: Vec<CodeCache>,
    /// Sum of every part allocated.
    pub(super) allocated: i128,
    // Scratch of `allocate`, kept to allocate no memory per part.
    pub(super) share_parts: Vec<i128>,
    pub(super) member_parts: Vec<i128>,
    pub(super) remainders: Vec<u128>,
}

impl<'a> Allocation<'a> {
    pub(super) fn new(input: &'a Input, counters: Counters, switched_on: Vec<bool>) -> Allocation<'a> {
        let sets = &input.split_sets;
        let symbol_count = input.strings.len();
        Allocation {
            input,
            set_starts: sets.iter().map(|set| set.start_date).collect(),
            plans: sets.iter().map(SetPlan::new).collect(),
            scopes: Scopes::new(sets, symbol_count),
            switched_on,
            counters,
            lines: Vec::new(),
            blocks: Vec::new(),
            newest_block_of_code: vec![NONE; symbol_count],
            codes: vec![UNSEEN; symbol_count],
            allocated: 0,
            share_parts: Vec::new(),
            member_parts: Vec::new(),
            remainders: Vec::new(),
        }
    }
}
