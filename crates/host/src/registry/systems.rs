//! The registration of every rule system and kind of event: one line each
//! in `games!` and `events!`, and what the host needs of each beyond the
//! contract ([`HostedGame`], [`HostedEvent`]). Adding a system is its
//! crate, a line here, an `impl HostedGame` below, and its screens in the
//! app (whose registry the compiler then checks against this one).

use feldherr_confrontation::ConfrontationGame;
use feldherr_sled_race::Race;
use feldherr_warheim::Warheim;
use feldherr_warmaster::{WarmasterGame, WarmasterTournament};
use feldherr_wfb_newyear::{BattleTable, Event as NewYearEvent};
use feldherr_wh40k_ffa::FreeForAll;

// The registration macros expand here and use the registry's items.
use super::*;
use feldherr_play::{EventRules, Game, GameReport, HostedSlot, PlayError, Problem, ResolutionList};
use feldherr_table::TableRules;
use serde::{Deserialize, Serialize};

games! {
    WfbNewyear = "wfb_newyear" => BattleTable;
    Warmaster = "warmaster" => WarmasterGame;
    Warheim = "warheim" => Warheim;
    Confrontation = "confrontation" => ConfrontationGame;
    Wh40kFfa = "wh40k_ffa" => FreeForAll;
    SledRace = "sled_race" => Race;
}

events! {
    NewYear = "wfb_newyear" => NewYearEvent;
    WarmasterTournament = "warmaster_tournament" => WarmasterTournament;
}

/// A sheet's error, named for its sheet.
fn sheet_error(sheet: &str) -> impl Fn(feldherr_sheet::SheetError) -> HostError + '_ {
    move |source| HostError::Sheet {
        sheet: sheet.to_owned(),
        source,
    }
}

impl HostedGame for BattleTable {
    const KEY: &'static str = "system.wfb";
}

impl HostedGame for WarmasterGame {
    const KEY: &'static str = "system.warmaster";
    const HAS_RECORD_SHEET: bool = true;

    fn record_sheet(
        &self,
        table: &Table,
        name: &str,
        words: &Catalogue,
        options: SheetOptions,
    ) -> Option<Result<SheetDocument, HostError>> {
        Some(
            feldherr_warmaster::game_report(self, table, name, words, options)
                .map_err(sheet_error(name)),
        )
    }
}

impl HostedGame for Warheim {
    const KEY: &'static str = "system.warheim";
    const HAS_RECORD_SHEET: bool = true;

    fn record_sheet(
        &self,
        _table: &Table,
        name: &str,
        words: &Catalogue,
        options: SheetOptions,
    ) -> Option<Result<SheetDocument, HostError>> {
        Some(
            feldherr_warheim::skirmish_report(self, name, words, options)
                .map_err(sheet_error(name)),
        )
    }
}

impl HostedGame for ConfrontationGame {
    const KEY: &'static str = "system.confrontation";
    const HAS_RECORD_SHEET: bool = true;

    fn record_sheet(
        &self,
        _table: &Table,
        name: &str,
        words: &Catalogue,
        options: SheetOptions,
    ) -> Option<Result<SheetDocument, HostError>> {
        Some(
            feldherr_confrontation::machine_sheet(self, name, words, options)
                .map_err(sheet_error(name)),
        )
    }

    fn odds_commands() -> &'static [OddsCommand] {
        feldherr_confrontation::ODDS_COMMANDS
    }
}

impl HostedGame for FreeForAll {
    const KEY: &'static str = "system.wh40k";
    const HAS_RECORD_SHEET: bool = true;

    fn record_sheet(
        &self,
        table: &Table,
        name: &str,
        words: &Catalogue,
        options: SheetOptions,
    ) -> Option<Result<SheetDocument, HostError>> {
        Some(
            feldherr_wh40k_ffa::record_sheet(self, table, name, words)
                .map(|sheet| sheet.with_page_size(options.page).with_dpi(options.dpi))
                .map_err(sheet_error(name)),
        )
    }
}

impl HostedGame for Race {
    const KEY: &'static str = "system.sled";
    const HAS_RECORD_SHEET: bool = true;

    fn record_sheet(
        &self,
        table: &Table,
        name: &str,
        words: &Catalogue,
        options: SheetOptions,
    ) -> Option<Result<SheetDocument, HostError>> {
        Some(
            feldherr_sled_race::race_sheet(self, table, name, words, options)
                .map_err(sheet_error(name)),
        )
    }
}

impl HostedEvent for NewYearEvent {
    const OFFERED_BY: &'static str = "wfb_newyear";

    fn new_named(name: &str) -> Self {
        NewYearEvent::new(name)
    }

    fn from_bare(text: &str) -> Option<Result<Self, HostError>> {
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        // A bare New Year event has its players and both battle games.
        let object = value.as_object()?;
        if !object.contains_key("players") || !object.contains_key("raeuber_warhammer") {
            return None;
        }
        Some(NewYearEvent::from_json(text).map_err(|e| HostError::Field {
            source_name: String::new(),
            path: "(bare event)".to_owned(),
            message: e.to_string(),
        }))
    }

    fn standings_table(&self, words: &Catalogue) -> Result<StandingsTable, HostError> {
        feldherr_wfb_newyear::standings_table(self, words).map_err(|e| HostError::Rules(e.into()))
    }

    fn sheets(
        &self,
        words: &Catalogue,
        options: SheetOptions,
        codes: TableCodes<'_>,
    ) -> Result<Vec<NamedSheet>, HostError> {
        let codes = |kind: feldherr_wfb_newyear::BattleKind, table| codes(kind.key(), table);
        feldherr_wfb_newyear::event_sheets_coded(words, self, options, &codes)
            .map_err(|e| HostError::Rules(e.into()))
    }
}

impl HostedEvent for WarmasterTournament {
    const OFFERED_BY: &'static str = "warmaster";

    fn new_named(name: &str) -> Self {
        WarmasterTournament::new(name, 3)
    }

    fn from_bare(text: &str) -> Option<Result<Self, HostError>> {
        let value: serde_json::Value = serde_json::from_str(text).ok()?;
        let object = value.as_object()?;
        if !object.contains_key("round_list") && !object.contains_key("rounds") {
            return None;
        }
        if object.contains_key("raeuber_warhammer") {
            return None;
        }
        Some(
            serde_path_to_error::deserialize(value).map_err(|e| HostError::Field {
                source_name: String::new(),
                path: e.path().to_string(),
                message: e.inner().to_string(),
            }),
        )
    }

    fn standings_table(&self, words: &Catalogue) -> Result<StandingsTable, HostError> {
        Ok(feldherr_warmaster::standings_table(self, words)?)
    }

    fn sheets(
        &self,
        words: &Catalogue,
        options: SheetOptions,
        codes: TableCodes<'_>,
    ) -> Result<Vec<NamedSheet>, HostError> {
        let codes = |round, table| codes(&WarmasterTournament::round_key(round), table);
        Ok(feldherr_warmaster::tournament_sheets_coded(
            self, words, options, &codes,
        )?)
    }
}
