//! Step 6: allocating each part of a record among its set's shares (largest
//! remainder), then each group's part among its members, into lines.

use super::tables::{Allocation, LineAmount, LineBlock, SharePlan};
use super::NONE;
use crate::input::{RecordKind, Sym};
use crate::money::largest_remainder_pct;

impl<'a> Allocation<'a> {
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
