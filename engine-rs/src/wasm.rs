//! The plain C ABI boundary: it only adapts [`crate::calculate_bytes`],
//! [`crate::columns::calculate_columns`] and
//! [`crate::record_table::read_table`].
//!
//! Memory ownership:
//! - buffers from [`engine_alloc`] belong to the caller until it passes them
//!   to [`engine_free`] with the same length;
//! - [`engine_calculate`] and [`engine_calculate_columns`] only read the
//!   caller's buffer, during the call;
//! - the result belongs to the engine: it stays valid until the next
//!   calculation or [`engine_result_free`] call.

use crate::columns::{calculate_columns, Prepared};
use crate::record_table::read_table;
use crate::{calculate_bytes, Status};
use std::cell::RefCell;

thread_local! {
    static RESULT: RefCell<Vec<u8>> = RefCell::new(Vec::new());
    /// Prepared statements by handle; a released one leaves `None`.
    static PREPARED: RefCell<Vec<Option<Prepared>>> = RefCell::new(Vec::new());
}

unsafe fn caller_bytes<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if ptr.is_null() || len == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(ptr, len)
    }
}

/// Allocates `len` bytes and gives them to the caller, who owns them until
/// [`engine_free`]. Never null (a dangling, aligned pointer when `len` is 0).
#[no_mangle]
pub extern "C" fn engine_alloc(len: usize) -> *mut u8 {
    let mut buf: Vec<u8> = Vec::with_capacity(len);
    let ptr = buf.as_mut_ptr();
    std::mem::forget(buf);
    ptr
}

/// Takes back a buffer from [`engine_alloc`]; `len` must be the length it was
/// allocated with. The caller must not use the buffer afterwards.
///
/// # Safety
/// `ptr` must come from `engine_alloc(len)` and not have been freed.
#[no_mangle]
pub unsafe extern "C" fn engine_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        drop(Vec::from_raw_parts(ptr, 0, len));
    }
}

/// Calculates the statement whose input JSON (UTF-8) is the `len` bytes at
/// `ptr` (still owned by the caller). Returns a [`Status`] (0 success) and
/// keeps the result text — the output JSON, or a one-line `path: message` —
/// inside the engine, readable through [`engine_result_ptr`] and
/// [`engine_result_len`].
///
/// # Safety
/// `ptr` must point to `len` readable bytes (it may be null when `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn engine_calculate(ptr: *const u8, len: usize) -> u32 {
    let input: &[u8] = if ptr.is_null() || len == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(ptr, len)
    };
    let (status, text) = match calculate_bytes(input) {
        Ok(json) => (Status::Ok, json),
        Err(e) => (e.status(), e.to_string()),
    };
    RESULT.with(|result| *result.borrow_mut() = text.into_bytes());
    status as u32
}

/// Calculates the statement whose columnar input (see [`crate::columns`]) is
/// the `len` bytes at `ptr` (still owned by the caller). Returns a [`Status`]
/// (0 success) and keeps the result inside the engine, readable through
/// [`engine_result_ptr`] and [`engine_result_len`]: the compact result on
/// success, else a one-line message without a field path (the caller sends
/// the input to [`engine_calculate`] to learn it).
///
/// # Safety
/// `ptr` must point to `len` readable bytes (it may be null when `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn engine_calculate_columns(ptr: *const u8, len: usize) -> u32 {
    let input: &[u8] = if ptr.is_null() || len == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(ptr, len)
    };
    let (status, bytes) = match calculate_columns(input) {
        Ok(bytes) => (Status::Ok, bytes),
        Err(e) => (e.status(), e.to_string().into_bytes()),
    };
    RESULT.with(|result| *result.borrow_mut() = bytes);
    status as u32
}

/// Reads and validates a whole columnar input (as [`engine_calculate_columns`])
/// and keeps it inside the engine. Returns a [`Status`]; on success the result
/// is the statement's handle as 4 little-endian bytes, else a one-line message.
///
/// # Safety
/// `ptr` must point to `len` readable bytes (it may be null when `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn engine_prepare(ptr: *const u8, len: usize) -> u32 {
    let (status, bytes) = match Prepared::new(caller_bytes(ptr, len)) {
        Ok(prepared) => {
            let handle = PREPARED.with(|statements| {
                let mut list = statements.borrow_mut();
                match list.iter().position(|slot| slot.is_none()) {
                    Some(free) => {
                        list[free] = Some(prepared);
                        free
                    }
                    None => {
                        list.push(Some(prepared));
                        list.len() - 1
                    }
                }
            });
            (Status::Ok, (handle as u32).to_le_bytes().to_vec())
        }
        Err(e) => (e.status(), e.to_string().into_bytes()),
    };
    RESULT.with(|result| *result.borrow_mut() = bytes);
    status as u32
}

/// Calculates the prepared statement `handle` with the header JSON (UTF-8) in
/// the `len` bytes at `ptr`: the input's fields other than its records and
/// catalog, with `"records":[]` and `"catalog":{}`. Returns a [`Status`] and
/// keeps the compact result without lines, or a one-line message (an unknown
/// handle is [`Status::InvalidLayout`]).
///
/// # Safety
/// `ptr` must point to `len` readable bytes (it may be null when `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn engine_calculate_prepared(handle: u32, ptr: *const u8, len: usize) -> u32 {
    let header = caller_bytes(ptr, len);
    let result = PREPARED.with(|statements| match statements.borrow_mut().get_mut(handle as usize) {
        Some(Some(prepared)) => Some(prepared.calculate_summary(header)),
        _ => None,
    });
    let (status, bytes) = match result {
        Some(Ok(bytes)) => (Status::Ok, bytes),
        Some(Err(e)) => (e.status(), e.to_string().into_bytes()),
        None => (
            Status::InvalidLayout,
            b"input: columns: no prepared statement with this handle".to_vec(),
        ),
    };
    RESULT.with(|result| *result.borrow_mut() = bytes);
    status as u32
}

/// Releases the prepared statement `handle` and its memory; unknown handles are ignored.
#[no_mangle]
pub extern "C" fn engine_release(handle: u32) {
    PREPARED.with(|statements| {
        if let Some(slot) = statements.borrow_mut().get_mut(handle as usize) {
            *slot = None;
        }
    });
}

/// Reads the record table (see [`crate::record_table`]) in the `len` bytes
/// at `ptr` (still owned by the caller), every line. Returns a [`Status`] and keeps the result inside the engine: the
/// records' columns (see [`crate::record_table::RecordLines::to_bytes`]), or
/// [`Status::InvalidLayout`] and a one-line message when a line is not a
/// record table's.
///
/// # Safety
/// `ptr` must point to `len` readable bytes (it may be null when `len` is 0).
#[no_mangle]
pub unsafe extern "C" fn engine_read_record_table(ptr: *const u8, len: usize) -> u32 {
    let (status, bytes) = match read_table(caller_bytes(ptr, len)) {
        Some(read) => (Status::Ok, read.to_bytes()),
        None => (Status::InvalidLayout, b"records: not a record table".to_vec()),
    };
    RESULT.with(|result| *result.borrow_mut() = bytes);
    status as u32
}

/// Pointer to the last result; owned by the engine (do not free it),
/// valid until the next [`engine_calculate`] or [`engine_result_free`].
#[no_mangle]
pub extern "C" fn engine_result_ptr() -> *const u8 {
    RESULT.with(|result| result.borrow().as_ptr())
}

/// Length in bytes of the last result.
#[no_mangle]
pub extern "C" fn engine_result_len() -> usize {
    RESULT.with(|result| result.borrow().len())
}

/// Releases the last result (the engine's memory); the pointer from
/// [`engine_result_ptr`] becomes invalid.
#[no_mangle]
pub extern "C" fn engine_result_free() {
    RESULT.with(|result| *result.borrow_mut() = Vec::new());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &[u8]) -> (u32, String) {
        let ptr = engine_alloc(input.len());
        unsafe {
            std::ptr::copy_nonoverlapping(input.as_ptr(), ptr, input.len());
            let status = engine_calculate(ptr, input.len());
            engine_free(ptr, input.len());
            let text = std::slice::from_raw_parts(engine_result_ptr(), engine_result_len()).to_vec();
            engine_result_free();
            assert_eq!(engine_result_len(), 0);
            (status, String::from_utf8(text).unwrap())
        }
    }

    #[test]
    fn statuses() {
        assert_eq!(run(b"\xff").0, Status::InvalidUtf8 as u32);
        assert_eq!(run(b"{").0, Status::InvalidJson as u32);
        let (s, t) = run(b"{}");
        assert_eq!((s, t.as_str()), (Status::InvalidInput as u32, "currency: required"));
        let (s, t) = run(
            br#"{"currency":"USD","statement":{"id":"s","period":"2026-09","distributorTakePct":"0"},"records":[],"catalog":{},"splitSets":[]}"#,
        );
        assert_eq!(s, Status::Ok as u32);
        assert!(t.starts_with("{\"totals\":{\"gross\":\"0\""));
    }

    #[test]
    fn prepared_handles() {
        unsafe {
            assert_eq!(engine_prepare(b"nope".as_ptr(), 4), Status::InvalidLayout as u32);
            assert_eq!(
                engine_calculate_prepared(7, b"{}".as_ptr(), 2),
                Status::InvalidLayout as u32
            );
            engine_release(7);
            engine_result_free();
        }
    }

    #[test]
    fn record_table_status() {
        unsafe {
            let table = b"1\t2\tA\tsale\t\\N\t3\t0.5\t\\N\n";
            let status = engine_read_record_table(table.as_ptr(), table.len());
            assert_eq!(status, Status::Ok as u32);
            // The count, 8 bytes of units, 16 of lengths, 1 of flags, then the id, code and
            // revenue.
            assert_eq!(engine_result_len(), 4 + 25 + 15 + 1 + 3);
            let status = engine_read_record_table(table.as_ptr(), table.len() - 1);
            assert_eq!(status, Status::InvalidLayout as u32);
            engine_result_free();
        }
    }

    #[test]
    fn columns_status() {
        unsafe {
            let status = engine_calculate_columns(b"nope".as_ptr(), 4);
            assert_eq!(status, Status::InvalidLayout as u32);
            engine_result_free();
        }
    }
}
