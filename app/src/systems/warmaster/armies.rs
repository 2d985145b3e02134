//! The Armies tab: the agreed settings (game size, turns, special rules,
//! clock, the W11 options) and each player's army with its problems and
//! break point (W7), a unit form and the text import.

use eframe::egui;
use feldherr_play::Id;
use feldherr_warmaster::{
    ArmyKind, Player, SUGGESTED_SIZES, Settings, Unit, UnitKind, WarmasterEdit, WarmasterGame,
};

use super::{edit, name};
use crate::i18n::Texts;
use crate::systems::GameCommand;

/// The unit being typed in.
#[derive(Debug, Clone)]
struct UnitForm {
    /// The unit being changed; `None` adds a new one.
    editing: Option<Id>,
    name: String,
    kind: UnitKind,
    points: String,
    stands: String,
    flying: bool,
    summoned: bool,
    not_counting: bool,
    items: String,
}

impl Default for UnitForm {
    fn default() -> Self {
        Self {
            editing: None,
            name: String::new(),
            kind: UnitKind::Infantry,
            points: String::new(),
            stands: String::new(),
            flying: false,
            summoned: false,
            not_counting: false,
            items: String::new(),
        }
    }
}

impl UnitForm {
    fn of(unit: &Unit) -> Self {
        Self {
            editing: Some(unit.id),
            name: unit.name.clone(),
            kind: unit.kind,
            points: unit.points.to_string(),
            stands: unit.stands.to_string(),
            flying: unit.flying,
            summoned: unit.summoned,
            not_counting: unit.not_counting,
            items: unit.magic_items.join(", "),
        }
    }

    /// The unit typed in, with id `id`; an error names the field.
    fn unit(&self, texts: &Texts, id: Id) -> Result<Unit, String> {
        let number = |field: &str, value: &str| {
            value.trim().parse::<u32>().map_err(|_| {
                texts.f(
                    "wm.unit.not_number",
                    &[("field", texts.t(field)), ("value", value.trim())],
                )
            })
        };
        let points = number("wm.unit.field_points", &self.points)?;
        let stands = if self.stands.trim().is_empty() {
            self.kind.default_stands()
        } else {
            number("wm.unit.field_stands", &self.stands)?
        };
        let mut unit = Unit::new(id, self.name.trim(), self.kind, points, stands);
        unit.flying = self.flying;
        unit.summoned = self.summoned;
        unit.not_counting = self.not_counting;
        unit.magic_items = self
            .items
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        unit.check().map_err(|e| e.to_string())?;
        Ok(unit)
    }
}

/// Runtime state of the Armies tab.
#[derive(Debug, Default)]
pub struct ArmiesTab {
    player: usize,
    names: [Option<String>; 2],
    list: Option<String>,
    form: UnitForm,
    import: String,
    message: Option<String>,
    size: Option<String>,
}

fn kind_key(kind: ArmyKind) -> &'static str {
    match kind {
        ArmyKind::HighElves => "wm.army.high_elves",
        ArmyKind::DarkElves => "wm.army.dark_elves",
        ArmyKind::Other => "wm.army.other",
    }
}

impl ArmiesTab {
    /// Draws the tab.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        commands: &mut Vec<GameCommand>,
    ) {
        egui::ScrollArea::vertical()
            .id_salt("wm.armies")
            .show(ui, |ui| {
                self.settings(ui, texts, game, commands);
                ui.separator();
                ui.horizontal_wrapped(|ui| {
                    for p in Player::BOTH {
                        let army = game.army(p);
                        let bp = game.break_point(p);
                        let text = texts.f(
                            "wm.army.summary",
                            &[
                                ("name", name(game, p)),
                                ("points", &army.total_points().to_string()),
                                ("size", &game.settings.game_size.to_string()),
                                ("units", &army.units.len().to_string()),
                                ("bp", &bp.value.to_string()),
                            ],
                        );
                        if ui
                            .selectable_label(self.player == p.index(), text)
                            .clicked()
                            && self.player != p.index()
                        {
                            self.player = p.index();
                            self.form = UnitForm::default();
                            self.list = None;
                            self.message = None;
                        }
                    }
                });
                ui.separator();
                let player = if self.player == 0 {
                    Player::A
                } else {
                    Player::B
                };
                self.army(ui, texts, game, player, commands);
            });
    }

    fn settings(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        commands: &mut Vec<GameCommand>,
    ) {
        let locked = game.battle.is_some();
        ui.heading(texts.t("wm.settings.title"));
        if locked {
            ui.weak(texts.t("wm.settings.locked"));
        }
        let old = game.settings;
        let mut s: Settings = old;
        ui.add_enabled_ui(!locked, |ui| {
            ui.horizontal_wrapped(|ui| {
                let label = ui.label(texts.t("wm.settings.size"));
                let size = self.size.get_or_insert_with(|| old.game_size.to_string());
                let r = ui
                    .add(egui::TextEdit::singleline(size).desired_width(60.0))
                    .labelled_by(label.id);
                if r.lost_focus() {
                    match size.trim().parse::<u32>() {
                        Ok(v) => s.game_size = v,
                        Err(_) => {
                            self.message = Some(texts.f(
                                "wm.unit.not_number",
                                &[
                                    ("field", texts.t("wm.settings.size")),
                                    ("value", size.trim()),
                                ],
                            ));
                        }
                    }
                    self.size = None;
                }
                for suggested in SUGGESTED_SIZES {
                    if ui
                        .selectable_label(old.game_size == suggested, suggested.to_string())
                        .clicked()
                    {
                        s.game_size = suggested;
                        self.size = None;
                    }
                }
                let label = ui.label(texts.t("wm.settings.turns"));
                ui.add(egui::DragValue::new(&mut s.turn_limit).range(1..=20))
                    .labelled_by(label.id);
            });
            ui.checkbox(&mut s.scenario_rules, texts.t("wm.settings.scenario_rules"));
            ui.horizontal_wrapped(|ui| {
                ui.checkbox(&mut s.clock, texts.t("wm.settings.clock"));
                let label = ui.label(texts.t("wm.settings.minutes"));
                ui.add_enabled(
                    !game.clock.started(),
                    egui::DragValue::new(&mut s.clock_minutes).range(1..=600),
                )
                .labelled_by(label.id);
            });
            ui.label(egui::RichText::new(texts.t("wm.settings.options")).strong());
            ui.checkbox(&mut s.options.dying_race, texts.t("wm.option.dying_race"));
            ui.checkbox(&mut s.options.arrogant, texts.t("wm.option.arrogant"));
            ui.checkbox(&mut s.options.destructive, texts.t("wm.option.destructive"));
        });
        if s != old && !locked {
            edit(commands, WarmasterEdit::SetSettings(s));
        }
    }

    fn army(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        player: Player,
        commands: &mut Vec<GameCommand>,
    ) {
        let army = game.army(player);
        let locked = game.battle.is_some();
        egui::Grid::new("wm.army.head")
            .num_columns(2)
            .show(ui, |ui| {
                let label = ui.label(texts.t("wm.player.name"));
                let slot = &mut self.names[player.index()];
                let text = slot.get_or_insert_with(|| name(game, player).to_owned());
                let r = ui.text_edit_singleline(text).labelled_by(label.id);
                if r.lost_focus() {
                    if text.trim() != name(game, player) {
                        edit(
                            commands,
                            WarmasterEdit::SetPlayerName {
                                player,
                                name: text.clone(),
                            },
                        );
                    }
                    *slot = None;
                }
                ui.end_row();
                let label = ui.label(texts.t("wm.army.list"));
                let list = self.list.get_or_insert_with(|| army.list.clone());
                let r = ui
                    .add_enabled(!locked, egui::TextEdit::singleline(list))
                    .labelled_by(label.id);
                if r.lost_focus() && *list != army.list {
                    let mut next = army.clone();
                    next.list = list.trim().to_owned();
                    next.kind = ArmyKind::from_list_name(&next.list);
                    edit(commands, WarmasterEdit::SetArmy { player, army: next });
                    self.list = None;
                }
                ui.end_row();
                ui.label("");
                ui.add_enabled_ui(!locked, |ui| {
                    egui::ComboBox::new("wm.army.kind", texts.t("wm.army.kind"))
                        .selected_text(texts.t(kind_key(army.kind)))
                        .show_ui(ui, |ui| {
                            for kind in [ArmyKind::HighElves, ArmyKind::DarkElves, ArmyKind::Other]
                            {
                                if ui
                                    .selectable_label(army.kind == kind, texts.t(kind_key(kind)))
                                    .clicked()
                                    && army.kind != kind
                                {
                                    let mut next = army.clone();
                                    next.kind = kind;
                                    edit(commands, WarmasterEdit::SetArmy { player, army: next });
                                }
                            }
                        });
                });
                ui.end_row();
            });
        let bp = game.break_point(player);
        ui.label(
            egui::RichText::new(texts.f(
                "wm.army.break_point",
                &[
                    ("bp", &bp.value.to_string()),
                    ("counting", &bp.counting_units.to_string()),
                    ("half", &bp.half_rounded_up.to_string()),
                ],
            ))
            .strong(),
        );
        if bp.lowered_by > 0 {
            ui.label(texts.f("wm.army.dying_race", &[("by", &bp.lowered_by.to_string())]));
        }
        let problems = army.problems(game.settings.game_size, &game.settings.options);
        if problems.is_empty() {
            ui.colored_label(
                egui::Color32::from_rgb(40, 150, 60),
                texts.t("wm.army.no_problems"),
            );
        }
        for p in &problems {
            ui.colored_label(ui.visuals().error_fg_color, texts.problem(p));
        }
        ui.add_space(4.0);
        self.units(ui, texts, game, player, locked, commands);
        ui.add_space(4.0);
        ui.add_enabled_ui(!locked, |ui| {
            self.unit_form(ui, texts, game, player, commands)
        });
        if let Some(m) = &self.message {
            ui.colored_label(ui.visuals().error_fg_color, m);
        }
        ui.add_space(4.0);
        ui.add_enabled_ui(!locked, |ui| {
            egui::CollapsingHeader::new(texts.t("wm.import.title"))
                .id_salt("wm.import")
                .show(ui, |ui| {
                    ui.label(texts.t("wm.import.help"));
                    let label = ui.label(texts.t("wm.import.text"));
                    ui.add(
                        egui::TextEdit::multiline(&mut self.import)
                            .desired_rows(6)
                            .desired_width(f32::INFINITY)
                            .font(egui::TextStyle::Monospace),
                    )
                    .labelled_by(label.id);
                    if ui.button(texts.t("wm.import.button")).clicked() {
                        edit(
                            commands,
                            WarmasterEdit::ImportArmy {
                                player,
                                text: self.import.clone(),
                            },
                        );
                        self.list = None;
                    }
                });
        });
    }

    fn units(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        player: Player,
        locked: bool,
        commands: &mut Vec<GameCommand>,
    ) {
        let army = game.army(player);
        if army.units.is_empty() {
            ui.weak(texts.t("wm.army.empty"));
            return;
        }
        egui::ScrollArea::horizontal()
            .id_salt("wm.units.scroll")
            .show(ui, |ui| {
                egui::Grid::new("wm.units")
                    .striped(true)
                    .num_columns(7)
                    .show(ui, |ui| {
                        for key in [
                            "wm.unit.name",
                            "wm.unit.kind",
                            "wm.unit.points",
                            "wm.unit.stands",
                            "wm.unit.flags",
                            "wm.unit.items",
                            "",
                        ] {
                            ui.strong(if key.is_empty() { "" } else { texts.t(key) });
                        }
                        ui.end_row();
                        for unit in &army.units {
                            ui.label(&unit.name);
                            ui.label(texts.t(&unit.kind.label_key()));
                            ui.label(unit.points.to_string());
                            ui.label(unit.stands.to_string());
                            let mut flags = Vec::new();
                            if unit.flying {
                                flags.push(texts.t("wm.unit.flying"));
                            }
                            if unit.summoned {
                                flags.push(texts.t("wm.unit.summoned"));
                            }
                            if unit.not_counting {
                                flags.push(texts.t("wm.unit.not_counting"));
                            }
                            let mut flags: Vec<String> =
                                flags.into_iter().map(str::to_owned).collect();
                            // What the Guardians options change for it
                            // (Zerstoererisch, W11), from the crate.
                            let rules = unit.rules(&game.settings.options);
                            if rules.moves_as != unit.kind {
                                flags.push(texts.f(
                                    "wm.unit.moves_as",
                                    &[("kind", texts.t(&rules.moves_as.label_key()))],
                                ));
                            }
                            if !rules.may_be_defended {
                                flags.push(texts.t("wm.unit.never_defended").to_owned());
                            }
                            if rules.extra_attacks > 0 {
                                flags.push(texts.f(
                                    "wm.unit.extra_attacks",
                                    &[("n", &rules.extra_attacks.to_string())],
                                ));
                            }
                            ui.label(flags.join(", "));
                            ui.label(unit.magic_items.join(", "));
                            ui.add_enabled_ui(!locked, |ui| {
                                ui.horizontal(|ui| {
                                    if ui
                                        .small_button(texts.t("wm.unit.edit"))
                                        .on_hover_text(&unit.name)
                                        .clicked()
                                    {
                                        self.form = UnitForm::of(unit);
                                    }
                                    if ui
                                        .small_button(texts.t("wm.unit.remove"))
                                        .on_hover_text(&unit.name)
                                        .clicked()
                                    {
                                        edit(
                                            commands,
                                            WarmasterEdit::RemoveUnit {
                                                player,
                                                unit: unit.id,
                                            },
                                        );
                                    }
                                });
                            });
                            ui.end_row();
                        }
                    });
            });
    }

    fn unit_form(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        player: Player,
        commands: &mut Vec<GameCommand>,
    ) {
        let title = if self.form.editing.is_some() {
            texts.t("wm.unit.form_edit")
        } else {
            texts.t("wm.unit.form_add")
        };
        ui.label(egui::RichText::new(title).strong());
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(texts.t("wm.unit.field_name"));
            ui.add(egui::TextEdit::singleline(&mut self.form.name).desired_width(140.0))
                .labelled_by(label.id);
            egui::ComboBox::new("wm.unit.kind", texts.t("wm.unit.kind"))
                .selected_text(texts.t(&self.form.kind.label_key()))
                .show_ui(ui, |ui| {
                    for kind in UnitKind::ALL {
                        ui.selectable_value(&mut self.form.kind, kind, texts.t(&kind.label_key()));
                    }
                });
            let label = ui.label(texts.t("wm.unit.field_points"));
            ui.add(egui::TextEdit::singleline(&mut self.form.points).desired_width(50.0))
                .labelled_by(label.id);
            let label = ui.label(texts.t("wm.unit.field_stands"));
            ui.add(
                egui::TextEdit::singleline(&mut self.form.stands)
                    .desired_width(40.0)
                    .hint_text(self.form.kind.default_stands().to_string()),
            )
            .labelled_by(label.id);
        });
        ui.horizontal_wrapped(|ui| {
            ui.checkbox(&mut self.form.flying, texts.t("wm.unit.flying"));
            ui.checkbox(&mut self.form.summoned, texts.t("wm.unit.summoned"));
            ui.checkbox(&mut self.form.not_counting, texts.t("wm.unit.not_counting"));
            let label = ui.label(texts.t("wm.unit.field_items"));
            ui.add(egui::TextEdit::singleline(&mut self.form.items).desired_width(160.0))
                .labelled_by(label.id);
        });
        ui.horizontal(|ui| {
            let save = if self.form.editing.is_some() {
                texts.t("wm.unit.save")
            } else {
                texts.t("wm.unit.add")
            };
            if ui.button(save).clicked() {
                let id = self
                    .form
                    .editing
                    .unwrap_or_else(|| game.army(player).next_unit_id());
                match self.form.unit(texts, id) {
                    Ok(unit) => {
                        let e = if self.form.editing.is_some() {
                            WarmasterEdit::UpdateUnit { player, unit }
                        } else {
                            WarmasterEdit::AddUnit { player, unit }
                        };
                        edit(commands, e);
                        self.form = UnitForm::default();
                        self.message = None;
                    }
                    Err(e) => self.message = Some(e),
                }
            }
            if self.form.editing.is_some() && ui.button(texts.t("wm.unit.cancel")).clicked() {
                self.form = UnitForm::default();
            }
        });
    }
}
