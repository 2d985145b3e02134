//! The skirmish report: the players and their rosters with the fighters'
//! final states, the log of every resolution (attacks, spells, tests,
//! falls, reveals, morale tests) with what it did, in the
//! reader's language, and the winner as the players recorded it.

use feldherr_play::Catalogue;
use feldherr_sheet::{
    Column, Document, Footer, KeyValues, Paragraph, SheetError, SheetOptions, Table, Title,
};

use crate::Warheim;
use crate::words::{
    fighter_name, outcome_lines, player_label, profile_line, resolution_title, winner_line,
};

/// The skirmish report of a Warheim game.
///
/// # Errors
/// The sheet crate's error when a block cannot be laid out.
pub fn skirmish_report(
    game: &Warheim,
    name: &str,
    texts: &Catalogue,
    options: SheetOptions,
) -> Result<Document, SheetError> {
    let heading = texts.t("wh.sheet.title");
    let mut sheet = Document::new()
        .with_page_size(options.page)
        .with_dpi(options.dpi)
        .with_title(format!("{heading} {}", name))
        .with_footer(
            Footer::new(name.to_owned(), texts.t("system.warheim.name"))
                .page_label(texts.t("sheet.page_label")),
        )
        .block(Title::new(heading).subtitle(name.to_owned()))
        .block(
            KeyValues::new(2)
                .pair(texts.t("wh.sheet.players"), game.rosters.len().to_string())
                .pair(texts.t("wh.sheet.turns"), game.turns_played.to_string())
                .pair(texts.t("wh.result.title"), winner_line(texts, game)),
        );
    for (p, roster) in game.rosters.iter().enumerate() {
        sheet = sheet.block(Paragraph::heading(player_label(texts, game, p)));
        let commander = roster
            .commander
            .map_or_else(|| "-".to_owned(), |c| fighter_name(game, c));
        sheet = sheet.block(Paragraph::new(
            texts.f("wh.roster.commander_is", &[("name", &commander)]),
        ));
        let mut table = Table::new([
            Column::new(texts.t("wh.fighter.name"), 0.18),
            Column::new(texts.t("wh.sheet.profile"), 0.34),
            Column::new(texts.t("wh.weapon.title"), 0.18),
            Column::new(texts.t("wh.turn.group"), 0.12),
            Column::new(texts.t("wh.sheet.final"), 0.18),
        ])
        .zebra(true)
        .font_size(9.0);
        for f in &roster.fighters {
            let state = f.current();
            let mut marks: Vec<&str> = state.conditions.iter().map(|c| texts.t(c.key())).collect();
            if marks.is_empty() {
                marks.push(texts.t("warheim.state.standing"));
            }
            let weapons: Vec<&str> = f.weapons.iter().map(|w| w.name.as_str()).collect();
            table = table.row([
                f.name.clone(),
                profile_line(&f.profile),
                weapons.join(", "),
                roster
                    .group_of(f.id)
                    .map_or_else(|| "-".to_owned(), |g| g.name.clone()),
                format!(
                    "T {} / {}, Mor {}: {}",
                    state.t,
                    f.profile.t,
                    state.mor,
                    marks.join(", ")
                ),
            ]);
        }
        sheet = sheet.block(table);
    }
    sheet = sheet.block(Paragraph::heading(texts.t("wh.sheet.log")));
    if game.resolutions.is_empty() {
        return Ok(sheet.block(Paragraph::new(texts.t("wh.sheet.no_log")).muted()));
    }
    let mut table = Table::new([
        Column::new("#", 0.05),
        Column::new(texts.t("wh.sheet.resolution"), 0.3),
        Column::new(texts.t("wh.sheet.steps"), 0.65),
    ])
    .zebra(true)
    .font_size(9.0);
    for (i, saved) in game.resolutions.iter().enumerate() {
        let mut lines: Vec<String> = saved
            .resolution()
            .log()
            .iter()
            .map(|s| texts.log_line(s))
            .collect();
        match saved.outcome() {
            Some(o) => lines.extend(outcome_lines(texts, game, saved.kind(), o)),
            None => lines.push(texts.t("wh.sheet.unfinished").to_owned()),
        }
        if saved.applied() {
            lines.push(texts.t("wh.applied").to_owned());
        }
        table = table.row([
            (i + 1).to_string(),
            resolution_title(texts, game, saved.kind()),
            lines.join("\n"),
        ]);
    }
    Ok(sheet.block(table))
}
