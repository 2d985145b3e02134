//! A problem list with a cap: a loaded document with thousands of broken
//! entries gives a short list and a count of the rest (issue 28), and
//! the work stays bounded.

use feldherr_play::Problem;

/// Most problems a list holds before it only counts the rest.
pub const MAX_PROBLEMS: usize = 100;

/// Collects problems up to [`MAX_PROBLEMS`]; the rest are counted.
#[derive(Debug, Default)]
pub(crate) struct ProblemList {
    items: Vec<Problem>,
    more: usize,
}

impl ProblemList {
    pub(crate) fn push(&mut self, problem: Problem) {
        if self.items.len() < MAX_PROBLEMS {
            self.items.push(problem);
        } else {
            self.more = self.more.saturating_add(1);
        }
    }

    pub(crate) fn extend(&mut self, problems: impl IntoIterator<Item = Problem>) {
        for p in problems {
            self.push(p);
        }
    }

    /// Whether the list is full, so a caller can stop looking.
    pub(crate) fn full(&self) -> bool {
        self.items.len() >= MAX_PROBLEMS
    }

    /// Counts `n` further problems without listing them.
    pub(crate) fn count_more(&mut self, n: usize) {
        self.more = self.more.saturating_add(n);
    }

    /// The list, with a last line counting the problems left out.
    pub(crate) fn finish(mut self) -> Vec<Problem> {
        if self.more > 0 {
            self.items.push(Problem::new(
                "",
                format!(
                    "… and {} more problem{}",
                    self.more,
                    if self.more == 1 { "" } else { "s" }
                ),
            ));
        }
        self.items
    }
}
