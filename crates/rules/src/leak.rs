//! Text read from a variant file becomes `'static`, as the built-in tables are, by leaking it
//! once: a game is loaded once per process and kept to its end, so the memory is bounded by the
//! files read (and each file by its size). The model's hook parameters are read through it too.

use serde::{Deserialize, Deserializer};

pub fn string(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

pub fn strings(texts: Vec<String>) -> &'static [&'static str] {
    Box::leak(
        texts
            .into_iter()
            .map(string)
            .collect::<Vec<_>>()
            .into_boxed_slice(),
    )
}

/// A hook's vectors, made `'static`.
pub type Vectors = &'static [(i8, i8)];

/// Vectors `[[dx, dy], ...]` (Blue's frame: forward is +dy).
pub fn vectors<'de, D: Deserializer<'de>>(d: D) -> Result<Vectors, D::Error> {
    let v = Vec::<(i8, i8)>::deserialize(d)?;
    Ok(Box::leak(v.into_boxed_slice()))
}

pub fn optional_vectors<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vectors>, D::Error> {
    Ok(Option::<Vec<(i8, i8)>>::deserialize(d)?.map(|v| &*Box::leak(v.into_boxed_slice())))
}
