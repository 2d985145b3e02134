//! Victory-point difference bands to event points.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Band, ScoringError};

/// A validated table of [`Band`]s: absolute victory-point difference to
/// event points for the winner and the loser.
///
/// Guarantees, checked by [`BandTable::new`] and on deserialisation: the
/// first band starts at 0, every band starts right after the previous one
/// ends (no gap, no overlap), only the last band is open-ended (and it must
/// be), and the band holding a difference of 0 gives both sides the same
/// points (there is no winner at 0). So [`BandTable::lookup`] always finds
/// exactly one band.
///
/// An organiser defines a table in JSON; `max` is left out (or `null`) on
/// the open-ended last band:
///
/// ```
/// use feldherr_scoring::BandTable;
///
/// let json = r#"{ "name": "Club night", "bands": [
///     { "min": 0, "max": 99, "winner": 10, "loser": 10 },
///     { "min": 100, "winner": 15, "loser": 5 } ] }"#;
/// let table: BandTable = serde_json::from_str(json)?;
/// assert_eq!(table.lookup(150).winner, 15);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BandTable {
    name: String,
    // Kept as first + rest so a lookup never has to handle "no band".
    first: Band,
    rest: Vec<Band>,
}

/// A band as typed in; signed so that a negative number gets an error that
/// names its field.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BandData {
    min: i64,
    #[serde(default)]
    max: Option<i64>,
    winner: i64,
    loser: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BandTableData {
    #[serde(default)]
    name: String,
    bands: Vec<BandData>,
}

#[derive(Serialize)]
struct BandTableView<'a> {
    name: &'a str,
    bands: Vec<&'a Band>,
}

impl BandTable {
    /// Builds and validates a table.
    ///
    /// # Errors
    ///
    /// [`ScoringError::EmptyTable`], [`ScoringError::Gap`] (also when the
    /// first band does not start at 0), [`ScoringError::Overlap`],
    /// [`ScoringError::BandReversed`], [`ScoringError::OpenBandNotLast`],
    /// [`ScoringError::LastBandClosed`] or
    /// [`ScoringError::UnequalDrawPoints`].
    pub fn new(name: impl Into<String>, bands: Vec<Band>) -> Result<Self, ScoringError> {
        for (index, band) in bands.iter().enumerate() {
            if let Some(max) = band.max
                && max < band.min
            {
                return Err(ScoringError::BandReversed {
                    band: index,
                    min: band.min,
                    max,
                });
            }
        }
        let mut iter = bands.into_iter();
        let Some(first) = iter.next() else {
            return Err(ScoringError::EmptyTable);
        };
        let rest: Vec<Band> = iter.collect();
        if first.min > 0 {
            return Err(ScoringError::Gap {
                from: 0,
                to: first.min - 1,
            });
        }
        let mut previous = first;
        for (offset, band) in rest.iter().enumerate() {
            let Some(previous_max) = previous.max else {
                return Err(ScoringError::OpenBandNotLast { band: offset });
            };
            let overlap_to = previous_max.min(band.max.unwrap_or(u64::MAX));
            match previous_max.checked_add(1) {
                Some(expected) if band.min > expected => {
                    return Err(ScoringError::Gap {
                        from: expected,
                        to: band.min - 1,
                    });
                }
                Some(expected) if band.min == expected => {}
                _ => {
                    return Err(ScoringError::Overlap {
                        from: band.min,
                        to: overlap_to,
                    });
                }
            }
            previous = *band;
        }
        if let Some(max) = previous.max {
            return Err(ScoringError::LastBandClosed { max });
        }
        if first.winner != first.loser {
            return Err(ScoringError::UnequalDrawPoints {
                winner: first.winner,
                loser: first.loser,
            });
        }
        Ok(Self {
            name: name.into(),
            first,
            rest,
        })
    }

    /// Raeuber-Warhammer (N1): the loser gets more ("losing pays").
    ///
    /// | VP difference | loser | winner |
    /// |---------------|-------|--------|
    /// | 0-399         | 0     | 0      |
    /// | 400-599       | 4     | 2      |
    /// | 600-899       | 6     | 3      |
    /// | 900-1299      | 8     | 4      |
    /// | 1300+         | 10    | 5      |
    ///
    /// The rule text prints "999-1299", which would leave 900-998 in no
    /// band; N1 reads it as 900-1299, and ">1300" as "1300 and more".
    pub fn raeuber_warhammer() -> Self {
        Self {
            name: "Raeuber-Warhammer (N1)".to_owned(),
            first: Band::closed(0, 399, 0, 0),
            rest: vec![
                Band::closed(400, 599, 2, 4),
                Band::closed(600, 899, 3, 6),
                Band::closed(900, 1299, 4, 8),
                Band::open(1300, 5, 10),
            ],
        }
    }

    /// The New Year scenario (N3), before the treasure points.
    ///
    /// | VP difference | loser | winner |
    /// |---------------|-------|--------|
    /// | 0-399         | 3     | 3      |
    /// | 400-799       | 2     | 4      |
    /// | 800-1199      | 1     | 5      |
    /// | 1200+         | 0     | 6      |
    pub fn new_year_scenario() -> Self {
        Self {
            name: "New Year scenario (N3)".to_owned(),
            first: Band::closed(0, 399, 3, 3),
            rest: vec![
                Band::closed(400, 799, 4, 2),
                Band::closed(800, 1199, 5, 1),
                Band::open(1200, 6, 0),
            ],
        }
    }

    /// The table's name, for display.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The bands, from difference 0 upwards.
    pub fn bands(&self) -> impl Iterator<Item = &Band> {
        std::iter::once(&self.first).chain(&self.rest)
    }

    /// Number of bands (at least 1).
    pub fn len(&self) -> usize {
        self.rest.len() + 1
    }

    /// Always `false`: a table has at least one band. Present for
    /// completeness next to [`BandTable::len`].
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The band holding an absolute victory-point difference.
    pub fn lookup(&self, difference: u64) -> &Band {
        let mut found = &self.first;
        for band in &self.rest {
            if band.min <= difference {
                found = band;
            } else {
                break;
            }
        }
        found
    }

    fn from_data(data: BandTableData) -> Result<Self, ScoringError> {
        let mut bands = Vec::with_capacity(data.bands.len());
        for (index, band) in data.bands.into_iter().enumerate() {
            let bound = |name: &str, value: i64| {
                u64::try_from(value).map_err(|_| ScoringError::InvalidValue {
                    field: format!("bands[{index}].{name}"),
                    value: value.to_string(),
                    expected: "a VP difference of 0 or more",
                })
            };
            let points = |name: &str, value: i64| {
                u32::try_from(value).map_err(|_| ScoringError::InvalidValue {
                    field: format!("bands[{index}].{name}"),
                    value: value.to_string(),
                    expected: "event points from 0 to 4294967295",
                })
            };
            bands.push(Band {
                min: bound("min", band.min)?,
                max: band.max.map(|max| bound("max", max)).transpose()?,
                winner: points("winner", band.winner)?,
                loser: points("loser", band.loser)?,
            });
        }
        Self::new(data.name, bands)
    }
}

impl Serialize for BandTable {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        BandTableView {
            name: &self.name,
            bands: self.bands().collect(),
        }
        .serialize(serializer)
    }
}

/// Validates like [`BandTable::new`]; the error message names the gap,
/// overlap or field.
impl<'de> Deserialize<'de> for BandTable {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let data = BandTableData::deserialize(deserializer)?;
        Self::from_data(data).map_err(serde::de::Error::custom)
    }
}
