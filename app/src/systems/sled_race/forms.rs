//! The setup forms of a race before its start: the settings (sled
//! footprint and the options of S5, S7 and S11), the drivers (name,
//! player, profile, mount; N6) and the start button. Every refusal is the
//! engine's, in its words, shown under the form.

use eframe::egui;
use feldherr_play::Id;
use feldherr_sled_race::{
    Driver, DriverField, DriverProblem, Entrant, Mount, Race, RaceEdit, RaceSettings, SlopeReading,
    TurnFailureReading, TurnTestNaturals,
};

use super::{edit, race, trial};
use crate::i18n::Texts;
use crate::systems::GameCommand;
use feldherr_host::document::GameDoc;

fn error_line(ui: &mut egui::Ui, error: Option<&String>) {
    if let Some(e) = error {
        ui.colored_label(ui.visuals().error_fg_color, e);
    }
}

fn field(ui: &mut egui::Ui, label: &str, text: &mut String, width: f32) {
    let label = ui.label(label);
    ui.add(egui::TextEdit::singleline(text).desired_width(width))
        .labelled_by(label.id);
}

/// A whole number typed into field `field`.
fn whole(texts: &Texts, field: &str, value: &str) -> Result<u32, String> {
    value.trim().parse::<u32>().map_err(|_| {
        texts.f(
            "race.form.not_whole",
            &[("field", field), ("value", value.trim())],
        )
    })
}

/// A number of inches (decimal point or comma) typed into field `field`.
fn inches(texts: &Texts, field: &str, value: &str) -> Result<f64, String> {
    value
        .trim()
        .replace(',', ".")
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| {
            texts.f(
                "race.form.not_number",
                &[("field", field), ("value", value.trim())],
            )
        })
}

/// The settings form.
#[derive(Debug)]
pub struct SettingsForm {
    width: String,
    length: String,
    slope: SlopeReading,
    naturals: TurnTestNaturals,
    failure: TurnFailureReading,
    loaded: Option<RaceSettings>,
    error: Option<String>,
}

impl Default for SettingsForm {
    fn default() -> Self {
        let s = RaceSettings::default();
        Self {
            width: s.sled_width.to_string(),
            length: s.sled_length.to_string(),
            slope: s.slope_reading,
            naturals: s.turn_naturals,
            failure: s.turn_failure,
            loaded: None,
            error: None,
        }
    }
}

impl SettingsForm {
    /// Draws the form; "Apply settings" sends them.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        doc: &GameDoc,
        commands: &mut Vec<GameCommand>,
    ) {
        let Some(race) = super::race(doc) else {
            return;
        };
        if self.loaded != Some(race.settings) {
            let s = race.settings;
            self.width = s.sled_width.to_string();
            self.length = s.sled_length.to_string();
            self.slope = s.slope_reading;
            self.naturals = s.turn_naturals;
            self.failure = s.turn_failure;
            self.loaded = Some(s);
        }
        ui.label(egui::RichText::new(texts.t("race.settings")).strong());
        egui::Grid::new("race.settings.grid")
            .num_columns(2)
            .show(ui, |ui| {
                field(ui, texts.t("race.settings.width"), &mut self.width, 50.0);
                ui.end_row();
                field(ui, texts.t("race.settings.length"), &mut self.length, 50.0);
                ui.end_row();
            });
        egui::ComboBox::from_label(texts.t("race.settings.slope"))
            .selected_text(texts.t(slope_key(self.slope)))
            .show_ui(ui, |ui| {
                for v in [SlopeReading::Facing, SlopeReading::Travel] {
                    ui.selectable_value(&mut self.slope, v, texts.t(slope_key(v)));
                }
            });
        egui::ComboBox::from_label(texts.t("race.settings.naturals"))
            .selected_text(texts.t(naturals_key(self.naturals)))
            .show_ui(ui, |ui| {
                for v in [TurnTestNaturals::Warhammer, TurnTestNaturals::Literal] {
                    ui.selectable_value(&mut self.naturals, v, texts.t(naturals_key(v)));
                }
            });
        egui::ComboBox::from_label(texts.t("race.settings.failure"))
            .selected_text(texts.t(failure_key(self.failure)))
            .show_ui(ui, |ui| {
                for v in [TurnFailureReading::Margin, TurnFailureReading::FurtherDie] {
                    ui.selectable_value(&mut self.failure, v, texts.t(failure_key(v)));
                }
            });
        if ui.button(texts.t("race.settings.apply")).clicked() {
            let parsed = inches(texts, texts.t("race.settings.width"), &self.width).and_then(|w| {
                Ok((
                    w,
                    inches(texts, texts.t("race.settings.length"), &self.length)?,
                ))
            });
            self.error = match parsed {
                Ok((sled_width, sled_length)) => {
                    let settings = RaceSettings {
                        slope_reading: self.slope,
                        turn_naturals: self.naturals,
                        turn_failure: self.failure,
                        sled_width,
                        sled_length,
                    };
                    let change = RaceEdit::SetSettings(settings);
                    match trial(doc, texts, &change) {
                        Ok(()) => {
                            commands.push(edit(change));
                            None
                        }
                        Err(e) => Some(e),
                    }
                }
                Err(e) => Some(e),
            };
        }
        error_line(ui, self.error.as_ref());
    }
}

fn slope_key(v: SlopeReading) -> &'static str {
    match v {
        SlopeReading::Facing => "race.settings.slope.facing",
        SlopeReading::Travel => "race.settings.slope.travel",
    }
}

fn naturals_key(v: TurnTestNaturals) -> &'static str {
    match v {
        TurnTestNaturals::Warhammer => "race.settings.naturals.warhammer",
        TurnTestNaturals::Literal => "race.settings.naturals.literal",
    }
}

fn failure_key(v: TurnFailureReading) -> &'static str {
    match v {
        TurnFailureReading::Margin => "race.settings.failure.margin",
        TurnFailureReading::FurtherDie => "race.settings.failure.die",
    }
}

fn mount_key(v: Mount) -> &'static str {
    match v {
        Mount::OnFoot => "race.mount.on_foot",
        Mount::Mounted => "race.mount.mounted",
        Mount::Chariot => "race.mount.chariot",
    }
}

/// The form for a new driver (or a player without one, N6), or for
/// changing one already entered.
#[derive(Debug)]
pub struct EntrantForm {
    player: String,
    name: String,
    profile: [String; 5],
    save: String,
    mount: Mount,
    has_driver: bool,
    /// The entrant being changed; `None` while adding a new one.
    editing: Option<Id>,
    error: Option<String>,
}

impl Default for EntrantForm {
    fn default() -> Self {
        Self {
            player: String::new(),
            name: String::new(),
            profile: ["4", "4", "4", "4", "2"].map(String::from),
            save: String::new(),
            mount: Mount::OnFoot,
            has_driver: true,
            editing: None,
            error: None,
        }
    }
}

/// The profile fields: T, I, S, WS, W.
const PROFILE_FIELDS: [DriverField; 5] = [
    DriverField::Toughness,
    DriverField::Initiative,
    DriverField::Strength,
    DriverField::WeaponSkill,
    DriverField::Wounds,
];

/// Catalogue keys of the profile fields: T, I, S, WS, W.
const PROFILE: [&str; 5] = [
    "race.driver.t",
    "race.driver.i",
    "race.driver.s",
    "race.driver.ws",
    "race.driver.w",
];

impl EntrantForm {
    /// Fills the form with `entrant`, to change him.
    pub fn load(&mut self, entrant: &Entrant) {
        let fresh = Self::default();
        self.player.clone_from(&entrant.player);
        self.has_driver = entrant.driver.is_some();
        match &entrant.driver {
            Some(d) => {
                self.name.clone_from(&d.name);
                self.profile = [
                    d.toughness,
                    d.initiative,
                    d.strength,
                    d.weapon_skill,
                    d.wounds,
                ]
                .map(|v| v.to_string());
                self.save = d.armour_save.map(|s| format!("{s}+")).unwrap_or_default();
                self.mount = d.mount;
            }
            None => {
                self.name.clear();
                self.profile = fresh.profile;
                self.save.clear();
                self.mount = Mount::OnFoot;
            }
        }
        self.editing = Some(entrant.id);
        self.error = None;
    }

    /// The entrant being changed, if one is.
    pub fn editing(&self) -> Option<Id> {
        self.editing
    }

    /// Draws the form; "Add driver" (or "Save changes") checks it with the
    /// engine first. `players` are the players an event names for the race
    /// it hosts (empty for a race of its own): then the player is chosen
    /// from them.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        doc: &GameDoc,
        players: &[String],
        commands: &mut Vec<GameCommand>,
    ) {
        if self
            .editing
            .is_some_and(|id| race(doc).is_none_or(|r| !r.entrants.iter().any(|e| e.id == id)))
        {
            *self = Self::default();
        }
        let heading = if self.editing.is_some() {
            "race.driver.change"
        } else {
            "race.driver.new"
        };
        ui.label(egui::RichText::new(texts.t(heading)).strong());
        egui::Grid::new("race.driver.grid")
            .num_columns(2)
            .show(ui, |ui| {
                if players.is_empty() {
                    field(ui, texts.t("race.driver.player"), &mut self.player, 140.0);
                } else {
                    self.player_choice(ui, texts, doc, players);
                }
                ui.end_row();
            });
        ui.checkbox(&mut self.has_driver, texts.t("race.driver.on_foot"));
        if self.has_driver {
            egui::Grid::new("race.driver.profile")
                .num_columns(2)
                .show(ui, |ui| {
                    field(ui, texts.t("race.driver.name"), &mut self.name, 140.0);
                    ui.end_row();
                });
            ui.horizontal_wrapped(|ui| {
                for (key, value) in PROFILE.iter().zip(self.profile.iter_mut()) {
                    field(ui, texts.t(key), value, 24.0);
                }
                field(ui, texts.t("race.driver.save"), &mut self.save, 24.0);
            });
            egui::ComboBox::from_label(texts.t("race.driver.mount"))
                .selected_text(texts.t(mount_key(self.mount)))
                .show_ui(ui, |ui| {
                    for v in [Mount::OnFoot, Mount::Mounted, Mount::Chariot] {
                        ui.selectable_value(&mut self.mount, v, texts.t(mount_key(v)));
                    }
                });
        } else {
            ui.weak(texts.t("race.driver.no_start"));
        }
        ui.horizontal(|ui| {
            let button = if self.editing.is_some() {
                "race.driver.save_changes"
            } else {
                "race.driver.add"
            };
            if ui.button(texts.t(button)).clicked() {
                self.error = match self.parse(texts) {
                    Ok(change) => match trial(doc, texts, &change) {
                        Ok(()) => {
                            commands.push(edit(change));
                            *self = Self::default();
                            None
                        }
                        Err(e) => Some(e),
                    },
                    Err(problems) => Some(problems.join("\n")),
                };
            }
            if self.editing.is_some() && ui.button(texts.t("race.driver.cancel")).clicked() {
                *self = Self::default();
            }
        });
        error_line(ui, self.error.as_ref());
    }

    /// The player as a choice among the event's players not entered yet
    /// (and the one being changed).
    fn player_choice(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        doc: &GameDoc,
        players: &[String],
    ) {
        let entered: Vec<&str> = race(doc).map_or_else(Vec::new, |r| {
            r.entrants
                .iter()
                .filter(|e| Some(e.id) != self.editing)
                .map(|e| e.player.as_str())
                .collect()
        });
        let label = ui.label(texts.t("race.driver.player"));
        let shown = if self.player.is_empty() {
            texts.t("race.driver.player.choose").to_owned()
        } else {
            self.player.clone()
        };
        egui::ComboBox::from_id_salt("race.driver.player.choice")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for p in players.iter().filter(|p| !entered.contains(&p.as_str())) {
                    ui.selectable_value(&mut self.player, p.clone(), p);
                }
            })
            .response
            .labelled_by(label.id);
    }

    /// The edit the form asks for, or every problem of it at once (each
    /// field by its label, in the interface language).
    fn parse(&self, texts: &Texts) -> Result<RaceEdit, Vec<String>> {
        let player = self.player.trim().to_owned();
        let mut problems = Vec::new();
        let driver = if self.has_driver {
            let mut values = [0u32; 5];
            let mut unparsed: Vec<DriverField> = Vec::new();
            for (i, (key, text)) in PROFILE.iter().zip(&self.profile).enumerate() {
                match whole(texts, texts.t(key), text) {
                    Ok(v) => values[i] = v,
                    Err(e) => {
                        problems.push(e);
                        unparsed.push(PROFILE_FIELDS[i]);
                    }
                }
            }
            let mut driver = Driver::on_foot(self.name.trim(), &player, values);
            let save = self.save.trim().trim_end_matches('+');
            if !save.is_empty() {
                match whole(texts, texts.t("race.driver.save"), save) {
                    Ok(v) => driver.armour_save = Some(v),
                    Err(e) => {
                        problems.push(e);
                        unparsed.push(DriverField::ArmourSave);
                    }
                }
            }
            driver.mount = self.mount;
            // The engine's problems of the fields that parsed (a field not
            // a number is reported once, above).
            for p in driver.problems() {
                let reported = matches!(p, DriverProblem::OutOfRange { field, .. } if unparsed.contains(&field));
                if !reported {
                    problems.push(problem_text(texts, &driver, p));
                }
            }
            Some(driver)
        } else {
            if player.is_empty() {
                problems.push(problem_text_empty(texts, DriverField::Player));
            }
            None
        };
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(match self.editing {
            Some(id) => RaceEdit::SetEntrant(Entrant { id, player, driver }),
            None => RaceEdit::AddEntrant { player, driver },
        })
    }
}

/// The catalogue key of the form label of `field`.
fn field_key(field: DriverField) -> &'static str {
    match field {
        DriverField::Name => "race.driver.name",
        DriverField::Player => "race.driver.player",
        DriverField::Toughness => PROFILE[0],
        DriverField::Initiative => PROFILE[1],
        DriverField::Strength => PROFILE[2],
        DriverField::WeaponSkill => PROFILE[3],
        DriverField::Wounds => PROFILE[4],
        DriverField::ArmourSave => "race.driver.save",
    }
}

fn problem_text_empty(texts: &Texts, field: DriverField) -> String {
    let label = texts.t(field_key(field));
    texts.f("race.driver.problem.empty", &[("field", label)])
}

/// A driver's problem in the interface language, naming the field by its
/// label and the driver by name.
fn problem_text(texts: &Texts, driver: &Driver, problem: DriverProblem) -> String {
    match problem {
        DriverProblem::Empty { field } => problem_text_empty(texts, field),
        DriverProblem::OutOfRange {
            field,
            value,
            min,
            max,
        } => {
            let label = texts.t(field_key(field));
            texts.f(
                "race.driver.problem.range",
                &[
                    ("field", label),
                    ("value", &value.to_string()),
                    ("min", &min.to_string()),
                    ("max", &max.to_string()),
                ],
            )
        }
        DriverProblem::NotOnFoot(mount) => texts.f(
            if mount == Mount::Chariot {
                "race.driver.problem.chariot"
            } else {
                "race.driver.problem.mounted"
            },
            &[("name", &driver.name)],
        ),
    }
}

/// The entrants so far, each with a change and a remove button; returns
/// the entrant whose "Change" was clicked. `players` are the event's
/// players for a hosted race: those not entered yet are listed.
pub fn entrants_list<'r>(
    ui: &mut egui::Ui,
    texts: &Texts,
    race: &'r Race,
    players: &[String],
    editing: Option<Id>,
    commands: &mut Vec<GameCommand>,
) -> Option<&'r Entrant> {
    let mut change = None;
    ui.label(egui::RichText::new(texts.t("race.entrants")).strong());
    if race.entrants.is_empty() {
        ui.weak(texts.t("race.entrants.none"));
    }
    for e in &race.entrants {
        ui.horizontal_wrapped(|ui| {
            let line = match &e.driver {
                Some(d) => {
                    let save = d
                        .armour_save
                        .map_or_else(|| "-".to_owned(), |s| format!("{s}+"));
                    texts.f(
                        "race.entrant.line",
                        &[
                            ("player", &e.player),
                            ("name", &d.name),
                            ("t", &d.toughness.to_string()),
                            ("i", &d.initiative.to_string()),
                            ("s", &d.strength.to_string()),
                            ("ws", &d.weapon_skill.to_string()),
                            ("w", &d.wounds.to_string()),
                            ("save", &save),
                        ],
                    )
                }
                None => texts.f("race.entrant.no_driver", &[("player", &e.player)]),
            };
            if editing == Some(e.id) {
                ui.strong(line);
            } else {
                ui.label(line);
            }
            if ui
                .small_button(texts.t("race.entrant.change"))
                .on_hover_text(texts.f("race.entrant.change.for", &[("player", &e.player)]))
                .clicked()
            {
                change = Some(e);
            }
            if ui
                .small_button(texts.t("race.entrant.remove"))
                .on_hover_text(texts.f("race.entrant.remove.for", &[("player", &e.player)]))
                .clicked()
            {
                commands.push(edit(RaceEdit::RemoveEntrant(e.id)));
            }
        });
    }
    let missing: Vec<&str> = players
        .iter()
        .map(String::as_str)
        .filter(|p| !race.entrants.iter().any(|e| e.player == *p))
        .collect();
    if !missing.is_empty() {
        ui.weak(texts.f("race.entrants.missing", &[("names", &missing.join(", "))]));
    }
    change
}

/// The start button with the engine's refusal under it.
pub fn start_button(
    ui: &mut egui::Ui,
    texts: &Texts,
    doc: &GameDoc,
    commands: &mut Vec<GameCommand>,
) {
    ui.weak(texts.t("race.terrain.help"));
    let check = trial(doc, texts, &RaceEdit::Start);
    if ui
        .add_enabled(check.is_ok(), egui::Button::new(texts.t("race.start")))
        .clicked()
    {
        commands.push(edit(RaceEdit::Start));
    }
    if let Err(e) = check {
        ui.weak(texts.f("race.start.not_yet", &[("reason", &e)]));
    }
}
