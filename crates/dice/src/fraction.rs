//! Exact fractions, for means that are simple fractions.

use std::fmt;

/// An exact fraction in lowest terms with a positive denominator, e.g. the
/// mean of `2d6+3` (10) or of `d6` (7/2).
///
/// Arithmetic is checked: an operation whose result does not fit gives
/// `None` rather than a wrong value.
///
/// ```
/// use feldherr_dice::Fraction;
/// let half = Fraction::new(7, 2).unwrap();
/// assert_eq!(half.to_string(), "7/2");
/// assert_eq!(half.checked_add(half).unwrap().to_string(), "7");
/// assert_eq!(half.to_f64(), 3.5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fraction {
    num: i128,
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Fraction {
    /// `num / den` in lowest terms; `None` if `den` is 0.
    pub fn new(num: i128, den: i128) -> Option<Self> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let sign = if den < 0 { -1 } else { 1 };
        Some(Self {
            num: sign * num / g,
            den: sign * den / g,
        })
    }

    /// The whole number `n`.
    pub fn integer(n: i64) -> Self {
        Self {
            num: i128::from(n),
            den: 1,
        }
    }

    /// The numerator (carries the sign).
    pub fn numerator(self) -> i128 {
        self.num
    }

    /// The denominator (positive).
    pub fn denominator(self) -> i128 {
        self.den
    }

    /// The nearest `f64`.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// `self + other`, `None` on overflow.
    pub fn checked_add(self, other: Self) -> Option<Self> {
        let g = gcd(self.den, other.den).max(1);
        let den = (self.den / g).checked_mul(other.den)?;
        let num = self
            .num
            .checked_mul(other.den / g)?
            .checked_add(other.num.checked_mul(self.den / g)?)?;
        Self::new(num, den)
    }

    /// `self * other`, `None` on overflow.
    pub fn checked_mul(self, other: Self) -> Option<Self> {
        let g1 = gcd(self.num, other.den).max(1);
        let g2 = gcd(other.num, self.den).max(1);
        let num = (self.num / g1).checked_mul(other.num / g2)?;
        let den = (self.den / g2).checked_mul(other.den / g1)?;
        Self::new(num, den)
    }
}

impl std::ops::Neg for Fraction {
    type Output = Self;
    fn neg(self) -> Self {
        Self {
            num: -self.num,
            den: self.den,
        }
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}
