//! Deployment zones (Aufstellungszonen), ruling F1.
//!
//! The table lies with its long edges along x: `bottom` is y = 0, `top`
//! is y = depth; `left` is x = 0. Corners are named by their long edge
//! first (`bottom_left`).

use crate::refusal::{invalid, refused, say};
use std::fmt;

use feldherr_dice::step::Message;
use feldherr_play::PlayError;
use feldherr_table::geometry::{Angle, OrientedRect, Point, Shape};
use feldherr_table::{Layer, Piece, Table};
use serde::{Deserialize, Serialize};

use crate::army::Seat;

/// One of the six places a deployment zone can be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ZoneSlot {
    /// The corner at x = 0, y = 0.
    BottomLeft,
    /// The corner at x = width, y = 0.
    BottomRight,
    /// The corner at x = 0, y = depth.
    TopLeft,
    /// The corner at x = width, y = depth.
    TopRight,
    /// The strip along the long edge y = 0.
    BottomEdge,
    /// The strip along the long edge y = depth.
    TopEdge,
}

impl ZoneSlot {
    /// Every slot: the four corners, then the two long edges.
    pub const ALL: [ZoneSlot; 6] = [
        ZoneSlot::BottomLeft,
        ZoneSlot::BottomRight,
        ZoneSlot::TopLeft,
        ZoneSlot::TopRight,
        ZoneSlot::BottomEdge,
        ZoneSlot::TopEdge,
    ];

    /// The four corners.
    pub const CORNERS: [ZoneSlot; 4] = [
        ZoneSlot::BottomLeft,
        ZoneSlot::BottomRight,
        ZoneSlot::TopLeft,
        ZoneSlot::TopRight,
    ];

    /// The snake-case id, e.g. `bottom_left`.
    pub const fn name(self) -> &'static str {
        match self {
            ZoneSlot::BottomLeft => "bottom_left",
            ZoneSlot::BottomRight => "bottom_right",
            ZoneSlot::TopLeft => "top_left",
            ZoneSlot::TopRight => "top_right",
            ZoneSlot::BottomEdge => "bottom_edge",
            ZoneSlot::TopEdge => "top_edge",
        }
    }

    /// The catalogue key of its name, e.g. `wh40k_ffa.zone.bottom_left`.
    pub fn label_key(self) -> String {
        format!("wh40k_ffa.zone.{}", self.name())
    }

    /// Whether it is a corner.
    pub const fn is_corner(self) -> bool {
        !matches!(self, ZoneSlot::BottomEdge | ZoneSlot::TopEdge)
    }

    /// Whether it lies on the bottom long edge (y = 0).
    const fn is_bottom(self) -> bool {
        matches!(
            self,
            ZoneSlot::BottomLeft | ZoneSlot::BottomRight | ZoneSlot::BottomEdge
        )
    }

    /// The long-edge strip on the other side of the table.
    const fn opposite_edge(self) -> ZoneSlot {
        if self.is_bottom() {
            ZoneSlot::TopEdge
        } else {
            ZoneSlot::BottomEdge
        }
    }

    /// The other corner on the same long edge (corners only).
    const fn neighbour_corner(self) -> ZoneSlot {
        match self {
            ZoneSlot::BottomLeft => ZoneSlot::BottomRight,
            ZoneSlot::BottomRight => ZoneSlot::BottomLeft,
            ZoneSlot::TopLeft => ZoneSlot::TopRight,
            ZoneSlot::TopRight => ZoneSlot::TopLeft,
            edge => edge,
        }
    }

    /// The two corners on the long edge opposite this one.
    const fn opposite_corners(self) -> [ZoneSlot; 2] {
        if self.is_bottom() {
            [ZoneSlot::TopLeft, ZoneSlot::TopRight]
        } else {
            [ZoneSlot::BottomLeft, ZoneSlot::BottomRight]
        }
    }

    /// The zone's outline on a table `width` by `depth` with `sizes`.
    ///
    /// # Errors
    /// [`PlayError::Invalid`] when the sizes do not fit the table (see
    /// [`ZoneSizes::check_fits`]).
    pub fn shape(self, sizes: &ZoneSizes, width: f64, depth: f64) -> Result<Shape, PlayError> {
        sizes.check_fits(width, depth)?;
        let (cw, cd, sd) = (sizes.corner_width, sizes.corner_depth, sizes.strip_depth);
        // (x0, y0, extent along x, extent along y)
        let (x0, y0, dx, dy) = match self {
            ZoneSlot::BottomLeft => (0.0, 0.0, cw, cd),
            ZoneSlot::BottomRight => (width - cw, 0.0, cw, cd),
            ZoneSlot::TopLeft => (0.0, depth - cd, cw, cd),
            ZoneSlot::TopRight => (width - cw, depth - cd, cw, cd),
            ZoneSlot::BottomEdge => (0.0, 0.0, width, sd),
            ZoneSlot::TopEdge => (0.0, depth - sd, width, sd),
        };
        // Facing 0° points along +x, so the length runs along x.
        let rect = OrientedRect::new(
            Point::new(x0 + dx / 2.0, y0 + dy / 2.0),
            dy,
            dx,
            Angle::ZERO,
        )
        .map_err(|e| {
            PlayError::invalid("zone_sizes", self.name(), e.to_string()).with_message(
                say("load.zone_shape")
                    .key("zone", self.label_key())
                    .text("error", e.to_string()),
            )
        })?;
        Ok(Shape::Rect(rect))
    }
}

impl fmt::Display for ZoneSlot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How large the zones are: mission data (F1), in inches.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneSizes {
    /// A corner zone's extent along the long edge (default 18 in).
    pub corner_width: f64,
    /// A corner zone's extent along the short edge (default 12 in).
    pub corner_depth: f64,
    /// How deep a long-edge strip reaches into the table (default 12 in).
    pub strip_depth: f64,
}

impl Default for ZoneSizes {
    fn default() -> Self {
        Self {
            corner_width: 18.0,
            corner_depth: 12.0,
            strip_depth: 12.0,
        }
    }
}

impl ZoneSizes {
    /// Checks every size is a finite number above zero.
    ///
    /// # Errors
    /// [`PlayError::Invalid`] naming the field.
    pub fn check(&self) -> Result<(), PlayError> {
        for (field, value) in [
            ("corner_width", self.corner_width),
            ("corner_depth", self.corner_depth),
            ("strip_depth", self.strip_depth),
        ] {
            if !value.is_finite() || value <= 0.0 {
                return Err(invalid(
                    format!("zone_sizes.{field}"),
                    value,
                    say("deployment.zone_size_length_above_0"),
                ));
            }
        }
        Ok(())
    }

    /// Checks the zones fit a table `width` by `depth` without overlapping:
    /// two corners side by side along a long edge, two corners or a corner
    /// and a strip across the short edge.
    ///
    /// # Errors
    /// [`PlayError::Invalid`] naming the size that does not fit.
    pub fn check_fits(&self, width: f64, depth: f64) -> Result<(), PlayError> {
        self.check()?;
        if 2.0 * self.corner_width > width {
            return Err(invalid(
                "zone_sizes.corner_width",
                self.corner_width,
                say("deployment.two_corner_zones_do_not").text("width", width.to_string()),
            ));
        }
        if 2.0 * self.corner_depth > depth {
            return Err(invalid(
                "zone_sizes.corner_depth",
                self.corner_depth,
                say("deployment.two_corner_zones_do_not_2").text("depth", depth.to_string()),
            ));
        }
        if self.corner_depth + self.strip_depth > depth {
            return Err(invalid(
                "zone_sizes.strip_depth",
                self.strip_depth,
                say("deployment.strip_corner_zone_do_not")
                    .text("corner_depth", self.corner_depth.to_string())
                    .text("depth", depth.to_string()),
            ));
        }
        Ok(())
    }
}

/// One option offered to the player choosing a zone, with why it is
/// offered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ZoneOption {
    /// The zone.
    pub slot: ZoneSlot,
    /// Why it is offered, in English.
    pub explanation: String,
    /// The same as a catalogue message.
    pub message: Message,
}

/// The next choice of the deployment sequence: who chooses and among
/// what.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeploymentStep {
    /// How many zones were chosen before (0 for the first player).
    pub position: usize,
    /// The seat of the player who chooses now.
    pub seat: Seat,
    /// The zones he may choose, each explained. A single option means he
    /// has no choice left.
    pub options: Vec<ZoneOption>,
    /// The ruling applied (`F1`).
    pub rule: String,
}

fn option(slot: ZoneSlot, key: &str, text: String) -> ZoneOption {
    ZoneOption {
        slot,
        explanation: text,
        message: Message::new(format!("wh40k_ffa.deploy.{key}")).key("zone", slot.label_key()),
    }
}

/// The options of the next chooser after `taken` (in the order chosen)
/// for `players` players; empty when every player has a zone.
///
/// Three players (F1): the first takes any corner or long edge. After a
/// long edge the second picks one of the two opposite corners and the
/// third takes the other. After a corner the second takes the other
/// corner on that long edge or the opposite long edge; the third then
/// takes the opposite long edge or, respectively, the first player's
/// neighbouring corner. Four players: every player takes a corner, in
/// order (P24).
pub fn options_after(players: usize, taken: &[ZoneSlot]) -> Vec<ZoneOption> {
    if players == 4 {
        if taken.len() >= 4 {
            return Vec::new();
        }
        return ZoneSlot::CORNERS
            .into_iter()
            .filter(|c| !taken.contains(c))
            .map(|c| {
                option(
                    c,
                    "four_corner",
                    format!("{c}: with four players every zone is a corner"),
                )
            })
            .collect();
    }
    match taken {
        [] => ZoneSlot::ALL
            .into_iter()
            .map(|s| {
                if s.is_corner() {
                    option(
                        s,
                        "first_corner",
                        format!("{s}: the first player may take a corner"),
                    )
                } else {
                    option(
                        s,
                        "first_edge",
                        format!("{s}: the first player may take a long edge"),
                    )
                }
            })
            .collect(),
        [first] if !first.is_corner() => first
            .opposite_corners()
            .into_iter()
            .map(|c| {
                option(
                    c,
                    "second_opposite_corner",
                    format!("{c}: after a long edge the others take the corners opposite it"),
                )
            })
            .collect(),
        [first] => {
            let corner = first.neighbour_corner();
            let edge = first.opposite_edge();
            vec![
                option(
                    corner,
                    "second_neighbour_corner",
                    format!("{corner}: the other corner on the first player's long edge"),
                ),
                option(
                    edge,
                    "second_opposite_edge",
                    format!("{edge}: the long edge opposite the first player's corner"),
                ),
            ]
        }
        [first, second] if !first.is_corner() => first
            .opposite_corners()
            .into_iter()
            .filter(|c| c != second)
            .map(|c| {
                option(
                    c,
                    "third_remaining_corner",
                    format!("{c}: the one corner opposite the long edge still free"),
                )
            })
            .collect(),
        [first, second] if second.is_corner() => {
            let edge = first.opposite_edge();
            vec![option(
                edge,
                "third_opposite_edge",
                format!(
                    "{edge}: both corners of one long edge are taken, the other long edge is left"
                ),
            )]
        }
        [first, _second] => {
            let corner = first.neighbour_corner();
            vec![option(
                corner,
                "third_neighbour_corner",
                format!(
                    "{corner}: the first player's neighbouring corner, opposite the second player's long edge"
                ),
            )]
        }
        _ => Vec::new(),
    }
}

/// One zone chosen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneChoice {
    /// Who chose it.
    pub seat: Seat,
    /// Where.
    pub slot: ZoneSlot,
    /// The table piece drawn for it, if one was added.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<u64>,
}

/// The deployment sequence: the order players choose in and what they
/// chose so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deployment {
    /// Seats in the order they choose; the first deploys first (P24).
    pub order: Vec<Seat>,
    /// The zones chosen, in order.
    #[serde(default)]
    pub choices: Vec<ZoneChoice>,
}

impl Deployment {
    /// A sequence in which the seats choose in `order`.
    ///
    /// # Errors
    /// [`PlayError::Invalid`] unless `order` names each of `players`
    /// seats exactly once and there are three or four players.
    pub fn new(players: usize, order: Vec<Seat>) -> Result<Self, PlayError> {
        let mut sorted = order.clone();
        sorted.sort_unstable();
        if !(3..=4).contains(&players) || sorted != (0..players).collect::<Vec<_>>() {
            return Err(invalid(
                "deployment.order",
                format!("{order:?}"),
                say("deployment.must_name_each_seats_once").text("players", players.to_string()),
            ));
        }
        Ok(Self {
            order,
            choices: Vec::new(),
        })
    }

    /// The zones taken so far, in order.
    pub fn taken(&self) -> Vec<ZoneSlot> {
        self.choices.iter().map(|c| c.slot).collect()
    }

    /// The next choice, or `None` when every player has his zone.
    pub fn next_step(&self) -> Option<DeploymentStep> {
        let position = self.choices.len();
        let seat = *self.order.get(position)?;
        let options = options_after(self.order.len(), &self.taken());
        if options.is_empty() {
            return None;
        }
        Some(DeploymentStep {
            position,
            seat,
            options,
            rule: "F1".to_owned(),
        })
    }

    /// Whether every player has his zone.
    pub fn complete(&self) -> bool {
        self.choices.len() == self.order.len()
    }

    /// The zone of `seat`, once chosen.
    pub fn zone_of(&self, seat: Seat) -> Option<ZoneSlot> {
        self.choices.iter().find(|c| c.seat == seat).map(|c| c.slot)
    }

    /// Checks that `seat` may take `slot` now.
    ///
    /// # Errors
    /// [`PlayError::Refused`] (F1) naming who chooses now and the options.
    pub fn check_choice(&self, seat: Seat, slot: ZoneSlot) -> Result<(), PlayError> {
        let step = self.next_step().ok_or_else(|| {
            refused(
                say("deployment.every_player_has_deployment_zone"),
                Some("F1"),
            )
        })?;
        if step.seat != seat {
            return Err(refused(
                say("deployment.player_chooses_now_not_player")
                    .text("chooser", seat_label(step.seat))
                    .text("player", seat_label(seat)),
                Some("F1"),
            ));
        }
        if !step.options.iter().any(|o| o.slot == slot) {
            let offered: Vec<ZoneSlot> = step.options.iter().map(|o| o.slot).collect();
            return Err(refused(
                say("deployment.not_open_player_options_are")
                    .key("zone", slot.label_key())
                    .text("player", seat_label(seat))
                    .nested("offered", zone_list(&offered)),
                Some("F1"),
            ));
        }
        Ok(())
    }

    /// Takes `slot` for `seat` (checked as [`Deployment::check_choice`]).
    ///
    /// # Errors
    /// As [`Deployment::check_choice`].
    pub fn choose(&mut self, seat: Seat, slot: ZoneSlot) -> Result<(), PlayError> {
        self.check_choice(seat, slot)?;
        self.choices.push(ZoneChoice {
            seat,
            slot,
            piece: None,
        });
        Ok(())
    }

    /// Checks a loaded sequence: its order and every choice replayed.
    pub(crate) fn check(&self, players: usize) -> Result<(), PlayError> {
        let mut replay = Deployment::new(players, self.order.clone())?;
        for (i, c) in self.choices.iter().enumerate() {
            replay.choose(c.seat, c.slot).map_err(|e| {
                let why = e
                    .message()
                    .cloned()
                    .unwrap_or_else(|| Message::verbatim(&e.to_string()));
                PlayError::invalid(format!("deployment.choices[{i}]"), c.slot, e.to_string())
                    .with_message(
                        say("load.zone_choice")
                            .key("zone", c.slot.label_key())
                            .nested("reason", why),
                    )
            })?;
        }
        Ok(())
    }
}

/// The table piece type of deployment zones.
pub const ZONE_KIND: &str = "deployment_zone";

/// The marker piece drawing `seat`'s zone `slot` on `table`, named for the
/// player alone: the piece list adds the type's translated label ("Anna
/// (Deployment zone)"), and the canvas and sheets name the slot in the
/// interface language, so no untranslated slot id shows.
///
/// # Errors
/// As [`ZoneSlot::shape`].
pub fn zone_piece(
    id: u64,
    player: &str,
    slot: ZoneSlot,
    sizes: &ZoneSizes,
    table: &Table,
) -> Result<Piece, PlayError> {
    let shape = slot.shape(sizes, table.width(), table.depth())?;
    Ok(Piece::new(
        id,
        player.to_owned(),
        ZONE_KIND,
        Layer::Marker,
        shape,
    ))
}

/// A seat as a refusal says it before the game names the player
/// (`FreeForAll` replaces it with the player's name).
pub(crate) fn seat_label(seat: Seat) -> String {
    format!("player {}", seat + 1)
}

/// Zones as one message, each by its label, joined by commas.
fn zone_list(slots: &[ZoneSlot]) -> Message {
    match slots {
        [] => Message::verbatim(""),
        [one] => Message::new(one.label_key()),
        [first, rest @ ..] => say("list.comma")
            .key("first", first.label_key())
            .nested("rest", zone_list(rest)),
    }
}

#[cfg(test)]
mod load_tests {
    use feldherr_play::{Catalogue, Lang};

    use super::*;

    /// A saved zone choice that does not replay is refused on load with a
    /// sentence each language says, the zone by its name (issue #27).
    #[test]
    fn a_saved_choice_that_does_not_replay_is_said_in_german() {
        let mut d = Deployment::new(3, vec![0, 1, 2]).expect("deployment");
        d.choices.push(ZoneChoice {
            seat: 1,
            slot: ZoneSlot::BottomLeft,
            piece: None,
        });
        let e = d.check(3).expect_err("out of turn");
        assert!(e.to_string().contains("deployment.choices[0]"), "{e}");
        let de = Catalogue::of_game::<crate::FreeForAll>(Lang::De).error(&e);
        assert!(
            de.starts_with(
                "die gespeicherte Wahl „Ecke unten links“ lässt sich nicht nachspielen: "
            ),
            "{de}"
        );
        let en = Catalogue::of_game::<crate::FreeForAll>(Lang::En).error(&e);
        assert!(
            en.starts_with("the saved choice of the bottom left corner does not replay: "),
            "{en}"
        );
    }
}
