//! The string table: every id and code of an input stored once, named by a [`Sym`].

use super::Sym;

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
    let kept = bytes.len().min(16);
    buf[..kept].copy_from_slice(&bytes[..kept]);
    let mut low = [0u8; 8];
    let mut high = [0u8; 8];
    low.copy_from_slice(&buf[..8]);
    high.copy_from_slice(&buf[8..]);
    [u64::from_le_bytes(low), u64::from_le_bytes(high)]
}

/// A small multiply-rotate hash (as rustc's FxHash) with splitmix64's
/// finaliser, for the string table: ids are not attacker-chosen keys of a
/// long-lived map, and SipHash would cost more than the rest of reading a record.
fn hash_of(head: [u64; 2], bytes: &[u8]) -> u64 {
    let mut hash = 0u64;
    let mut add = |word: u64| hash = (hash.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    add(head[0]);
    add(head[1] ^ ((bytes.len() as u64) << 56));
    if bytes.len() > 16 {
        for chunk in bytes[16..].chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            add(u64::from_le_bytes(word));
        }
    }
    let mut mixed = hash;
    mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    mixed ^ (mixed >> 31)
}

impl Strings {
    /// An empty table.
    pub fn new() -> Strings {
        Strings::default()
    }

    /// An empty table with room for `capacity` strings.
    pub fn with_capacity(capacity: usize) -> Strings {
        Strings {
            list: Vec::with_capacity(capacity),
            slots: vec![FREE; (capacity.max(8) * 2).next_power_of_two()],
        }
    }

    /// The slot holding `text`, or the free slot where it would go.
    #[inline(always)]
    fn find(&self, text: &str) -> usize {
        let bytes = text.as_bytes();
        let head = head_words(bytes);
        let mask = self.slots.len() - 1;
        let mut at = hash_of(head, bytes) as usize & mask;
        loop {
            let slot = &self.slots[at];
            if slot.sym == EMPTY
                || (slot.len as usize == bytes.len()
                    && slot.head == head
                    && (bytes.len() <= 16 || self.list[slot.sym as usize].as_bytes() == bytes))
            {
                return at;
            }
            at = (at + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let mut bigger = Strings {
            list: Vec::new(),
            slots: vec![FREE; (self.slots.len() * 2).max(16)],
        };
        std::mem::swap(&mut bigger.list, &mut self.list);
        for (sym, text) in bigger.list.iter().enumerate() {
            let at = bigger.find(text);
            bigger.slots[at] = Slot {
                head: head_words(text.as_bytes()),
                len: text.len() as u32,
                sym: sym as Sym,
            };
        }
        *self = bigger;
    }

    /// The symbol of `text`, adding it when new.
    #[inline(never)]
    pub fn intern(&mut self, text: &str) -> Sym {
        if (self.list.len() + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let at = self.find(text);
        if self.slots[at].sym != EMPTY {
            return self.slots[at].sym;
        }
        let sym = self.list.len() as Sym;
        self.list.push(text.to_string());
        self.slots[at] = Slot {
            head: head_words(text.as_bytes()),
            len: text.len() as u32,
            sym,
        };
        sym
    }

    /// The symbol of `text` when it is in the table.
    pub fn lookup(&self, text: &str) -> Option<Sym> {
        if self.slots.is_empty() {
            return None;
        }
        match self.slots[self.find(text)].sym {
            EMPTY => None,
            sym => Some(sym),
        }
    }

    /// Adds `text`, which must not be in the table yet; `None` when it is.
    pub fn push_new(&mut self, text: &str) -> Option<Sym> {
        if self.lookup(text).is_some() {
            return None;
        }
        Some(self.intern(text))
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
