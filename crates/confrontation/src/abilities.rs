//! New abilities (only withdrawal by strength so far).
//!
//! ```
//! use feldherr_confrontation::abilities::withdrawal_by_strength;
//! // STR 8 against the highest RES 5 in contact: the test uses 3.
//! assert_eq!(withdrawal_by_strength(8, 3, &[(5, 2), (4, 1)], 0)?, (3, 0));
//! assert!(withdrawal_by_strength(4, 3, &[(5, 2)], 0).is_err());
//! # Ok::<(), feldherr_confrontation::ConfrontationError>(())
//! ```

use crate::error::ConfrontationError;

/// Withdrawal by strength ("Rueckzug durch Staerke"): a figure of size
/// `size` (0 small ... 3 very large) in contact with enemies `(RES, size)`
/// may test STR instead of INI if it is larger than every one of them; the
/// highest RES is taken off its STR (below 0: no withdrawal). Returns the
/// characteristic for the test and the die modifier (`wound_penalty`, e.g.
/// -1 for a light wound).
pub fn withdrawal_by_strength(
    strength: i32,
    size: u32,
    enemies: &[(i32, u32)],
    wound_penalty: i32,
) -> Result<(i32, i32), ConfrontationError> {
    if let Some(&(_, s)) = enemies.iter().find(|(_, s)| *s >= size) {
        return Err(ConfrontationError::NotAllowed {
            rule: "withdrawal by strength",
            reason: format!("an enemy of size {s} is not smaller than the figure (size {size})"),
        });
    }
    let highest = enemies.iter().map(|(r, _)| *r).max().unwrap_or(0);
    let value = strength - highest;
    if value < 0 {
        return Err(ConfrontationError::NotAllowed {
            rule: "withdrawal by strength",
            reason: format!("STR {strength} - RES {highest} = {value} is below 0"),
        });
    }
    Ok((value, wound_penalty))
}
