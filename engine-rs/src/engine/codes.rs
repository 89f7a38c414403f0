//! Step 2: a record's code resolves to its product through the catalog; a code
//! that does not, or that no split set applies to (step 4), is missing.

use super::{Totals, NONE};
use crate::input::{Input, Sym};
use crate::order::cmp_str;

/// Each code's product, indexed by [`Sym`] ([`NONE`] when the code is not in the catalog).
pub(super) struct Catalog {
    product_of_code: Vec<Sym>,
}

impl Catalog {
    pub(super) fn new(input: &Input) -> Catalog {
        let mut product_of_code = vec![NONE; input.strings.len()];
        for &(code, product) in &input.catalog {
            product_of_code[code as usize] = product;
        }
        Catalog { product_of_code }
    }

    /// The product of `code`, `None` when the catalog does not have the code.
    #[inline(always)]
    pub(super) fn product_of(&self, code: Sym) -> Option<Sym> {
        match self.product_of_code[code as usize] {
            NONE => None,
            product => Some(product),
        }
    }

    /// Every code with its product or [`NONE`], in [`Sym`] order.
    pub(super) fn products(&self) -> &[Sym] {
        &self.product_of_code
    }
}

/// The codes whose records stayed unallocated.
pub(super) struct MissingCodes {
    missing: Vec<bool>,
}

impl MissingCodes {
    pub(super) fn new(symbol_count: usize) -> MissingCodes {
        MissingCodes {
            missing: vec![false; symbol_count],
        }
    }

    /// Lists `code` as missing and leaves the record's `net` unallocated.
    #[inline(always)]
    pub(super) fn leave_unallocated(&mut self, code: Sym, net: i128, totals: &mut Totals) {
        self.missing[code as usize] = true;
        totals.unallocated += net;
    }

    /// The missing codes, sorted.
    pub(super) fn sorted(&self, input: &Input) -> Vec<Sym> {
        let mut codes: Vec<Sym> = (0..self.missing.len() as Sym)
            .filter(|&code| self.missing[code as usize])
            .collect();
        codes.sort_by(|&a, &b| cmp_str(input.text(a), input.text(b)));
        codes
    }
}
