//! The sled race result: finish order with rounds, non-finishers, and the
//! points (N6).

use eframe::egui;
use feldherr_wfb_newyear::{Event, Finisher, SledOutcome, SledRace, SledSource};

use super::event_edit;
use crate::app::Command;
use crate::i18n::Texts;
use feldherr_wfb_newyear::EventEdit;

/// The standings' "Sled place" cell (issue #26): "-" while the race has
/// no result, else the place, "did not finish" or "did not start" (told
/// apart); `None` for the other tie-breakers.
pub fn place_cell(
    texts: &Texts,
    tie_breaker: feldherr_wfb_newyear::EventTieBreaker,
    points: &feldherr_wfb_newyear::PlayerPoints,
) -> Option<String> {
    (tie_breaker == feldherr_wfb_newyear::EventTieBreaker::SledPlacing).then(|| {
        points
            .sled_place
            .message()
            .map_or_else(|| "-".to_owned(), |m| texts.message(&m))
    })
}

#[derive(Debug, Clone, PartialEq)]
struct Entry {
    player: String,
    finished: bool,
    round: String,
}

/// The finish order being entered, and a race file to take in.
#[derive(Debug, Default)]
pub struct SledTab {
    entries: Vec<Entry>,
    error: Option<String>,
    race_path: String,
    race_file: Option<Result<feldherr_host::document::GameDoc, String>>,
    /// The other source asked for, waiting for the organiser to confirm
    /// (switching discards the current result, PN7).
    switch_to: Option<SledSource>,
}

fn entries_of(event: &Event) -> Vec<Entry> {
    let mut entries = Vec::new();
    if let Some(race) = &event.sled_race {
        for f in &race.finishers {
            entries.push(Entry {
                player: f.player.clone(),
                finished: true,
                round: f.round.to_string(),
            });
        }
        for id in &race.did_not_finish {
            entries.push(Entry {
                player: id.clone(),
                finished: false,
                round: String::new(),
            });
        }
    }
    for player in event.players.iter().filter(|p| p.character_on_foot) {
        if !entries.iter().any(|e| e.player == player.id) {
            entries.push(Entry {
                player: player.id.clone(),
                finished: true,
                round: String::new(),
            });
        }
    }
    entries
}

/// A race in one line under catalogue key `key`: its name, how many
/// drivers, and whether it is over.
fn race_line(texts: &Texts, key: &str, doc: &feldherr_host::document::GameDoc) -> String {
    use crate::systems::sled_race::{race, take_in};
    let drivers = race(doc).map_or(0, |r| {
        r.entrants.iter().filter(|e| e.driver.is_some()).count()
    });
    let state = texts.t(if take_in::finished(doc) {
        "race.tab.state.over"
    } else {
        "race.tab.state.running"
    });
    texts.f(
        key,
        &[
            ("name", &doc.name),
            ("drivers", &drivers.to_string()),
            ("state", state),
        ],
    )
}

/// The race run live in this event: start hosting it, or open it. Its
/// finish order and rounds come into this tab and the standings as soon as
/// it is over (N6).
fn live_race_section(
    ui: &mut egui::Ui,
    texts: &Texts,
    hosted: Option<&feldherr_host::document::GameDoc>,
    commands: &mut Vec<Command>,
) {
    use crate::systems::sled_race::take_in;
    use feldherr_host::document::{DocumentEdit, EventEdit as HostEdit};
    ui.label(egui::RichText::new(texts.t("race.tab.live")).strong());
    match hosted {
        Some(doc) => {
            ui.label(race_line(texts, "race.tab.live.hosted", doc));
            if ui.button(texts.t("race.tab.open")).clicked() {
                commands.push(Command::OpenHosted(take_in::ROLE));
            }
        }
        None => {
            ui.weak(texts.t("race.tab.live.help"));
            if ui.button(texts.t("race.tab.run_here")).clicked() {
                commands.push(Command::Edit(DocumentEdit::Event(HostEdit::Host {
                    role: take_in::ROLE,
                    name: texts.t("race.tab.live.name").to_owned(),
                })));
                commands.push(Command::OpenHosted(take_in::ROLE));
            }
        }
    }
}

impl SledTab {
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        hosted: Option<&feldherr_host::document::GameDoc>,
        changed: bool,
        commands: &mut Vec<Command>,
    ) {
        if changed || self.entries.is_empty() {
            self.entries = entries_of(event);
        }
        ui.heading(texts.t("event.tab.sled"));
        // One source of truth (PN7): the race run in the event, or the
        // finish order of a race run on the table typed in; the other path
        // is hidden with the reason until the organiser switches.
        let source = event.sled_source().or(hosted.map(|_| SledSource::Hosted));
        self.source_section(ui, texts, event, source, commands);
        ui.separator();
        match source {
            Some(SledSource::Hosted) => {
                live_race_section(ui, texts, hosted, commands);
                ui.separator();
                self.race_file_section(ui, texts, event, commands);
            }
            Some(SledSource::Typed) => self.typed_section(ui, texts, event, commands),
            None => {}
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        if let Ok(Some(scores)) = event.sled_scores() {
            let name_of = |id: &str| event.player(id).map_or(id.to_owned(), |p| p.name.clone());
            ui.add_space(8.0);
            ui.label(egui::RichText::new(texts.t("sled.points")).strong());
            egui::Grid::new("sled.scores").striped(true).show(ui, |ui| {
                for score in scores {
                    ui.label(format!("{}.", score.placing));
                    ui.label(name_of(&score.player));
                    ui.label(match score.outcome {
                        SledOutcome::Finished { round, .. } => {
                            texts.f("sled.in_round", &[("round", &round.to_string())])
                        }
                        SledOutcome::DidNotFinish => texts.t("sled.dnf").to_owned(),
                        SledOutcome::DidNotStart => texts.t("sled.dns").to_owned(),
                    });
                    ui.label(texts.f("standings.points", &[("n", &score.points.to_string())]));
                    ui.end_row();
                }
            });
        }
    }

    /// Where the result comes from: two choices, the current one marked;
    /// switching asks first, as it discards the current result (PN7).
    fn source_section(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        source: Option<SledSource>,
        commands: &mut Vec<Command>,
    ) {
        ui.label(egui::RichText::new(texts.t("race.tab.source")).strong());
        ui.horizontal_wrapped(|ui| {
            for (choice, key, hover) in [
                (
                    SledSource::Hosted,
                    "race.tab.source.hosted",
                    "race.tab.source.hosted.hover",
                ),
                (
                    SledSource::Typed,
                    "race.tab.source.typed",
                    "race.tab.source.typed.hover",
                ),
            ] {
                let on = source == Some(choice);
                if ui
                    .selectable_label(on, texts.t(key))
                    .on_hover_text(texts.t(hover))
                    .clicked()
                    && !on
                {
                    if source.is_none() || event.sled_race.is_none() {
                        self.switch_to = None;
                        commands.push(event_edit(EventEdit::SetSledSource(choice)));
                    } else {
                        self.switch_to = Some(choice);
                    }
                }
            }
        });
        ui.weak(texts.t(match source {
            None => "race.tab.source.none",
            Some(SledSource::Hosted) => "race.tab.source.typed_hidden",
            Some(SledSource::Typed) => "race.tab.source.hosted_hidden",
        }));
        if let Some(target) = self.switch_to {
            ui.horizontal_wrapped(|ui| {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    texts.f(
                        "race.tab.source.switch",
                        &[("source", texts.t(target.label_key()))],
                    ),
                );
                if ui.button(texts.t("race.tab.source.switch.yes")).clicked() {
                    commands.push(event_edit(EventEdit::SetSledSource(target)));
                    self.switch_to = None;
                }
                if ui.button(texts.t("race.tab.source.switch.no")).clicked() {
                    self.switch_to = None;
                }
            });
        }
    }

    /// The finish order of a race run on the table, typed in.
    fn typed_section(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        commands: &mut Vec<Command>,
    ) {
        ui.weak(texts.t("sled.help"));
        ui.add_space(6.0);
        let name_of = |id: &str| event.player(id).map_or(id.to_owned(), |p| p.name.clone());
        let mut swap: Option<(usize, usize)> = None;
        let count = self.entries.len();
        egui::Grid::new("sled.entries")
            .striped(true)
            .num_columns(5)
            .show(ui, |ui| {
                for key in [
                    "sled.position",
                    "event.player",
                    "sled.finished",
                    "sled.round",
                ] {
                    ui.label(egui::RichText::new(texts.t(key)).strong());
                }
                ui.end_row();
                for (i, entry) in self.entries.iter_mut().enumerate() {
                    let name = name_of(&entry.player);
                    ui.label(format!("{}.", i + 1));
                    ui.label(&name);
                    ui.checkbox(&mut entry.finished, "")
                        .on_hover_text(texts.f("sled.finished.for", &[("name", &name)]));
                    if entry.finished {
                        // The column's heading says "Round" once; the field
                        // names its driver to a screen reader and in the
                        // hover only.
                        let round_of = texts.f("sled.round.for", &[("name", &name)]);
                        ui.add(egui::TextEdit::singleline(&mut entry.round).desired_width(40.0))
                            .accessible_name(round_of.clone())
                            .on_hover_text(round_of);
                    } else {
                        ui.weak(texts.t("sled.dnf"));
                    }
                    ui.horizontal(|ui| {
                        if ui
                            .add_enabled(i > 0, egui::Button::new(texts.t("sled.up.short")).small())
                            .on_hover_text(texts.f("sled.up", &[("name", &name)]))
                            .clicked()
                        {
                            swap = Some((i - 1, i));
                        }
                        if ui
                            .add_enabled(
                                i + 1 < count,
                                egui::Button::new(texts.t("sled.down.short")).small(),
                            )
                            .on_hover_text(texts.f("sled.down", &[("name", &name)]))
                            .clicked()
                        {
                            swap = Some((i, i + 1));
                        }
                    });
                    ui.end_row();
                }
            });
        if let Some((a, b)) = swap {
            self.entries.swap(a, b);
        }
        let no_character: Vec<String> = event
            .players
            .iter()
            .filter(|p| !p.character_on_foot)
            .map(|p| p.name.clone())
            .collect();
        if !no_character.is_empty() {
            ui.weak(texts.f("sled.no_start", &[("names", &no_character.join(", "))]));
        }
        ui.horizontal(|ui| {
            if ui.button(texts.t("sled.save")).clicked() {
                match self.race(texts, event) {
                    Ok(race) => {
                        self.error = None;
                        commands.push(event_edit(EventEdit::SetSledRace(Some(race))));
                    }
                    Err(e) => self.error = Some(e),
                }
            }
            if event.sled_race.is_some() && ui.button(texts.t("sled.clear")).clicked() {
                commands.push(event_edit(EventEdit::SetSledRace(None)));
            }
        });
    }

    /// Takes in a race run as its own game: the event hosts it (race and
    /// table), and its finish order and rounds feed this tab and the
    /// standings (N6).
    fn race_file_section(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        commands: &mut Vec<Command>,
    ) {
        use crate::systems::sled_race::take_in;
        ui.label(egui::RichText::new(texts.t("race.tab.hosted")).strong());
        ui.weak(texts.t("race.tab.help"));
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(texts.t("race.tab.path"));
            let field = ui
                .add(egui::TextEdit::singleline(&mut self.race_path).desired_width(320.0))
                .labelled_by(label.id);
            if field.changed() {
                self.race_file = None;
            }
            if ui.button(texts.t("race.tab.browse")).clicked()
                && let Some(path) = rfd::FileDialog::new()
                    .add_filter("Feldherr", &["json"])
                    .pick_file()
            {
                self.race_path = path.display().to_string();
                self.race_file = None;
            }
        });
        if self.race_file.is_none() && !self.race_path.trim().is_empty() {
            let path = std::path::PathBuf::from(self.race_path.trim());
            if path.is_file() {
                self.race_file = Some(take_in::read_race(&path));
            }
        }
        let mut take = None;
        match &self.race_file {
            Some(Ok(doc)) => {
                ui.label(race_line(texts, "race.tab.read", doc));
                ui.horizontal_wrapped(|ui| {
                    if ui.button(texts.t("race.tab.host")).clicked() {
                        take = Some(true);
                    }
                    if ui
                        .button(texts.t("race.tab.replace"))
                        .on_hover_text(texts.t("race.tab.replace.hover"))
                        .clicked()
                    {
                        take = Some(false);
                    }
                });
            }
            Some(Err(e)) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            None => {}
        }
        if let Some(host) = take {
            // The file as it is now: the race may have been saved again.
            let path = std::path::PathBuf::from(self.race_path.trim());
            let read = take_in::read_race(&path);
            let taken = read
                .as_ref()
                .map_err(Clone::clone)
                .and_then(|doc| take_in::take_in_commands(event, doc, host));
            self.race_file = Some(read);
            match taken {
                Ok(mut taken) => {
                    self.error = None;
                    commands.append(&mut taken);
                }
                Err(e) => self.error = Some(e),
            }
        }
    }

    fn race(&self, texts: &Texts, event: &Event) -> Result<SledRace, String> {
        let mut finishers = Vec::new();
        let mut did_not_finish = Vec::new();
        for entry in &self.entries {
            if entry.finished {
                let round = entry
                    .round
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|r| *r >= 1)
                    .ok_or_else(|| {
                        let name = event
                            .player(&entry.player)
                            .map_or(entry.player.as_str(), |p| p.name.as_str());
                        texts.f(
                            "sled.bad_round",
                            &[("name", name), ("value", entry.round.trim())],
                        )
                    })?;
                finishers.push(Finisher::new(entry.player.clone(), round));
            } else {
                did_not_finish.push(entry.player.clone());
            }
        }
        let did_not_start = event
            .players
            .iter()
            .filter(|p| !p.character_on_foot)
            .map(|p| p.id.clone())
            .collect();
        let race = SledRace {
            finishers,
            did_not_finish,
            did_not_start,
        };
        race.validate().map_err(|e| e.to_string())?;
        Ok(race)
    }
}
