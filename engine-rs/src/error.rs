//! Errors of the engine and the status codes that cross the WASM boundary.

use std::fmt;

/// Status returned by `engine_calculate`; `0` is success.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The output JSON was produced.
    Ok = 0,
    /// The input bytes are not UTF-8.
    InvalidUtf8 = 1,
    /// The input text is not JSON.
    InvalidJson = 2,
    /// The JSON does not satisfy the contract (a `path: message` error).
    InvalidInput = 3,
    /// A columnar input buffer is malformed or holds a value the contract
    /// rejects; the caller sends the input as JSON to learn the field path.
    InvalidLayout = 4,
}

/// A result that fails with an [`EngineError`].
pub(crate) type EngineResult<T> = Result<T, EngineError>;

/// Why an input was rejected. Displayed as one line, `path: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The input bytes are not UTF-8; `offset` is the first bad byte.
    InvalidUtf8 {
        /// Byte offset of the first invalid sequence.
        offset: usize,
    },
    /// The input is not well-formed JSON.
    InvalidJson {
        /// Byte offset where parsing failed.
        offset: usize,
        /// What was wrong there.
        message: &'static str,
    },
    /// A columnar input that cannot be read or breaks the contract; no field path.
    InvalidLayout {
        /// What was wrong.
        message: String,
    },
    /// The JSON breaks the contract at `path`.
    InvalidInput {
        /// Field path in the JSON shape, e.g. `records[3].revenue`.
        path: String,
        /// The message, e.g. `not a decimal amount`.
        message: String,
    },
}

impl EngineError {
    /// The status code this error crosses the boundary as.
    pub fn status(&self) -> Status {
        match self {
            EngineError::InvalidUtf8 { .. } => Status::InvalidUtf8,
            EngineError::InvalidJson { .. } => Status::InvalidJson,
            EngineError::InvalidInput { .. } => Status::InvalidInput,
            EngineError::InvalidLayout { .. } => Status::InvalidLayout,
        }
    }

    /// Shorthand for an [`EngineError::InvalidInput`].
    pub fn input(path: impl Into<String>, message: impl Into<String>) -> EngineError {
        EngineError::InvalidInput {
            path: path.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::InvalidUtf8 { offset } => {
                write!(f, "input: not UTF-8 at byte {}", offset)
            }
            EngineError::InvalidJson { offset, message } => {
                write!(f, "input: invalid JSON at byte {}: {}", offset, message)
            }
            EngineError::InvalidLayout { message } => write!(f, "input: columns: {}", message),
            EngineError::InvalidInput { path, message } => write!(f, "{}: {}", path, message),
        }
    }
}
