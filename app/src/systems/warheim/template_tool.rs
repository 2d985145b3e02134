//! The template on the table (lines 215-223, PH21): a blast, a large
//! blast, a teardrop or a large teardrop laid by typing where it goes or
//! by dragging its grips on the canvas. The fighters under it are computed
//! by the crate (`Warheim::under_template`, the bases it overlaps) and
//! listed by name; the players may overrule the list fighter by fighter.

use std::collections::BTreeMap;

use eframe::egui;
use feldherr_play::Id;
use feldherr_table::Table;
use feldherr_table::geometry::{Point, Shape};
use feldherr_warheim::on_table::TemplatePlacement;
use feldherr_warheim::on_table::template::reach;
use feldherr_warheim::{Template, Warheim};

use super::{error_line, fighter_name};
use crate::i18n::Texts;
use crate::ui::table_canvas::{HandleEvent, Overlay, OverlayHandle, OverlayItem, Tone};

/// The id of the grip at the template's centre (a blast) or narrow end.
pub const HANDLE_AT: u64 = 0x5748_7401;
/// The id of the grip that turns a teardrop.
pub const HANDLE_TIP: u64 = 0x5748_7402;

/// Every template of the text.
pub const TEMPLATES: [Template; 4] = [
    Template::Blast,
    Template::LargeBlast,
    Template::Teardrop,
    Template::LargeTeardrop,
];

/// The template laid on the table, with the players' word on who is
/// under it.
#[derive(Debug)]
pub struct TemplateTool {
    kind: Template,
    x: String,
    y: String,
    direction: String,
    /// The template on the table, if laid.
    pub placement: Option<TemplatePlacement>,
    /// The players' word where it differs from the table: under or not.
    overrides: BTreeMap<Id, bool>,
    /// Laid at a firer: he is never under it, and with `true` only those
    /// he sees are (a teardrop at the firer, line 215).
    firer: Option<(Id, bool)>,
    error: Option<String>,
}

impl Default for TemplateTool {
    fn default() -> Self {
        Self {
            kind: Template::Blast,
            x: "18".into(),
            y: "18".into(),
            direction: "0".into(),
            placement: None,
            overrides: BTreeMap::new(),
            firer: None,
            error: None,
        }
    }
}

fn number(texts: &Texts, key: &str, value: &str) -> Result<f64, String> {
    value
        .trim()
        .replace(',', ".")
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| {
            texts.f(
                "wh.not_number",
                &[("field", texts.t(key)), ("value", value.trim())],
            )
        })
}

impl TemplateTool {
    /// Lays `placement` (a new template forgets the players' overrides).
    pub fn lay(&mut self, placement: TemplatePlacement) {
        self.kind = placement.template;
        self.x = format!("{:.1}", placement.at.x);
        self.y = format!("{:.1}", placement.at.y);
        self.direction = format!("{:.0}", placement.direction);
        self.placement = Some(placement);
        self.overrides.clear();
        self.firer = None;
        self.error = None;
    }

    /// Lays `placement` at `firer`'s base; with `in_sight` only the
    /// fighters he sees count as under it.
    pub fn lay_at(&mut self, placement: TemplatePlacement, firer: Id, in_sight: bool) {
        self.lay(placement);
        self.firer = Some((firer, in_sight));
    }

    /// Who the table puts under the template (the crate's measure).
    pub fn measured(&self, game: &Warheim, table: &Table) -> Vec<Id> {
        self.placement
            .and_then(|p| {
                let (firer, in_sight) = self.firer.unzip();
                game.under_template(table, &p, firer, in_sight.unwrap_or(false))
                    .ok()
            })
            .unwrap_or_default()
    }

    /// Who is under the template: the table's list with the players'
    /// overrides.
    pub fn under(&self, game: &Warheim, table: &Table) -> Vec<Id> {
        let mut out: Vec<Id> = self
            .measured(game, table)
            .into_iter()
            .filter(|id| self.overrides.get(id) != Some(&false))
            .collect();
        for (id, on) in &self.overrides {
            if *on && !out.contains(id) {
                out.push(*id);
            }
        }
        out
    }

    /// The form: the template, where it goes, and who is under it.
    pub fn form(&mut self, ui: &mut egui::Ui, texts: &Texts, game: &Warheim, table: &Table) {
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::new("wh.template.kind", texts.t("wh.template.kind"))
                .selected_text(texts.t(&format!("wh.template.{:?}", self.kind)))
                .show_ui(ui, |ui| {
                    for t in TEMPLATES {
                        ui.selectable_value(
                            &mut self.kind,
                            t,
                            texts.t(&format!("wh.template.{t:?}")),
                        );
                    }
                });
            for (key, value) in [
                ("wh.template.x", &mut self.x),
                ("wh.template.y", &mut self.y),
                ("wh.template.direction", &mut self.direction),
            ] {
                super::text_field(ui, texts.t(key), value, 40.0);
            }
            if ui.button(texts.t("wh.template.lay")).clicked() {
                match (
                    number(texts, "wh.template.x", &self.x),
                    number(texts, "wh.template.y", &self.y),
                    number(texts, "wh.template.direction", &self.direction),
                ) {
                    (Ok(x), Ok(y), Ok(direction)) => self.lay(TemplatePlacement {
                        template: self.kind,
                        at: Point::new(x, y),
                        direction,
                    }),
                    (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => self.error = Some(e),
                }
            }
            if self.placement.is_some() && ui.button(texts.t("wh.template.lift")).clicked() {
                self.placement = None;
                self.overrides.clear();
            }
        });
        error_line(ui, self.error.as_ref());
        if self.placement.is_none() {
            ui.label(texts.t("wh.template.hint"));
            return;
        }
        self.under_list(ui, texts, game, table);
    }

    /// Who is under the template, by name, each with the players'
    /// overrule.
    pub fn under_list(&mut self, ui: &mut egui::Ui, texts: &Texts, game: &Warheim, table: &Table) {
        let measured = self.measured(game, table);
        let under = self.under(game, table);
        let names: Vec<String> = under.iter().map(|id| fighter_name(game, *id)).collect();
        ui.label(texts.f(
            "wh.template.under",
            &[
                ("count", &under.len().to_string()),
                (
                    "names",
                    &if names.is_empty() {
                        texts.t("wh.roster.none").to_owned()
                    } else {
                        names.join(", ")
                    },
                ),
            ],
        ));
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("wh.template.overrule"));
            for r in &game.rosters {
                for f in r.fighters.iter().filter(|f| !f.down()) {
                    if game.piece_of(table, f.id).is_none() {
                        continue;
                    }
                    let table_says = measured.contains(&f.id);
                    let mut on = under.contains(&f.id);
                    if ui.checkbox(&mut on, &f.name).changed() {
                        if on == table_says {
                            self.overrides.remove(&f.id);
                        } else {
                            self.overrides.insert(f.id, on);
                        }
                    }
                }
            }
        });
    }

    /// Draws the template and its grips, and rings the fighters under it.
    pub fn overlay(&self, overlay: &mut Overlay, texts: &Texts, game: &Warheim, table: &Table) {
        let Some(p) = self.placement else {
            return;
        };
        let label = texts.t(&format!("wh.template.{:?}", p.template)).to_owned();
        match p.shape() {
            Ok(Shape::Circle(c)) => {
                overlay
                    .push(OverlayItem::circle(c.center(), c.radius(), Tone::Aim).labelled(label));
            }
            Ok(Shape::Polygon(poly)) => {
                let mut points = poly.vertices().to_vec();
                if let Some(first) = points.first().copied() {
                    points.push(first);
                }
                overlay.push(OverlayItem::line(points, Tone::Aim).labelled(label));
            }
            Ok(Shape::Rect(_)) | Err(_) => {}
        }
        overlay.handle(OverlayHandle {
            id: HANDLE_AT,
            at: p.at,
            anchor: None,
            tone: Tone::Aim,
        });
        if matches!(p.template, Template::Teardrop | Template::LargeTeardrop) {
            let a = p.direction.to_radians();
            let l = reach(p.template);
            overlay.handle(OverlayHandle {
                id: HANDLE_TIP,
                at: Point::new(p.at.x + l * a.cos(), p.at.y + l * a.sin()),
                anchor: Some(p.at),
                tone: Tone::Aim,
            });
        }
        for id in self.under(game, table) {
            if let Some(piece) = game.piece_of(table, id) {
                overlay.highlight(piece.id, Tone::Hit);
            }
        }
    }

    /// A grip of the template was dragged: true when it was one of its own.
    pub fn handle(&mut self, event: HandleEvent) -> bool {
        let (HandleEvent::Moved { id, to } | HandleEvent::Released { id, to }) = event;
        let Some(mut p) = self.placement else {
            return false;
        };
        match id {
            HANDLE_AT => p.at = to,
            HANDLE_TIP => {
                let (dx, dy) = (to.x - p.at.x, to.y - p.at.y);
                if dx.hypot(dy) > 1e-6 {
                    p.direction = dy.atan2(dx).to_degrees();
                }
            }
            _ => return false,
        }
        let overrides = std::mem::take(&mut self.overrides);
        let firer = self.firer;
        self.lay(p);
        self.overrides = overrides;
        // Dragged away from the firer's base, it is a placed template.
        self.firer = firer.filter(|_| id == HANDLE_TIP);
        true
    }
}
