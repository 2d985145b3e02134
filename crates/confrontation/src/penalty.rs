//! Penalties of mobile machines by SP lost (C2).

use crate::error::{ConfrontationError, check_range};

/// The penalty on INI, ATT, DEF and FER die results of a mobile machine
/// that started with `start_sp` and has lost `lost` (C2): -1 from a quarter,
/// -2 from half, -3 from two thirds; each replaces the one before. Immobile
/// machines never suffer it (pass `mobile = false`).
///
/// ```
/// use feldherr_confrontation::penalty;
/// assert_eq!(penalty(8, 4, true)?, -2); // the text's tank
/// assert_eq!(penalty(8, 4, false)?, 0);
/// # Ok::<(), feldherr_confrontation::ConfrontationError>(())
/// ```
pub fn penalty(start_sp: u32, lost: u32, mobile: bool) -> Result<i32, ConfrontationError> {
    check_range("SP", start_sp.into(), 1, 99, "1 to 99")?;
    check_range(
        "SP lost",
        lost.into(),
        0,
        start_sp.into(),
        "0 to the machine's SP",
    )?;
    if !mobile {
        return Ok(0);
    }
    Ok(if 3 * lost >= 2 * start_sp {
        -3
    } else if 2 * lost >= start_sp {
        -2
    } else if 4 * lost >= start_sp {
        -1
    } else {
        0
    })
}
