//! Step 1: each record's net, and the records in processing order, (date, id).

use super::Totals;
use crate::input::{Day, Input, Record, RecordKind, Sym};
use crate::money::pct_of;
use crate::order::cmp_str;
use std::cmp::Ordering;
use std::mem::{ManuallyDrop, MaybeUninit};

/// A record as the loop in processing order reads it.
#[derive(Clone, Copy)]
pub(super) struct OrderedRecord {
    pub(super) net: i128,
    pub(super) units: i64,
    pub(super) code: Sym,
    pub(super) date: Day,
    /// The record's index in the input.
    pub(super) index: u32,
    pub(super) kind: RecordKind,
    pub(super) stream: bool,
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
pub(super) fn records_in_processing_order(input: &Input, first_day: Day) -> (Vec<OrderedRecord>, Totals) {
    let records = &input.records;
    let record_count = records.len();
    let mut totals = Totals::default();
    if record_count == 0 {
        return (Vec::new(), totals);
    }
    let day_of = |record: &Record| record.date.unwrap_or(first_day);
    let ids_ascend = records
        .windows(2)
        .all(|pair| cmp_str(input.record_id(&pair[0]), input.record_id(&pair[1])) != Ordering::Greater);
    let (mut earliest, mut latest) = (Day::MAX, 0);
    for record in records {
        earliest = earliest.min(day_of(record));
        latest = latest.max(day_of(record));
    }
    // Days as yyyymmdd numbers: a statement's dates span a few thousand at most.
    let day_rank_of_record: Vec<u32> = if latest - earliest < 1 << 20 {
        let mut day_used = vec![false; (latest - earliest + 1) as usize];
        for record in records {
            day_used[(day_of(record) - earliest) as usize] = true;
        }
        let mut rank_of_day = vec![0u32; day_used.len()];
        let mut next_rank = 0;
        for (rank, &used) in rank_of_day.iter_mut().zip(&day_used) {
            *rank = next_rank;
            next_rank += used as u32;
        }
        records
            .iter()
            .map(|record| rank_of_day[(day_of(record) - earliest) as usize])
            .collect()
    } else {
        let mut distinct_days: Vec<Day> = records.iter().map(day_of).collect();
        distinct_days.sort_unstable();
        distinct_days.dedup();
        records
            .iter()
            .map(|record| distinct_days.binary_search(&day_of(record)).unwrap_or(0) as u32)
            .collect()
    };
    let day_count = day_rank_of_record.iter().max().map_or(0, |&rank| rank as usize + 1);
    let mut run_starts = vec![0usize; day_count + 1];
    for &rank in &day_rank_of_record {
        run_starts[rank as usize + 1] += 1;
    }
    for i in 1..run_starts.len() {
        run_starts[i] += run_starts[i - 1];
    }
    let mut next_slot = run_starts.clone();
    let mut slots = unfilled::<OrderedRecord>(record_count);
    for (index, (record, &rank)) in records.iter().zip(&day_rank_of_record).enumerate() {
        let take = pct_of(record.revenue, input.distributor_take_pct);
        totals.gross += record.revenue;
        totals.take += take;
        totals.net += record.revenue - take;
        let slot = &mut next_slot[rank as usize];
        slots[*slot].write(OrderedRecord {
            net: record.revenue - take,
            units: record.units,
            code: record.code,
            date: day_of(record),
            index: index as u32,
            kind: record.kind,
            stream: record.stream,
        });
        *slot += 1;
    }
    // SAFETY: the counts gave each of the records a distinct index below their number.
    let mut ordered = unsafe { filled(slots) };
    if ids_ascend {
        return (ordered, totals);
    }
    // The first 16 bytes of an id as a big-endian number order ids as their
    // bytes do, up to ties, which the full comparison settles.
    let id_prefix = |index: usize| -> u128 {
        let id = input.record_id(&records[index]).as_bytes();
        let mut key = [0u8; 16];
        let kept = id.len().min(16);
        key[..kept].copy_from_slice(&id[..kept]);
        u128::from_be_bytes(key)
    };
    // (id prefix, record index, place in the day's run)
    let by_id = |a: &(u128, usize, usize), b: &(u128, usize, usize)| {
        a.0.cmp(&b.0)
            .then_with(|| cmp_str(input.record_id(&records[a.1]), input.record_id(&records[b.1])))
            .then(a.1.cmp(&b.1))
    };
    let mut keys: Vec<(u128, usize, usize)> = Vec::new();
    let mut sorted_run: Vec<OrderedRecord> = Vec::new();
    for run_bounds in run_starts.windows(2) {
        let day = &mut ordered[run_bounds[0]..run_bounds[1]];
        keys.clear();
        keys.extend(
            day.iter()
                .enumerate()
                .map(|(at, record)| (id_prefix(record.index as usize), record.index as usize, at)),
        );
        if keys.windows(2).all(|pair| by_id(&pair[0], &pair[1]) == Ordering::Less) {
            continue;
        }
        keys.sort_unstable_by(by_id);
        sorted_run.clear();
        sorted_run.extend(keys.iter().map(|key| day[key.2]));
        day.copy_from_slice(&sorted_run);
    }
    (ordered, totals)
}

/// `n` slots for a counting sort to fill in any order, without writing them twice.
pub(super) fn unfilled<T>(n: usize) -> Vec<MaybeUninit<T>> {
    let mut slots = Vec::with_capacity(n);
    slots.resize_with(n, MaybeUninit::uninit);
    slots
}

/// The values of slots from [`unfilled`].
///
/// # Safety
/// Every slot must have been written.
pub(super) unsafe fn filled<T>(slots: Vec<MaybeUninit<T>>) -> Vec<T> {
    let mut slots = ManuallyDrop::new(slots);
    Vec::from_raw_parts(slots.as_mut_ptr() as *mut T, slots.len(), slots.capacity())
}
