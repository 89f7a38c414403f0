//! The output's lines, sorted by (code, splitSetId, payeeId).

use super::codes::Catalog;
use super::tables::Allocation;
use super::Line;
use crate::input::Sym;
use crate::order::cmp_str;

/// The lines sorted by (code, splitSetId, payeeId): blocks by (code, set), then
/// each block's payees. Strings are ranked once, so the sorts compare numbers.
#[inline(never)]
pub(super) fn sorted_lines(allocation: &Allocation, catalog: &Catalog) -> Vec<Line> {
    let input = allocation.input;
    let sets = &input.split_sets;
    let products = catalog.products();
    let mut rank = vec![0u32; input.strings.len()];
    {
        let mut symbols: Vec<Sym> = (0..input.strings.len() as Sym).collect();
        symbols.sort_unstable_by(|&a, &b| cmp_str(input.text(a), input.text(b)));
        for (place, &symbol) in symbols.iter().enumerate() {
            rank[symbol as usize] = place as u32;
        }
    }
    let mut block_order: Vec<usize> = (0..allocation.blocks.len()).collect();
    block_order.sort_unstable_by_key(|&index| {
        let block = &allocation.blocks[index];
        (rank[block.code as usize], rank[sets[block.set as usize].id as usize])
    });
    let mut lines = Vec::with_capacity(allocation.lines.len());
    let mut slots: Vec<usize> = Vec::new();
    for index in block_order {
        let block = &allocation.blocks[index];
        let plan = &allocation.plans[block.set as usize];
        slots.clear();
        slots.extend(0..plan.payees.len());
        slots.sort_unstable_by_key(|&slot| rank[plan.payees[slot] as usize]);
        for &slot in &slots {
            let amount = &allocation.lines[block.start as usize + slot];
            lines.push(Line {
                code: block.code,
                product_id: products[block.code as usize],
                split_set_id: sets[block.set as usize].id,
                payee_id: plan.payees[slot],
                units: block.units,
                amount: amount.sales + amount.mechanical,
            });
        }
    }
    lines
}
