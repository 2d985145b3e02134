//! The New Year event on the command line: standings as a table, CSV or
//! JSON.

use super::{StandingsRow, place_label};

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// Standings as CSV.
pub fn standings_csv(texts: &crate::i18n::Texts, rows: &[StandingsRow]) -> String {
    let mut text = String::from(
        "place,player,club,army,raeuber_warhammer,new_year_scenario,sled_race,total,decided_by\n",
    );
    for r in rows {
        let fields = r.cells(texts);
        let line: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        text.push_str(&line.join(","));
        text.push('\n');
    }
    text
}

/// Standings as JSON.
pub fn standings_json(rows: &[StandingsRow]) -> String {
    let rows: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "place": r.place,
                "shared": r.shared,
                "player": r.points.player,
                "name": r.points.name,
                "club": r.club,
                "army": r.army,
                "raeuber_warhammer": r.points.raeuber_warhammer,
                "new_year_scenario": r.points.new_year_scenario,
                "sled_race": r.points.sled_race,
                "total": r.points.total(),
                "vp_difference": r.points.vp_difference,
                "treasures_recovered": r.points.treasures_recovered,
                "sled_placing": r.points.sled_placing,
                "dropped": r.dropped,
                "decided_by": r.decided_by,
            })
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&rows).unwrap_or_default();
    text.push('\n');
    text
}

/// Standings as an aligned text table.
pub fn standings_table(texts: &crate::i18n::Texts, title: &str, rows: &[StandingsRow]) -> String {
    let name_width = rows
        .iter()
        .map(|r| r.name_label(texts).chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let club_width = rows
        .iter()
        .map(|r| r.club.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut text = format!("{title}\n");
    text.push_str(&format!(
        "{:>5}  {:<name_width$}  {:<club_width$}  {:>5} {:>5} {:>5}  {:>5}  {}\n",
        "place", "player", "club", "RW", "NY", "sled", "total", "decided by"
    ));
    for r in rows {
        text.push_str(&format!(
            "{:>5}  {:<name_width$}  {:<club_width$}  {:>5} {:>5} {:>5}  {:>5}  {}\n",
            place_label(r),
            r.name_label(texts),
            r.club,
            r.points.raeuber_warhammer,
            r.points.new_year_scenario,
            r.points.sled_race,
            r.points.total(),
            r.decided_by
        ));
    }
    text
}
