//! The speed rules and modifier tables as pure functions (S5, S9, S11,
//! S13). Every table takes the absolute speed ("Für alle Tabellen wird der
//! Betrag der Geschwindigkeit verwendet").

/// Slope modifier for the angle (0 to 180°) between the sled's direction
/// (facing by default, S5) and downhill: 0-29 +1, 30-59 0, 60-89 -1,
/// 90-119 -2, 120-149 -3, 150 and more -4. Fractions count to the band
/// they lie in (29.9° is still +1).
pub fn slope_modifier(angle: f64) -> i32 {
    let a = angle.abs();
    if a < 30.0 {
        1
    } else if a < 60.0 {
        0
    } else if a < 90.0 {
        -1
    } else if a < 120.0 {
        -2
    } else if a < 150.0 {
        -3
    } else {
        -4
    }
}

/// The mean of the signed current speed and a movement die, rounded down
/// and up: `(down, up)`; equal when the sum is even (S5).
pub fn mean_speed(current: i32, die: u32) -> (i32, i32) {
    let sum = i64::from(current) + i64::from(die);
    let half = |v: i64| i32::try_from(v.div_euclid(2)).unwrap_or(i32::MAX);
    (half(sum), half(sum + 1))
}

/// The sign rules (S5): a sled moving forwards never reverses (a negative
/// result is 0), a sled moving backwards never jumps forwards (a positive
/// result is 0); a standing or reversing sled with a negative result
/// travels backwards.
pub fn sign_rule(previous: i32, result: i32) -> i32 {
    if (previous > 0 && result < 0) || (previous < 0 && result > 0) {
        0
    } else {
        result
    }
}

/// Whether a speed change from `previous` through `result` to `new`
/// follows [`sign_rule`].
pub fn follows_sign_rule(previous: i32, result: i32, new: i32) -> bool {
    sign_rule(previous, result) == new
}

/// The speed modifier of the wood and hedge test (S9) and of the speed
/// difference of kicks and punches (S13): 2-3 -1, 4-5 -2, 6+ -3.
pub fn speed_band_modifier(speed: i32) -> i32 {
    match speed.saturating_abs() {
        0..=1 => 0,
        2..=3 => -1,
        4..=5 => -2,
        _ => -3,
    }
}

/// The speed modifier of the turning test (S11): 3-4 -1, 5-6 -2, 7+ -3.
pub fn turn_speed_modifier(speed: i32) -> i32 {
    match speed.saturating_abs() {
        0..=2 => 0,
        3..=4 => -1,
        5..=6 => -2,
        _ => -3,
    }
}

/// The turn-angle modifier of the turning test (S11): under 30° 0, 30-59
/// -1, 60-89 -2, 90-119 -3, 120 and more -4.
pub fn turn_angle_modifier(angle: f64) -> i32 {
    let a = angle.abs();
    if a < 30.0 {
        0
    } else if a < 60.0 {
        -1
    } else if a < 90.0 {
        -2
    } else if a < 120.0 {
        -3
    } else {
        -4
    }
}

/// The fastest a sled goes, either way (PS3): one move resolves at most
/// 60 in (P33), so a higher speed would change nothing on the table.
pub const MAX_SPEED: i32 = 60;

/// A speed with its absolute value changed by `delta` in its direction of
/// travel; a standing sled counts as travelling forwards. The result never
/// crosses 0 (a loss stops at 0, S11 and S13) and never goes beyond
/// [`MAX_SPEED`] (PS3; the callers log it when that limit holds a gain).
pub fn change_magnitude(speed: i32, delta: i32) -> i32 {
    let sign = if speed < 0 { -1 } else { 1 };
    let current = speed.saturating_abs();
    let mut magnitude = current.saturating_add(delta).max(0);
    if delta > 0 {
        magnitude = magnitude.min(MAX_SPEED.max(current));
    }
    sign * magnitude
}

/// Whether a gain of `delta` on `speed` is held at [`MAX_SPEED`] (PS3).
pub fn capped(speed: i32, delta: i32) -> bool {
    delta > 0 && speed.saturating_abs().saturating_add(delta) > MAX_SPEED
}
