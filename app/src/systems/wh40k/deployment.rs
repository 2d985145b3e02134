//! The deployment choice on the table canvas (F1): who chooses now, each
//! open zone as a button with the reason it is offered and as a dashed
//! outline on the table; the zones chosen are the table's marker pieces,
//! labelled with their players. Unit pieces named like an army unit show
//! its state: a destroyed or removed unit greyed out, a fleeing one
//! marked (PF1).

use eframe::egui;
use feldherr_table::geometry::{Point, Shape};
use feldherr_wh40k_ffa::{FfaEdit, ZoneSlot};

use feldherr_table::Table;
use feldherr_wh40k_ffa::words::{name_of, unit_of};
use feldherr_wh40k_ffa::{FreeForAll, UnitStatus};

use super::{command, error_line, ffa, rounds::refusal_text, try_edit};
use crate::i18n::Texts;
use crate::systems::{GameContext, View};
use crate::ui::table_canvas::{Overlay, OverlayItem, Tone};

/// The closed outline of a zone shape (rectangles; other shapes give
/// none).
fn outline(shape: &Shape) -> Option<Vec<Point>> {
    match shape {
        Shape::Rect(r) => {
            let mut points = r.corners().to_vec();
            points.push(*points.first()?);
            Some(points)
        }
        _ => None,
    }
}

/// Where an open zone's name is written: a corner's in its middle, a long
/// edge's just inside the table beyond the strip, so that it does not
/// cover the corners' names on the same edge.
fn option_label_at(slot: ZoneSlot, shape: &Shape) -> Point {
    let b = shape.bounds();
    let x = (b.min.x + b.max.x) / 2.0;
    match slot {
        ZoneSlot::BottomEdge => Point::new(x, b.max.y + 2.0),
        ZoneSlot::TopEdge => Point::new(x, b.min.y - 2.0),
        _ => shape.centroid(),
    }
}

/// The pieces of units that are not in the fight, marked: the outline of
/// a destroyed or removed unit in the "no longer matters" tone, of a
/// fleeing unit in the warning tone, each with its state written beside
/// (above) the piece, not over it. A piece belongs to a unit when it is a
/// unit or vehicle named like it ("Orkboyz" or "Orkboyz of Ben").
fn unit_marks(game: &FreeForAll, texts: &Texts, table: &Table, overlay: &mut Overlay) {
    for row in game.unit_rows() {
        let tone = match row.status {
            UnitStatus::Active => continue,
            UnitStatus::Fleeing { .. } => Tone::Violation,
            UnitStatus::Destroyed { .. } | UnitStatus::Removed { .. } => Tone::Miss,
        };
        let full = unit_of(game, texts, row.unit);
        for piece in table.pieces().iter().filter(|p| {
            matches!(p.kind.as_str(), "unit" | "vehicle")
                && (p.name.trim().eq_ignore_ascii_case(&row.name)
                    || p.name.trim().eq_ignore_ascii_case(&full))
        }) {
            let b = piece.shape.bounds();
            let (lo, hi) = (b.min, b.max);
            let ring = vec![
                Point::new(lo.x, lo.y),
                Point::new(hi.x, lo.y),
                Point::new(hi.x, hi.y),
                Point::new(lo.x, hi.y),
                Point::new(lo.x, lo.y),
            ];
            overlay.push(OverlayItem::line(ring, tone).dashed());
            // Above the piece (its own name is written below it), or
            // below when it stands at the far edge.
            let beside = if hi.y + 3.0 < table.depth() {
                hi.y + 1.5
            } else {
                lo.y - 1.5
            };
            overlay.push(OverlayItem::label(
                Point::new((lo.x + hi.x) / 2.0, beside),
                format!("{}: {}", row.name, texts.t(row.status.label_key())),
                tone,
            ));
        }
    }
}

/// Each player's deployment zone and the pieces of his units outlined in
/// his colour and mark (the one colour per player of the side panel and
/// the unit list). A zone piece carries its player's name; a unit's piece
/// is found as in [`unit_marks`].
fn owners(game: &FreeForAll, texts: &Texts, table: &Table, overlay: &mut Overlay) {
    for (piece, seat) in feldherr_wh40k_ffa::words::piece_owners(game, texts, table) {
        overlay.owner(piece, seat);
    }
}

/// What the chosen zones and the units put over the table: each zone and
/// unit piece outlined in its player's colour, the units out of the fight
/// marked, and the player's name on a chosen zone only where no zone
/// piece of his is on the table (the piece's own label names him: the
/// name twice, "Cem" over "Cem", was issue #27's doubled label). Also the
/// zones with their names, for the line above the canvas.
pub fn chosen_overlay(game: &FreeForAll, texts: &Texts, table: &Table) -> (Overlay, Vec<String>) {
    let mut overlay = Overlay::default();
    owners(game, texts, table, &mut overlay);
    let mut listed = Vec::new();
    if let Ok(zones) = game.zones(table) {
        let zone_pieces: Vec<usize> = overlay
            .owners
            .iter()
            .filter(|(id, _)| {
                table
                    .piece(*id)
                    .is_some_and(|p| p.kind == feldherr_wh40k_ffa::deployment::ZONE_KIND)
            })
            .map(|(_, seat)| *seat)
            .collect();
        for (seat, slot, shape) in zones {
            let player = name_of(game, texts, seat);
            listed.push(format!("{player}: {}", texts.t(&slot.label_key())));
            if !zone_pieces.contains(&seat) {
                overlay.push(OverlayItem::label(shape.centroid(), player, Tone::Info));
            }
        }
    }
    unit_marks(game, texts, table, &mut overlay);
    (overlay, listed)
}

/// Draws the deployment step above the canvas and returns its overlay.
pub fn table_header(ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) -> Overlay {
    let texts = ctx.texts;
    let game = ffa(ctx.doc);
    let table = ctx.doc.table_or_default();
    if game.players().is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("ffa.deploy.no_players"));
            if ui.button(texts.t("ffa.side.go_players")).clicked() {
                *ctx.view = View::System("players");
            }
        });
        return Overlay::default();
    }
    // On the table only the player's name (the zone piece's label); the
    // zones with their names are listed above.
    let (mut overlay, listed) = chosen_overlay(game, texts, &table);
    if !listed.is_empty() {
        ui.label(texts.f("ffa.deploy.zones", &[("zones", &listed.join("; "))]));
    }
    let chosen = game.deployment().map_or(0, |d| d.choices.len());
    match game.deployment_step() {
        Some(step) => {
            let player = name_of(game, texts, step.seat);
            ui.horizontal_wrapped(|ui| {
                ui.strong(texts.f(
                    "ffa.deploy.chooses",
                    &[
                        ("player", &player),
                        ("n", &(step.position + 1).to_string()),
                        ("of", &game.players().len().to_string()),
                    ],
                ));
                ui.weak(format!("({})", step.rule));
            });
            if step.options.len() == 1 {
                ui.weak(texts.t("ffa.deploy.only_one"));
            }
            for option in &step.options {
                let name = texts.t(&option.slot.label_key()).to_owned();
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .button(texts.f("ffa.deploy.take", &[("zone", &name)]))
                        .clicked()
                    {
                        let edit = FfaEdit::ChooseZone {
                            seat: step.seat,
                            slot: option.slot,
                        };
                        match try_edit(ctx.doc, &edit) {
                            Ok(()) => ctx.commands.push(command(edit)),
                            Err(e) => ctx.commands.push(crate::systems::GameCommand::ShowError(
                                refusal_text(texts, &e),
                            )),
                        }
                    }
                    ui.label(texts.message(&option.message));
                });
                match game.zone_shape(option.slot, &table) {
                    Ok(shape) => {
                        if let Some(points) = outline(&shape) {
                            overlay.push(OverlayItem::line(points, Tone::Aim).dashed());
                        }
                        overlay.push(OverlayItem::label(
                            option_label_at(option.slot, &shape),
                            name.clone(),
                            Tone::Aim,
                        ));
                    }
                    Err(e) => error_line(ui, &refusal_text(texts, &e)),
                }
            }
        }
        None => {
            ui.label(texts.t("ffa.deploy.done"));
        }
    }
    if chosen > 0 && ui.button(texts.t("ffa.deploy.take_back")).clicked() {
        ctx.commands.push(command(FfaEdit::TakeBackZone));
    }
    overlay
}
