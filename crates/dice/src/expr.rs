//! Dice expressions like `2d6+3`, `3d6kh2` or `d20-1`, with exact odds.

use std::fmt;

use crate::{DiceError, Die, Dist};

/// Most dice one term may roll.
pub const MAX_DICE: u32 = 50;

/// One term of an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Term {
    Constant(i64),
    Dice { count: u32, die: Die, keep: Keep },
}

/// Which dice of a term count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keep {
    All,
    Highest(u32),
    Lowest(u32),
}

/// A parsed dice expression: terms added or subtracted.
///
/// Grammar (case and spaces ignored): `term (('+'|'-') term)*`, where a term
/// is a whole number or `[N]dS[khK|klK]` (N dice of S sides, keeping the K
/// highest or lowest).
///
/// ```
/// use feldherr_dice::DiceExpr;
/// let e = DiceExpr::parse("2d6 + 3")?;
/// let d = e.distribution();
/// assert!((d.prob_of(&10) - 6.0 / 36.0).abs() < 1e-15);
/// assert!(DiceExpr::parse("2x6").is_err());
/// # Ok::<(), feldherr_dice::DiceError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceExpr {
    text: String,
    terms: Vec<(i64, Term)>,
}

impl DiceExpr {
    /// Parses `text`; errors say what is wrong and at which character.
    pub fn parse(text: &str) -> Result<Self, DiceError> {
        let cleaned: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_lowercase();
        let bad = |position: usize, what: &str| DiceError::BadExpression {
            expression: text.to_owned(),
            position,
            message: what.to_owned(),
        };
        if cleaned.is_empty() {
            return Err(bad(0, "the expression is empty"));
        }
        let chars: Vec<char> = cleaned.chars().collect();
        let mut terms = Vec::new();
        let mut i = 0;
        let mut sign = 1;
        if let Some(&c) = chars.first()
            && (c == '+' || c == '-')
        {
            sign = if c == '-' { -1 } else { 1 };
            i = 1;
        }
        loop {
            let (term, next) = parse_term(&chars, i).map_err(|(p, m)| bad(p, &m))?;
            terms.push((sign, term));
            i = next;
            match chars.get(i) {
                None => break,
                Some('+') => sign = 1,
                Some('-') => sign = -1,
                Some(c) => return Err(bad(i, &format!("unexpected '{c}'"))),
            }
            i += 1;
        }
        Ok(Self {
            text: text.trim().to_owned(),
            terms,
        })
    }

    /// Exact odds of the total.
    pub fn distribution(&self) -> Dist<i64> {
        let mut total = Dist::certain(0i64);
        for (sign, term) in &self.terms {
            let d = term_distribution(*term).map(|v| v * sign);
            total = total.add(&d);
        }
        total
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

fn number(chars: &[char], mut i: usize) -> (Option<u64>, usize) {
    let start = i;
    while chars.get(i).is_some_and(char::is_ascii_digit) {
        i += 1;
    }
    if i == start {
        return (None, i);
    }
    let text: String = chars[start..i].iter().collect();
    (text.parse().ok().or(Some(u64::MAX)), i)
}

fn parse_term(chars: &[char], i: usize) -> Result<(Term, usize), (usize, String)> {
    let (count, mut j) = number(chars, i);
    if chars.get(j) != Some(&'d') {
        return match count {
            Some(n) if n <= 1_000_000 => Ok((Term::Constant(n as i64), j)),
            Some(_) => Err((i, "number too large".into())),
            None => Err((i, "expected a number or dice like 2d6".into())),
        };
    }
    let count = count.unwrap_or(1);
    if !(1..=u64::from(MAX_DICE)).contains(&count) {
        return Err((i, format!("dice count must be 1 to {MAX_DICE}")));
    }
    j += 1;
    let (sides, after) = number(chars, j);
    let sides = sides.ok_or((j, "expected the number of sides after 'd'".to_string()))?;
    let die = u32::try_from(sides)
        .ok()
        .filter(|s| (2..=1000).contains(s))
        .and_then(|s| Die::new(s).ok())
        .ok_or((j, "a die needs 2 to 1000 sides".to_string()))?;
    j = after;
    let mut keep = Keep::All;
    if chars.get(j) == Some(&'k') {
        let highest = match chars.get(j + 1) {
            Some('h') => true,
            Some('l') => false,
            _ => return Err((j, "expected 'kh' or 'kl'".into())),
        };
        let (k, after) = number(chars, j + 2);
        let k = k.ok_or((j + 2, "expected how many dice to keep".to_string()))?;
        if k < 1 || k > count {
            return Err((j + 2, format!("can keep 1 to {count} dice")));
        }
        keep = if highest {
            Keep::Highest(k as u32)
        } else {
            Keep::Lowest(k as u32)
        };
        j = after;
    }
    Ok((
        Term::Dice {
            count: count as u32,
            die,
            keep,
        },
        j,
    ))
}

fn term_distribution(term: Term) -> Dist<i64> {
    match term {
        Term::Constant(c) => Dist::certain(c),
        Term::Dice { count, die, keep } => match keep {
            Keep::All => Dist::sum_of(count, die).map(|&v| i64::from(v)),
            Keep::Highest(k) => keep_sum(count, die.sides(), k, true),
            Keep::Lowest(k) => keep_sum(count, die.sides(), k, false),
        },
    }
}

/// Exact odds of the sum of the `k` highest (or lowest) of `n` dice with
/// `s` sides: walk the faces from the kept end, choosing how many dice show
/// each face (multinomial weights), so no roll is enumerated.
fn keep_sum(n: u32, s: u32, k: u32, highest: bool) -> Dist<i64> {
    // ln of factorials for the multinomial coefficients.
    let ln_fact: Vec<f64> = (0..=n)
        .scan(0.0, |acc, i| {
            if i > 0 {
                *acc += f64::from(i).ln();
            }
            Some(*acc)
        })
        .collect();
    let fact = |i: u32| ln_fact.get(i as usize).copied().unwrap_or(0.0);
    // state: (dice placed, kept sum) -> sum of exp(-sum ln c_v!)
    let mut states: std::collections::BTreeMap<(u32, i64), f64> =
        std::collections::BTreeMap::from([((0, 0), 1.0)]);
    let faces: Vec<u32> = if highest {
        (1..=s).rev().collect()
    } else {
        (1..=s).collect()
    };
    for face in faces {
        let mut next = std::collections::BTreeMap::new();
        for (&(placed, sum), &w) in &states {
            for c in 0..=(n - placed) {
                let kept_before = placed.min(k);
                let kept_now = (placed + c).min(k) - kept_before;
                let key = (placed + c, sum + i64::from(kept_now) * i64::from(face));
                *next.entry(key).or_insert(0.0) += w * (-fact(c)).exp();
            }
        }
        states = next;
    }
    let scale = (fact(n) - f64::from(n) * f64::from(s).ln()).exp();
    Dist::from_weights(
        states
            .into_iter()
            .filter(|((placed, _), _)| *placed == n)
            .map(|((_, sum), w)| (sum, w * scale)),
    )
}
