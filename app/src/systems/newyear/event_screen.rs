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
}

impl EventScreen {
    /// The tab shown.
    pub fn tab(&self) -> Tab {
        self.tab
    }
}

impl crate::systems::EventUi for EventScreen {
    fn set_location(&mut self, location: Option<&std::path::Path>) {
        self.export.set_location(location);
    }

    fn full_screen(&self) -> bool {
        self.standings.projector()
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
        // Each tab reloads its typed fields when the document changed since
        // that tab last looked (another tab may have been shown meanwhile).
        let changed = self.seen.insert(self.tab, revision) != Some(revision);
        if self.standings.projector() {
            self.standings.projector_view(ui, texts, event);
            return;
        }
        egui::Panel::top("event.tabs").show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(&event.name).strong().size(16.0));
                ui.separator();
                for (tab, key) in Tab::ALL {
                    if ui.selectable_label(self.tab == tab, texts.t(key)).clicked() {
                        self.tab = tab;
                    }
                }
            });
        });
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
                Tab::Export => self.export.show(ui, texts, &print::NewYearSheets(event)),
            });
        });
    }
}
