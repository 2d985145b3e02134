//! The fighters on the table canvas: each placed fighter's base with its
//! front half drawn solid and its rear half dashed (the rear does not see),
//! his name and state; the line of a selected attack; and the form that
//! places a fighter (then he is dragged and turned on the canvas).

use eframe::egui;
use feldherr_play::Id;
use feldherr_table::geometry::{Point, Shape};
use feldherr_warheim::Warheim;
use feldherr_warheim::{Condition, WarheimEdit, WarheimKind};

use super::{error_line, fighter_name, try_edit, wh};
use crate::systems::GameContext;
use crate::ui::table_canvas::{Overlay, OverlayItem, Tone};

/// The arc of `radius` about `center` from `from` to `to` degrees.
fn arc(center: Point, radius: f64, from: f64, to: f64) -> Vec<Point> {
    (0..=12)
        .map(|i| {
            let a = (from + (to - from) * f64::from(i) / 12.0).to_radians();
            Point::new(center.x + radius * a.cos(), center.y + radius * a.sin())
        })
        .collect()
}

/// The place form's fields, kept between frames.
#[derive(Debug)]
pub struct PlaceForm {
    fighter: Option<Id>,
    x: String,
    y: String,
    facing: String,
    error: Option<String>,
    elevation: String,
    height: String,
    /// The fighter or piece the height fields were filled for.
    filled: Option<(Option<Id>, Option<u64>)>,
    /// The piece selected on the canvas last frame.
    selected: Option<u64>,
}

impl Default for PlaceForm {
    fn default() -> Self {
        Self {
            fighter: None,
            x: "18".into(),
            y: "18".into(),
            facing: "90".into(),
            error: None,
            elevation: "0".into(),
            height: String::new(),
            filled: None,
            selected: None,
        }
    }
}

/// Parses a decimal typed in `field` (a decimal comma taken).
fn number(texts: &crate::i18n::Texts, key: &str, value: &str) -> Result<f64, String> {
    value.trim().replace(',', ".").parse::<f64>().map_err(|_| {
        texts.f(
            "wh.not_number",
            &[("field", texts.t(key)), ("value", value.trim())],
        )
    })
}

/// The chosen fighter's elevation above the table (SetElevation) and the
/// selected terrain piece's height (SetHeight; empty: its kind's).
fn heights(ui: &mut egui::Ui, ctx: &mut GameContext<'_, Warheim>, form: &mut PlaceForm) {
    let texts = ctx.texts;
    let game = wh(ctx.doc);
    let selected = ctx.canvas.selected();
    // A fighter selected on the table is the one the form is for.
    if selected != form.selected {
        form.selected = selected;
        if let Some((f, _)) = game.pieces.iter().find(|(_, p)| Some(**p) == selected) {
            form.fighter = Some(*f);
        }
    }
    let terrain = selected.filter(|p| !game.pieces.values().any(|x| x == p));
    if form.filled != Some((form.fighter, terrain)) {
        form.elevation = form
            .fighter
            .map_or(0.0, |f| game.elevations.get(&f).copied().unwrap_or(0.0))
            .to_string();
        form.height = terrain
            .and_then(|p| game.heights.get(&p))
            .map_or_else(String::new, f64::to_string);
        form.filled = Some((form.fighter, terrain));
    }
    ui.horizontal_wrapped(|ui| {
        if let Some(fighter) = form.fighter {
            let name = fighter_name(game, fighter);
            super::text_field(
                ui,
                texts.f("wh.place.elevation", &[("name", &name)]),
                &mut form.elevation,
                36.0,
            );
            match number(texts, "wh.place.elevation_field", &form.elevation) {
                Ok(elevation) => {
                    ctx.edit_button(
                        ui,
                        texts.t("wh.place.set_elevation"),
                        WarheimEdit::SetElevation { fighter, elevation },
                        &|e| texts.error(e),
                    );
                }
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            }
        }
        if let Some(piece) = terrain {
            let name = ctx
                .table()
                .piece(piece)
                .map_or_else(String::new, |p| p.name.clone());
            super::text_field(
                ui,
                texts.f("wh.place.height", &[("name", &name)]),
                &mut form.height,
                36.0,
            );
            let height = if form.height.trim().is_empty() {
                Ok(None)
            } else {
                number(texts, "wh.place.height_field", &form.height).map(Some)
            };
            match height {
                Ok(height) => {
                    ctx.edit_button(
                        ui,
                        texts.t("wh.place.set_height"),
                        WarheimEdit::SetHeight { piece, height },
                        &|e| texts.error(e),
                    );
                }
                Err(e) => {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            }
        }
    });
}

/// Draws the place form above the canvas and returns the overlay.
pub fn header(
    ui: &mut egui::Ui,
    ctx: &mut GameContext<'_, Warheim>,
    viewer: Option<usize>,
    form: &mut PlaceForm,
) -> Overlay {
    let texts = ctx.texts;
    let game = wh(ctx.doc);
    let table = ctx.doc.table_or_default();
    {
        ui.horizontal_wrapped(|ui| {
            let shown = form.fighter.map_or_else(
                || texts.t("wh.attack.choose").to_owned(),
                |f| fighter_name(game, f),
            );
            egui::ComboBox::new("wh.place.fighter", texts.t("wh.place.fighter"))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for r in &game.rosters {
                        for f in &r.fighters {
                            let placed = game.piece_of(&table, f.id).is_some();
                            let label = if placed {
                                format!("{} ({})", f.name, texts.t("wh.place.placed"))
                            } else {
                                f.name.clone()
                            };
                            ui.selectable_value(&mut form.fighter, Some(f.id), label);
                        }
                    }
                });
            for (key, value) in [
                ("wh.place.x", &mut form.x),
                ("wh.place.y", &mut form.y),
                ("wh.place.facing", &mut form.facing),
            ] {
                super::text_field(ui, texts.t(key), value, 36.0);
            }
            if ui.button(texts.t("wh.place.button")).clicked() {
                let num = |key: &str, v: &str| {
                    v.trim().replace(',', ".").parse::<f64>().map_err(|_| {
                        texts.f(
                            "wh.not_number",
                            &[("field", texts.t(key)), ("value", v.trim())],
                        )
                    })
                };
                form.error = match (
                    form.fighter,
                    num("wh.place.x", &form.x),
                    num("wh.place.y", &form.y),
                    num("wh.place.facing", &form.facing),
                ) {
                    (None, ..) => Some(texts.t("wh.place.pick").to_owned()),
                    (_, Err(e), _, _) | (_, _, Err(e), _) | (_, _, _, Err(e)) => Some(e),
                    (Some(fighter), Ok(x), Ok(y), Ok(facing)) => try_edit(
                        ctx.doc,
                        ctx.commands,
                        ctx.texts,
                        WarheimEdit::Place {
                            fighter,
                            at: Point::new(x, y),
                            facing,
                        },
                    )
                    .err(),
                };
            }
            ui.label(texts.t("wh.place.hint"));
        });
        heights(ui, ctx, form);
        error_line(ui, form.error.as_ref());
    }
    let mut overlay = Overlay::default();
    for (p, roster) in game.rosters.iter().enumerate() {
        let commander = match viewer {
            None => roster.commander,
            Some(v) => game.commander_seen(p, v),
        };
        for f in &roster.fighters {
            let Some(piece) = game.piece_of(&table, f.id) else {
                continue;
            };
            // Each fighter in his player's colour and mark (issue #27).
            overlay.owner(piece.id, p);
            let center = piece.center();
            let radius = match &piece.shape {
                Shape::Circle(c) => c.radius(),
                other => {
                    let b = other.bounds();
                    (b.max.x - b.min.x) / 2.0
                }
            } * 1.2;
            let facing = piece.facing_angle().map_or(0.0, |a| a.degrees());
            overlay.push(OverlayItem::line(
                arc(center, radius, facing - 90.0, facing + 90.0),
                Tone::Path,
            ));
            overlay.push(
                OverlayItem::line(
                    arc(center, radius, facing + 90.0, facing + 270.0),
                    Tone::Miss,
                )
                .dashed(),
            );
            let state = if f.has(Condition::Dead) {
                Some((Tone::Hit, Condition::Dead))
            } else if f.has(Condition::Unconscious) {
                Some((Tone::Hit, Condition::Unconscious))
            } else if f.has(Condition::Panic) {
                Some((Tone::Violation, Condition::Panic))
            } else if f.has(Condition::Stupor) {
                Some((Tone::Violation, Condition::Stupor))
            } else if f.has(Condition::Hidden) {
                Some((Tone::Miss, Condition::Hidden))
            } else {
                None
            };
            // The canvas prints the name; the overlay adds the state and,
            // where the viewer may know it, the commander.
            let mut marks = Vec::new();
            if commander == Some(f.id) {
                marks.push(texts.t("wh.commander_mark"));
            }
            let tone = match state {
                Some((tone, c)) => {
                    marks.push(texts.t(c.key()));
                    tone
                }
                None => Tone::Info,
            };
            if !marks.is_empty() {
                let text = format!("{}: {}", f.name, marks.join(", "));
                overlay.push(OverlayItem::about_piece(center, radius, text, tone));
            }
        }
    }
    // The selected attack: lines from the attacker to his targets.
    if let Some(WarheimKind::Attack(spec)) = ctx
        .selected
        .and_then(|i| game.resolutions.get(i))
        .map(|r| r.kind())
        && let Some(from) = game.piece_of(&table, spec.attacker.id)
    {
        for t in &spec.targets {
            if let Some(to) = game.piece_of(&table, t.target.id) {
                overlay
                    .push(OverlayItem::line(vec![from.center(), to.center()], Tone::Aim).arrow());
                overlay.highlight(to.id, Tone::Aim);
            }
        }
    }
    overlay
}
