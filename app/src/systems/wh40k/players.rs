//! The Players tab: three or four players, each with his army typed as
//! one unit a line (`name, models, Leadership, Initiative`), and the
//! mission's deployment zone sizes (F1).

use eframe::egui;
use feldherr_play::Id;
use feldherr_wh40k_ffa::army::{MAX_MODELS, MAX_PLAYERS, MAX_UNITS, MIN_PLAYERS};
use feldherr_wh40k_ffa::{FfaEdit, FreeForAll, Player, UnitProfile, ZoneSizes};

use super::{command, error_line, ffa, rounds::refusal_text, try_edit};
use crate::i18n::Texts;
use crate::systems::GameContext;

/// The most player rows the form offers (so that five can be tried and
/// refused with the reason).
const MAX_ROWS: usize = 6;

/// One player as typed.
#[derive(Debug, Clone, Default, PartialEq)]
struct Draft {
    name: String,
    army: String,
}

/// The Players tab's fields.
#[derive(Debug, Default)]
pub struct PlayersTab {
    seen: Option<(Vec<Player>, ZoneSizes, Vec<usize>)>,
    drafts: Vec<Draft>,
    sizes: [String; 3],
    order: String,
    errors: Vec<String>,
    /// Refusals of the zone sizes and the deployment order, shown under
    /// them.
    lower_errors: Vec<String>,
    saved: bool,
}

/// A unit as a line of the army field.
fn unit_line(u: &UnitProfile) -> String {
    format!(
        "{}, {}, {}, {}",
        u.name, u.models, u.leadership, u.initiative
    )
}

/// Whether the game has begun: players are then fixed (armies can still
/// change).
fn begun(game: &FreeForAll) -> bool {
    game.deployment().is_some_and(|d| !d.choices.is_empty())
        || game.turn_order().is_some_and(|t| t.started())
        || !game.saved().is_empty()
}

/// Reads one army field. Units keep their id when a unit of that name was
/// in the player's army; new ones get fresh ids from `next`.
fn parse_army(
    texts: &Texts,
    player: &str,
    text: &str,
    old: &[UnitProfile],
    next: &mut Id,
) -> Result<Vec<UnitProfile>, Vec<String>> {
    let mut units = Vec::new();
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let n = (i + 1).to_string();
        let at = |key: &str, args: &[(&str, &str)]| {
            let mut all = vec![("player", player), ("line", n.as_str())];
            all.extend_from_slice(args);
            texts.f(key, &all)
        };
        let parts: Vec<&str> = line.rsplitn(4, ',').map(str::trim).collect();
        let [initiative, leadership, models, name] = parts.as_slice() else {
            problems.push(at("ffa.army.format", &[("text", line)]));
            continue;
        };
        let mut number = |field: &str, value: &str, max: u32| -> Option<u32> {
            let label = texts.t(field);
            match value.parse::<u32>() {
                Ok(v) if (1..=max).contains(&v) => Some(v),
                Ok(_) => {
                    problems.push(at(
                        "ffa.army.range",
                        &[
                            ("field", label),
                            ("value", value),
                            ("max", &max.to_string()),
                        ],
                    ));
                    None
                }
                Err(_) => {
                    problems.push(at(
                        "ffa.army.not_number",
                        &[("field", label), ("value", value)],
                    ));
                    None
                }
            }
        };
        let m = number("ffa.unit.models", models, MAX_MODELS);
        let ld = number("ffa.unit.leadership", leadership, 10);
        let ini = number("ffa.unit.initiative", initiative, 10);
        if name.is_empty() {
            problems.push(at("ffa.army.no_name", &[]));
            continue;
        }
        let (Some(m), Some(ld), Some(ini)) = (m, ld, ini) else {
            continue;
        };
        let id = match old.iter().find(|u| u.name == *name) {
            Some(u) if !units.iter().any(|x: &UnitProfile| x.id == u.id) => u.id,
            _ => {
                let id = *next;
                *next = Id(next.0 + 1);
                id
            }
        };
        units.push(UnitProfile {
            id,
            name: (*name).to_owned(),
            models: m,
            leadership: ld as u8,
            initiative: ini as u8,
        });
    }
    if units.len() > MAX_UNITS {
        problems.push(texts.f(
            "ffa.army.too_many",
            &[("player", player), ("max", &MAX_UNITS.to_string())],
        ));
    }
    if problems.is_empty() {
        Ok(units)
    } else {
        Err(problems)
    }
}

impl PlayersTab {
    fn sync(&mut self, game: &FreeForAll) {
        let order = game
            .deployment()
            .map(|d| d.order.clone())
            .unwrap_or_default();
        let now = (game.players().to_vec(), *game.zone_sizes(), order);
        if self.seen.as_ref() == Some(&now) {
            return;
        }
        self.drafts = game
            .players()
            .iter()
            .map(|p| Draft {
                name: p.name.clone(),
                army: p.army.iter().map(unit_line).collect::<Vec<_>>().join("\n"),
            })
            .collect();
        if self.drafts.is_empty() {
            self.drafts = vec![Draft::default(); MIN_PLAYERS];
        }
        let sizes = now.1;
        self.sizes = [
            sizes.corner_width.to_string(),
            sizes.corner_depth.to_string(),
            sizes.strip_depth.to_string(),
        ];
        self.order = now
            .2
            .iter()
            .map(|s| (s + 1).to_string())
            .collect::<Vec<_>>()
            .join(", ");
        self.seen = Some(now);
    }

    /// Draws the tab.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) {
        let texts = ctx.texts;
        let game = ffa(ctx.doc);
        self.sync(game);
        let locked = begun(game);
        ui.heading(texts.t("ffa.players.title"));
        ui.label(texts.t("ffa.players.help"));
        if locked {
            ui.weak(texts.t("ffa.players.locked"));
        }
        ui.add_space(4.0);
        let mut remove = None;
        let rows = self.drafts.len();
        for (i, draft) in self.drafts.iter_mut().enumerate() {
            let n = (i + 1).to_string();
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    let label = ui.label(texts.f("ffa.players.name", &[("n", &n)]));
                    ui.add_enabled(
                        !locked,
                        egui::TextEdit::singleline(&mut draft.name).desired_width(200.0),
                    )
                    .labelled_by(label.id);
                    if !locked
                        && rows > 1
                        && ui
                            .small_button(texts.f("ffa.players.remove", &[("n", &n)]))
                            .clicked()
                    {
                        remove = Some(i);
                    }
                });
                let label = ui.label(texts.f("ffa.players.army", &[("n", &n)]));
                ui.add(
                    egui::TextEdit::multiline(&mut draft.army)
                        .desired_rows(3)
                        .desired_width(f32::INFINITY)
                        .hint_text(texts.t("ffa.players.army_hint")),
                )
                .labelled_by(label.id);
            });
            ui.add_space(2.0);
        }
        if let Some(i) = remove {
            self.drafts.remove(i);
            self.saved = false;
        }
        ui.horizontal_wrapped(|ui| {
            if !locked
                && self.drafts.len() < MAX_ROWS
                && ui.button(texts.t("ffa.players.add")).clicked()
            {
                self.drafts.push(Draft::default());
                self.saved = false;
            }
            if ui.button(texts.t("ffa.players.save")).clicked() {
                self.save(ctx, locked);
            }
        });
        for e in &self.errors {
            error_line(ui, e);
        }
        if self.saved && self.errors.is_empty() {
            ui.label(texts.t("ffa.players.saved"));
        }
        ui.separator();
        self.zone_sizes(ui, ctx);
        if !game.players().is_empty() {
            ui.separator();
            self.deployment_order(ui, ctx);
        }
        for e in &self.lower_errors {
            error_line(ui, e);
        }
    }

    /// Who chooses a zone first, second, ... (P24).
    fn deployment_order(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) {
        let texts = ctx.texts;
        let game = ffa(ctx.doc);
        ui.label(egui::RichText::new(texts.t("ffa.order_deploy.title")).strong());
        if let Some(d) = game.deployment() {
            let names: Vec<String> = d
                .order
                .iter()
                .enumerate()
                .map(|(i, &s)| {
                    format!(
                        "{}. {}",
                        i + 1,
                        feldherr_wh40k_ffa::words::name_of(game, texts, s)
                    )
                })
                .collect();
            ui.weak(names.join("  "));
        }
        ui.horizontal(|ui| {
            let label = ui.label(texts.t("ffa.order_deploy.field"));
            ui.add(egui::TextEdit::singleline(&mut self.order).desired_width(100.0))
                .labelled_by(label.id);
            if ui.button(texts.t("ffa.order_deploy.save")).clicked() {
                self.lower_errors.clear();
                let parsed: Result<Vec<usize>, String> = self
                    .order
                    .split(',')
                    .map(|part| {
                        let part = part.trim();
                        match part.parse::<usize>() {
                            Ok(n) if n >= 1 => Ok(n - 1),
                            _ => Err(texts.f("ffa.sizes.bad_seat", &[("value", part)])),
                        }
                    })
                    .collect();
                match parsed {
                    Ok(order) => {
                        let edit = FfaEdit::SetDeploymentOrder(order);
                        match try_edit(ctx.doc, &edit) {
                            Ok(()) => ctx.commands.push(command(edit)),
                            Err(e) => self.lower_errors.push(refusal_text(texts, &e)),
                        }
                    }
                    Err(e) => self.lower_errors.push(e),
                }
            }
        });
    }

    fn save(&mut self, ctx: &mut GameContext<'_, FreeForAll>, locked: bool) {
        let texts = ctx.texts;
        let game = ffa(ctx.doc);
        self.errors.clear();
        self.saved = false;
        let count = self.drafts.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&count) {
            self.errors
                .push(texts.f("ffa.players.count", &[("n", &count.to_string())]));
            return;
        }
        for (i, d) in self.drafts.iter().enumerate() {
            let n = (i + 1).to_string();
            if d.name.trim().is_empty() {
                self.errors
                    .push(texts.f("ffa.players.no_name", &[("n", &n)]));
            } else if self.drafts[..i]
                .iter()
                .any(|o| o.name.trim() == d.name.trim())
            {
                self.errors
                    .push(texts.f("ffa.players.same_name", &[("name", d.name.trim())]));
            }
        }
        let all_old: Vec<Id> = game
            .players()
            .iter()
            .flat_map(|p| p.army.iter().map(|u| u.id))
            .collect();
        let mut next = Id::next_after(all_old);
        let mut players = Vec::new();
        for (i, d) in self.drafts.iter().enumerate() {
            let name = d.name.trim();
            let old = game
                .players()
                .get(i)
                .map(|p| p.army.as_slice())
                .unwrap_or_default();
            match parse_army(texts, name, &d.army, old, &mut next) {
                Ok(units) => players.push(Player::new(name).with_army(units)),
                Err(problems) => self.errors.extend(problems),
            }
        }
        if !self.errors.is_empty() {
            return;
        }
        let edits: Vec<FfaEdit> = if locked {
            players
                .iter()
                .enumerate()
                .filter(|(i, p)| game.players().get(*i).map(|o| &o.army) != Some(&p.army))
                .map(|(seat, p)| FfaEdit::SetArmy {
                    seat,
                    units: p.army.clone(),
                })
                .collect()
        } else {
            vec![FfaEdit::SetPlayers(players)]
        };
        // Check the whole batch on a copy, so that nothing half-applies.
        let mut copy = game.clone();
        let mut table = ctx.doc.table_or_default();
        for edit in &edits {
            if let Err(e) = feldherr_play::Game::apply(&mut copy, edit, &mut table) {
                self.errors.push(refusal_text(texts, &e));
                return;
            }
        }
        for edit in edits {
            ctx.commands.push(command(edit));
        }
        self.saved = true;
    }

    fn zone_sizes(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) {
        let texts = ctx.texts;
        ui.label(egui::RichText::new(texts.t("ffa.sizes.title")).strong());
        ui.weak(texts.t("ffa.sizes.help"));
        let keys = [
            "ffa.sizes.corner_width",
            "ffa.sizes.corner_depth",
            "ffa.sizes.strip_depth",
        ];
        egui::Grid::new("ffa.sizes").num_columns(2).show(ui, |ui| {
            for (key, text) in keys.iter().zip(self.sizes.iter_mut()) {
                let label = ui.label(texts.t(key));
                ui.add(egui::TextEdit::singleline(text).desired_width(60.0))
                    .labelled_by(label.id);
                ui.end_row();
            }
        });
        if ui.button(texts.t("ffa.sizes.save")).clicked() {
            let mut values = [0.0f64; 3];
            let mut problems = Vec::new();
            for ((key, text), value) in keys.iter().zip(&self.sizes).zip(values.iter_mut()) {
                match text.trim().parse::<f64>() {
                    Ok(v) if v.is_finite() && v > 0.0 => *value = v,
                    _ => problems.push(texts.f(
                        "ffa.sizes.bad",
                        &[("field", texts.t(key)), ("value", text.trim())],
                    )),
                }
            }
            if problems.is_empty() {
                let edit = FfaEdit::SetZoneSizes(ZoneSizes {
                    corner_width: values[0],
                    corner_depth: values[1],
                    strip_depth: values[2],
                });
                match try_edit(ctx.doc, &edit) {
                    Ok(()) => ctx.commands.push(command(edit)),
                    Err(e) => problems.push(refusal_text(texts, &e)),
                }
            }
            self.lower_errors = problems;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn army_lines_keep_ids_by_name_and_name_bad_fields() {
        let texts = Texts::new("en");
        let old = vec![UnitProfile::new(Id(4), "Trupp", 10, 8, 4).expect("unit")];
        let mut next = Id(9);
        let units = parse_army(
            &texts,
            "Anna",
            "Cyborgs, 5, 9, 3\nTrupp, 8, 8, 4",
            &old,
            &mut next,
        )
        .expect("parses");
        assert_eq!(units[0].id, Id(9));
        assert_eq!(units[1].id, Id(4));
        assert_eq!(units[1].models, 8);
        let problems = parse_army(
            &texts,
            "Anna",
            "Trupp, acht, 11, 4\nnonsense",
            &[],
            &mut next,
        )
        .expect_err("refused");
        assert_eq!(
            problems,
            [
                "Anna, line 1: Models \"acht\" is not a whole number",
                "Anna, line 1: Leadership 11 is not 1 to 10",
                "Anna, line 2: \"nonsense\" is not \"name, models, Leadership, Initiative\"",
            ]
        );
    }
}
