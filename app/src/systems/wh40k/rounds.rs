//! The Rounds tab: the roll-off for round 1, then the dice bag (F2): which
//! dice are in it, the die held back, the order of every round so far and
//! whose turn it is. A die is drawn by the software (a resolution with its
//! exact odds) or typed in from the real bag; a typed draw that breaks F2
//! is refused with the reason.

use eframe::egui;
use feldherr_play::PlayError;
use feldherr_wh40k_ffa::{Bag, FfaEdit, FfaResolution, FreeForAll, Seat};

use feldherr_wh40k_ffa::words::name_of;

use super::{command, error_line, ffa, try_edit};
use crate::i18n::Texts;
use crate::systems::GameContext;

/// An engine refusal in the current language's frame (the reason itself
/// is the engine's).
pub fn refusal_text(texts: &Texts, e: &PlayError) -> String {
    texts.f("ffa.refused", &[("reason", &texts.error(e))])
}

/// Why a typed draw of `seat`'s die is refused, in the current language;
/// `None` when the engine takes it.
pub fn typed_draw_refusal(texts: &Texts, game: &FreeForAll, seat: Seat) -> Option<String> {
    let order = game.turn_order()?;
    let error = order.check_draw(seat).err()?;
    let player = name_of(game, texts, seat);
    let Some(bag) = game.bag() else {
        return Some(texts.t("ffa.draw.before_roll_off").to_owned());
    };
    Some(if bag.held_back == Some(seat) {
        texts.f(
            "ffa.draw.refused_held_back",
            &[
                ("player", &player),
                ("last", &(bag.round - 1).to_string()),
                ("round", &bag.round.to_string()),
            ],
        )
    } else if seat < game.players().len() && !bag.dice.contains(&seat) {
        texts.f(
            "ffa.draw.refused_played",
            &[("player", &player), ("round", &bag.round.to_string())],
        )
    } else {
        refusal_text(texts, &error)
    })
}

/// The Rounds tab's state: the last typed draw's refusal.
#[derive(Debug, Default)]
pub struct RoundsTab {
    refusal: Option<String>,
}

/// "1. Anna 2. Ben 3. Cem", the player whose turn it is underlined.
fn order_line(ui: &mut egui::Ui, game: &FreeForAll, texts: &Texts, round: usize, seats: &[Seat]) {
    let current = game.current_turn();
    ui.horizontal_wrapped(|ui| {
        ui.label(texts.f("ffa.order.round", &[("round", &round.to_string())]));
        for (i, &seat) in seats.iter().enumerate() {
            let name = format!("{}. {}", i + 1, name_of(game, texts, seat));
            let now = current == Some((round, seat)) && i + 1 == seats.len();
            if now {
                ui.label(egui::RichText::new(name).strong().underline());
            } else {
                ui.label(name);
            }
        }
    });
}

fn bag_section(ui: &mut egui::Ui, game: &FreeForAll, texts: &Texts, bag: &Bag) {
    ui.label(
        egui::RichText::new(texts.f("ffa.bag.title", &[("round", &bag.round.to_string())]))
            .strong(),
    );
    let n = bag.dice.len().to_string();
    for &seat in &bag.dice {
        ui.label(texts.f(
            "ffa.bag.die",
            &[("player", &name_of(game, texts, seat)), ("n", &n)],
        ));
    }
    if let Some(held) = bag.held_back {
        ui.label(texts.f(
            "ffa.bag.held_back",
            &[
                ("player", &name_of(game, texts, held)),
                ("round", &bag.round.to_string()),
            ],
        ));
    }
}

impl RoundsTab {
    /// Draws the tab.
    pub fn show(&mut self, ui: &mut egui::Ui, ctx: &mut GameContext<'_, FreeForAll>) {
        let texts = ctx.texts;
        let game = ffa(ctx.doc);
        ui.heading(texts.t("ffa.rounds.title"));
        if game.players().is_empty() {
            ui.weak(texts.t("ffa.side.no_players"));
            return;
        }
        match game.current_turn() {
            Some((round, seat)) => {
                ui.label(
                    egui::RichText::new(texts.f(
                        "ffa.turn.now",
                        &[
                            ("round", &round.to_string()),
                            ("player", &name_of(game, texts, seat)),
                        ],
                    ))
                    .strong()
                    .size(18.0),
                );
            }
            None => {
                ui.label(texts.t("ffa.turn.before_roll_off"));
                let open = game
                    .saved()
                    .iter()
                    .any(|r| matches!(r.kind(), FfaResolution::RollOff(_)) && !r.applied());
                if open {
                    // One roll-off at a time: finish and apply it (or
                    // remove it) before starting another.
                    ui.weak(texts.t("ffa.roll_off.open"));
                } else if checked_button(
                    ui,
                    ctx,
                    texts.t("ffa.roll_off.start"),
                    &FfaEdit::StartRollOff,
                    None,
                ) {
                    ctx.commands.push(command(FfaEdit::StartRollOff));
                }
            }
        }
        ui.add_space(6.0);
        if let Some(order) = game.turn_order()
            && order.started()
        {
            ui.label(egui::RichText::new(texts.t("ffa.order.title")).strong());
            for (r, seats) in order.rounds.iter().enumerate() {
                order_line(ui, game, texts, r + 1, seats);
            }
            ui.add_space(6.0);
        }
        if let Some(bag) = game.bag() {
            bag_section(ui, game, texts, &bag);
            ui.add_space(4.0);
            if checked_button(
                ui,
                ctx,
                texts.t("ffa.draw.software"),
                &FfaEdit::StartDraw,
                None,
            ) {
                self.refusal = None;
                ctx.commands.push(command(FfaEdit::StartDraw));
            }
            ui.label(texts.t("ffa.draw.typed_help"));
            ui.horizontal_wrapped(|ui| {
                for seat in 0..game.players().len() {
                    let name = name_of(game, texts, seat);
                    let first = typed_draw_refusal(texts, game, seat);
                    if checked_button(
                        ui,
                        ctx,
                        &texts.f("ffa.draw.typed", &[("player", &name)]),
                        &FfaEdit::TypeDraw { seat },
                        first,
                    ) {
                        self.type_draw(ctx, seat);
                    }
                }
            });
        }
        let game = ffa(ctx.doc);
        if game.turn_order().is_some_and(|t| t.started())
            && checked_button(
                ui,
                ctx,
                texts.t("ffa.draw.take_back"),
                &FfaEdit::TakeBackDraw,
                None,
            )
        {
            self.refusal = None;
            ctx.commands.push(command(FfaEdit::TakeBackDraw));
        }
        if let Some(r) = &self.refusal {
            error_line(ui, r);
        }
        if let Some((_, seat)) = game.current_turn() {
            ui.separator();
            let combats = game.combats_in_turns_of(seat);
            ui.label(texts.f(
                "ffa.rounds.combats",
                &[
                    ("player", &name_of(game, texts, seat)),
                    ("n", &combats.len().to_string()),
                ],
            ));
        }
    }

    fn type_draw(&mut self, ctx: &mut GameContext<'_, FreeForAll>, seat: Seat) {
        let texts = ctx.texts;
        let game = ffa(ctx.doc);
        let edit = FfaEdit::TypeDraw { seat };
        if let Some(reason) = typed_draw_refusal(texts, game, seat) {
            self.refusal = Some(reason);
            return;
        }
        match try_edit(ctx.doc, &edit) {
            Ok(()) => {
                self.refusal = None;
                ctx.commands.push(command(edit));
            }
            Err(e) => self.refusal = Some(refusal_text(texts, &e)),
        }
    }
}

/// A button for `edit`, checked before the click (issue #27): disabled,
/// with the reason in words beside it, when the game would refuse it;
/// `first` is a reason the screen knows before asking the game.
fn checked_button(
    ui: &mut egui::Ui,
    ctx: &GameContext<'_, FreeForAll>,
    label: &str,
    edit: &FfaEdit,
    first: Option<String>,
) -> bool {
    let refused = first.or_else(|| {
        try_edit(ctx.doc, edit)
            .err()
            .map(|e| refusal_text(ctx.texts, &e))
    });
    crate::ui::checked_button::checked_button(ui, label, refused.as_deref())
}
