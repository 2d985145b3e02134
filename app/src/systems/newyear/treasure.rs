//! The treasure-line helper (N4): where the three treasure cards go on the
//! event's own table (G2, changeable), after the shift by the players'
//! fastest eligible Movement, drawn on the table canvas; and the recovery
//! check from positions (N5): is an eligible enemy unit within 3 in of a
//! card? Exactly 3 in counts as within ("innerhalb von 3 Zoll").

use eframe::egui;
use feldherr_scoring::Side;
use feldherr_table::geometry::{Angle, OrientedRect, Point, Shape, Unit, distance};
use feldherr_table::{Layer, Piece, Table};
use feldherr_wfb_newyear::{
    EnemyUnit, Event, PlayingTable, TreasureLine, UnitKind, eligible_enemy_within_3_in,
};

use super::event_edit;
use crate::app::Command;
use crate::i18n::Texts;
use crate::ui::table_canvas::TableCanvas;
use feldherr_wfb_newyear::EventEdit;

/// The kinds of unit, in the order offered, with their catalogue keys.
const KINDS: [(UnitKind, &str); 7] = [
    (UnitKind::Regular, "recovery.kind.regular"),
    (UnitKind::SingleModel, "recovery.kind.single"),
    (UnitKind::Character, "recovery.kind.character"),
    (UnitKind::Monster, "recovery.kind.monster"),
    (UnitKind::Skirmishers, "recovery.kind.skirmishers"),
    (UnitKind::LightCavalry, "recovery.kind.light_cavalry"),
    (UnitKind::Flyer, "recovery.kind.flyer"),
];

/// An enemy unit as typed: centre x, y, frontage, depth (inches), unit
/// strength, and its kind.
#[derive(Debug, Clone)]
struct EnemyFields {
    numbers: [String; 5],
    kind: UnitKind,
}

impl Default for EnemyFields {
    fn default() -> Self {
        Self {
            numbers: Default::default(),
            kind: UnitKind::Regular,
        }
    }
}

/// The helper's state.
#[derive(Debug, Default)]
pub struct TreasureHelper {
    movement_a: String,
    movement_b: String,
    /// The event's table as typed: width, depth.
    table: [String; 2],
    canvas: TableCanvas,
    /// The card checked for recovery (0, 1, 2).
    card: usize,
    enemies: Vec<EnemyFields>,
}

/// An enemy unit from its typed fields; a bad number names its field.
fn enemy_of(texts: &Texts, index: usize, fields: &EnemyFields) -> Result<EnemyUnit, String> {
    let keys = [
        "recovery.x",
        "recovery.y",
        "recovery.width",
        "recovery.depth",
        "recovery.strength",
    ];
    let mut values = [0.0; 5];
    for ((text, key), value) in fields.numbers.iter().zip(keys).zip(&mut values) {
        *value = text.trim().replace(',', ".").parse::<f64>().map_err(|_| {
            texts.f(
                "recovery.bad_number",
                &[
                    ("unit", &(index + 1).to_string()),
                    ("field", texts.t(key)),
                    ("value", text.trim()),
                ],
            )
        })?;
    }
    let [x, y, width, depth, strength] = values;
    if strength < 0.0 || strength.fract() != 0.0 || strength > 1000.0 {
        return Err(texts.f(
            "recovery.bad_strength",
            &[
                ("unit", &(index + 1).to_string()),
                ("value", fields.numbers[4].trim()),
            ],
        ));
    }
    let rect = OrientedRect::new(
        Point::new(x, y),
        width,
        depth,
        Angle::from_degrees(90.0).map_err(|e| e.to_string())?,
    )
    .map_err(|e| {
        texts.f(
            "recovery.bad_unit",
            &[
                ("unit", &(index + 1).to_string()),
                ("error", &e.to_string()),
            ],
        )
    })?;
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "checked: a whole number from 0 to 1000"
    )]
    let unit_strength = strength as u32;
    Ok(EnemyUnit {
        shape: Shape::Rect(rect),
        unit_strength,
        kind: fields.kind,
    })
}

/// The table with the treasure line and its three cards.
pub fn treasure_table(line: &TreasureLine) -> Result<Table, String> {
    let width = line.table.width;
    let depth = line.table.depth;
    let mut pieces = Vec::new();
    let strip = OrientedRect::new(
        Point::new(width / 2.0, line.line_y),
        0.3,
        width,
        Angle::from_degrees(0.0).map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    pieces.push(Piece {
        id: 1,
        name: "Treasure line".into(),
        kind: "zone".into(),
        layer: Layer::Marker,
        shape: Shape::Rect(strip),
        facing: None,
    });
    for i in 0..line.cards.len() {
        let Some(shape) = line.card_shape(i) else {
            continue;
        };
        pieces.push(Piece {
            id: 2 + i as u64,
            name: format!("Treasure {}", i + 1),
            kind: "objective".into(),
            layer: Layer::Marker,
            shape,
            facing: None,
        });
    }
    Table::with_pieces(width, depth, Unit::Inch, pieces).map_err(|e| e.to_string())
}

impl TreasureHelper {
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        commands: &mut Vec<Command>,
    ) {
        egui::CollapsingHeader::new(texts.t("treasure.heading"))
            .default_open(false)
            .show(ui, |ui| {
                ui.label(texts.t("treasure.help"));
                self.table_size(ui, texts, event, commands);
                ui.horizontal(|ui| {
                    for (text, key) in [
                        (&mut self.movement_a, "treasure.movement_a"),
                        (&mut self.movement_b, "treasure.movement_b"),
                    ] {
                        let label = ui.label(texts.t(key));
                        ui.add(egui::TextEdit::singleline(text).desired_width(40.0))
                            .labelled_by(label.id);
                    }
                });
                let parse = |text: &str, key: &str| {
                    text.trim().parse::<u32>().map_err(|_| {
                        texts.f(
                            "treasure.bad_movement",
                            &[("field", texts.t(key)), ("value", text.trim())],
                        )
                    })
                };
                if self.movement_a.trim().is_empty() || self.movement_b.trim().is_empty() {
                    return;
                }
                let line = parse(&self.movement_a, "treasure.movement_a")
                    .and_then(|a| Ok((a, parse(&self.movement_b, "treasure.movement_b")?)))
                    .and_then(|(a, b)| event.treasure_line(a, b).map_err(|e| e.to_string()));
                let line = match line {
                    Ok(line) => line,
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                        return;
                    }
                };
                let from_a = format!("{:.0}", line.line_y);
                let shift = format!("{:.0}", line.shift);
                ui.label(match line.towards {
                    None => texts.f("treasure.centre", &[("y", &from_a)]),
                    Some(Side::A) => {
                        texts.f("treasure.towards_a", &[("y", &from_a), ("shift", &shift)])
                    }
                    Some(Side::B) => {
                        texts.f("treasure.towards_b", &[("y", &from_a), ("shift", &shift)])
                    }
                });
                let cards: Vec<String> = line
                    .cards
                    .iter()
                    .map(|c| format!("({:.0} in, {:.0} in)", c.x, c.y))
                    .collect();
                ui.label(texts.f("treasure.cards", &[("cards", &cards.join(", "))]));
                self.recovery(ui, texts, &line);
                match treasure_table(&line) {
                    Ok(table) => {
                        ui.allocate_ui(egui::vec2(ui.available_width(), 420.0), |ui| {
                            // A picture to look at: edits are not kept.
                            let _ = self.canvas.show(
                                ui,
                                texts,
                                &table,
                                &feldherr_wfb_newyear::wfb_table_rules(),
                            );
                        });
                    }
                    Err(e) => {
                        ui.colored_label(ui.visuals().error_fg_color, e);
                    }
                }
            });
    }

    /// The event's table size: shown, and changed for the whole event
    /// (N4 places the line on it, G2).
    fn table_size(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        event: &Event,
        commands: &mut Vec<Command>,
    ) {
        let saved = [event.table.width, event.table.depth].map(|v| format!("{v}"));
        if self.table.iter().all(String::is_empty) {
            self.table = saved.clone();
        }
        ui.horizontal_wrapped(|ui| {
            for (text, key) in self
                .table
                .iter_mut()
                .zip(["treasure.table_width", "treasure.table_depth"])
            {
                let label = ui.label(texts.t(key));
                ui.add(egui::TextEdit::singleline(text).desired_width(50.0))
                    .labelled_by(label.id);
            }
            if self.table != saved && ui.button(texts.t("treasure.table_set")).clicked() {
                let parse = |t: &str| t.trim().replace(',', ".").parse::<f64>();
                match (parse(&self.table[0]), parse(&self.table[1])) {
                    (Ok(width), Ok(depth)) => {
                        commands.push(event_edit(EventEdit::SetTable(PlayingTable {
                            width,
                            depth,
                        })));
                    }
                    _ => {
                        commands.push(Command::ShowError(texts.f(
                            "treasure.bad_table",
                            &[
                                ("width", self.table[0].trim()),
                                ("depth", self.table[1].trim()),
                            ],
                        )));
                    }
                }
            }
        });
    }

    /// N5 from positions: the card, the enemy units, and whether an
    /// eligible one is within 3 in.
    fn recovery(&mut self, ui: &mut egui::Ui, texts: &Texts, line: &TreasureLine) {
        ui.separator();
        ui.label(egui::RichText::new(texts.t("recovery.heading")).strong());
        ui.weak(texts.t("recovery.help"));
        ui.horizontal(|ui| {
            ui.label(texts.t("recovery.card"));
            for card in 0..line.cards.len() {
                ui.radio_value(&mut self.card, card, (card + 1).to_string());
            }
        });
        let mut remove = None;
        egui::Grid::new("recovery.enemies")
            .num_columns(8)
            .show(ui, |ui| {
                for key in [
                    "recovery.x",
                    "recovery.y",
                    "recovery.width",
                    "recovery.depth",
                    "recovery.strength",
                    "recovery.kind",
                ] {
                    ui.label(texts.t(key));
                }
                ui.end_row();
                for (index, enemy) in self.enemies.iter_mut().enumerate() {
                    for (text, key) in enemy.numbers.iter_mut().zip([
                        "recovery.x",
                        "recovery.y",
                        "recovery.width",
                        "recovery.depth",
                        "recovery.strength",
                    ]) {
                        let label = texts.f(
                            "recovery.field_of",
                            &[("field", texts.t(key)), ("unit", &(index + 1).to_string())],
                        );
                        let response = ui.add(egui::TextEdit::singleline(text).desired_width(44.0));
                        response.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::TextInput, true, &label)
                        });
                    }
                    let selected = KINDS
                        .iter()
                        .find(|(k, _)| *k == enemy.kind)
                        .map_or("", |(_, key)| texts.t(key));
                    let kind_label = texts.f(
                        "recovery.field_of",
                        &[
                            ("field", texts.t("recovery.kind")),
                            ("unit", &(index + 1).to_string()),
                        ],
                    );
                    let response = egui::ComboBox::from_id_salt(("recovery.kind", index))
                        .selected_text(selected)
                        .show_ui(ui, |ui| {
                            for (kind, key) in KINDS {
                                ui.selectable_value(&mut enemy.kind, kind, texts.t(key));
                            }
                        })
                        .response;
                    response.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::ComboBox, true, &kind_label)
                    });
                    if ui.small_button(texts.t("recovery.remove")).clicked() {
                        remove = Some(index);
                    }
                    ui.end_row();
                }
            });
        if let Some(index) = remove {
            self.enemies.remove(index);
        }
        if ui.button(texts.t("recovery.add")).clicked() {
            self.enemies.push(EnemyFields::default());
        }
        let enemies: Result<Vec<EnemyUnit>, String> = self
            .enemies
            .iter()
            .enumerate()
            .filter(|(_, e)| e.numbers.iter().any(|n| !n.trim().is_empty()))
            .map(|(i, e)| enemy_of(texts, i, e))
            .collect();
        let enemies = match enemies {
            Ok(enemies) => enemies,
            Err(e) => {
                ui.colored_label(ui.visuals().error_fg_color, e);
                return;
            }
        };
        let Some(card) = line.card_shape(self.card) else {
            return;
        };
        let card_label = (self.card + 1).to_string();
        for (index, enemy) in enemies.iter().enumerate() {
            let gap = texts.decimal(distance(&card, &enemy.shape), 2);
            let key = if enemy.eligible() {
                "recovery.gap.eligible"
            } else {
                "recovery.gap.not_eligible"
            };
            ui.label(texts.f(
                key,
                &[
                    ("unit", &(index + 1).to_string()),
                    ("gap", &gap),
                    ("card", &card_label),
                ],
            ));
        }
        match eligible_enemy_within_3_in(&card, &enemies) {
            Some(index) => ui.colored_label(
                ui.visuals().warn_fg_color,
                texts.f(
                    "recovery.blocked",
                    &[("unit", &(index + 1).to_string()), ("card", &card_label)],
                ),
            ),
            None => ui.label(texts.f("recovery.free", &[("card", &card_label)])),
        };
    }
}
