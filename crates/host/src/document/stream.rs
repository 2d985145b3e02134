//! Reading a typed value straight from the text, without a tree of it in
//! between: a map whose first entries are a tag or a header is read on as
//! the typed value's own map ([`SkipKeys`], [`rest_as`]).

use serde::de::value::MapAccessDeserializer;
use serde::de::{DeserializeSeed, IgnoredAny, IntoDeserializer, MapAccess};

/// A map with some keys left out: their values are skipped (the header of
/// a document, a tag already read).
pub(crate) struct SkipKeys<A> {
    /// The map being read.
    pub inner: A,
    /// The keys to leave out.
    pub skip: &'static [&'static str],
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for SkipKeys<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        loop {
            match self.inner.next_key::<String>()? {
                None => return Ok(None),
                Some(key) if self.skip.contains(&key.as_str()) => {
                    self.inner.next_value::<IgnoredAny>()?;
                }
                Some(key) => return seed.deserialize(key.into_deserializer()).map(Some),
            }
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.inner.next_value_seed(seed)
    }
}

/// Reads the rest of `map` (its remaining entries, `skip` left out) as a
/// `T`, straight from the text.
pub(crate) fn rest_as<'de, T: serde::Deserialize<'de>, A: MapAccess<'de>>(
    map: A,
    skip: &'static [&'static str],
) -> Result<T, A::Error> {
    T::deserialize(MapAccessDeserializer::new(SkipKeys { inner: map, skip }))
}
