//! Property tests: on random small expressions the dense engine agrees with
//! a map-based reference that enumerates every roll with [`Dist`], and
//! every distribution sums to 1 within 1e-12.

use feldherr_dice::{DiceError, DiceExpr, Dist};
use proptest::prelude::*;

/// A small expression, rendered to notation and evaluated by enumeration.
#[derive(Debug, Clone)]
enum Tree {
    Number(i64),
    Dice(Term),
    Neg(Box<Tree>),
    Add(Box<Tree>, Box<Tree>),
    Sub(Box<Tree>, Box<Tree>),
    Mul(Box<Tree>, Box<Tree>),
    /// Division by a whole number 1 to 4 (never zero).
    Div(Box<Tree>, i64),
}

#[derive(Debug, Clone)]
struct Term {
    count: u32,
    sides: i64,
    /// Re-roll once faces at or below this.
    reroll: Option<i64>,
    /// Explosion depth.
    explode: Option<u32>,
    /// (highest, kept)
    keep: Option<(bool, u32)>,
    /// Count dice at or above this instead of adding.
    at_least: Option<i64>,
}

fn render(t: &Tree) -> String {
    match t {
        Tree::Number(n) => n.to_string(),
        Tree::Dice(d) => {
            let mut s = format!("{}d{}", d.count, d.sides);
            if let Some(r) = d.reroll {
                s += &format!("r<={r}");
            }
            if let Some(depth) = d.explode {
                s += &format!("!{depth}");
            }
            if let Some((highest, k)) = d.keep {
                s += &format!("k{}{k}", if highest { "h" } else { "l" });
            }
            if let Some(t) = d.at_least {
                s += &format!(">={t}");
            }
            s
        }
        Tree::Neg(a) => format!("-({})", render(a)),
        Tree::Add(a, b) => format!("({})+({})", render(a), render(b)),
        Tree::Sub(a, b) => format!("({})-({})", render(a), render(b)),
        Tree::Mul(a, b) => format!("({})*({})", render(a), render(b)),
        Tree::Div(a, n) => format!("({})/{n}", render(a)),
    }
}

/// One die, with re-roll and explosion, by enumeration.
fn one_die(d: &Term, depth: u32) -> Dist<i64> {
    let faces = Dist::uniform(1..=d.sides);
    let rolled = faces.and_then(|&f| match d.reroll {
        Some(r) if f <= r => Dist::uniform(1..=d.sides),
        _ => Dist::certain(f),
    });
    match d.explode {
        Some(_) if depth > 0 => rolled.and_then(|&f| {
            if f == d.sides {
                one_die(d, depth - 1).map(|x| x + d.sides)
            } else {
                Dist::certain(f)
            }
        }),
        _ => rolled,
    }
}

fn reference(t: &Tree) -> Dist<i64> {
    match t {
        Tree::Number(n) => Dist::certain(*n),
        Tree::Dice(d) => {
            let die = one_die(d, d.explode.unwrap_or(0));
            // Every pool as a sorted list of dice.
            let pools = (0..d.count).fold(Dist::certain(Vec::<i64>::new()), |acc, _| {
                acc.product(&die, |pool, &x| {
                    let mut p = pool.clone();
                    p.push(x);
                    p.sort_unstable();
                    p
                })
            });
            pools.map(|pool| {
                let kept: Vec<i64> = match d.keep {
                    None => pool.clone(),
                    Some((true, k)) => pool[pool.len() - k as usize..].to_vec(),
                    Some((false, k)) => pool[..k as usize].to_vec(),
                };
                match d.at_least {
                    Some(t) => kept.iter().filter(|&&x| x >= t).count() as i64,
                    None => kept.iter().sum(),
                }
            })
        }
        Tree::Neg(a) => reference(a).map(|x| -x),
        Tree::Add(a, b) => reference(a).product(&reference(b), |x, y| x + y),
        Tree::Sub(a, b) => reference(a).product(&reference(b), |x, y| x - y),
        Tree::Mul(a, b) => reference(a).product(&reference(b), |x, y| x * y),
        Tree::Div(a, n) => reference(a).map(|x| x / n),
    }
}

fn term() -> impl Strategy<Value = Term> {
    (
        1u32..=3,
        prop::sample::select(vec![2i64, 3, 4, 6]),
        prop::option::of(1i64..=2),
        prop::option::of(0u32..=2),
        prop::option::of((any::<bool>(), 1u32..=3)),
        prop::option::of(1i64..=7),
    )
        .prop_map(|(count, sides, reroll, explode, keep, at_least)| Term {
            count,
            sides,
            reroll: reroll.filter(|&r| r < sides),
            explode,
            keep: keep.map(|(h, k)| (h, k.min(count))),
            at_least,
        })
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        (-3i64..=3).prop_map(Tree::Number),
        term().prop_map(Tree::Dice),
        term().prop_map(Tree::Dice),
    ];
    leaf.prop_recursive(2, 6, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|a| Tree::Neg(Box::new(a))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Tree::Add(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Tree::Sub(Box::new(a), Box::new(b))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Tree::Mul(Box::new(a), Box::new(b))),
            (inner, 1i64..=4).prop_map(|(a, n)| Tree::Div(Box::new(a), n)),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn dense_agrees_with_enumeration(t in tree()) {
        let text = render(&t);
        let expr = DiceExpr::parse(&text).unwrap();
        let dense = expr.distribution().unwrap();
        let want = reference(&t);
        prop_assert!((dense.total() - 1.0).abs() < 1e-12, "{text}: total {}", dense.total());
        prop_assert!((want.total() - 1.0).abs() < 1e-12);
        for (v, p) in want.iter() {
            let got = dense.prob_of(*v);
            prop_assert!((got - p).abs() < 1e-12, "{text}: P({v}) = {got}, enumeration {p}");
        }
        for (v, p) in dense.iter() {
            prop_assert!((want.prob_of(&v) - p).abs() < 1e-12, "{text}: extra value {v}");
        }
        if let Some(mean) = expr.exact_mean() {
            let m: f64 = want.iter().map(|(v, p)| *v as f64 * p).sum();
            prop_assert!((mean.to_f64() - m).abs() < 1e-9, "{text}: mean {mean} vs {m}");
        }
    }

    #[test]
    fn wide_pools_sum_to_one(count in 1u32..=120, sides in 2u32..=300, keep in 0u32..=4) {
        let text = if keep > 0 && keep < count {
            format!("{count}d{sides}kh{keep}")
        } else {
            format!("{count}d{sides}")
        };
        let d = DiceExpr::parse(&text).unwrap().distribution().unwrap();
        prop_assert!((d.total() - 1.0).abs() < 1e-12, "{text}: total {}", d.total());
        prop_assert!(d.iter().all(|(_, p)| p >= 0.0));
    }
}

/// A wider term than [`term`] (many dice, many sides, custom and Fudge
/// dice), so that some expressions cost more than the small budget below.
fn wide_term() -> impl Strategy<Value = String> {
    (
        1u32..=200,
        prop_oneof![
            prop::sample::select(vec![2u32, 6, 10, 20, 100, 1000, 10_000])
                .prop_map(|s| s.to_string()),
            Just("F".to_owned()),
            Just("{0,0,1,1,2,3}".to_owned()),
            Just("{-5,0,400}".to_owned()),
        ],
        prop::option::of(prop::sample::select(vec![
            "r1", "r<3", "!", "!3", "c", "c2",
        ])),
        prop::option::of((
            prop::sample::select(vec!["kh", "kl", "dl", "dh"]),
            1u32..=40,
        )),
        prop::option::of(prop::sample::select(vec![">=4", "<12", "=1"])),
    )
        .prop_map(|(count, faces, modifier, keep, target)| {
            // Explosions and Confrontation dice need a standard die.
            let modifier = modifier.filter(|m| {
                !(m.starts_with('!') || m.starts_with('c')) || faces.parse::<u32>().is_ok()
            });
            let modifier = modifier.filter(|m| !m.starts_with('c') || faces == "6");
            let keep = keep
                .filter(|(_, k)| *k < count)
                .map(|(op, k)| format!("{op}{k}"))
                .unwrap_or_default();
            format!(
                "{count}d{faces}{}{keep}{}",
                modifier.unwrap_or(""),
                target.unwrap_or("")
            )
        })
}

fn wide_tree() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![(-3i64..=3).prop_map(|n| n.to_string()), wide_term()];
    leaf.prop_recursive(2, 4, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a})+({b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a})-({b})")),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("({a})*({b})")),
            inner.prop_map(|a| format!("-({a})")),
        ]
    })
}

/// The budget of the cost property: small, so that the accepted
/// expressions run quickly in a debug build.
const SMALL_BUDGET: u64 = 3_000_000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Issue 15: an accepted expression costs at most the budget, and the
    /// estimate made before running bounds the work really done, counted
    /// operation by operation (not timed). A refused one names the budget
    /// and a part of the expression.
    #[test]
    fn the_estimate_bounds_the_counted_work(text in wide_tree()) {
        let Ok(expr) = DiceExpr::parse(&text) else {
            return Err(TestCaseError::fail(format!("{text} does not parse")));
        };
        match expr.cost_within(SMALL_BUDGET) {
            Ok(cost) => {
                prop_assert!(cost <= SMALL_BUDGET);
                match expr.distribution_counted(SMALL_BUDGET) {
                    Ok((dist, work)) => {
                        prop_assert!(work <= cost, "{text}: counted {work} > estimate {cost}");
                        prop_assert!(work > 0 || !text.contains('d'), "{text}: nothing counted");
                        prop_assert!((dist.total() - 1.0).abs() < 1e-9, "{text}: total {}", dist.total());
                    }
                    // Only a divisor that can be 0 fails after costing;
                    // these trees never divide.
                    Err(e) => return Err(TestCaseError::fail(format!("{text}: {e}"))),
                }
            }
            Err(DiceError::OverBudget { part, budget, work, .. }) => {
                prop_assert_eq!(budget, SMALL_BUDGET);
                prop_assert!(work > 0);
                let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
                prop_assert!(cleaned.to_lowercase().contains(&part), "{text}: part {part}");
                prop_assert!(expr.cost_within(u64::MAX).unwrap() > SMALL_BUDGET);
            }
            Err(DiceError::TooManyOutcomes { part, .. } | DiceError::BadExpression { message: part, .. }) => {
                prop_assert!(!part.is_empty());
            }
            Err(e) => return Err(TestCaseError::fail(format!("{text}: {e}"))),
        }
    }
}
