//! The event screen (WFB New Year event): players, the two battle games
//! with pairings and results, the sled race, standings, rules cards.

use eframe::egui;
use feldherr_wfb_newyear::BattleKind;

use super::{battles, players, print, rules_card, sled, standings, treasure};
use crate::app::Command;
use crate::i18n::Texts;
use feldherr_host::document::EventDoc;

/// The standings as (place label, name, total), best first.
pub fn standings_rows(event: &feldherr_wfb_newyear::Event) -> Vec<(String, String, u32)> {
    feldherr_wfb_newyear::standings_rows(event)
        .unwrap_or_default()
        .iter()
        .map(|r| (r.place_label(), r.points.name.clone(), r.points.total()))
        .collect()
}

/// The tabs of the event screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Tab {
    /// Name, date and players.
    #[default]
    Players,
    /// Raeuber-Warhammer pairings and results.
    Raeuber,
    /// New Year scenario pairings and results.
    NewYear,
    /// Sled race result.
    Sled,
    /// Standings.
    Standings,
    /// Rules cards.
    Rules,
    /// Printing the sheets.
    Export,
}

impl Tab {
    /// The battle game the tab shows, if it shows one.
    fn game(self) -> Option<BattleKind> {
        match self {
            Tab::Raeuber => Some(BattleKind::RaeuberWarhammer),
            Tab::NewYear => Some(BattleKind::NewYearScenario),
            _ => None,
        }
    }

    const ALL: [(Tab, &'static str); 7] = [
        (Tab::Players, "event.tab.players"),
        (Tab::Raeuber, "event.tab.raeuber"),
        (Tab::NewYear, "event.tab.newyear"),
        (Tab::Sled, "event.tab.sled"),
        (Tab::Standings, "event.tab.standings"),
        (Tab::Rules, "event.tab.rules"),
        (Tab::Export, "event.tab.export"),
    ];
}

/// Runtime state of the event screen.
#[derive(Debug, Default)]
pub struct EventScreen {
    tab: Tab,
    /// The document revision each tab last loaded its fields from.
    seen: std::collections::HashMap<Tab, u64>,
    players: players::PlayersTab,
    raeuber: battles::BattleTab,
    new_year: battles::BattleTab,
    sled: sled::SledTab,
    standings: standings::StandingsTab,
    export: crate::ui::print_tab::PrintTab,
    treasure: treasure::TreasureHelper,
    /// The tab asked for while a typed result is not saved (issue 26), and
    /// the problems of the last *Save* that could not save.
    leaving: Option<(Tab, Vec<String>)>,
    /// Whether a game tab has a typed result not saved (as of the last
    /// frame drawn; the app asks before the document is left).
    unsaved: bool,
    /// A reported result to correct (the share panel's *Correct*): its
    /// round's key, its table and the values, put in the game's fields at
    /// the next frame.
    correcting: Option<(String, u32, feldherr_play::ReportValues)>,
}

/// The typed, unsaved results of both games, as kept with the app's
/// session (issue 26: they survive a restart).
#[derive(Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct KeptInput {
    raeuber: std::collections::BTreeMap<u32, battles::Typed>,
    new_year: std::collections::BTreeMap<u32, battles::Typed>,
}

impl EventScreen {
    /// The tab shown.
    pub fn tab(&self) -> Tab {
        self.tab
    }
}

impl EventScreen {
    fn battle_tab(&self, kind: BattleKind) -> &battles::BattleTab {
        match kind {
            BattleKind::RaeuberWarhammer => &self.raeuber,
            BattleKind::NewYearScenario => &self.new_year,
        }
    }

    fn battle_tab_mut(&mut self, kind: BattleKind) -> &mut battles::BattleTab {
        match kind {
            BattleKind::RaeuberWarhammer => &mut self.raeuber,
            BattleKind::NewYearScenario => &mut self.new_year,
        }
    }

    /// Shows `tab`, or asks first when the game tab shown has a typed
    /// result that is not saved.
    fn leave_to(&mut self, texts: &Texts, event: &feldherr_wfb_newyear::Event, tab: Tab) {
        let unsaved = self
            .tab
            .game()
            .map(|kind| self.battle_tab(kind).unsaved(texts, event, kind))
            .unwrap_or_default();
        if unsaved.is_empty() {
            self.tab = tab;
        } else {
            self.leaving = Some((tab, Vec::new()));
        }
    }

    /// The question when leaving a game tab with typed, unsaved results:
    /// save them, throw them away, or stay.
    fn leave_question(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &feldherr_wfb_newyear::Event,
        commands: &mut Vec<Command>,
    ) {
        let (Some((target, problems)), Some(kind)) = (&self.leaving, self.tab.game()) else {
            self.leaving = None;
            return;
        };
        let target = *target;
        let problems = problems.clone();
        let unsaved = self.battle_tab(kind).unsaved(texts, event, kind);
        if unsaved.is_empty() {
            self.leaving = None;
            self.tab = target;
            return;
        }
        let tables = unsaved
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        enum Answer {
            Save,
            Discard,
            Stay,
        }
        let mut answer = None;
        let modal =
            egui::Modal::new(egui::Id::unique("newyear.leave.unsaved")).show(ui.ctx(), |ui| {
                ui.set_max_width(420.0);
                ui.label(egui::RichText::new(texts.t("result.leave.title")).strong());
                ui.label(texts.f(
                    if unsaved.len() == 1 {
                        "result.leave.one"
                    } else {
                        "result.leave.many"
                    },
                    &[("tables", &tables)],
                ));
                for p in &problems {
                    ui.colored_label(ui.visuals().error_fg_color, p);
                }
                ui.horizontal(|ui| {
                    if ui.button(texts.t("result.leave.save")).clicked() {
                        answer = Some(Answer::Save);
                    }
                    if ui.button(texts.t("result.leave.discard")).clicked() {
                        answer = Some(Answer::Discard);
                    }
                    if ui.button(texts.t("result.leave.stay")).clicked() {
                        answer = Some(Answer::Stay);
                    }
                });
            });
        if modal.should_close() && answer.is_none() {
            answer = Some(Answer::Stay);
        }
        match answer {
            None => {}
            Some(Answer::Stay) => self.leaving = None,
            Some(Answer::Discard) => {
                self.battle_tab_mut(kind).discard(&unsaved);
                self.leaving = None;
                self.tab = target;
            }
            Some(Answer::Save) => match self.battle_tab(kind).save(texts, event, kind, &unsaved) {
                Ok(edits) => {
                    commands.extend(edits.into_iter().map(super::event_edit));
                    self.leaving = None;
                    self.tab = target;
                }
                Err(problems) => self.leaving = Some((target, problems)),
            },
        }
    }
}

impl crate::systems::EventUi for EventScreen {
    fn set_location(&mut self, location: Option<&std::path::Path>) {
        self.export.set_location(location);
    }

    fn full_screen(&self) -> bool {
        self.standings.projector()
    }

    fn has_unsaved_input(&self) -> bool {
        self.unsaved
    }

    fn unsaved_input(&self) -> Option<String> {
        let kept = KeptInput {
            raeuber: self.raeuber.kept(),
            new_year: self.new_year.kept(),
        };
        if kept.raeuber.is_empty() && kept.new_year.is_empty() {
            return None;
        }
        serde_json::to_string(&kept).ok()
    }

    fn correct_result(
        &mut self,
        table: &feldherr_play::EntryTable,
        values: &feldherr_play::ReportValues,
    ) {
        self.correcting = Some((table.round.clone(), table.table, values.clone()));
    }

    fn restore_input(&mut self, input: &str) {
        // Input of another version that cannot be read is dropped: the
        // saved results show.
        if let Ok(kept) = serde_json::from_str::<KeptInput>(input) {
            self.raeuber.restore(kept.raeuber);
            self.new_year.restore(kept.new_year);
        }
    }

    /// Draws the event.
    fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        doc: &EventDoc,
        revision: u64,
        commands: &mut Vec<Command>,
    ) {
        let feldherr_host::registry::SystemEvent::NewYear(event) = &doc.event else {
            return;
        };
        if let Some((round, table, values)) = self.correcting.take()
            && let Some(kind) = [BattleKind::RaeuberWarhammer, BattleKind::NewYearScenario]
                .into_iter()
                .find(|k| k.key() == round)
        {
            let saved = event.game(kind).at_table(table).and_then(|p| p.result);
            self.battle_tab_mut(kind).prefill(table, &values, saved);
            self.tab = match kind {
                BattleKind::RaeuberWarhammer => Tab::Raeuber,
                BattleKind::NewYearScenario => Tab::NewYear,
            };
        }
        // Each tab reloads its typed fields when the document changed since
        // that tab last looked (another tab may have been shown meanwhile).
        let changed = self.seen.insert(self.tab, revision) != Some(revision);
        self.unsaved = [BattleKind::RaeuberWarhammer, BattleKind::NewYearScenario]
            .into_iter()
            .any(|kind| !self.battle_tab(kind).unsaved(texts, event, kind).is_empty());
        // The projector's own window and the round timer, whatever shows.
        self.standings.projector_window(ui.ctx(), texts, event);
        self.standings.tick(ui.ctx(), commands);
        if self.standings.projector() {
            self.standings.projector_view(ui, texts, event);
            return;
        }
        egui::Panel::top("event.tabs").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(&event.name).strong().size(16.0));
                ui.separator();
                for (tab, key) in Tab::ALL {
                    if ui.selectable_label(self.tab == tab, texts.t(key)).clicked()
                        && tab != self.tab
                    {
                        self.leave_to(texts, event, tab);
                    }
                    // A game's tables without a result, beside its tab
                    // (issue 26), in a colour that cannot be missed.
                    if let Some(kind) = tab.game() {
                        let missing = event.game(kind).tables_without_result().len();
                        if missing > 0 {
                            ui.label(battles::alarm(
                                ui,
                                texts.f("event.tab.without_result", &[("n", &missing.to_string())]),
                            ));
                        }
                    }
                }
            });
        });
        self.leave_question(ui, texts, event, commands);
        egui::CentralPanel::default().show(ui, |ui| {
            // Both ways: the standings are wider than a 1024 px window.
            egui::ScrollArea::both().show(ui, |ui| match self.tab {
                Tab::Players => self.players.show(ui, texts, event, changed, commands),
                Tab::Raeuber => {
                    self.raeuber
                        .show(ui, texts, event, BattleKind::RaeuberWarhammer, commands);
                }
                Tab::NewYear => {
                    self.treasure.show(ui, texts, event, commands);
                    ui.separator();
                    self.new_year
                        .show(ui, texts, event, BattleKind::NewYearScenario, commands);
                }
                Tab::Sled => {
                    let hosted = doc
                        .hosted(&crate::systems::sled_race::take_in::ROLE)
                        .map(|h| &h.game);
                    self.sled.show(ui, texts, event, hosted, changed, commands);
                }
                Tab::Standings => self.standings.show(ui, texts, event, commands),
                Tab::Rules => rules_card::show(ui, texts),
                Tab::Export => {
                    self.export
                        .show(ui, texts, &print::NewYearSheets(event, &doc.sharing))
                }
            });
        });
    }
}
