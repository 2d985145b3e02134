//! Above the table: placing terrain (alternately, W1, with the distances
//! checked live and explained) and stands (for control from the map, W4),
//! the cheat sheet row of the chosen terrain, and the control of each
//! objective drawn over the table during the battle.

use eframe::egui;
use feldherr_play::Game;
use feldherr_table::Table;
use feldherr_table::geometry::{Point, Shape};
use feldherr_warmaster::{
    Control, Defended, Entry, GuardiansOptions, Player, Sight, Stage, TerrainStep, TerrainType,
    WarmasterEdit, WarmasterGame, placement_violations, terrain_piece,
};

use super::{edit, name};
use crate::i18n::Texts;
use crate::systems::GameCommand;
use crate::ui::table_canvas::{Overlay, OverlayItem, PathEvent, TableCanvas, Tone};

/// What the table header places.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Mode {
    /// Terrain pieces.
    #[default]
    Terrain,
    /// Stands of units.
    Stands,
}

/// Runtime state of the placement header.
#[derive(Debug)]
pub struct Placing {
    mode: Mode,
    terrain: TerrainType,
    x: String,
    y: String,
    picking: bool,
    player: Player,
    unit: Option<feldherr_play::Id>,
}

impl Default for Placing {
    fn default() -> Self {
        Self {
            mode: Mode::Terrain,
            terrain: TerrainType::Hill,
            x: "90".into(),
            y: "60".into(),
            picking: false,
            player: Player::A,
            unit: None,
        }
    }
}

fn defended_key(d: Defended) -> &'static str {
    match d {
        Defended::Nobody => "wm.sheet.defended.nobody",
        Defended::Infantry => "wm.sheet.defended.infantry",
        Defended::InfantryArtillery => "wm.sheet.defended.infantry_artillery",
    }
}

fn sight_key(s: Sight) -> &'static str {
    match s {
        Sight::Blocks => "wm.sheet.sight.blocks",
        Sight::TwoCentimetres => "wm.sheet.sight.two_cm",
        Sight::Clear => "wm.sheet.sight.clear",
    }
}

fn entry_key(e: Entry) -> &'static str {
    match e {
        Entry::All => "wm.sheet.entry.all",
        Entry::NoChariotsArtilleryMachines => "wm.sheet.entry.no_sam",
        Entry::InfantryOnly => "wm.sheet.entry.infantry",
        Entry::Nobody => "wm.sheet.entry.nobody",
    }
}

/// The cheat-sheet row of `terrain` as one line, under the Guardians
/// options in force (Zerstoererisch adds its remark, W11).
pub fn effects_line(texts: &Texts, terrain: TerrainType, options: &GuardiansOptions) -> String {
    let e = terrain.effects_with(options);
    let notes = e.notes();
    let note = if notes.is_empty() {
        "-".to_owned()
    } else {
        notes
            .iter()
            .map(|k| texts.t(k))
            .collect::<Vec<_>>()
            .join("; ")
    };
    let command = e
        .command
        .map_or_else(|| "-".to_owned(), |c| format!("{c:+}"));
    texts.f(
        "wm.sheet.effects",
        &[
            ("defended", texts.t(defended_key(e.defended))),
            ("command", &command),
            ("sight", texts.t(sight_key(e.sight))),
            ("entry", texts.t(entry_key(e.entry))),
            ("note", &note),
        ],
    )
}

/// A shape's outline as overlay items.
fn outline(shape: &Shape, tone: Tone, label: String) -> OverlayItem {
    match shape {
        Shape::Circle(c) => OverlayItem::Circle {
            center: c.center(),
            radius: c.radius(),
            tone,
            dashed: true,
            label: Some(label),
        },
        Shape::Rect(r) => {
            let mut points = r.corners().to_vec();
            points.push(points[0]);
            OverlayItem::Line {
                points,
                tone,
                arrow: false,
                dashed: true,
                label: Some(label),
            }
        }
        Shape::Polygon(p) => {
            let mut points = p.vertices().to_vec();
            if let Some(first) = points.first().copied() {
                points.push(first);
            }
            OverlayItem::Line {
                points,
                tone,
                arrow: false,
                dashed: true,
                label: Some(label),
            }
        }
    }
}

impl Placing {
    fn point(&self) -> Option<Point> {
        let x = self.x.trim().replace(',', ".").parse::<f64>().ok()?;
        let y = self.y.trim().replace(',', ".").parse::<f64>().ok()?;
        let p = Point::new(x, y);
        p.is_finite().then_some(p)
    }

    /// A path event: its last point becomes the spot to place at.
    pub fn path_event(&mut self, event: PathEvent, canvas: &mut TableCanvas) {
        if !self.picking {
            return;
        }
        match event {
            PathEvent::Changed(points) | PathEvent::Finished(points) => {
                if points.len() >= 2
                    && let Some(p) = points.last()
                {
                    self.x = format!("{:.1}", p.x);
                    self.y = format!("{:.1}", p.y);
                    self.picking = false;
                    canvas.cancel_path();
                }
            }
            PathEvent::Cancelled => self.picking = false,
        }
    }

    /// Draws the header; returns the overlay.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        table: &Table,
        canvas: &mut TableCanvas,
        commands: &mut Vec<GameCommand>,
    ) -> Overlay {
        let stage = game.stage();
        let terrain_open = match &stage {
            Stage::Terrain { .. } => true,
            Stage::Setup | Stage::Scenario => game.alternating.is_none(),
            _ => false,
        };
        let has_units = Player::BOTH.iter().any(|p| !game.army(*p).units.is_empty());
        if !terrain_open && self.mode == Mode::Terrain {
            self.mode = Mode::Stands;
        }
        let mut overlay = Overlay::default();
        // Each stand in its player's colour and mark (issue #27).
        for stand in &game.stands {
            overlay.owner(stand.piece, stand.player.index());
        }
        ui.horizontal_wrapped(|ui| {
            if terrain_open {
                ui.selectable_value(&mut self.mode, Mode::Terrain, texts.t("wm.place.terrain"));
            }
            if has_units {
                ui.selectable_value(&mut self.mode, Mode::Stands, texts.t("wm.place.stands"));
            }
            if terrain_open || has_units {
                let label = ui.label("x (cm)");
                ui.add(egui::TextEdit::singleline(&mut self.x).desired_width(48.0))
                    .labelled_by(label.id);
                let label = ui.label("y (cm)");
                ui.add(egui::TextEdit::singleline(&mut self.y).desired_width(48.0))
                    .labelled_by(label.id);
                let pick = if self.picking {
                    texts.t("wm.place.picking")
                } else {
                    texts.t("wm.place.pick")
                };
                if ui.selectable_label(self.picking, pick).clicked() {
                    if self.picking {
                        self.picking = false;
                        canvas.cancel_path();
                    } else {
                        self.picking = true;
                        let start = self
                            .point()
                            .unwrap_or(Point::new(table.width() / 2.0, table.depth() / 2.0));
                        canvas.start_path(start, None);
                    }
                }
            }
        });
        match self.mode {
            Mode::Terrain if terrain_open => {
                self.terrain_form(ui, texts, game, table, &stage, commands, &mut overlay);
            }
            Mode::Stands if has_units => {
                self.stand_form(ui, texts, game, table, canvas, commands, &mut overlay);
            }
            _ => {
                ui.weak(texts.t("wm.place.nothing"));
            }
        }
        if let (Some(b), Some(turn)) = (
            &game.battle,
            game.battle.as_ref().and_then(|b| b.turns.last()),
        ) {
            let _ = b;
            for o in &game.objectives {
                let Some(piece) = table.piece(o.piece) else {
                    continue;
                };
                let control = turn
                    .control
                    .iter()
                    .find(|c| c.objective == o.id)
                    .map(|c| c.control);
                let (text, tone) = match control {
                    None => (format!("{}: ?", o.label), Tone::Info),
                    Some(Control { by: None, .. }) => (
                        format!("{}: {}", o.label, texts.t("wm.control.nobody")),
                        Tone::Miss,
                    ),
                    Some(Control { by: Some(p), .. }) => (
                        format!("{}: {}", o.label, name(game, p)),
                        if p == Player::A { Tone::Aim } else { Tone::Hit },
                    ),
                };
                let c = piece.center();
                overlay.push(OverlayItem::Label {
                    at: Point::new(c.x, c.y + 4.0),
                    text,
                    tone,
                    around: None,
                });
            }
        }
        overlay
    }

    #[expect(clippy::too_many_arguments, reason = "one form, its inputs")]
    fn terrain_form(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        table: &Table,
        stage: &Stage,
        commands: &mut Vec<GameCommand>,
        overlay: &mut Overlay,
    ) {
        let player = match stage {
            Stage::Terrain {
                step: TerrainStep::Place { player, .. } | TerrainStep::LastPiece { player },
            } => Some(*player),
            _ => None,
        };
        ui.horizontal_wrapped(|ui| {
            match player {
                Some(p) => ui.strong(texts.f("wm.place.turn_of", &[("name", name(game, p))])),
                None => ui.strong(texts.t("wm.place.free")),
            };
            egui::ComboBox::new("wm.place.type", texts.t("wm.place.type"))
                .selected_text(texts.t(&self.terrain.label_key()))
                .show_ui(ui, |ui| {
                    for t in TerrainType::ALL {
                        ui.selectable_value(&mut self.terrain, t, texts.t(&t.label_key()));
                    }
                });
        });
        ui.weak(effects_line(texts, self.terrain, &game.settings.options));
        let Some(at) = self.point() else {
            ui.colored_label(ui.visuals().error_fg_color, texts.t("wm.place.bad_point"));
            return;
        };
        let label = texts.t(&self.terrain.label_key()).to_owned();
        let candidate = match terrain_piece(self.terrain, u64::MAX, &label, at) {
            Ok(piece) => piece,
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e.to_string());
                return;
            }
        };
        let violations = placement_violations(table, &label, &candidate.shape);
        let during_alternation = player.is_some();
        let tone = if violations.is_empty() {
            Tone::Path
        } else {
            Tone::Violation
        };
        overlay.push(outline(&candidate.shape, tone, label.clone()));
        // Named in the interface language, "Wald 2" (the crate's default
        // name is English).
        let count = game
            .terrain
            .iter()
            .filter(|t| t.terrain == self.terrain)
            .count()
            + 1;
        let change = WarmasterEdit::PlaceTerrain {
            player,
            terrain: self.terrain,
            at,
            shape: None,
            name: Some(format!("{label} {count}")),
        };
        // The whole edit is tried on a copy, so a piece the turn does not
        // allow (a second wood in a two-piece turn) is refused here, before
        // the click, and the distances line never claims more (issue #27).
        let refused = {
            let mut trial = game.clone();
            let mut trial_table = table.clone();
            trial.apply(&change, &mut trial_table).err()
        };
        if violations.is_empty() && refused.is_none() {
            ui.colored_label(
                egui::Color32::from_rgb(40, 150, 60),
                texts.t("wm.place.distances_ok"),
            );
        } else {
            for v in &violations {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    format!("{} (W1)", v.explanation()),
                );
            }
            if !during_alternation && refused.is_none() {
                ui.weak(texts.t("wm.place.free_note"));
            }
        }
        let refusal = refused
            .filter(|_| violations.is_empty() || !during_alternation)
            .map(|e| texts.error(&e));
        let enabled = !during_alternation || violations.is_empty();
        ui.horizontal_wrapped(|ui| {
            let clicked = if enabled {
                crate::ui::checked_button::checked_button(
                    ui,
                    texts.t("wm.place.place_terrain"),
                    refusal.as_deref(),
                )
            } else {
                ui.add_enabled(false, egui::Button::new(texts.t("wm.place.place_terrain")))
                    .clicked()
            };
            if clicked {
                edit(commands, change);
            }
        });
    }

    #[expect(clippy::too_many_arguments, reason = "one form, its inputs")]
    fn stand_form(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        game: &WarmasterGame,
        table: &Table,
        canvas: &TableCanvas,
        commands: &mut Vec<GameCommand>,
        overlay: &mut Overlay,
    ) {
        ui.horizontal_wrapped(|ui| {
            for p in Player::BOTH {
                if ui
                    .selectable_label(self.player == p, name(game, p))
                    .clicked()
                {
                    self.player = p;
                    self.unit = None;
                }
            }
            let units = &game.army(self.player).units;
            if self.unit.is_none_or(|id| !units.iter().any(|u| u.id == id)) {
                self.unit = units.first().map(|u| u.id);
            }
            let selected = units
                .iter()
                .find(|u| Some(u.id) == self.unit)
                .map_or("-", |u| u.name.as_str());
            egui::ComboBox::new("wm.place.unit", texts.t("wm.place.unit"))
                .selected_text(selected)
                .show_ui(ui, |ui| {
                    for u in units {
                        ui.selectable_value(&mut self.unit, Some(u.id), &u.name);
                    }
                });
            if let Some(unit) = units.iter().find(|u| Some(u.id) == self.unit) {
                let on_map = game
                    .stands
                    .iter()
                    .filter(|s| s.player == self.player && s.unit == unit.id)
                    .count();
                ui.label(texts.f(
                    "wm.place.on_map",
                    &[("n", &on_map.to_string()), ("of", &unit.stands.to_string())],
                ));
                if let Some(at) = self.point() {
                    overlay.push(OverlayItem::circle(at, 1.0, Tone::Aim));
                    if ui.button(texts.t("wm.place.place_stand")).clicked() {
                        edit(
                            commands,
                            WarmasterEdit::PlaceStand {
                                player: self.player,
                                unit: unit.id,
                                at,
                                facing: None,
                            },
                        );
                    }
                }
            }
            if let Some(piece) = canvas.selected()
                && game.stands.iter().any(|s| s.piece == piece)
                && table.piece(piece).is_some()
                && ui.button(texts.t("wm.place.remove_stand")).clicked()
            {
                edit(commands, WarmasterEdit::RemoveStand { piece });
            }
        });
    }
}
