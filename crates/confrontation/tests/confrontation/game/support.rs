//! The example game and helpers shared by the game tests.

use feldherr_confrontation::game::{FigureStats, GameMachine, MarkerKind, Phase, ShotOrder};
use feldherr_confrontation::{
    ConfrontationEdit, ConfrontationGame, ConfrontationKind, MachineCard,
};
use feldherr_dice::step::{Answer, Prompt};
use feldherr_play::{Game, Id, PlayError};
use feldherr_table::geometry::{Angle, Circle, OrientedRect, Point, Shape};
use feldherr_table::{Layer, Piece, Table, TableEdit};
use serde::{Deserialize, Serialize};

pub const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/confrontation/example_game.json"
);
const CARDS: &str = include_str!("../../../../../fixtures/confrontation/machine_cards.json");

/// Machine ids of the example game.
pub const BALLISTA: Id = Id(1);
pub const FELSSPALTER: Id = Id(2);
pub const PANZERWAGEN: Id = Id(3);
pub const PANZER: Id = Id(4);

/// Sides of the example game.
pub const GOBLINS: Id = Id(1);
pub const ZWERGE: Id = Id(2);

/// Crew figures of the example game: the Ballista's three servants are
/// 1 to 3, the Felsspalter's crew 4 to 8.
pub const GUIGNE: Id = Id(4);
pub const SALPETRE: Id = Id(5);
pub const GRIZHOU_CREW: Id = Id(6);
pub const ADH: Id = Id(7);
pub const HENN: Id = Id(8);

/// Piece ids of the example table.
pub const GOBLIN_A: u64 = 3;
pub const GOBLIN_B: u64 = 4;
pub const GOBLIN_C: u64 = 5;
pub const PANZER_PIECE: u64 = 6;
pub const GRIZHOU: u64 = 7;
pub const MINE: u64 = 8;

/// A game with its table, as the fixture keeps them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Example {
    pub table: Table,
    pub game: ConfrontationGame,
}

impl Example {
    /// Applies `edit`; the error as text.
    pub fn edit(&mut self, edit: ConfrontationEdit) -> Result<(), String> {
        self.game
            .apply(&edit, &mut self.table)
            .map_err(|e: PlayError| e.to_string())
    }

    /// The machine `id`.
    pub fn machine(&self, id: Id) -> &GameMachine {
        self.game.machine(id).expect("machine")
    }

    /// Moves piece `id` to `to`.
    pub fn move_piece(&mut self, id: u64, to: Point) {
        self.table.apply(TableEdit::Move { id, to }).expect("move");
    }

    /// Puts a figure of `stats` on the table at `at` as piece `id`.
    pub fn add_figure(&mut self, id: u64, name: &str, at: Point, stats: FigureStats) {
        self.table
            .apply(TableEdit::Add(figure(id, name, at.x, at.y)))
            .expect("piece");
        self.edit(ConfrontationEdit::SetFigureStats {
            piece: id,
            stats: Some(stats),
        })
        .expect("stats");
    }

    /// Applies the result of resolution `id`.
    pub fn apply_result(&mut self, id: Id) {
        self.edit(ConfrontationEdit::ApplyResult(id))
            .expect("applied");
    }

    /// Adds `kind` as a new resolution, answers its prompts from `dice`
    /// (one roll per entry) and returns its id; fails if it is not finished.
    pub fn resolve(&mut self, kind: ConfrontationKind, dice: &[&[u32]]) -> Id {
        self.edit(ConfrontationEdit::AddResolution(kind))
            .expect("resolution added");
        let id = self.game.resolutions.last().expect("added").id();
        for faces in dice {
            let r = self.game.resolution(id).expect("resolution").resolution();
            assert!(
                matches!(r.prompt(), Some(Prompt::Roll(_))),
                "expected a roll for {faces:?}, got {:?}\n{}",
                r.prompt(),
                r.log_text()
            );
            self.edit(ConfrontationEdit::Answer {
                resolution: id,
                answer: Answer::Dice(faces.to_vec()),
            })
            .expect("answer fits");
        }
        let r = self.game.resolution(id).expect("resolution");
        assert!(
            r.finished(),
            "unfinished: {:?}\n{}",
            r.resolution().prompt(),
            r.resolution().log_text()
        );
        id
    }

    /// The outcome text of resolution `id`.
    pub fn text(&self, id: Id) -> String {
        self.game
            .resolution(id)
            .expect("resolution")
            .resolution()
            .outcome_text()
            .expect("finished")
    }
}

/// The example card named `name`, from the fixtures.
pub fn card(name: &str) -> MachineCard {
    let value: serde_json::Value = serde_json::from_str(CARDS).expect("cards");
    let card = value["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .map(|entry| &entry["card"])
        .find(|card| card["name"] == name)
        .expect("example card");
    serde_json::from_value(card.clone()).expect("card")
}

fn figure(id: u64, name: &str, x: f64, y: f64) -> Piece {
    let shape = Shape::Circle(Circle::new(Point::new(x, y), 1.25).expect("circle"));
    Piece::new(id, name, "figure", Layer::Model, shape)
}

fn machine_piece(id: u64, name: &str, x: f64, y: f64, facing: f64) -> Piece {
    let facing = Angle::from_degrees(facing).expect("angle");
    let rect = OrientedRect::new(Point::new(x, y), 5.0, 8.0, facing).expect("rect");
    Piece::new(id, name, "war_machine", Layer::Model, Shape::Rect(rect))
}

/// A figure of `side` with RES 3 and INI 2.
pub fn goblin(side: Id) -> FigureStats {
    let mut stats = FigureStats::new(3, side);
    stats.ini = 2;
    stats
}

/// The example game as code, built through its edits; the fixture must
/// match it. Two sides: the Goblins (Ballista, Felsspalter, Goblins A to
/// C, Grizhou) and the Zwerge (Panzerwagen, Panzer, facing west). Guigne
/// and Henn touch the Felsspalter (stated), Grizhou stands touching it on
/// the table; Salpetre laid Mine 1 9 cm from it at deployment. Round 1,
/// movement phase.
pub fn build() -> Example {
    let mut table = ConfrontationGame::default_table();
    let mine = Piece::new(
        MINE,
        "Mine 1",
        "mine",
        Layer::Marker,
        Shape::Circle(Circle::new(Point::new(34.0, 60.0), 1.0).expect("circle")),
    );
    for piece in [
        machine_piece(1, "Felsspalter", 20.0, 60.0, 0.0),
        machine_piece(2, "Panzerwagen", 20.0, 20.0, 0.0),
        figure(GOBLIN_A, "Goblin A", 70.0, 60.0),
        figure(GOBLIN_B, "Goblin B", 73.0, 60.0),
        figure(GOBLIN_C, "Goblin C", 90.0, 60.0),
        machine_piece(PANZER_PIECE, "Panzer", 80.0, 60.0, 180.0),
        figure(GRIZHOU, "Grizhou", 20.0, 63.75),
        mine,
    ] {
        table.apply(TableEdit::Add(piece)).expect("piece");
    }
    let mut example = Example {
        table,
        game: ConfrontationGame::new_game(),
    };
    for (side, name) in [(GOBLINS, "Goblins"), (ZWERGE, "Zwerge")] {
        example
            .edit(ConfrontationEdit::RenameSide {
                side,
                name: name.into(),
            })
            .expect("side");
    }
    for (name, piece, side) in [
        ("Ballista", None, GOBLINS),
        ("Felsspalter", Some(1), GOBLINS),
        ("Panzerwagen", Some(2), ZWERGE),
        ("Panzer", Some(PANZER_PIECE), ZWERGE),
    ] {
        example
            .edit(ConfrontationEdit::DeployMachine {
                card: card(name),
                side,
            })
            .expect("machine");
        let id = example.game.machines.last().expect("added").id;
        example
            .edit(ConfrontationEdit::LinkMachinePiece { machine: id, piece })
            .expect("link");
    }
    for id in [GOBLIN_A, GOBLIN_B, GOBLIN_C, GRIZHOU] {
        example
            .edit(ConfrontationEdit::SetFigureStats {
                piece: id,
                stats: Some(goblin(GOBLINS)),
            })
            .expect("stats");
    }
    // Guigne and Henn serve the Felsspalter: BES 1 (C3); Grizhou stands
    // touching it on the table.
    for crew in [GUIGNE, HENN] {
        example
            .edit(ConfrontationEdit::SetCrew {
                crew,
                in_contact: true,
                engaged: false,
                fleeing: false,
            })
            .expect("crew");
    }
    example
        .edit(ConfrontationEdit::LinkCrewPiece {
            crew: GRIZHOU_CREW,
            piece: Some(GRIZHOU),
        })
        .expect("Grizhou");
    example
        .edit(ConfrontationEdit::LayMarker {
            crew: SALPETRE,
            piece: MINE,
            kind: MarkerKind::Mine,
        })
        .expect("mine laid");
    for _ in 0..2 {
        example
            .edit(ConfrontationEdit::NextPhase)
            .expect("the round goes on");
    }
    example
}

/// Moves the example on to `phase` of its round (forwards only).
pub fn to_phase(example: &mut Example, phase: Phase) {
    while example.game.round.phase != phase {
        example
            .edit(ConfrontationEdit::NextPhase)
            .expect("next phase");
    }
}

/// The example game from the fixture.
pub fn example_game() -> Example {
    let text = std::fs::read_to_string(FIXTURE).expect("fixture");
    serde_json::from_str(&text).expect("fixture loads")
}

/// A shot order with the usual numbers: FER 3, difficulty 5, a 10 cm
/// template.
pub fn order(machine: Id, target: u64) -> ShotOrder {
    ShotOrder {
        machine,
        target: Some(target),
        gunner: None,
        fer: Some(3),
        difficulty: 5,
        template_cm: Some(10.0),
    }
}
