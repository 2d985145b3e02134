//! What a machine does or suffers, as new resolutions of the game: damage
//! against it (C1), its artillery shot (C6, C7), ramming (C5), Sichel
//! blades, pressure rolls (C9), the blast when it explodes, and its
//! passengers (Transport). Every form checks its input against the card,
//! the machine's state and the table, and says what is wrong (field and
//! value) instead of adding a resolution.

use std::collections::BTreeSet;

use eframe::egui;
use feldherr_confrontation::game::{ShotOrder, ShotProblem, SickleTouch, TableModel};
use feldherr_confrontation::{Ammunition, Passenger, Size};
use feldherr_play::{Id, PlayError};
use feldherr_table::geometry::FacingArc;

use super::{ConfrontationEdit, ConfrontationKind, GameMachine, conf};
use crate::i18n::Texts;
use feldherr_host::document::GameDoc;

/// Typed values of the action forms of one machine.
#[derive(Debug)]
pub struct ActionForms {
    for_machine: Option<Id>,
    strength: String,
    sacred: bool,
    target: Option<u64>,
    fer: String,
    difficulty: String,
    template: String,
    distance: String,
    speed_marker: bool,
    front: BTreeSet<u64>,
    beyond: BTreeSet<u64>,
    touched: BTreeSet<u64>,
    in_melee: BTreeSet<u64>,
    sprung: BTreeSet<u64>,
    dice: String,
    passenger_name: String,
    passenger_size: Size,
    passenger_res: String,
    passenger_cavalry: bool,
    side: Option<FacingArc>,
    stop: bool,
    open_sickle: bool,
    error: Option<String>,
}

impl Default for ActionForms {
    fn default() -> Self {
        Self {
            for_machine: None,
            strength: "10".into(),
            sacred: false,
            target: None,
            fer: String::new(),
            difficulty: "5".into(),
            template: format!("{}", feldherr_confrontation::DEFAULT_TEMPLATE_CM),
            distance: "10".into(),
            speed_marker: false,
            front: BTreeSet::new(),
            beyond: BTreeSet::new(),
            touched: BTreeSet::new(),
            in_melee: BTreeSet::new(),
            sprung: BTreeSet::new(),
            dice: "1".into(),
            passenger_name: String::new(),
            passenger_size: Size::Normal,
            passenger_res: "5".into(),
            passenger_cavalry: false,
            side: None,
            stop: false,
            open_sickle: false,
            error: None,
        }
    }
}

fn number<T: std::str::FromStr>(texts: &Texts, field: &str, value: &str) -> Result<T, String> {
    value.trim().parse::<T>().map_err(|_| {
        texts.f(
            "conf.card.not_number",
            &[("field", field), ("value", value.trim())],
        )
    })
}

/// A new resolution, or the crate's reason in the user's words.
fn added(
    texts: &Texts,
    kind: Result<ConfrontationKind, PlayError>,
) -> Result<ConfrontationEdit, String> {
    kind.map(ConfrontationEdit::AddResolution)
        .map_err(|e| super::refusal(texts, &e))
}

/// A labelled single-line field.
fn field(ui: &mut egui::Ui, label: &str, value: &mut String, width: f32) {
    let l = ui.label(label);
    ui.add(egui::TextEdit::singleline(value).desired_width(width))
        .labelled_by(l.id);
}

fn side_key(side: Option<FacingArc>) -> &'static str {
    match side {
        None => "conf.side.deploy",
        Some(FacingArc::Front) => "conf.side.front",
        Some(FacingArc::Left) => "conf.side.left",
        Some(FacingArc::Right) => "conf.side.right",
        Some(FacingArc::Rear) => "conf.side.rear",
    }
}

fn size_key(size: Size) -> &'static str {
    match size {
        Size::Small => "conf.size.small",
        Size::Normal => "conf.size.normal",
        Size::Large => "conf.size.large",
        Size::VeryLarge => "conf.size.very_large",
    }
}

/// The models of the table other than `own` piece, or the reason there
/// are none to choose from.
fn others(models: &[TableModel], own: Option<u64>) -> Vec<&TableModel> {
    models
        .iter()
        .filter(|m| m.source.piece.is_none() || m.source.piece != own)
        .collect()
}

impl ActionForms {
    /// Starts fresh forms when another machine is shown.
    fn ensure_for(&mut self, m: &GameMachine) {
        if self.for_machine == Some(m.id) {
            return;
        }
        *self = Self {
            for_machine: Some(m.id),
            speed_marker: m.state.speed_marker_at_round_start,
            ..Self::default()
        };
        if let Some(a) = m.card.spec().artillery {
            self.strength = a.strength.to_string();
        }
        if let Some(fer) = m.card.spec().crew.iter().filter_map(|c| c.fer).max() {
            self.fer = fer.to_string();
        }
    }

    /// Ticks the figures the blades of machine `index` touched on its last
    /// path, for the Sichel form.
    pub fn preset_touched(&mut self, m: &GameMachine, pieces: &[u64]) {
        self.ensure_for(m);
        self.touched = pieces.iter().copied().collect();
        self.open_sickle = true;
        self.error = None;
    }

    /// Draws the forms for machine `index`; new resolutions and other
    /// edits go to `out`.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        index: Id,
        out: &mut Vec<ConfrontationEdit>,
    ) {
        let Some(m) = conf(game).machine(index) else {
            return;
        };
        self.ensure_for(m);
        let table = game.table_or_default();
        let models = conf(game)
            .table_models(&table)
            .map_err(|e| super::refusal(texts, &e));
        self.link(ui, texts, game, index, out);
        let mut result: Option<Result<ConfrontationEdit, String>> = None;
        // `open`: None leaves the header as the user left it (closed at
        // first), Some(true) opens it.
        let mut section = |ui: &mut egui::Ui,
                           title: String,
                           salt: &str,
                           open: Option<bool>,
                           body: &mut dyn FnMut(
            &mut egui::Ui,
        )
            -> Option<Result<ConfrontationEdit, String>>| {
            egui::CollapsingHeader::new(title)
                .id_salt(salt)
                .open(open)
                .show(ui, |ui| {
                    if let Some(r) = body(ui) {
                        result = Some(r);
                    }
                });
        };
        let t = |key: &str| texts.t(key).to_owned();
        section(
            ui,
            t("conf.act.damage"),
            "conf.act.damage",
            None,
            &mut |ui| self.damage(ui, texts, game, m),
        );
        if m.card.spec().artillery.is_some() {
            section(ui, t("conf.act.shot"), "conf.act.shot", None, &mut |ui| {
                self.shot(ui, texts, game, index, &models)
            });
        }
        if m.card.ram().is_some() {
            section(
                ui,
                t("conf.act.ramming"),
                "conf.act.ramming",
                None,
                &mut |ui| self.ramming(ui, texts, game, index, &models),
            );
        }
        if m.card.sickle().is_some() {
            section(
                ui,
                t("conf.act.sickle"),
                "conf.act.sickle",
                // Opened once when a drive's blades touched figures (P17).
                std::mem::take(&mut self.open_sickle).then_some(true),
                &mut |ui| self.sickle(ui, texts, game, m, &models),
            );
        }
        section(ui, t("conf.act.steam"), "conf.act.steam", None, &mut |ui| {
            self.steam(ui, texts, m, game)
        });
        if let Some(x) = m.card.instabil() {
            let title = texts.f("conf.act.instabil", &[("x", &x.to_string())]);
            section(ui, title, "conf.act.instabil", None, &mut |ui| {
                if !ui.button(texts.t("conf.act.instabil_roll")).clicked() {
                    return None;
                }
                Some(if m.state.destroyed {
                    Err(texts.t("conf.act.destroyed").to_owned())
                } else {
                    added(texts, conf(game).instabil_inputs(m.id))
                })
            });
        }
        if m.card.transport().is_some() {
            section(
                ui,
                t("conf.act.passengers"),
                "conf.act.passengers",
                None,
                &mut |ui| self.passengers(ui, texts, game, m),
            );
        }
        match result {
            Some(Ok(edit)) => {
                self.error = None;
                out.push(edit);
            }
            Some(Err(e)) => self.error = Some(e),
            None => {}
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
    }

    /// The model piece standing for the machine.
    fn link(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        index: Id,
        out: &mut Vec<ConfrontationEdit>,
    ) {
        let table = game.table_or_default();
        let current = conf(game).machine(index).and_then(|m| m.piece);
        let name_of = |id: u64| {
            table
                .piece(id)
                .map_or_else(|| format!("#{id}"), |p| format!("{} (#{id})", p.name))
        };
        let shown = current.map_or_else(|| texts.t("conf.link.none").to_owned(), name_of);
        let mut chosen = None;
        let combo = egui::ComboBox::from_label(texts.t("conf.link.piece"))
            .selected_text(shown)
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(current.is_none(), texts.t("conf.link.none"))
                    .clicked()
                {
                    chosen = Some(None);
                }
                for p in table
                    .pieces()
                    .iter()
                    .filter(|p| p.layer == feldherr_table::Layer::Model)
                {
                    let taken = conf(game).machine_on(p.id).is_some_and(|m| m.id != index);
                    if !taken
                        && ui
                            .selectable_label(current == Some(p.id), name_of(p.id))
                            .clicked()
                    {
                        chosen = Some(Some(p.id));
                    }
                }
            });
        combo.response.on_hover_text(texts.t("conf.link.hint"));
        if let Some(piece) = chosen
            && piece != current
        {
            out.push(ConfrontationEdit::LinkMachinePiece {
                machine: index,
                piece,
            });
        }
    }

    fn damage(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        m: &GameMachine,
    ) -> Option<Result<ConfrontationEdit, String>> {
        ui.horizontal(|ui| field(ui, texts.t("damage.strength"), &mut self.strength, 40.0));
        ui.checkbox(&mut self.sacred, texts.t("damage.sacred"));
        if !ui.button(texts.t("conf.act.add_damage")).clicked() {
            return None;
        }
        Some((|| {
            if m.state.destroyed {
                return Err(texts.t("conf.act.destroyed").to_owned());
            }
            let strength = number::<i32>(texts, "STR", &self.strength)?;
            added(texts, conf(game).damage_inputs(m.id, strength, self.sacred))
        })())
    }

    fn shot(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        index: Id,
        models: &Result<Vec<TableModel>, String>,
    ) -> Option<Result<ConfrontationEdit, String>> {
        let m = conf(game).machine(index)?;
        let artillery = m.card.spec().artillery?;
        ui.weak(texts.f(
            "conf.act.shot_card",
            &[
                ("str", &artillery.strength.to_string()),
                ("range", &format!("{}", artillery.range_cm)),
                (
                    "ammo",
                    texts.t(match artillery.ammunition {
                        Ammunition::Zone => "conf.sheet.zone",
                        Ammunition::Penetrating => "conf.sheet.penetrating",
                    }),
                ),
            ],
        ));
        let candidates = match models {
            Ok(models) => others(models, m.piece),
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
                return None;
            }
        };
        let name_of = |id: Option<u64>| {
            candidates
                .iter()
                .find(|c| c.source.piece == id && id.is_some())
                .map_or_else(
                    || texts.t("conf.act.choose").to_owned(),
                    |c| c.model.victim.name.clone(),
                )
        };
        egui::ComboBox::from_label(texts.t("conf.act.target"))
            .selected_text(name_of(self.target))
            .show_ui(ui, |ui| {
                for c in &candidates {
                    let id = c.source.piece;
                    if ui
                        .selectable_label(self.target == id, &c.model.victim.name)
                        .clicked()
                    {
                        self.target = id;
                    }
                }
            });
        egui::Grid::new("conf.act.shot.grid")
            .num_columns(2)
            .show(ui, |ui| {
                field(ui, "FER", &mut self.fer, 40.0);
                ui.end_row();
                field(
                    ui,
                    texts.t("conf.act.difficulty"),
                    &mut self.difficulty,
                    40.0,
                );
                ui.end_row();
                field(ui, texts.t("conf.act.template"), &mut self.template, 40.0);
                ui.end_row();
            });
        if !ui.button(texts.t("conf.act.fire")).clicked() {
            return None;
        }
        Some((|| {
            // The movement modifiers come from the game (what the machine
            // did this round); FER only when the game does not know it.
            let fer = if self.fer.trim().is_empty() {
                None
            } else {
                Some(number::<i32>(texts, "FER", &self.fer)?)
            };
            let order = ShotOrder {
                target: self.target,
                fer,
                template_cm: Some(number::<f64>(
                    texts,
                    texts.t("conf.act.template"),
                    &self.template,
                )?),
                ..ShotOrder::new(
                    index,
                    0,
                    number::<i32>(texts, texts.t("conf.act.difficulty"), &self.difficulty)?,
                )
            };
            let table = game.table_or_default();
            let inputs = conf(game)
                .shot_inputs(&table, &order)
                .map_err(|p| match p {
                    ShotProblem::NoWeapon | ShotProblem::Destroyed => {
                        texts.t("conf.act.destroyed").to_owned()
                    }
                    ShotProblem::Jammed => texts.t("conf.act.jammed").to_owned(),
                    ShotProblem::NoLink => texts.t("conf.act.no_link").to_owned(),
                    ShotProblem::NoTarget => texts.t("conf.act.no_target").to_owned(),
                    ShotProblem::OutOfRange { distance, range } => texts.f(
                        "conf.act.out_of_range",
                        &[
                            ("distance", &texts.decimal(distance, 1)),
                            ("range", &format!("{range}")),
                        ],
                    ),
                    ShotProblem::TooClose { distance, min } => texts.f(
                        "conf.act.too_close",
                        &[
                            ("distance", &texts.decimal(distance, 1)),
                            ("min", &format!("{min}")),
                        ],
                    ),
                    ShotProblem::Other(e) => e,
                    other => other.to_string(),
                })?;
            Ok(ConfrontationEdit::AddResolution(ConfrontationKind::Shot(
                inputs,
            )))
        })())
    }

    /// Checkboxes for the models in `set`, with their names.
    fn pick(ui: &mut egui::Ui, candidates: &[&TableModel], set: &mut BTreeSet<u64>) {
        ui.horizontal_wrapped(|ui| {
            for c in candidates {
                let Some(id) = c.source.piece else { continue };
                let mut on = set.contains(&id);
                if ui.checkbox(&mut on, &c.model.victim.name).changed() {
                    if on {
                        set.insert(id);
                    } else {
                        set.remove(&id);
                    }
                }
            }
        });
    }

    fn ramming(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        index: Id,
        models: &Result<Vec<TableModel>, String>,
    ) -> Option<Result<ConfrontationEdit, String>> {
        let m = conf(game).machine(index)?;
        m.card.ram()?;
        let candidates = match models {
            Ok(models) => others(models, m.piece),
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
                return None;
            }
        };
        let may_use_marker = m.card.is_unaufhaltsam() && m.state.speed_marker_at_round_start;
        if may_use_marker {
            ui.checkbox(&mut self.speed_marker, texts.t("conf.act.speed_marker"));
        } else {
            self.speed_marker = false;
        }
        if !self.speed_marker {
            ui.horizontal(|ui| {
                field(ui, texts.t("conf.act.distance"), &mut self.distance, 50.0);
            });
        }
        ui.label(texts.t("conf.act.front"));
        Self::pick(ui, &candidates, &mut self.front);
        ui.label(texts.t("conf.act.beyond"));
        Self::pick(ui, &candidates, &mut self.beyond);
        if !ui.button(texts.t("conf.act.ram")).clicked() {
            return None;
        }
        Some((|| {
            let distance = if self.speed_marker {
                0.0
            } else {
                number::<f64>(texts, texts.t("conf.act.distance"), &self.distance)?
            };
            let table_doc = game.table_or_default();
            let game = conf(game);
            let impetus = game
                .ram_impetus(index, self.speed_marker, distance)
                .map_err(|e| super::refusal(texts, &e))?;
            let front: Vec<u64> = self.front.iter().copied().collect();
            let beyond: Vec<u64> = self.beyond.iter().copied().collect();
            let inputs = game
                .ramming_inputs(&table_doc, index, impetus, &front, &beyond)
                .map(ConfrontationKind::Ramming);
            added(texts, inputs)
        })())
    }

    fn sickle(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        m: &GameMachine,
        models: &Result<Vec<TableModel>, String>,
    ) -> Option<Result<ConfrontationEdit, String>> {
        m.card.sickle()?;
        let candidates = match models {
            Ok(models) => others(models, m.piece),
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
                return None;
            }
        };
        ui.label(texts.t("conf.act.touched"));
        Self::pick(ui, &candidates, &mut self.touched);
        for c in &candidates {
            let Some(id) = c.source.piece else { continue };
            if !self.touched.contains(&id) {
                continue;
            }
            ui.horizontal(|ui| {
                ui.label(&c.model.victim.name);
                for (set, key) in [
                    (&mut self.in_melee, "conf.act.in_melee"),
                    (&mut self.sprung, "conf.act.sprung"),
                ] {
                    let mut on = set.contains(&id);
                    if ui.checkbox(&mut on, texts.t(key)).changed() {
                        if on {
                            set.insert(id);
                        } else {
                            set.remove(&id);
                        }
                    }
                }
            });
        }
        if !ui.button(texts.t("conf.act.blades")).clicked() {
            return None;
        }
        Some((|| {
            let touched: Vec<SickleTouch> = candidates
                .iter()
                .filter_map(|c| c.source.piece)
                .filter(|p| self.touched.contains(p))
                .map(|piece| SickleTouch {
                    piece,
                    in_melee: self.in_melee.contains(&piece),
                    sprung: self.sprung.contains(&piece),
                })
                .collect();
            if touched.is_empty() {
                return Err(texts.t("conf.act.none_touched").to_owned());
            }
            let table = game.table_or_default();
            added(texts, conf(game).sickle_inputs(&table, m.id, &touched))
        })())
    }

    fn steam(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        m: &GameMachine,
        game: &GameDoc,
    ) -> Option<Result<ConfrontationEdit, String>> {
        ui.horizontal(|ui| field(ui, texts.t("conf.act.dice"), &mut self.dice, 40.0));
        let roll = ui.button(texts.t("conf.act.pressure")).clicked();
        let mut blast = false;
        if m.state.steam.exploded {
            ui.colored_label(ui.visuals().warn_fg_color, texts.t("conf.act.exploded"));
            blast = ui.button(texts.t("conf.act.blast")).clicked();
        }
        if roll {
            return Some((|| {
                if m.state.destroyed || m.state.steam.exploded {
                    return Err(texts.t("conf.act.destroyed").to_owned());
                }
                let dice = number::<u32>(texts, texts.t("conf.act.dice"), &self.dice)?;
                added(texts, conf(game).steam_inputs(m.id, dice))
            })());
        }
        if blast {
            return Some((|| {
                if m.piece.is_none() {
                    return Err(texts.t("conf.act.no_link").to_owned());
                }
                let table = game.table_or_default();
                let inputs = conf(game)
                    .explosion_inputs(&table, m.id)
                    .map(ConfrontationKind::Hits);
                added(texts, inputs)
            })());
        }
        None
    }

    fn passengers(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &GameDoc,
        m: &GameMachine,
    ) -> Option<Result<ConfrontationEdit, String>> {
        let index = m.id;
        let (places, _) = m.card.transport()?;
        let used: u32 = m.passengers.iter().filter_map(|p| p.places().ok()).sum();
        ui.label(texts.f(
            "conf.act.places",
            &[("used", &used.to_string()), ("places", &places.to_string())],
        ));
        let mut result = None;
        egui::ComboBox::from_label(texts.t("conf.act.side"))
            .selected_text(texts.t(side_key(self.side)))
            .show_ui(ui, |ui| {
                for side in [
                    None,
                    Some(FacingArc::Left),
                    Some(FacingArc::Right),
                    Some(FacingArc::Rear),
                    Some(FacingArc::Front),
                ] {
                    ui.selectable_value(&mut self.side, side, texts.t(side_key(side)));
                }
            });
        if self.side.is_some() && m.state.speed_marker {
            ui.checkbox(&mut self.stop, texts.t("conf.act.stop"));
        }
        for (i, p) in m.passengers.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!(
                    "{} ({}, RES {})",
                    p.name,
                    texts.t(size_key(p.size)),
                    p.res
                ));
                if ui.button(texts.t("conf.act.leave")).clicked() {
                    result = Some(Ok(ConfrontationEdit::Leave {
                        machine: index,
                        passenger: i,
                        side: self.side,
                        stop: self.stop,
                    }));
                }
            });
        }
        ui.horizontal(|ui| {
            field(
                ui,
                texts.t("conf.act.passenger"),
                &mut self.passenger_name,
                110.0,
            );
            field(ui, "RES", &mut self.passenger_res, 30.0);
        });
        ui.horizontal(|ui| {
            egui::ComboBox::from_label(texts.t("conf.act.size"))
                .selected_text(texts.t(size_key(self.passenger_size)))
                .show_ui(ui, |ui| {
                    for size in [Size::Small, Size::Normal, Size::Large, Size::VeryLarge] {
                        ui.selectable_value(
                            &mut self.passenger_size,
                            size,
                            texts.t(size_key(size)),
                        );
                    }
                });
            ui.checkbox(&mut self.passenger_cavalry, texts.t("conf.act.cavalry"));
        });
        if ui.button(texts.t("conf.act.board")).clicked() {
            result = Some((|| {
                let name = self.passenger_name.trim();
                if name.is_empty() {
                    return Err(texts.t("conf.act.no_name").to_owned());
                }
                let res = number::<u32>(texts, "RES", &self.passenger_res)?;
                if res > 99 {
                    return Err(texts.f("conf.act.bad_res", &[("value", &res.to_string())]));
                }
                let mut passenger = Passenger::new(name, self.passenger_size, res);
                passenger.cavalry = self.passenger_cavalry;
                passenger.places().map_err(|e| e.to_string())?;
                Ok(ConfrontationEdit::Board {
                    machine: index,
                    passenger,
                    side: self.side,
                    moving: m.state.speed_marker,
                })
            })());
        }
        if m.state.destroyed
            && !m.passengers.is_empty()
            && ui.button(texts.t("conf.act.wound_passengers")).clicked()
        {
            result = Some(added(
                texts,
                conf(game)
                    .passenger_inputs(m.id)
                    .map(ConfrontationKind::Passengers),
            ));
        }
        result
    }
}
