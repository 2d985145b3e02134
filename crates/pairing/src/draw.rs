//! The draw itself.

use std::collections::{BTreeSet, HashMap};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::draft::compromises;
use crate::{Draft, DraftTable, Entrant, History, PairingError};

/// The most entrants one draw takes; more is refused before any work.
pub const MAX_ENTRANTS: usize = 2_000;

/// Steps (opponents tried) the exact search may take per pass before the
/// greedy fallback takes over.
pub const SEARCH_BUDGET: u64 = 20_000;

/// Passes of table-to-table swaps that improve the greedy fallback.
pub const IMPROVEMENT_PASSES: usize = 8;

/// How the entrants are ordered before pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Shuffled with the seed (the first game).
    Random,
    /// By the standings so far, best against best (later games).
    ByStandings,
}

/// Cost of a rematch in the fallback; any number of same-club games is
/// cheaper than one rematch.
const REMATCH: u64 = 1_000_000;
/// Cost of a same-club game in the fallback.
const SAME_CLUB: u64 = 1;

/// Draws the pairings of one game.
///
/// `entrants` are the players to pair (drop-outs left out), best first for
/// [`Method::ByStandings`]. The same arguments always give the same draft.
///
/// # Errors
///
/// [`PairingError::TooManyEntrants`] above [`MAX_ENTRANTS`],
/// [`PairingError::DuplicateEntrant`] for an id given twice.
pub fn draw(
    entrants: &[Entrant],
    history: &History,
    method: Method,
    seed: u64,
) -> Result<Draft, PairingError> {
    if entrants.len() > MAX_ENTRANTS {
        return Err(PairingError::TooManyEntrants {
            count: entrants.len(),
        });
    }
    let mut ids = BTreeSet::new();
    for entrant in entrants {
        if !ids.insert(entrant.id.as_str()) {
            return Err(PairingError::DuplicateEntrant {
                name: entrant.name.clone(),
            });
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    match method {
        Method::Random => order.shuffle(&mut rng),
        Method::ByStandings => {
            order.sort_by(|&x, &y| entrants[y].score.cmp(&entrants[x].score));
            let mut start = 0;
            while start < order.len() {
                let score = entrants[order[start]].score;
                let end = order[start..]
                    .iter()
                    .position(|&i| entrants[i].score != score)
                    .map_or(order.len(), |len| start + len);
                order[start..end].shuffle(&mut rng);
                start = end;
            }
        }
    }

    let bye = if order.len() % 2 == 1 {
        let fewest = order
            .iter()
            .map(|&i| history.byes(&entrants[i].id))
            .min()
            .unwrap_or(0);
        let candidates: Vec<usize> = (0..order.len())
            .filter(|&pos| history.byes(&entrants[order[pos]].id) == fewest)
            .collect();
        let pick = match method {
            Method::Random => candidates.get(rng.random_range(0..candidates.len().max(1))),
            Method::ByStandings => candidates.last(),
        };
        pick.copied().map(|pos| order.remove(pos))
    } else {
        None
    };

    let conflicts = Conflicts::new(entrants, history);
    let cost = |x: usize, y: usize| conflicts.cost(x, y);
    // Positions in `order`; a fallback or a draw with same-club games left
    // gets the bounded improvement passes.
    let mut pairs = search(&order, &|x, y| cost(x, y) == 0)
        .or_else(|| search(&order, &|x, y| cost(x, y) < REMATCH))
        .unwrap_or_else(|| greedy(&order, &cost));
    improve(&mut pairs, &|x, y| cost(order[x], order[y]));
    let pairs: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(x, y)| (order[x], order[y]))
        .collect();

    let tables: Vec<DraftTable> = pairs
        .iter()
        .zip(1_u32..)
        .map(|(&(a, b), number)| DraftTable {
            number,
            a: entrants[a].id.clone(),
            b: entrants[b].id.clone(),
        })
        .collect();
    let bye = bye.map(|i| entrants[i].id.clone());
    let compromises = compromises(&tables, bye.as_deref(), entrants, history);
    Ok(Draft {
        seed,
        tables,
        bye,
        compromises,
    })
}

/// Rematches and same-club games between entrants, by index: a bit per
/// pair played before and a number per club, so the search asks no map
/// and compares no text (a 1,000-player draw asks millions of times).
#[derive(Debug)]
struct Conflicts {
    n: usize,
    /// Bit `x * n + y`: `x` and `y` have played each other.
    played: Vec<u64>,
    /// Club number (case and surrounding spaces ignored); `None`: no club.
    club: Vec<Option<u32>>,
}

impl Conflicts {
    fn new(entrants: &[Entrant], history: &History) -> Self {
        let n = entrants.len();
        let index: HashMap<&str, usize> = entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id.as_str(), i))
            .collect();
        let mut played = vec![0u64; (n * n).div_ceil(64)];
        for (x, entrant) in entrants.iter().enumerate() {
            for opponent in history.opponents(&entrant.id) {
                if let Some(&y) = index.get(opponent) {
                    let bit = x * n + y;
                    played[bit / 64] |= 1 << (bit % 64);
                }
            }
        }
        let mut clubs: HashMap<String, u32> = HashMap::new();
        let club = entrants
            .iter()
            .map(|e| {
                let name = e.club.trim();
                if name.is_empty() {
                    return None;
                }
                let next = clubs.len() as u32;
                Some(*clubs.entry(name.to_ascii_lowercase()).or_insert(next))
            })
            .collect();
        Self { n, played, club }
    }

    /// The cost of pairing entrants `x` and `y` (indices).
    fn cost(&self, x: usize, y: usize) -> u64 {
        let bit = x * self.n + y;
        let mut cost = 0;
        if self.played[bit / 64] & (1 << (bit % 64)) != 0 {
            cost += REMATCH;
        }
        if self.club[x].is_some() && self.club[x] == self.club[y] {
            cost += SAME_CLUB;
        }
        cost
    }
}

/// Exact depth-first search in order (each free entrant takes the best
/// allowed free opponent, backtracking), within [`SEARCH_BUDGET`] steps.
fn search(order: &[usize], allowed: &dyn Fn(usize, usize) -> bool) -> Option<Vec<(usize, usize)>> {
    let mut used = vec![false; order.len()];
    let mut pairs = Vec::with_capacity(order.len() / 2);
    let mut budget = SEARCH_BUDGET;
    dfs(order, &mut used, &mut pairs, allowed, &mut budget, 0).then_some(pairs)
}

fn dfs(
    order: &[usize],
    used: &mut [bool],
    pairs: &mut Vec<(usize, usize)>,
    allowed: &dyn Fn(usize, usize) -> bool,
    budget: &mut u64,
    from: usize,
) -> bool {
    let Some(first) = (from..order.len()).find(|&k| !used[k]) else {
        return true;
    };
    used[first] = true;
    for k in first + 1..order.len() {
        if used[k] {
            continue;
        }
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        if allowed(order[first], order[k]) {
            used[k] = true;
            pairs.push((first, k));
            if dfs(order, used, pairs, allowed, budget, first + 1) {
                return true;
            }
            pairs.pop();
            used[k] = false;
        }
    }
    used[first] = false;
    false
}

/// The fallback: each free entrant in order takes the cheapest free
/// opponent (the best placed among equals), then bounded passes of swaps
/// between two tables lower the total cost. O(n²) per pass.
fn greedy(order: &[usize], cost: &dyn Fn(usize, usize) -> u64) -> Vec<(usize, usize)> {
    let mut used = vec![false; order.len()];
    // Pairs of positions in `order`.
    let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(order.len() / 2);
    for first in 0..order.len() {
        if used[first] {
            continue;
        }
        used[first] = true;
        let best = (first + 1..order.len())
            .filter(|&k| !used[k])
            .min_by_key(|&k| (cost(order[first], order[k]), k));
        if let Some(k) = best {
            used[k] = true;
            pairs.push((first, k));
        }
    }
    pairs
}

/// At most [`IMPROVEMENT_PASSES`] passes of swaps between two tables that
/// lower the total cost; pairs of positions, sorted afterwards (best table
/// first).
fn improve(pairs: &mut [(usize, usize)], c: &dyn Fn(usize, usize) -> u64) {
    for _ in 0..IMPROVEMENT_PASSES {
        let mut improved = false;
        for i in 0..pairs.len() {
            for j in i + 1..pairs.len() {
                let ((a, b), (p, q)) = (pairs[i], pairs[j]);
                let now = c(a, b) + c(p, q);
                if now == 0 {
                    continue;
                }
                let cross = c(a, p) + c(b, q);
                let other = c(a, q) + c(b, p);
                if cross < now && cross <= other {
                    pairs[i] = (a.min(p), a.max(p));
                    pairs[j] = (b.min(q), b.max(q));
                    improved = true;
                } else if other < now {
                    pairs[i] = (a.min(q), a.max(q));
                    pairs[j] = (b.min(p), b.max(p));
                    improved = true;
                }
            }
        }
        if !improved {
            break;
        }
    }
    pairs.sort_unstable();
}
