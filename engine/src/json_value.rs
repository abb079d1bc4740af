//! Reading JSON by hand from a parsed `serde_json::Value`: the saved game (`game::json`), a
//! variant puzzle (`variant::json`) and the app's stored records (the core crate's
//! `storage::json`), the readers the app's wasm carries for its stored games and the worker's
//! replies.
//!
//! Why not serde's derives: a derived reader is a reader per type, monomorphized for
//! `serde_json`'s deserializer, and these types hold many (an action's fields, a board's, a
//! constraint's, their lists): the largest readers in the app's wasm (issue 48). The app parses
//! `Value`s anyway (the shared game's replica before its binary form, `together::legacy`; the
//! workers' messages), so a type read this way costs only its walk. A type's `Deserialize` is
//! then `read_by_hand!`: its JSON parsed into a `Value`, then walked. The reasons a bad one is
//! refused are in serde's words (`missing field `applied``, `unknown variant `jump``,
//! `invalid type: …`), as the derives said them.

use crate::geometry::{Cell, Digit, DigitSet};
use crate::grid::Grid;
use serde_json::{Map, Value};

/// `Deserialize` for a type read by hand: its JSON parsed into a `Value`, then `$read` (a
/// function of `&Value` to `Result<$ty, Reason>`).
#[macro_export]
macro_rules! read_by_hand {
    ($ty:ty, $read:expr) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                let value = <serde_json::Value as serde::Deserialize>::deserialize(deserializer)?;
                $read(&value).map_err(<D::Error as serde::de::Error>::custom)
            }
        }
    };
}

/// Why a value does not read.
pub type Reason = String;

pub type Object = Map<String, Value>;

/// What a value is, in serde's words (`Unexpected`'s), for "invalid type" and "invalid value".
pub fn found(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("boolean `{b}`"),
        Value::Number(n) if n.is_f64() => format!("floating point `{n}`"),
        Value::Number(n) => format!("integer `{n}`"),
        Value::String(s) => format!("string {s:?}"),
        Value::Array(_) => "sequence".into(),
        Value::Object(_) => "map".into(),
    }
}

pub fn invalid_type(v: &Value, expected: &str) -> Reason {
    format!("invalid type: {}, expected {expected}", found(v))
}

pub fn object<'a>(v: &'a Value, what: &str) -> Result<&'a Object, Reason> {
    v.as_object().ok_or_else(|| invalid_type(v, what))
}

pub fn field<'a>(o: &'a Object, name: &str) -> Result<&'a Value, Reason> {
    o.get(name).ok_or_else(|| format!("missing field `{name}`"))
}

/// A field that may be absent or null.
pub fn optional<'a>(o: &'a Object, name: &str) -> Option<&'a Value> {
    o.get(name).filter(|v| !v.is_null())
}

/// A whole number up to `max`.
pub fn uint(v: &Value, max: u64, expected: &str) -> Result<u64, Reason> {
    match v.as_u64() {
        Some(n) if n <= max => Ok(n),
        _ if v.is_i64() || v.is_u64() => Err(format!("invalid value: {}, expected {expected}", found(v))),
        _ => Err(invalid_type(v, expected)),
    }
}

pub fn u8_of(v: &Value) -> Result<u8, Reason> {
    uint(v, u8::MAX.into(), "u8").map(|n| n as u8)
}

pub fn u16_of(v: &Value) -> Result<u16, Reason> {
    uint(v, u16::MAX.into(), "u16").map(|n| n as u16)
}

pub fn u32_of(v: &Value) -> Result<u32, Reason> {
    uint(v, u32::MAX.into(), "u32").map(|n| n as u32)
}

pub fn u64_of(v: &Value) -> Result<u64, Reason> {
    uint(v, u64::MAX, "u64")
}

pub fn cell(v: &Value) -> Result<Cell, Reason> {
    u16_of(v).map(|i| Cell::new(i.into()))
}

pub fn digit(v: &Value) -> Result<Digit, Reason> {
    Digit::try_from(u8_of(v)?)
}

pub fn digit_set(v: &Value) -> Result<DigitSet, Reason> {
    u16_of(v).map(DigitSet::from_bits)
}

pub fn grid(v: &Value) -> Result<Grid, Reason> {
    let line = v.as_str().ok_or_else(|| invalid_type(v, "a string"))?;
    Grid::try_from(line.to_string()).map_err(|e| e.to_string())
}

/// A list, each item read by `item`.
pub fn list<T>(v: &Value, item: fn(&Value) -> Result<T, Reason>) -> Result<Vec<T>, Reason> {
    v.as_array().ok_or_else(|| invalid_type(v, "a sequence"))?.iter().map(item).collect()
}

/// A list that reads as empty when absent (the derives leave empty lists out).
pub fn list_or_none<T>(o: &Object, name: &str, item: fn(&Value) -> Result<T, Reason>) -> Result<Vec<T>, Reason> {
    optional(o, name).map_or(Ok(Vec::new()), |v| list(v, item))
}

/// The reason for a kind none of `names` is, in serde's words.
pub fn unknown(name: &str, names: &'static [&'static str]) -> Reason {
    use serde::de::Error as _;
    serde_json::Error::unknown_variant(name, names).to_string()
}

/// `Serialize` for a type written by hand: `$write` (a function of `&mut String` and `&$ty`)
/// writes its JSON text, handed on whole (`RawValue`): to `serde_json::to_string` as it is, to
/// `to_value` parsed. The same text the derive wrote, without a writer per type monomorphized
/// for `serde_json`'s serializer.
#[macro_export]
macro_rules! write_by_hand {
    ($ty:ty, $write:expr) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let mut out = String::new();
                $write(&mut out, self);
                let raw = serde_json::value::RawValue::from_string(out).map_err(<S::Error as serde::ser::Error>::custom)?;
                serde::Serialize::serialize(&raw, serializer)
            }
        }
    };
}

/// An object being written by hand: `{`, then each field's name (`field`) before its value, with
/// the commas between, then `}` (`end`).
pub struct Writer<'a> {
    out: &'a mut String,
    first: bool,
}

impl<'a> Writer<'a> {
    pub fn object(out: &'a mut String) -> Writer<'a> {
        out.push('{');
        Writer { out, first: true }
    }

    /// Writes `"name":` and gives the text to write the value to.
    pub fn field(&mut self, name: &str) -> &mut String {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        self.out.push('"');
        self.out.push_str(name);
        self.out.push_str("\":");
        self.out
    }

    /// A whole number's field.
    pub fn uint(&mut self, name: &str, n: u64) {
        write_uint(self.field(name), n);
    }

    /// A field of a list, left out when the list is empty (the derives' `skip_serializing_if`).
    pub fn list_or_none<T>(&mut self, name: &str, items: &[T], item: fn(&mut String, &T)) {
        if !items.is_empty() {
            write_list(self.field(name), items, item);
        }
    }

    pub fn end(self) {
        self.out.push('}');
    }
}

pub fn write_uint(out: &mut String, n: u64) {
    use std::fmt::Write as _;
    let _ = write!(out, "{n}");
}

/// A string, escaped as JSON.
pub fn write_text(out: &mut String, text: &str) {
    out.push_str(&serde_json::to_string(text).unwrap_or_default());
}

/// A list, each item written by `item`.
pub fn write_list<T>(out: &mut String, items: &[T], item: fn(&mut String, &T)) {
    out.push('[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        item(out, x);
    }
    out.push(']');
}
