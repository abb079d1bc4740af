//! A reader of a JSON object into a struct of optional fields (`object_reader!`): what serde's
//! derive reads, without the derive's second form. A derived struct reader also reads the
//! struct from an array (its fields in order, `visit_seq`), a form none of our JSON is written
//! in, and compiles a field-by-field reader and a length error for it; and its key matching is
//! a reader of its own per struct. For the flat structs the app reads saves and messages
//! through (an action's, a constraint's, a worker reply's fields), that array form was about a
//! third of each reader in the app's wasm (issue 48). Here a key is matched against the
//! struct's names by one shared reader (`Key`), and an object is the only form read.
//!
//! A field without a default is needed (absent: serde's `missing field` error); `= expr` after
//! its type is what an absent one reads as (an `Option` field must say `= None`, which the
//! derive assumed). A key no field has is skipped, a key twice is refused, as the derive does.

use serde::de::{self, DeserializeSeed, Deserializer, Visitor};

/// Reads a key, as the position of its name in `names` (`None`: a name the struct has not).
pub struct Key(pub &'static [&'static str]);

impl<'de> DeserializeSeed<'de> for Key {
    type Value = Option<usize>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<usize>, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl Visitor<'_> for Key {
    type Value = Option<usize>;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a field's name")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Option<usize>, E> {
        Ok(self.0.iter().position(|name| *name == v))
    }
}

/// `object_reader! { struct Fields { kind "type": String, cell: Option<Cell> = None, … } }`
/// declares `struct Fields` as written and its `Deserialize`, reading a JSON object whose keys
/// are the fields' names (or the name given after a field, for a key that is not a Rust name).
/// Attributes before the struct and before a field (docs, derives) are kept.
#[macro_export]
macro_rules! object_reader {
    (
        $(#[$attr:meta])*
        $vis:vis struct $name:ident $(<$life:lifetime>)? {
            $( $(#[$fattr:meta])* $fvis:vis $field:ident $($key:literal)? : $ty:ty $(= $default:expr)? ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        $vis struct $name $(<$life>)? {
            $( $(#[$fattr])* $fvis $field: $ty ),*
        }

        impl<'de $(: $life, $life)?> serde::Deserialize<'de> for $name $(<$life>)? {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                #[allow(non_camel_case_types)]
                enum Position { $($field),* }
                const NAMES: &[&str] = &[$( $crate::object_reader!(@name $field $($key)?) ),*];
                struct Object $(<$life>)? (std::marker::PhantomData<$name $(<$life>)?>);
                impl<'de $(: $life, $life)?> serde::de::Visitor<'de> for Object $(<$life>)? {
                    type Value = $name $(<$life>)?;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str(concat!("struct ", stringify!($name)))
                    }
                    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                        $( let mut $field: Option<$ty> = None; )*
                        while let Some(at) = map.next_key_seed($crate::object_reader::Key(NAMES))? {
                            match at {
                                $(
                                    Some(i) if i == Position::$field as usize => {
                                        if $field.is_some() {
                                            return Err(<A::Error as serde::de::Error>::duplicate_field(NAMES[i]));
                                        }
                                        $field = Some(map.next_value()?);
                                    }
                                )*
                                _ => {
                                    map.next_value::<serde::de::IgnoredAny>()?;
                                }
                            }
                        }
                        Ok($name {
                            $( $field: match $field {
                                Some(value) => value,
                                None => $crate::object_reader!(@absent A, NAMES[Position::$field as usize] $(, $default)?),
                            } ),*
                        })
                    }
                }
                deserializer.deserialize_map(Object(std::marker::PhantomData))
            }
        }
    };
    (@name $field:ident $key:literal) => { $key };
    (@name $field:ident) => { stringify!($field) };
    (@absent $access:ident, $name:expr, $default:expr) => { $default };
    (@absent $access:ident, $name:expr) => {
        return Err(<$access::Error as serde::de::Error>::missing_field($name))
    };
}

#[cfg(test)]
mod tests {
    crate::object_reader! {
        #[derive(Debug, PartialEq)]
        struct Probe {
            kind "type": String,
            count: u32 = 7,
            cells: Option<Vec<u8>> = None,
        }
    }

    fn read(text: &str) -> Result<Probe, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn an_object_reads_as_the_derive_reads_it_and_bad_ones_say_why() {
        let probe = |count, cells| Probe { kind: "x".into(), count, cells };
        assert_eq!(read(r#"{"type":"x","count":3,"cells":[1,2]}"#), Ok(probe(3, Some(vec![1, 2]))));
        // Any order, unknown keys skipped, absent and null optional fields as `None`, defaults.
        assert_eq!(read(r#"{"other":{"a":[1]},"cells":null,"type":"x"}"#), Ok(probe(7, None)));
        assert!(read(r#"{"count":3}"#).unwrap_err().starts_with("missing field `type`"));
        assert!(read(r#"{"type":"x","type":"y"}"#).unwrap_err().starts_with("duplicate field `type`"));
        assert!(read(r#"{"type":"x","count":-1}"#).unwrap_err().starts_with("invalid value: integer `-1`"));
        // The derive's array form is not read: none of our JSON is written so.
        assert!(read(r#"["x",3,null]"#).unwrap_err().starts_with("invalid type: sequence, expected struct Probe"));
        assert!(read("{\"type\":\"x\"").is_err());
    }
}
