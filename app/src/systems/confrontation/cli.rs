//! Confrontation on the command line: `feldherr odds damage`.

use feldherr_confrontation::DamageRoll;
use feldherr_dice::Dist;

/// What `feldherr odds` computes for Confrontation.
#[derive(Debug, clap::Subcommand)]
pub enum Odds {
    /// SP lost on the Confrontation damage table (C1).
    Damage {
        /// Attacker's strength (STR).
        #[arg(long = "str", allow_negative_numbers = true)]
        strength: i32,
        /// Machine's resilience (RES).
        #[arg(long = "res", allow_negative_numbers = true)]
        resilience: i32,
        /// The hit is from a sacred weapon (doubles kill instantly).
        #[arg(long)]
        sacred: bool,
    },
}

impl Odds {
    /// The title and the exact distribution.
    pub fn run(self) -> Result<(String, Dist<i64>), String> {
        match self {
            Odds::Damage {
                strength,
                resilience,
                sacred,
            } => {
                let roll = DamageRoll::new(strength, resilience)
                    .map_err(|e| e.to_string())?
                    .sacred(sacred);
                let title = format!(
                    "SP lost, damage table (C1), STR {strength} against RES {resilience}{}",
                    if sacred { ", sacred weapon" } else { "" }
                );
                Ok((title, roll.distribution().map(|&sp| i64::from(sp))))
            }
        }
    }
}
