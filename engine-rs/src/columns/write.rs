//! Writing the compact result.

use super::MAGIC;
use crate::engine::Output;
use crate::input::{Input, Sym};
use crate::money::{write_money, WideMoney};

/// Marks a symbol the result has not named yet.
const UNNAMED: u32 = u32::MAX;

/// The result's sections while they are written.
struct Writer {
    /// Each [`Sym`] the result names, numbered in order of first use.
    names: Vec<Sym>,
    /// A symbol's number in `names`, [`UNNAMED`] while unused.
    number: Vec<u32>,
    words: Vec<u32>,
    text: Vec<u8>,
    text_lengths: Vec<u8>,
    units: Vec<f64>,
}

impl Writer {
    /// The word naming `sym`: its number among the names the result uses.
    fn name(&mut self, sym: Sym) -> u32 {
        let slot = &mut self.number[sym as usize];
        if *slot == UNNAMED {
            *slot = self.names.len() as u32;
            self.names.push(sym);
        }
        *slot
    }

    fn push_name(&mut self, sym: Sym) {
        let word = self.name(sym);
        self.words.push(word);
    }

    fn money(&mut self, amount: i128) {
        let before = self.text.len();
        write_money(&mut self.text, amount);
        self.text_lengths.push((self.text.len() - before) as u8);
    }

    fn wide_money(&mut self, amount: WideMoney) {
        match amount.to_i128() {
            Some(amount) => self.money(amount),
            None => self.text_item(&amount.to_text()),
        }
    }

    fn text_item(&mut self, text: &str) {
        self.text.extend_from_slice(text.as_bytes());
        self.text_lengths.push(text.len() as u8);
    }
}

/// Encodes the result: the words are read in this order —
///
/// - payees: count, then per payee its id (texts: earned, recouped, credited, payout);
/// - lines: count, then per line code, productId, splitSetId, payeeId
///   (units in the `f64` section; text: amount);
/// - recoupments: count, then per recoupment id, closed (0/1), remittance
///   count, then per remittance the debtor id (texts: before, taken, after,
///   deferred, then each remittance amount);
/// - triggers: count, then per trigger splitSetId and the activating record's
///   index in the input plus one, 0 for none (texts: counterBefore, counterAfter);
/// - missing codes: count, then each;
/// - state recoupments: count, then per recoupment its id (texts: remaining, deferred);
///
/// with the six totals as the first texts. Every id is the number of a name in
/// the extra strings, which hold only the names the result uses.
pub fn encode_output(output: &Output, input: &Input) -> Vec<u8> {
    let mut writer = Writer {
        names: Vec::new(),
        number: vec![UNNAMED; input.strings.len()],
        words: Vec::with_capacity(16 + output.lines.len() * 4 + output.payees.len()),
        text: Vec::with_capacity(output.lines.len() * 12),
        text_lengths: Vec::with_capacity(output.lines.len() + output.payees.len() * 4 + 16),
        units: Vec::with_capacity(output.lines.len()),
    };
    let totals = &output.totals;
    for amount in [
        totals.gross,
        totals.take,
        totals.net,
        totals.off_the_top,
        totals.allocated,
        totals.unallocated,
    ] {
        writer.money(amount);
    }
    writer.words.push(output.payees.len() as u32);
    for payee in &output.payees {
        writer.push_name(payee.payee_id);
        writer.money(payee.earned);
        writer.money(payee.recouped);
        writer.wide_money(payee.credited);
        writer.wide_money(payee.payout);
    }
    writer.words.push(output.lines.len() as u32);
    for line in &output.lines {
        for sym in [line.code, line.product_id, line.split_set_id, line.payee_id] {
            writer.push_name(sym);
        }
        // Exact below 2^53, else rounded to nearest as JSON.parse rounds the integer text.
        writer.units.push(line.units as f64);
        writer.money(line.amount);
    }
    writer.words.push(output.recoupments.len() as u32);
    for recoupment in &output.recoupments {
        writer.push_name(recoupment.id);
        writer
            .words
            .extend_from_slice(&[recoupment.closed as u32, recoupment.remittances.len() as u32]);
        for amount in [
            recoupment.before,
            recoupment.taken,
            recoupment.after,
            recoupment.deferred,
        ] {
            writer.money(amount);
        }
        for &(debtor, amount) in &recoupment.remittances {
            writer.push_name(debtor);
            writer.money(amount);
        }
    }
    writer.words.push(output.triggers.len() as u32);
    for trigger in &output.triggers {
        writer.push_name(trigger.split_set_id);
        writer
            .words
            .push(trigger.activated_at_record.map_or(0, |index| index as u32 + 1));
        for counter in [trigger.counter_before, trigger.counter_after] {
            if trigger.income {
                writer.money(counter);
            } else {
                writer.text_item(&counter.to_string());
            }
        }
    }
    writer.words.push(output.missing_codes.len() as u32);
    for &code in &output.missing_codes {
        writer.push_name(code);
    }
    writer.words.push(output.state_recoupments.len() as u32);
    for &(id, remaining, deferred) in &output.state_recoupments {
        writer.push_name(id);
        writer.money(remaining);
        writer.money(deferred);
    }

    let mut extra_lengths: Vec<u32> = Vec::new();
    let mut extra = Vec::new();
    for &sym in &writer.names {
        let text = input.text(sym);
        extra_lengths.push(text.encode_utf16().count() as u32);
        extra.extend_from_slice(text.as_bytes());
    }

    let mut bytes: Vec<u8> = Vec::with_capacity(
        32 + writer.units.len() * 8
            + (writer.words.len() + extra_lengths.len()) * 4
            + writer.text_lengths.len()
            + writer.text.len()
            + extra.len(),
    );
    let header = [
        MAGIC,
        writer.words.len() as u32,
        writer.text_lengths.len() as u32,
        writer.text.len() as u32,
        extra_lengths.len() as u32,
        extra.len() as u32,
        writer.units.len() as u32,
        0,
    ];
    for word in header {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    for units in &writer.units {
        bytes.extend_from_slice(&units.to_le_bytes());
    }
    for word in writer.words.iter().chain(extra_lengths.iter()) {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes.extend_from_slice(&writer.text_lengths);
    bytes.extend_from_slice(&writer.text);
    bytes.extend_from_slice(&extra);
    bytes
}
