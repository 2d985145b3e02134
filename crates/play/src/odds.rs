//! A rule system's own odds on the command line (`feldherr odds <name>`):
//! each command names its parameters, so a host builds its command line
//! from the registry and no host names a system's numbers.

use feldherr_dice::Dist;

use crate::PlayError;

/// One parameter of an [`OddsCommand`]: a whole number or a flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OddsParam {
    /// Its name on the command line (`--str`).
    pub name: &'static str,
    /// What it is, for `--help`.
    pub help: &'static str,
    /// A flag (given or not: 1 or 0) rather than a number.
    pub flag: bool,
}

/// What an odds command computes: a title and the exact distribution.
pub type OddsResult = Result<(String, Dist<i64>), PlayError>;

/// A system's odds command: its name, its parameters, and how it computes
/// the exact distribution from their values (in the order of `params`,
/// flags as 0 or 1).
#[derive(Debug, Clone, Copy)]
pub struct OddsCommand {
    /// The subcommand's name, e.g. `damage`.
    pub name: &'static str,
    /// What it computes, for `--help`.
    pub about: &'static str,
    /// Its parameters.
    pub params: &'static [OddsParam],
    /// The title and the exact distribution for the given values.
    pub run: fn(&[i64]) -> OddsResult,
}
