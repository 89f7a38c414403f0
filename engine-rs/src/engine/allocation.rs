//! Step 6: allocating each part of a record among its set's shares (largest
//! remainder), then each group's part among its members, into lines.
//!
//! [`Allocation`] holds the tables steps 4 to 6 read and write: the sets of
//! each scope, each code's cached choice of set, the counters and the lines.

use super::set_choice::{CachedChoice, Scopes, NOT_CHOSEN_YET};
use super::thresholds::Counters;
use super::NONE;
use crate::input::{Day, Input, RecordKind, ShareTarget, SplitSet, Sym};
use crate::money::largest_remainder_pct;

/// A share of a set as slots of the set's distinct payees.
enum SharePlan {
    Payee(usize),
    Group { weights: Vec<u64>, slots: Vec<usize> },
}

/// A set ready to allocate: its distinct payees (each one line per code) and shares.
pub(super) struct SetPlan {
    pub(super) payees: Vec<Sym>,
    weights: Vec<u64>,
    shares: Vec<SharePlan>,
}

impl SetPlan {
    fn new(set: &SplitSet) -> SetPlan {
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
    next: u32,
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
    last_set: u32,
    last_block: u32,
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
    newest_block_of_code: Vec<u32>,
    pub(super) codes: Vec<CodeCache>,
    /// Sum of every part allocated.
    pub(super) allocated: i128,
    // Scratch of `allocate`, kept to allocate no memory per part.
    share_parts: Vec<i128>,
    member_parts: Vec<i128>,
    remainders: Vec<u128>,
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

    /// The (code, set) block, made on first use.
    fn line_block(&mut self, code: Sym, set: usize) -> usize {
        let cache = &self.codes[code as usize];
        if cache.last_set == set as u32 {
            return cache.last_block as usize;
        }
        let block = self.find_line_block(code, set);
        let cache = &mut self.codes[code as usize];
        cache.last_set = set as u32;
        cache.last_block = block as u32;
        block
    }

    fn find_line_block(&mut self, code: Sym, set: usize) -> usize {
        let mut block = self.newest_block_of_code[code as usize];
        while block != NONE {
            let candidate = &self.blocks[block as usize];
            if candidate.set as usize == set {
                return block as usize;
            }
            block = candidate.next;
        }
        let start = self.lines.len();
        self.lines
            .resize(start + self.plans[set].payees.len(), LineAmount::default());
        self.blocks.push(LineBlock {
            units: 0,
            code,
            set: set as u32,
            start: start as u32,
            next: self.newest_block_of_code[code as usize],
        });
        self.newest_block_of_code[code as usize] = (self.blocks.len() - 1) as u32;
        self.blocks.len() - 1
    }

    /// Step 6: one part of a record (`amount` and `units`) among the set's shares.
    #[inline(never)]
    pub(super) fn allocate(&mut self, code: Sym, kind: RecordKind, set: usize, amount: i128, units: i128) {
        if amount == 0 && units == 0 {
            return;
        }
        let block = self.line_block(code, set);
        // A part gives its units once to each line, however many shares the payee holds.
        self.blocks[block].units += units;
        let start = self.blocks[block].start as usize;
        let mechanical = kind == RecordKind::Mechanical;
        let plan = &self.plans[set];
        let lines = &mut self.lines[start..start + plan.payees.len()];
        largest_remainder_pct(amount, &plan.weights, &mut self.share_parts, &mut self.remainders);
        for (share, &share_part) in plan.shares.iter().zip(self.share_parts.iter()) {
            match share {
                SharePlan::Payee(slot) => {
                    let line = &mut lines[*slot];
                    if mechanical {
                        line.mechanical += share_part;
                    } else {
                        line.sales += share_part;
                    }
                }
                SharePlan::Group { weights, slots } => {
                    largest_remainder_pct(share_part, weights, &mut self.member_parts, &mut self.remainders);
                    for (slot, &member_part) in slots.iter().zip(self.member_parts.iter()) {
                        let line = &mut lines[*slot];
                        if mechanical {
                            line.mechanical += member_part;
                        } else {
                            line.sales += member_part;
                        }
                    }
                }
            }
        }
        self.allocated += amount;
    }
}
