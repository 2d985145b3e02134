//! The race as a [`feldherr_play::Game`]: setup, start, resolutions, undo,
//! report.

use std::sync::Arc;

use feldherr_dice::Dice;
use feldherr_dice::Roller;
use feldherr_dice::step::{Answer, ChoiceRequest, Message, Prompt};
use feldherr_geometry::{Angle, Point, Shape};
use feldherr_play::{
    Game, GameReport, Id, Lang, PlayError, Problem, ResolutionList, SavedResolution, SideReport,
};
use feldherr_table::{Layer, Piece, Table, TableEdit, TableRules};
use serde::{Deserialize, Serialize};

use crate::geometry::crossed;
use crate::movement::SpeedOption;
use crate::refusal::say;
use crate::state::NextStep;
use crate::text::{DE, EN};
use crate::track::sled_table_rules;
use crate::turning::MAX_TURN;
use crate::{Driver, RaceSettings, RaceState, Sled, SledKind, SledStatus, TerrainKind, Track};

/// The most entrants a race takes.
pub const MAX_ENTRANTS: usize = 16;

/// The most turns a race lasts (PS3; a bound on work far beyond any race
/// on a 72 in table: each turn moves every sled up to three times).
pub const MAX_TURNS: u32 = 99;

/// The most resolutions a race keeps: a turn of 16 sleds takes 100 (its
/// dice, three orders, a move and a turn attempt per sled and round).
pub const MAX_RESOLUTIONS: usize = 10_000;

/// The most answers [`Race::play_next`] gives one step before it gives up
/// (a step asks far fewer; the bound keeps a faulty chooser from looping).
const MAX_ANSWERS: usize = 10_000;

/// One player of the event in the race: with a driver, or without one
/// (no character on foot: does not start, N6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    /// Stable id; also the id of his sled.
    pub id: Id,
    /// The player as the event knows him.
    pub player: String,
    /// His driver; `None` when he has no character on foot.
    #[serde(default)]
    pub driver: Option<Driver>,
}

/// What the next resolution is opened with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StepInput {
    /// The start draw, a turn's movement dice or a round's order:
    /// whichever is next.
    Draw,
    /// The next sled's move, with its new facing if it stands (degrees).
    Move {
        /// Facing for a standing sled (phase 1); `None` keeps it.
        facing: Option<f64>,
    },
    /// The turn attempt of the sled that just moved (degrees, CCW
    /// positive = left; 0 for none).
    Turn {
        /// The turn asked for.
        angle: f64,
    },
}

/// A change to the race.
#[derive(Debug, Clone, PartialEq)]
pub enum RaceEdit {
    /// New settings (before the start).
    SetSettings(RaceSettings),
    /// A new entrant (before the start); his id is the next free one.
    AddEntrant {
        /// The player.
        player: String,
        /// His driver, or none (N6).
        driver: Option<Driver>,
    },
    /// Changes an entrant (before the start).
    SetEntrant(Entrant),
    /// Removes an entrant (before the start).
    RemoveEntrant(Id),
    /// Starts the race: freezes the terrain of the table as the track.
    Start,
    /// Opens the next resolution.
    Open(StepInput),
    /// Applies the finished resolution with this id to the race and the
    /// table.
    Apply(Id),
    /// Takes back the last applied resolution (its answers stay, to be
    /// taken back one by one).
    Undo,
    /// The organiser ends the race (S15).
    End,
    /// Takes in a whole race with its table (a race played in a file of
    /// its own, taken into an event that hosts it): both replace this
    /// race and its table. Refused when the race has a problem on that
    /// table (a changed track, a driver who may not start).
    Load {
        /// The race.
        race: Box<Race>,
        /// Its table.
        table: Box<Table>,
    },
}

/// One inch of a planned move, for drawing it before it is confirmed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlannedInch {
    /// Inch number from 1.
    pub inch: u32,
    /// Where the centre starts the inch.
    pub from: Point,
    /// Where it ends it.
    pub to: Point,
    /// The terrain any part of the sled crosses in it.
    pub terrain: Vec<TerrainKind>,
}

/// The sled race game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Race {
    /// Options and sled footprint, saved with the race.
    pub settings: RaceSettings,
    /// Every player.
    pub entrants: Vec<Entrant>,
    /// The running race, once started (shared with the resolution opened
    /// from it).
    #[serde(default, with = "crate::state::shared_option")]
    pub state: Option<Arc<RaceState>>,
    /// Whether the organiser ended it.
    #[serde(default)]
    pub ended: bool,
    /// Every resolution, oldest first.
    #[serde(default)]
    pub resolutions: Vec<SavedResolution<SledKind>>,
}

fn refused(message: Message, rule: &str) -> PlayError {
    crate::refusal::refused(message, Some(rule))
}

/// What the race needs next, in words naming the sled by its driver.
fn step_message(st: &RaceState, next: &NextStep) -> Message {
    let driver = |id: &Id| {
        st.sled(*id)
            .map_or_else(String::new, |s| s.driver.name.clone())
    };
    match next {
        NextStep::StartDraw => say("step.start_draw"),
        NextStep::TurnDice => say("step.turn_dice"),
        NextStep::RoundOrder => say("step.round_order"),
        NextStep::Move(id) => say("step.move").text("driver", driver(id)),
        NextStep::Turn(id) => say("step.turn").text("driver", driver(id)),
        NextStep::Over => say("step.over"),
    }
}

impl Race {
    /// What the race needs next; `None` before the start.
    pub fn next_step(&self) -> Option<NextStep> {
        if self.ended {
            return Some(NextStep::Over);
        }
        self.state.as_deref().map(RaceState::next_step)
    }

    /// The running state.
    pub fn state(&self) -> Option<&RaceState> {
        self.state.as_deref()
    }

    /// The planned straight path of sled `id` for `inches` inches along
    /// `facing` (or its current direction of travel), with the terrain each
    /// inch crosses; no dice, no collisions.
    pub fn plan(&self, id: Id, facing: Option<f64>, inches: u32) -> Vec<PlannedInch> {
        let Some(st) = &self.state else {
            return Vec::new();
        };
        let Some(mut sled) = st.sled(id).cloned() else {
            return Vec::new();
        };
        if let Some(f) = facing.and_then(|f| Angle::from_degrees(f).ok()) {
            sled.facing = f;
        }
        let heading = sled.travel();
        let mut out = Vec::new();
        for inch in 1..=inches.min(crate::movement::MAX_INCHES) {
            let Some(rect) = sled.outline(&st.settings) else {
                break;
            };
            let from = sled.center;
            let terrain = crossed(&Shape::Rect(rect), heading, 1.0, &st.track.terrain)
                .into_iter()
                .map(|t| t.kind)
                .collect();
            sled.center = from.translate(heading.direction());
            out.push(PlannedInch {
                inch,
                from,
                to: sled.center,
                terrain,
            });
        }
        out
    }

    /// The ways sled `id` can set its new speed in its next move (S5),
    /// facing `facing` first if it stands: one per distinct die face and
    /// rounding, with the speed after the slope modifier, highest first.
    /// Empty when the move asks nothing for its speed (no dice left, or a
    /// moving sled starting on ice, S9). Each option names the answers
    /// the move's speed prompts take ([`SpeedOption::die`],
    /// [`SpeedOption::round_up`]).
    pub fn speed_options(&self, id: Id, facing: Option<f64>) -> Vec<SpeedOption> {
        let Some(st) = &self.state else {
            return Vec::new();
        };
        let facing = facing.and_then(|f| Angle::from_degrees(f).ok());
        st.speed_options(id, facing)
    }

    /// Opens the next step, resolves it with `dice` and `choose`, and
    /// applies it: the whole step in one call (for a race run by the
    /// software alone, tests and benchmarks). Returns the step done.
    pub fn play_next(
        &mut self,
        table: &mut Table,
        dice: &mut Dice,
        choose: impl FnMut(&ChoiceRequest) -> usize,
        input: StepInput,
    ) -> Result<NextStep, PlayError> {
        let step = self
            .next_step()
            .ok_or_else(|| refused(say("not_started"), "S3"))?;
        let kind = self.kind_for(input)?;
        let id = Id::next_after(self.resolutions.iter().map(SavedResolution::id));
        // As the app plays it: every prompt answered on the saved
        // resolution, which replays once per answer.
        let mut saved = SavedResolution::new(id, kind)?;
        let mut choose = choose;
        for _ in 0..MAX_ANSWERS {
            let answer = match saved.resolution().prompt() {
                Some(Prompt::Roll(request)) => Answer::Dice(Roller::roll(dice, request.clone())?),
                Some(Prompt::Choice(request)) => Answer::Choice(choose(request)),
                None => break,
            };
            saved.answer(answer)?;
        }
        if !saved.finished() {
            return Err(PlayError::Unfinished);
        }
        self.resolutions.push(saved);
        if let Err(e) = self.apply(&RaceEdit::Apply(id), table) {
            self.resolutions.pop();
            return Err(e);
        }
        Ok(step)
    }

    fn setup_only(&self) -> Result<(), PlayError> {
        if self.state.is_some() {
            Err(refused(say("setup_closed"), "S3"))
        } else {
            Ok(())
        }
    }

    fn kind_for(&self, input: StepInput) -> Result<SledKind, PlayError> {
        if self.ended {
            return Err(refused(say("over"), "S15"));
        }
        if self.resolutions.iter().any(|r| !r.applied()) {
            return Err(crate::refusal::refused(say("open_resolution"), None));
        }
        if self.resolutions.len() >= MAX_RESOLUTIONS {
            return Err(refused(
                say("too_many_resolutions").int("max", MAX_RESOLUTIONS as i64),
                "PS3",
            ));
        }
        let st = self
            .state
            .as_ref()
            .ok_or_else(|| refused(say("not_started"), "S3"))?;
        let before = Arc::clone(st);
        match (st.next_step(), input) {
            (NextStep::StartDraw, StepInput::Draw) => Ok(SledKind::StartDraw { before }),
            (NextStep::TurnDice, StepInput::Draw) if st.turn >= MAX_TURNS => Err(refused(
                say("too_many_turns").int("max", i64::from(MAX_TURNS)),
                "PS3",
            )),
            (NextStep::TurnDice, StepInput::Draw) => Ok(SledKind::TurnDice { before }),
            (NextStep::RoundOrder, StepInput::Draw) => Ok(SledKind::RoundOrder { before }),
            (NextStep::Move(sled), StepInput::Move { facing }) => {
                let facing = match facing {
                    None => None,
                    Some(f) => {
                        if st.sled(sled).is_some_and(|s| s.speed != 0) {
                            return Err(refused(
                                say("face_standing").text(
                                    "driver",
                                    st.sled(sled)
                                        .map_or_else(String::new, |s| s.driver.name.clone()),
                                ),
                                "S5",
                            ));
                        }
                        Some(Angle::from_degrees(f).map_err(|_| {
                            crate::refusal::invalid("facing", f, say("finite_facing"))
                        })?)
                    }
                };
                Ok(SledKind::Move {
                    before,
                    sled,
                    facing,
                })
            }
            (NextStep::Turn(sled), StepInput::Turn { angle }) => {
                if !angle.is_finite() || angle.abs() > MAX_TURN {
                    return Err(crate::refusal::invalid("angle", angle, say("turn_angle")));
                }
                Ok(SledKind::Turn {
                    before,
                    sled,
                    angle,
                })
            }
            (NextStep::Over, _) => Err(refused(say("all_done"), "S15")),
            (next, _) => Err(crate::refusal::refused(
                say("wrong_step").nested("next", step_message(st, &next)),
                None,
            )),
        }
    }

    fn start(&mut self, table: &Table) -> Result<(), PlayError> {
        self.setup_only()?;
        self.settings.validate()?;
        let track = Track::from_table(table)?;
        let mut sleds = Vec::new();
        for e in &self.entrants {
            if let Some(d) = &e.driver {
                d.validate()?;
                sleds.push(Sled::new(e.id, d.clone(), Point::new(0.0, 0.0)));
            }
        }
        if sleds.is_empty() {
            return Err(refused(say("no_driver"), "N6"));
        }
        self.state = Some(Arc::new(RaceState {
            settings: self.settings,
            track: std::sync::Arc::new(track),
            sleds,
            placed: false,
            turn: 0,
            round: 0,
            order: Vec::new(),
            moved: Vec::new(),
            turning: None,
        }));
        Ok(())
    }

    fn check_entrant(
        &self,
        player: &str,
        driver: Option<&Driver>,
        skip: Option<Id>,
    ) -> Result<(), PlayError> {
        if player.trim().is_empty() {
            return Err(crate::refusal::invalid(
                "player",
                "\"\"",
                say("player_empty"),
            ));
        }
        if self
            .entrants
            .iter()
            .any(|e| Some(e.id) != skip && e.player == player)
        {
            return Err(crate::refusal::invalid(
                "player",
                player,
                say("entered").text("player", player),
            ));
        }
        if let Some(d) = driver {
            d.validate()?;
            if d.player != player {
                return Err(crate::refusal::invalid(
                    "driver.player",
                    &d.player,
                    say("driver_of_other")
                        .text("driver", &d.name)
                        .text("owner", &d.player)
                        .text("player", player),
                ));
            }
        }
        Ok(())
    }

    fn apply_resolution(&mut self, id: Id, table: &mut Table) -> Result<(), PlayError> {
        let index = self
            .resolutions
            .iter()
            .position(|r| r.id() == id)
            .ok_or_else(|| crate::refusal::not_found("resolution", id))?;
        if index + 1 != self.resolutions.len() {
            return Err(crate::refusal::refused(say("newest_only"), None));
        }
        let r = &self.resolutions[index];
        if r.applied() {
            return Err(crate::refusal::refused(say("applied"), None));
        }
        let after = r.outcome().ok_or(PlayError::Unfinished)?.after.clone();
        let opened_from = r.kind().shared_before();
        let unchanged = self
            .state
            .as_ref()
            .is_some_and(|st| Arc::ptr_eq(opened_from, st) || **opened_from == **st);
        if !unchanged {
            return Err(crate::refusal::refused(say("race_changed"), None));
        }
        let mut after = after;
        sync_table(table, self.state.as_deref(), &mut after)?;
        self.resolutions[index].set_applied()?;
        self.state = Some(Arc::new(after));
        Ok(())
    }

    fn undo(&mut self, table: &mut Table) -> Result<(), PlayError> {
        let Some(last) = self.resolutions.last() else {
            return Err(crate::refusal::refused(say("nothing_to_undo"), None));
        };
        if !last.applied() {
            return Err(crate::refusal::refused(say("not_applied"), None));
        }
        let mut before = last.kind().before().clone();
        let reopened = SavedResolution::with_answers(
            last.id(),
            last.kind().clone(),
            last.answers().to_vec(),
            false,
        )?;
        sync_table(table, self.state.as_deref(), &mut before)?;
        if let Some(slot) = self.resolutions.last_mut() {
            *slot = reopened;
        }
        self.state = Some(Arc::new(before));
        self.ended = false;
        Ok(())
    }
}

/// Puts every sled of `new` on the table as it is (adding pieces for new
/// ones, removing those out of the race and those `old` had that `new`
/// has not placed). Only the sleds whose pose changed are touched.
///
/// The edits are planned first against the table as it is: every edit
/// names a piece that is there (or a fresh id for a new one), and such
/// edits cannot be refused, so the table changes wholly or not at all
/// without copying it.
fn sync_table(
    table: &mut Table,
    old: Option<&RaceState>,
    new: &mut RaceState,
) -> Result<(), PlayError> {
    let settings = new.settings;
    let placed = new.placed;
    let on_table = |s: &Sled| placed && !matches!(s.status, SledStatus::Out { .. });
    let is_sled = |table: &Table, p: u64| table.piece(p).is_some_and(|x| x.kind == "sled");
    let keep: Vec<u64> = new
        .sleds
        .iter()
        .filter(|s| on_table(s))
        .filter_map(|s| s.piece)
        .collect();
    let mut edits: Vec<TableEdit> = Vec::new();
    let mut deleted: Vec<u64> = Vec::new();
    if let Some(old) = old {
        for piece in old.sleds.iter().filter_map(|s| s.piece) {
            if !keep.contains(&piece) && table.piece(piece).is_some() && !deleted.contains(&piece) {
                edits.push(TableEdit::Delete { id: piece });
                deleted.push(piece);
            }
        }
    }
    let mut next_id = table.next_id();
    for s in new.sleds.iter_mut() {
        if !on_table(s) {
            if let Some(p) = s.piece
                && table.piece(p).is_some()
                && !deleted.contains(&p)
            {
                edits.push(TableEdit::Delete { id: p });
                deleted.push(p);
            }
            if !placed {
                s.piece = None;
            }
            continue;
        }
        match s.piece.filter(|p| is_sled(table, *p)) {
            Some(p) => {
                // Untouched when the sled did not move and its piece is
                // where it stands (a piece dragged away is put back).
                let unchanged = old.and_then(|o| o.sled(s.id)).is_some_and(|o| {
                    o.piece == Some(p) && o.center == s.center && o.facing == s.facing
                }) && table.piece(p).is_some_and(|x| match &x.shape {
                    Shape::Rect(r) => {
                        r.center() == s.center
                            && r.facing() == s.facing
                            && r.width() == settings.sled_width
                            && r.length() == settings.sled_length
                    }
                    _ => false,
                });
                if unchanged {
                    continue;
                }
                let Some(rect) = s.outline(&settings) else {
                    continue;
                };
                edits.push(TableEdit::SetShape {
                    id: p,
                    shape: Shape::Rect(rect),
                });
                edits.push(TableEdit::Rotate {
                    id: p,
                    facing: s.facing,
                });
            }
            None => {
                let Some(rect) = s.outline(&settings) else {
                    continue;
                };
                let id = next_id;
                next_id = next_id.saturating_add(1);
                let piece = Piece::new(id, &s.driver.name, "sled", Layer::Model, Shape::Rect(rect))
                    .with_facing(s.facing);
                edits.push(TableEdit::Add(piece));
                s.piece = Some(id);
            }
        }
    }
    table.apply_all(edits).map_err(|(_, e)| PlayError::from(e))
}

impl Game for Race {
    type Edit = RaceEdit;
    const SYSTEM: &'static str = "sled_race";

    fn new_game() -> Self {
        Race {
            settings: RaceSettings::default(),
            entrants: Vec::new(),
            state: None,
            ended: false,
            resolutions: Vec::new(),
        }
    }

    fn table_rules() -> TableRules {
        sled_table_rules()
    }

    fn apply(&mut self, edit: &RaceEdit, table: &mut Table) -> Result<(), PlayError> {
        match edit {
            RaceEdit::SetSettings(s) => {
                self.setup_only()?;
                s.validate()?;
                self.settings = *s;
            }
            RaceEdit::AddEntrant { player, driver } => {
                self.setup_only()?;
                if self.entrants.len() >= MAX_ENTRANTS {
                    return Err(crate::refusal::invalid(
                        "entrants",
                        self.entrants.len() + 1,
                        say("too_many_entrants").int("max", MAX_ENTRANTS as i64),
                    ));
                }
                self.check_entrant(player, driver.as_ref(), None)?;
                let id = Id::next_after(self.entrants.iter().map(|e| e.id));
                self.entrants.push(Entrant {
                    id,
                    player: player.clone(),
                    driver: driver.clone(),
                });
            }
            RaceEdit::SetEntrant(e) => {
                self.setup_only()?;
                self.check_entrant(&e.player, e.driver.as_ref(), Some(e.id))?;
                let slot = self
                    .entrants
                    .iter_mut()
                    .find(|x| x.id == e.id)
                    .ok_or_else(|| crate::refusal::not_found("entrant", e.id))?;
                *slot = e.clone();
            }
            RaceEdit::RemoveEntrant(id) => {
                self.setup_only()?;
                let before = self.entrants.len();
                self.entrants.retain(|e| e.id != *id);
                if self.entrants.len() == before {
                    return Err(crate::refusal::not_found("entrant", id));
                }
            }
            RaceEdit::Start => self.start(table)?,
            RaceEdit::Open(input) => {
                let kind = self.kind_for(*input)?;
                let id = Id::next_after(self.resolutions.iter().map(SavedResolution::id));
                self.resolutions.push(SavedResolution::new(id, kind)?);
            }
            RaceEdit::Apply(id) => self.apply_resolution(*id, table)?,
            RaceEdit::Undo => self.undo(table)?,
            RaceEdit::End => {
                if self.state.is_none() {
                    return Err(refused(say("not_started"), "S15"));
                }
                self.ended = true;
            }
            RaceEdit::Load { race, table: with } => {
                if let Some(p) = race.problems(with).first() {
                    return Err(crate::refusal::refused(
                        say("cannot_load").text("problem", &p.message),
                        p.rule.as_deref(),
                    ));
                }
                *self = (**race).clone();
                *table = (**with).clone();
            }
        }
        Ok(())
    }

    /// Once the race has started the track is fixed (S1): no terrain is
    /// placed, dragged, turned, reshaped, renamed or taken off, the table
    /// keeps its size, and a sled's piece is moved only by the race.
    fn check_table_edit(&self, edit: &TableEdit, table: &Table) -> Result<(), PlayError> {
        let Some(st) = self.state.as_deref() else {
            return Ok(());
        };
        match edit {
            TableEdit::SetTableSize { .. } => Err(refused(say("track_fixed_size"), "S1")),
            TableEdit::Add(piece) if piece.layer == Layer::Terrain => Err(refused(
                say("track_fixed_add").text("piece", &piece.name),
                "S1",
            )),
            TableEdit::Add(_) => Ok(()),
            other => {
                let Some(id) = other.piece_id() else {
                    return Ok(());
                };
                let Some(piece) = table.piece(id) else {
                    return Ok(());
                };
                if let Some(sled) = st.sleds.iter().find(|s| s.piece == Some(id)) {
                    return Err(refused(
                        say("sled_by_hand").text("driver", &sled.driver.name),
                        "S1",
                    ));
                }
                let to_terrain =
                    matches!(other, TableEdit::SetKind { layer, .. } if *layer == Layer::Terrain);
                if piece.layer == Layer::Terrain || to_terrain {
                    return Err(refused(say("track_fixed").text("piece", &piece.name), "S1"));
                }
                Ok(())
            }
        }
    }

    fn problems(&self, table: &Table) -> Vec<Problem> {
        let mut out = Vec::new();
        crate::checks::race_problems(self, &mut out);
        for p in table.pieces() {
            if p.layer == Layer::Terrain && TerrainKind::from_type_id(&p.kind).is_none() {
                out.push(
                    Problem::new(
                        format!("table.pieces[{}]", p.id),
                        format!(
                            "\"{}\" is of a kind the sled race does not know: {}",
                            p.name, p.kind
                        ),
                    )
                    .rule("S1"),
                );
            }
        }
        match (&self.state, Track::from_table(table)) {
            (_, Err(e)) => out.push(Problem::new("table", e.to_string()).rule("S8")),
            (Some(st), Ok(track)) if track.terrain != st.track.terrain => out.push(
                Problem::new(
                    "state.track",
                    "the terrain on the table changed after the start; the race keeps the terrain it started with",
                )
                .rule("S1"),
            ),
            _ => {}
        }
        out
    }

    fn resolutions(&self) -> &dyn ResolutionList {
        &self.resolutions
    }

    fn resolutions_mut(&mut self) -> &mut dyn ResolutionList {
        &mut self.resolutions
    }

    fn report(&self) -> Option<GameReport> {
        let st = self.state.as_ref()?;
        let order = st.finish_order();
        let sides = self
            .entrants
            .iter()
            .map(|e| {
                let mut side = SideReport::new(&e.player);
                if let Some(pos) = order.iter().position(|(id, _)| *id == e.id) {
                    side.placing = Some(pos as u32 + 1);
                    side.finished_round = order.get(pos).map(|(_, r)| *r);
                }
                side
            })
            .collect();
        Some(GameReport {
            finished: self.ended || st.next_step() == NextStep::Over,
            sides,
        })
    }

    fn messages(lang: Lang) -> &'static str {
        match lang {
            Lang::En => EN,
            Lang::De => DE,
        }
    }
}
