//! Warmaster in the app: the example game as a document
//! (fixtures/documents/warmaster-game.json, built from the engine's example
//! script), the army forms, the guided alternating terrain (W1), the turn
//! tracker, the result (W8), the chess clock with a fake clock (W9) and the
//! game report sheet.

mod common;

use common::{click, harness, replace_text, temp_dir};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use feldherr::app::{Command, FeldherrApp, Screen};
use feldherr::i18n::Texts;
use feldherr::systems::warmaster::{set_fake_now, wm};
use feldherr_dice::Dice;
use feldherr_dice::step::Answer;
use feldherr_host::document::{
    self, Document, DocumentEdit, EventDoc, EventEdit, GameDoc, GameEdit, HostedGame,
};
use feldherr_host::registry::{SystemEdit, SystemEvent, SystemEventEdit};
use feldherr_warmaster::{
    ClockEdit, EndReason, Player, Scenario, Settings, Stage, TerrainType, TournamentEdit, UnitKind,
    WarmasterEdit, WarmasterTournament, tournament_role,
};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../fixtures/documents/warmaster-game.json"
);

const SCRIPT: &str = include_str!("../../fixtures/warmaster/example_game.json");

/// Minutes in milliseconds.
const MIN: u64 = 60_000;

fn wm_edit(doc: &mut GameDoc, edit: WarmasterEdit) -> Result<(), String> {
    GameEdit::System(SystemEdit::Warmaster(edit))
        .apply_in_place(doc)
        .map_err(|e| e.to_string())
}

/// The game report of a game document (the host's record sheet).
fn game_report(texts: &Texts, doc: &GameDoc) -> feldherr_sheet::Document {
    doc.game
        .record_sheet(
            &doc.table_or_default(),
            &doc.name,
            texts,
            feldherr_sheet::SheetOptions::default(),
        )
        .expect("sheet")
}

/// The engine's example game, replayed through document edits; with
/// `steps` only its first steps.
fn build_steps(steps: Option<usize>) -> GameDoc {
    let script: serde_json::Value = serde_json::from_str(SCRIPT).expect("script");
    let mut doc = GameDoc::new("Anna : Bernd", "warmaster").expect("system");
    let all = script["steps"].as_array().expect("steps");
    for step in all.iter().take(steps.unwrap_or(all.len())) {
        let edit = if let Some(e) = step.get("edit") {
            GameEdit::System(SystemEdit::Warmaster(
                serde_json::from_value(e.clone()).expect("edit"),
            ))
        } else {
            let a = &step["answer"];
            GameEdit::Answer {
                index: usize::try_from(a["index"].as_u64().expect("index")).expect("index"),
                answer: serde_json::from_value::<Answer>(a["answer"].clone()).expect("answer"),
            }
        };
        edit.apply_in_place(&mut doc)
            .unwrap_or_else(|e| panic!("{step}: {e}"));
    }
    doc
}

fn example() -> GameDoc {
    match document::load(std::path::Path::new(FIXTURE)).expect("fixture loads") {
        Document::Game(game) => game,
        Document::Event(_) => panic!("the fixture is a game"),
    }
}

fn open(h: &mut Harness<'static, FeldherrApp>, doc: &GameDoc, name: &str) {
    let dir = temp_dir(name);
    let path = dir.join("game.json");
    document::save(&path, &Document::Game(doc.clone())).expect("save");
    h.state_mut().queue(Command::Open(path));
    h.run();
    assert_eq!(h.state().screen(), Screen::Document);
}

fn game(h: &Harness<'static, FeldherrApp>) -> GameDoc {
    match h.state().active_document().expect("a document").document() {
        Document::Game(game) => game.clone(),
        Document::Event(_) => panic!("a game"),
    }
}

fn new_warmaster(h: &mut Harness<'static, FeldherrApp>, name: &str) {
    let doc = GameDoc::new("Warmaster", "warmaster").expect("system");
    open(h, &doc, name);
}

#[test]
fn the_fixture_is_the_engines_example_game() {
    let built = Document::Game(build_steps(None));
    if std::env::var_os("FELDHERR_BLESS").is_some() {
        document::save(std::path::Path::new(FIXTURE), &built).expect("write fixture");
    }
    assert_eq!(Document::Game(example()), built);
    let doc = example();
    let g = wm(&doc).expect("warmaster");
    assert_eq!(g.stage(), Stage::Ended);
    assert_eq!(g.scenario, Some(Scenario::KingOfTheHill));
    assert!(
        g.end
            .as_ref()
            .expect("ended")
            .reasons
            .contains(&EndReason::TenEp { player: Player::A })
    );
}

#[test]
fn the_army_form_shows_problems_and_the_break_point_at_once() {
    let mut h = harness(Dice::scripted([]));
    new_warmaster(&mut h, "army-form");
    click(&mut h, "Armies");
    h.get_by_label("No units yet: add them below or import a list.");
    // Import a list without a General: the problem is named at once.
    click(&mut h, "Import a text list");
    replace_text(
        &mut h,
        "List",
        "army: Dark Elves\nSpearmen, 4, 60\nHarpies, 1, 65, monster, flying, stands=3",
    );
    click(&mut h, "Import and replace the army");
    let g = game(&h);
    let army = wm(&g).expect("wm").army(Player::A);
    assert_eq!(army.units.len(), 5);
    // In the interface language, without the saved path (issue #27).
    h.get_by_label("the army has no General");
    assert!(h.query_by_label_contains("units:").is_none());
    h.get_by_label("Break point (W7): 3 (5 counting units, half rounded up 3)");
    // Add the General with a forbidden item under "Arrogant" (W11).
    replace_text(&mut h, "Unit name", "Dreadlord");
    replace_text(&mut h, "Unit points", "155");
    replace_text(
        &mut h,
        "Unit magic items (comma separated)",
        "Sword of Might",
    );
    click(&mut h, "Add unit");
    let g = game(&h);
    let general = wm(&g)
        .expect("wm")
        .army(Player::A)
        .units
        .last()
        .cloned()
        .expect("unit");
    assert_eq!(general.name, "Dreadlord");
    assert_eq!(general.points, 155);
    // Bad input names the field.
    replace_text(&mut h, "Unit name", "Knights");
    replace_text(&mut h, "Unit points", "viel");
    click(&mut h, "Add unit");
    h.get_by_label("Unit points: \"viel\" is not a whole number");
}

#[test]
fn destructive_monsters_show_what_the_option_changes_for_them() {
    let mut h = harness(Dice::scripted([]));
    new_warmaster(&mut h, "destructive");
    click(&mut h, "Armies");
    click(&mut h, "Import a text list");
    replace_text(
        &mut h,
        "List",
        "army: Orcs\nGiant, 1, 150, monster, stands=1\nHarpies, 1, 65, monster, flying, stands=3",
    );
    click(&mut h, "Import and replace the army");
    h.get_by_label("Giant");
    assert!(
        h.query_by_label_contains("+2 attacks").is_none(),
        "the option is off"
    );
    click(&mut h, "Destructive attacks option");
    assert!(wm(&game(&h)).expect("wm").settings.options.destructive);
    // A tall window: the unit list lies below the settings.
    h.set_size(eframe::egui::vec2(1400.0, 1800.0));
    h.run();
    // The Giant (a monster on foot): as infantry, never defended, +2
    // attacks (W11, text line 278-280); the flying Harpies keep their way.
    h.get_by_label("moves through terrain as Infantry, never defended, +2 attacks in every combat");
    assert_eq!(h.query_all_by_label_contains("never defended").count(), 1);
}

#[test]
fn a_general_with_a_forbidden_item_is_a_problem_under_arrogant() {
    let mut doc = GameDoc::new("W", "warmaster").expect("system");
    wm_edit(
        &mut doc,
        WarmasterEdit::ImportArmy {
            player: Player::B,
            text:
                "army: Dark Elves\nGeneral, 1, 155, general, item=Orb of Majesty\nSpearmen, 2, 60"
                    .into(),
        },
    )
    .expect("import");
    let mut settings = Settings::default();
    settings.options.arrogant = true;
    // Switching "Arrogant" on over the army is refused now, naming the
    // item and the rule; so is importing the army under "Arrogant".
    let msg = wm_edit(&mut doc, WarmasterEdit::SetSettings(settings)).expect_err("refused");
    assert!(
        msg.contains("Orb of Majesty") && msg.contains("W11"),
        "{msg}"
    );
    let mut arrogant = GameDoc::new("W", "warmaster").expect("system");
    wm_edit(&mut arrogant, WarmasterEdit::SetSettings(settings)).expect("settings");
    let msg = wm_edit(
        &mut arrogant,
        WarmasterEdit::ImportArmy {
            player: Player::B,
            text:
                "army: Dark Elves\nGeneral, 1, 155, general, item=Orb of Majesty\nSpearmen, 2, 60"
                    .into(),
        },
    )
    .expect_err("refused");
    assert!(
        msg.contains("Orb of Majesty") && msg.contains("W11"),
        "{msg}"
    );
    // A file that carries both (written by hand) is a problem.
    let dir = temp_dir("arrogant");
    let path = dir.join("game.json");
    document::save(&path, &Document::Game(doc)).expect("save");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
    json["game"]["settings"]["options"]["arrogant"] = serde_json::Value::Bool(true);
    let doc = match document::parse(&json.to_string(), "game.json").expect("parses") {
        Document::Game(game) => game,
        Document::Event(_) => panic!("a game"),
    };
    let problems = doc.problems();
    assert!(
        problems
            .iter()
            .any(|p| p.to_string().contains("Orb of Majesty") && p.to_string().contains("W11")),
        "{problems:?}"
    );
    let g = wm(&doc).expect("wm");
    assert_eq!(g.army(Player::B).units[0].kind, UnitKind::General);
    // Opened in a German window, the banner says it in German, naming
    // the unit and the item, without the saved path (issue #27).
    let german = dir.join("arrogant.json");
    std::fs::write(&german, json.to_string()).expect("write");
    let mut options = feldherr::app::AppOptions::for_tests(Dice::scripted([]));
    options.settings.language = "de".into();
    let mut h = common::harness_with(options);
    h.state_mut().queue(Command::Open(german));
    h.run();
    // One line, naming the army's player, then the unit and the item.
    h.get_by_label_contains(
        ": „General“ trägt „Orb of Majesty“; Dunkelelfen dürfen diesen Gegenstand unter \
         „Arrogant“ nicht nehmen (W11)",
    );
    h.get_by_label_contains("•  Armee von ");
    assert!(h.query_by_label_contains("units[0]").is_none());
}

/// Rolls the terrain roll-off with typed dice: A 5, B 2.
fn terrain_rolled(h: &mut Harness<'static, FeldherrApp>) {
    click(h, "Roll off for the terrain");
    // The generic resolution view asks for each player's die by name.
    h.get_by_label_contains("a D6 for Player A and one for Player B");
    replace_text(h, "Player A's die", "5");
    replace_text(h, "Player B's die", "2");
    click(h, "Enter");
    click(h, "Apply: Player A places the first piece");
    let g = game(h);
    assert!(matches!(wm(&g).expect("wm").stage(), Stage::Terrain { .. }));
}

#[test]
fn the_alternating_terrain_is_guided_with_live_distance_checks() {
    let mut h = harness(Dice::scripted([]));
    new_warmaster(&mut h, "alternating");
    terrain_rolled(&mut h);
    click(&mut h, "Table");
    h.get_by_label("Player A places 1 piece(s).");
    h.get_by_label("Passing is allowed from 10 pieces on.");
    assert!(h.query_by_label("Player A passes").is_none());
    // Too near the west edge: the explanation names W1 and the button is
    // disabled.
    replace_text(&mut h, "x (cm)", "12");
    replace_text(&mut h, "y (cm)", "60");
    let refused = h.get_all_by_label_contains("(W1)").count();
    assert!(refused >= 1);
    // In the open: the distances are kept; placing it passes the turn.
    replace_text(&mut h, "x (cm)", "40");
    replace_text(&mut h, "y (cm)", "40");
    h.get_by_label("Distances kept: 10 cm from the edges, 12 cm from other terrain (W1).");
    click(&mut h, "Place the piece here");
    let g = game(&h);
    let w = wm(&g).expect("wm");
    assert_eq!(w.terrain.len(), 1);
    assert_eq!(w.terrain[0].terrain, TerrainType::Hill);
    h.get_by_label("Player B places 2 piece(s).");
    // Issue #27: a second hill in B's two-piece turn is refused beside the
    // button before the click, and the status does not say the distances
    // make it fine.
    replace_text(&mut h, "x (cm)", "120");
    replace_text(&mut h, "y (cm)", "40");
    click(&mut h, "Place the piece here");
    assert_eq!(wm(&game(&h)).expect("wm").terrain.len(), 2);
    replace_text(&mut h, "x (cm)", "90");
    replace_text(&mut h, "y (cm)", "90");
    h.get_by_label_contains("already placed a Hill in this turn");
    assert!(
        h.query_by_label("Distances kept: 10 cm from the edges, 12 cm from other terrain (W1).")
            .is_none()
    );
    assert!(
        h.get_by_label("Place the piece here")
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn pass_is_refused_before_ten_pieces_and_offered_at_ten() {
    // The engine's example places ten pieces and then B passes.
    let script: serde_json::Value = serde_json::from_str(SCRIPT).expect("script");
    let steps = script["steps"].as_array().expect("steps");
    let pass = steps
        .iter()
        .position(|s| {
            s.get("edit")
                .is_some_and(|e| e.get("pass_terrain").is_some())
        })
        .expect("a pass");
    let before = build_steps(Some(pass));
    let w = wm(&before).expect("wm");
    assert_eq!(w.alternating.as_ref().expect("alt").placed.len(), 10);
    let mut h = harness(Dice::scripted([]));
    open(&mut h, &before, "pass");
    click(&mut h, "Anna passes");
    let g = game(&h);
    assert!(matches!(
        wm(&g).expect("wm").stage(),
        Stage::Terrain {
            step: feldherr_warmaster::TerrainStep::LastPiece { player: Player::B }
        }
    ));
    h.get_by_label("The other player passed: Bernd may place one last piece.");
    // One piece fewer: no pass offered.
    let nine = build_steps(Some(pass - 1));
    let mut h = harness(Dice::scripted([]));
    open(&mut h, &nine, "nine");
    assert!(h.query_by_label_contains("passes").is_none());
}

#[test]
fn the_incursion_terrain_roll_is_a_real_roll_w3_pw16() {
    let mut doc = GameDoc::new("Incursion", "warmaster").expect("system");
    wm_edit(&mut doc, WarmasterEdit::SetScenario(Scenario::Incursion)).expect("scenario");
    wm_edit(&mut doc, WarmasterEdit::PlaceLayout).expect("layout");
    for x in [32.0, 92.0, 152.0] {
        wm_edit(
            &mut doc,
            WarmasterEdit::PlaceTerrain {
                player: None,
                terrain: TerrainType::Wood,
                at: feldherr_table::geometry::Point::new(x, 60.0),
                shape: None,
                name: None,
            },
        )
        .expect("wood");
    }
    let mut h = harness(Dice::scripted([]));
    open(&mut h, &doc, "incursion");
    h.get_by_label(
        "Incursion: no marker lies in open ground; roll which marker's terrain moves (W3).",
    );
    click(&mut h, "Roll the marker to clear (D6)");
    replace_text(&mut h, "Die 1", "6");
    click(&mut h, "Enter");
    click(&mut h, "Apply: the terrain moves off marker C");
    let g = game(&h);
    let w = wm(&g).expect("wm");
    assert!(w.marker_in_open_ground(&g.table_or_default()));
    assert!(
        h.query_by_label(
            "Incursion: no marker lies in open ground; roll which marker's terrain moves (W3)."
        )
        .is_none()
    );
}

/// Issue #27: in a scoring turn whose control is not stated yet, the end
/// of the turn is refused beside its button, before any click; once the
/// control is stated it is taken.
#[test]
fn ending_a_scoring_turn_without_control_is_refused_before_the_click() {
    let doc = battle_begun();
    let mut h = harness(Dice::scripted([]));
    open(&mut h, &doc, "unstated");
    click(&mut h, "Battle");
    let disabled = |h: &Harness<'static, FeldherrApp>| {
        h.get_by_label("End the player turn")
            .accesskit_node()
            .is_disabled()
    };
    for minute in 1..8 {
        if disabled(&h) {
            break;
        }
        set_fake_now(Some(minute * 60_000));
        click(&mut h, "End the player turn");
        set_fake_now(None);
        assert_eq!(h.state().error(), None);
    }
    assert!(disabled(&h), "a scoring turn comes");
    h.get_by_label_contains("state who controls every objective first; missing: Hill");
    click(&mut h, "Compute from the stands on the table");
    assert!(!disabled(&h));
}

/// The example game up to the first `EndTurn`.
fn battle_begun() -> GameDoc {
    let script: serde_json::Value = serde_json::from_str(SCRIPT).expect("script");
    let steps = script["steps"].as_array().expect("steps");
    let begin = steps
        .iter()
        .position(|s| {
            s.get("edit")
                .and_then(|e| e.get("deployed"))
                .is_some_and(|d| d["player"] == "b")
        })
        .expect("the second deployment, which begins the battle");
    build_steps(Some(begin + 1))
}

#[test]
fn the_turn_tracker_computes_control_from_the_stands() {
    let doc = battle_begun();
    let mut h = harness(Dice::scripted([]));
    open(&mut h, &doc, "tracker");
    click(&mut h, "Battle");
    assert!(h.get_all_by_label("Turn 1: Anna").count() >= 1);
    h.get_by_label("Control this turn (W4)");
    click(&mut h, "Compute from the stands on the table");
    let g = game(&h);
    let w = wm(&g).expect("wm");
    let turn = w
        .battle
        .as_ref()
        .expect("battle")
        .turns
        .last()
        .expect("turn");
    assert_eq!(turn.control.len(), w.objectives.len());
    assert!(turn.control.iter().all(|c| c.from_stands));
    assert!(h.get_all_by_label("from stands").count() >= w.objectives.len());
    // End the turn from the side panel 5 minutes into the game (the
    // example's clock started at 0): Bernd's turn, and his clock runs.
    set_fake_now(Some(300_000));
    click(&mut h, "End the player turn");
    set_fake_now(None);
    assert_eq!(h.state().error(), None);
    let g = game(&h);
    assert_eq!(
        wm(&g).expect("wm").battle.as_ref().map(|b| b.turn_of),
        Some(Player::B)
    );
    assert_eq!(wm(&g).expect("wm").clock.running, Some(Player::B));
    assert!(h.get_all_by_label("Turn 1: Bernd").count() >= 1);
}

#[test]
fn the_result_shows_the_vp_lines_and_the_verdict() {
    let mut h = harness(Dice::scripted([]));
    open(&mut h, &example(), "result");
    click(&mut h, "Result");
    let g = game(&h);
    let v = wm(&g).expect("wm").victory();
    let texts = Texts::new("en");
    let names = feldherr::systems::warmaster::names(wm(&g).expect("wm"));
    assert!(
        h.get_all_by_label(&texts.message(&v.verdict.message(&names)))
            .count()
            >= 1
    );
    for line in &v.sides[0].lines {
        h.get_by_label(&texts.message(&line.kind.message()));
    }
    assert!(h.get_all_by_label("- Anna reached 10 EP").count() >= 1);
}

/// Both armies of the set-up walk: General, Hero, Spearmen, Knights.
const ARMY: &str =
    "General, 1, 125, general\nHero, 1, 80, hero\nSpearmen, 4, 55\nKnights, 2, 110, cavalry";

/// A game with the clock on, set up through the guide's stages up to the
/// deployment (the clock may start only then, W9): Anna (A) starts from
/// the south edge against Bernd (B), King of the Hill.
fn deployment_game() -> GameDoc {
    let mut doc = GameDoc::new("Clock game", "warmaster").expect("system");
    let settings = Settings {
        clock: true,
        ..Settings::default()
    };
    wm_edit(&mut doc, WarmasterEdit::SetSettings(settings)).expect("settings");
    for (player, name) in [(Player::A, "Anna"), (Player::B, "Bernd")] {
        wm_edit(
            &mut doc,
            WarmasterEdit::ImportArmy {
                player,
                text: ARMY.into(),
            },
        )
        .expect("army");
        wm_edit(
            &mut doc,
            WarmasterEdit::SetPlayerName {
                player,
                name: name.into(),
            },
        )
        .expect("name");
    }
    // A table built together: one wood in a corner.
    wm_edit(
        &mut doc,
        WarmasterEdit::PlaceTerrain {
            player: None,
            terrain: TerrainType::Wood,
            at: feldherr_table::geometry::Point::new(20.0, 20.0),
            shape: None,
            name: None,
        },
    )
    .expect("terrain");
    for edit in [
        WarmasterEdit::SetStartingPlayer(Player::A),
        WarmasterEdit::ChooseEdge(feldherr_warmaster::Edge::South),
        WarmasterEdit::SetScenario(Scenario::KingOfTheHill),
        WarmasterEdit::PlaceLayout,
        WarmasterEdit::SetSpecialRule(None),
    ] {
        wm_edit(&mut doc, edit).expect("set-up");
    }
    assert!(
        matches!(wm(&doc).expect("wm").stage(), Stage::Deployment { .. }),
        "{:?}",
        wm(&doc).expect("wm").stage()
    );
    doc
}

#[test]
fn the_clock_runs_on_a_fake_clock_and_survives_a_restart() {
    let t0 = 1_000_000_u64;
    set_fake_now(Some(t0));
    let doc = deployment_game();
    let mut h = harness(Dice::scripted([]));
    open(&mut h, &doc, "clock");
    click(&mut h, "Clock");
    click(&mut h, "Start Anna's clock");
    set_fake_now(Some(t0 + 2 * MIN));
    h.run();
    h.get_by_label("43:00");
    h.get_by_label("45:00");
    // Space switches.
    h.key_press(eframe::egui::Key::Space);
    h.run();
    let g = game(&h);
    assert_eq!(wm(&g).expect("wm").clock.running, Some(Player::B));
    // A restart: the document is saved and opened again 3 minutes later.
    let saved = game(&h);
    drop(h);
    set_fake_now(Some(t0 + 5 * MIN));
    let mut h = harness(Dice::scripted([]));
    open(&mut h, &saved, "clock-restart");
    click(&mut h, "Clock");
    h.get_by_label("43:00");
    h.get_by_label("42:00");
    // P pauses for the combat phase; time stands still.
    h.key_press(eframe::egui::Key::P);
    h.run();
    assert!(wm(&game(&h)).expect("wm").clock.paused.is_some());
    set_fake_now(Some(t0 + 9 * MIN));
    h.run();
    h.get_by_label("42:00");
    h.key_press(eframe::egui::Key::P);
    h.run();
    // Under five minutes the face warns.
    set_fake_now(Some(t0 + 47 * MIN));
    h.run();
    h.get_by_label("under 5 minutes");
    // Run out: the game records it (W6/W9).
    set_fake_now(Some(t0 + 60 * MIN));
    h.run();
    h.run();
    let g = game(&h);
    let w = wm(&g).expect("wm");
    assert_eq!(w.clock.ran_out.map(|o| o.player), Some(Player::B));
    set_fake_now(None);
}

/// A game with the clock on, started for player A at 5 s (fake time) as
/// the deployment begins; both players deploy at once and the battle
/// begins with A's turn, his clock running.
fn clock_game() -> GameDoc {
    let mut doc = deployment_game();
    wm_edit(
        &mut doc,
        WarmasterEdit::Clock(ClockEdit::Start {
            player: Player::A,
            now_ms: 5_000,
        }),
    )
    .expect("start");
    for player in Player::BOTH {
        wm_edit(
            &mut doc,
            WarmasterEdit::Deployed {
                player,
                now_ms: Some(5_000),
            },
        )
        .expect("deployed");
    }
    assert_eq!(wm(&doc).expect("wm").clock.running, Some(Player::A));
    doc
}

#[test]
fn the_clock_sounds_once_under_five_minutes_and_once_when_out_if_switched_on() {
    use feldherr::sound::Tone;
    set_fake_now(Some(5_000));
    let doc = clock_game();
    let mut h = harness(Dice::scripted([]));
    open(&mut h, &doc, "tone");
    click(&mut h, "Clock");
    // 41 minutes gone: still above five minutes, and the tone is off.
    set_fake_now(Some(5_000 + 39 * MIN));
    h.run();
    assert!(h.state().tones().is_empty());
    set_fake_now(Some(5_000 + 40 * MIN + 1_000));
    h.run();
    assert!(h.state().tones().is_empty(), "off by default");
    // Switched on during the battle; the next fall under sounds once.
    click(&mut h, "Sound under 5 minutes");
    assert!(wm(&game(&h)).is_some_and(|g| g.settings.clock_sound));
    h.state_mut().queue(Command::Undo);
    h.run();
    assert!(!wm(&game(&h)).is_some_and(|g| g.settings.clock_sound));
    click(&mut h, "Sound under 5 minutes");
    // B's clock: switch, then B falls under five minutes too.
    click(&mut h, "Switch");
    set_fake_now(Some(5_000 + 80 * MIN + 2_000));
    h.run();
    h.run();
    assert_eq!(h.state().tones(), [Tone::Warning]);
    // Out of time: one long tone.
    set_fake_now(Some(5_000 + 86 * MIN));
    h.run();
    h.run();
    assert_eq!(h.state().tones(), [Tone::Warning, Tone::TimeUp]);
    set_fake_now(None);
}

#[test]
fn the_clock_view_can_go_full_screen() {
    set_fake_now(Some(5_000));
    let doc = clock_game();
    let mut h = harness(Dice::scripted([]));
    open(&mut h, &doc, "full");
    click(&mut h, "Clock");
    h.get_by_label("Undo");
    click(&mut h, "Full screen");
    h.get_by_label("Leave full screen");
    // The clock fills the window: the app's top bar is left out.
    assert!(h.query_by_label("Undo").is_none());
    click(&mut h, "Leave full screen");
    h.get_by_label("Full screen");
    h.get_by_label("Undo");
    set_fake_now(None);
}

#[test]
fn the_game_report_sheet_holds_the_whole_game() {
    let doc = example();
    let texts = Texts::new("en");
    let sheet = game_report(&texts, &doc);
    let layout = sheet.layout().expect("layout");
    let text = layout.text_outline();
    for needle in [
        "Warmaster game report",
        "King of the Hill",
        "Anna",
        "Bernd",
        "EP per player turn",
        "The table",
        "Anna reached 10 EP",
        "Victory points of Anna",
        "Anna: time left",
    ] {
        assert!(text.contains(needle), "{needle} missing in\n{text}");
    }
    let g = wm(&doc).expect("wm");
    let names = feldherr::systems::warmaster::names(g);
    assert!(text.contains(&texts.message(&g.victory().verdict.message(&names))));
    // German too.
    let de = Texts::new("de");
    let text = game_report(&de, &doc)
        .layout()
        .expect("layout")
        .text_outline();
    assert!(text.contains("Warmaster-Spielbericht"), "{text}");
}

// ---------------------------------------------------------------------
// The tournament.

const TOURNAMENT_FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../fixtures/documents/warmaster-tournament.json"
);

const TOURNAMENT_SCRIPT: &str = include_str!("../../fixtures/warmaster/tournament.json");

fn t_edit(doc: &mut Document, edit: TournamentEdit) -> Result<(), String> {
    DocumentEdit::Event(EventEdit::Event(SystemEventEdit::WarmasterTournament(edit)))
        .apply(doc)
        .map_err(|e| e.to_string())
}

fn tournament(doc: &Document) -> WarmasterTournament {
    match doc {
        Document::Event(e) => match &e.event {
            SystemEvent::WarmasterTournament(t) => t.clone(),
            _ => panic!("a Warmaster tournament"),
        },
        Document::Game(_) => panic!("an event"),
    }
}

/// The engine's 3-round example tournament as an event document; round 1
/// table 1 hosts the example game, whose report feeds the result.
fn build_tournament() -> Document {
    let script: serde_json::Value = serde_json::from_str(TOURNAMENT_SCRIPT).expect("script");
    let name = script["name"].as_str().expect("name");
    let mut event = WarmasterTournament::new(name, 3);
    event.rounds = u32::try_from(script["rounds"].as_u64().expect("rounds")).expect("rounds");
    let mut doc = Document::Event(EventDoc::new(SystemEvent::WarmasterTournament(event)));
    for step in script["steps"].as_array().expect("steps") {
        if let Some(e) = step.get("edit") {
            let edit: TournamentEdit = serde_json::from_value(e.clone()).expect("edit");
            t_edit(&mut doc, edit).unwrap_or_else(|e| panic!("{step}: {e}"));
        } else {
            let role: feldherr_play::Role =
                serde_json::from_value(step["feed_example_game"]["role"].clone()).expect("role");
            if let Document::Event(e) = &mut doc {
                let seats = e
                    .event
                    .slots()
                    .into_iter()
                    .find(|s| s.role == role)
                    .expect("a slot")
                    .players;
                e.hosted.push(HostedGame {
                    role: role.clone(),
                    seats,
                    game: example(),
                });
            }
            // Any edit of the hosted game feeds its report to the event.
            DocumentEdit::Event(EventEdit::Hosted {
                role,
                edit: GameEdit::SetNotes("fed".into()),
            })
            .apply(&mut doc)
            .expect("feed");
        }
    }
    doc
}

/// A tournament "Cup" of `rounds` rounds with `players`, whose ids are
/// their names' first letters in lower case ("a" for Anna).
fn cup(rounds: u32, players: &[&str]) -> Document {
    let mut doc = Document::Event(EventDoc::new(SystemEvent::WarmasterTournament(
        WarmasterTournament::new("Cup", rounds),
    )));
    for name in players {
        let id = name.chars().next().map(|c| c.to_lowercase().to_string());
        t_edit(
            &mut doc,
            TournamentEdit::AddPlayer {
                id: id.unwrap_or_default(),
                name: (*name).into(),
            },
        )
        .expect("player");
    }
    doc
}

#[test]
fn the_tournament_fixture_is_the_engines_example() {
    let built = build_tournament();
    if std::env::var_os("FELDHERR_BLESS").is_some() {
        document::save(std::path::Path::new(TOURNAMENT_FIXTURE), &built).expect("write");
    }
    let saved = document::load(std::path::Path::new(TOURNAMENT_FIXTURE)).expect("fixture");
    assert_eq!(saved, built);
    // Clara and Dieter tie on points; the VP difference decides.
    let t = tournament(&saved);
    let texts = Texts::new("en");
    let table = feldherr_warmaster::standings_table(&t, &texts).expect("standings");
    let csv = feldherr_host::standings::csv(&table, Default::default());
    assert_eq!(
        csv,
        "place,player,games,total,vp_difference,ep,decided_by\n\
         1,Clara,3,5,390,15,VP difference +390 vs +360\n\
         2,Dieter,3,5,360,16,VP difference +360 vs +390\n\
         3,Anna,3,4,70,18,points\n\
         4,Bernd,3,1,-820,7,points\n"
    );
    let sheets =
        feldherr_warmaster::tournament_sheets(&t, &texts, feldherr_sheet::SheetOptions::default())
            .expect("sheets");
    // The standings, three rounds and a result slip per pairing (two a
    // round).
    assert_eq!(sheets.len(), 1 + 3 + 3 * 2);
    let outline = sheets[0].sheet.layout().expect("layout").text_outline();
    assert!(
        outline.contains("Clara")
            && outline.contains("Decided by")
            && outline.contains("VP difference +390 vs"),
        "{outline}"
    );
}

#[test]
fn a_tournament_round_is_paired_and_results_typed_or_taken_from_a_game_file() {
    let doc = cup(2, &["Anna", "Bernd", "Clara", "Dieter"]);
    let dir = temp_dir("tournament");
    let path = dir.join("cup.json");
    document::save(&path, &doc).expect("save");
    let game_path = dir.join("game.json");
    document::save(&game_path, &Document::Game(example())).expect("save game");
    let mut h = harness(Dice::scripted([]));
    h.state_mut().queue(Command::Open(path));
    h.run();
    click(&mut h, "Rounds");
    click(&mut h, "Pair this round");
    let t = tournament(h.state().active_document().expect("doc").document());
    let pairings = &t.round_list[0].pairings;
    assert_eq!(pairings.len(), 2);
    // Table 1 (Anna - Bernd) from the example game's document.
    assert_eq!((pairings[0].a.as_str(), pairings[0].b.as_str()), ("a", "b"));
    common::replace_text_nth(&mut h, "Game file", 0, game_path.to_str().expect("path"));
    h.get_all_by_label("Take the result from the game file")
        .next()
        .expect("button")
        .click();
    h.run();
    // Table 2 typed in: 60 VP apart is a win for Clara (W8).
    common::replace_text_nth(&mut h, "VP A", 0, "400");
    common::replace_text_nth(&mut h, "VP B", 0, "340");
    common::replace_text_nth(&mut h, "EP A", 0, "4");
    common::replace_text_nth(&mut h, "EP B", 0, "2");
    click(&mut h, "Record result");
    let t = tournament(h.state().active_document().expect("doc").document());
    let r1 = t.round_list[0].pairings[0].result.expect("from the game");
    assert_eq!(r1.a.result, feldherr_play::MatchResult::Win);
    assert_eq!(r1.a.ep, 10);
    let r2 = t.round_list[0].pairings[1].result.expect("typed");
    assert_eq!(r2.a.result, feldherr_play::MatchResult::Win);
    assert_eq!((r2.a.vp, r2.b.vp, r2.a.ep), (400, 340, 4));
    click(&mut h, "Standings");
    h.get_by_label("Anna");
    click(&mut h, "Projector view");
    assert!(
        h.query_by_label("Undo").is_none(),
        "the projector has no top bar"
    );
    click(&mut h, "Leave the projector view");
    h.get_by_label("Undo");
}

#[test]
fn players_are_renamed_dropped_and_back_and_the_terms_are_set_in_the_window() {
    let doc = cup(2, &["Anna", "Bernd", "Clara", "Dieter"]);
    let dir = temp_dir("tournament-players");
    let path = dir.join("cup.json");
    document::save(&path, &doc).expect("save");
    let mut h = harness(Dice::scripted([]));
    h.state_mut().queue(Command::Open(path));
    h.run();
    let t = |h: &Harness<'static, FeldherrApp>| {
        tournament(h.state().active_document().expect("doc").document())
    };
    // Dieter drops out before round 1: he keeps his id, and comes back.
    h.get_all_by_label("Drops out")
        .nth(3)
        .expect("Dieter's button")
        .click();
    h.run();
    assert_eq!(t(&h).players[3].dropped_after, Some(0));
    h.get_by_label("dropped out after round 0");
    click(&mut h, "Back in");
    assert_eq!(t(&h).players[3].dropped_after, None);
    // Renamed with Enter; a name another player has is refused before
    // anything is sent, naming the clash.
    common::replace_text_nth(&mut h, "Name (Enter renames)", 1, "Bernd K.");
    h.key_press(eframe::egui::Key::Enter);
    h.run();
    assert_eq!(t(&h).players[1].name, "Bernd K.");
    assert_eq!(t(&h).players[1].id, "b");
    common::replace_text_nth(&mut h, "Name (Enter renames)", 2, "Anna");
    assert!(
        h.query_by_label_contains("two players of one name")
            .is_some(),
        "the clash is shown before Enter"
    );
    h.key_press(eframe::egui::Key::Enter);
    h.run();
    assert_eq!(t(&h).players[2].name, "Clara", "nothing was sent");
    // The terms every game is played with (W11).
    h.get_by_label("Dark Elves: Arrogant (three items forbidden)")
        .click();
    h.run();
    assert!(t(&h).terms.options.arrogant);
    // The tournament's own name.
    common::replace_text_nth(&mut h, "Name", 0, "Guardians Cup 2027");
    h.key_press(eframe::egui::Key::Tab);
    h.run();
    assert_eq!(t(&h).name, "Guardians Cup 2027");
    // A new player with Enter.
    common::replace_text_nth(&mut h, "New player", 0, "Emil");
    h.key_press(eframe::egui::Key::Enter);
    h.run();
    assert_eq!(t(&h).players.len(), 5);
    assert_eq!(t(&h).players[4].name, "Emil");
}

#[test]
fn the_tournament_prints_its_slips_rounds_and_standings_from_its_print_tab() {
    let doc = cup(2, &["Anna", "Bernd", "Clara", "Dieter"]);
    let dir = temp_dir("tournament-print");
    let path = dir.join("cup.json");
    document::save(&path, &doc).expect("save");
    let mut h = harness(Dice::scripted([]));
    h.state_mut().queue(Command::Open(path));
    h.run();
    click(&mut h, "Rounds");
    click(&mut h, "Pair this round");
    click(&mut h, "Print");
    // The tournament prints no New Year sheets, and has no two-up slips.
    assert!(h.query_by_label("Sled race").is_none());
    assert!(
        h.query_by_label("Slips: two A5 per A4 page, with a cut line")
            .is_none()
    );
    common::replace_text_nth(&mut h, "Folder", 0, &dir.join("out").display().to_string());
    common::replace_text_nth(&mut h, "DPI (PNG)", 0, "72");
    // Without the rounds: the slips and the standings.
    h.get_all_by_label("Rounds")
        .last()
        .expect("the kind")
        .click();
    h.run();
    h.get_by_label("Write all sheets").click();
    for _ in 0..400 {
        h.step();
        if h.query_by_label_contains("files written to").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    h.get_by_label_contains("files written to");
    let mut written: Vec<String> = std::fs::read_dir(dir.join("out"))
        .expect("out")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(
        written,
        [
            "slip-round-1-table-01.png",
            "slip-round-1-table-02.png",
            "standings.png"
        ]
    );
}

#[test]
fn a_pairing_is_played_in_the_app_inside_the_tournament() {
    let doc = cup(2, &["Anna", "Bernd", "Clara"]);
    let dir = temp_dir("tournament-hosted");
    let path = dir.join("cup.json");
    document::save(&path, &doc).expect("save");
    let mut h = harness(Dice::scripted([]));
    h.state_mut().queue(Command::Open(path.clone()));
    h.run();
    click(&mut h, "Rounds");
    click(&mut h, "Pair this round");
    // Three players: one pairing and a bye; the pairing is played here.
    click(&mut h, "Play this game in the app");
    h.get_by_label("Back to Cup");
    let hosted = |h: &Harness<'static, FeldherrApp>| -> GameDoc {
        let guard = h.state().active_document().expect("doc");
        let Document::Event(e) = guard.document() else {
            panic!("an event")
        };
        e.hosted(&tournament_role(1, 1))
            .expect("hosted")
            .game
            .clone()
    };
    let game = hosted(&h);
    assert_eq!(game.name, "Round 1, table 1: Anna vs Bernd");
    // The pairing's players are seated as players A and B.
    let feldherr_host::registry::SystemGame::Warmaster(g) = &game.game else {
        panic!("a Warmaster game")
    };
    assert_eq!(g.player(Player::A).name, "Anna");
    assert_eq!(g.player(Player::B).name, "Bernd");
    // The game's own screens edit the hosted game: its name here.
    replace_text(&mut h, "Name", "Final table");
    click(&mut h, "Table");
    assert_eq!(hosted(&h).name, "Final table");
    // Back in the tournament the pairing shows its game and opens it.
    click(&mut h, "Back to Cup");
    h.get_by_label("Game in the app: Final table, being set up.");
    assert!(h.query_by_label("Play this game in the app").is_none());
    click(&mut h, "Open the game");
    h.get_by_label("Back to Cup");
    // Saved with the tournament.
    let Document::Event(saved) = document::load(&path).expect("saved") else {
        panic!("an event")
    };
    assert_eq!(saved.hosted.len(), 1);
    // A role the tournament hosts no game in is refused with its name.
    h.state_mut()
        .queue(Command::OpenHosted(tournament_role(2, 1)));
    h.run();
    let error = h.state().error().expect("refused").to_owned();
    assert!(error.contains("\"round-2/table-1\""), "{error}");
    h.get_by_label("Back to Cup");
}

#[test]
fn a_finished_hosted_game_records_its_pairings_result() {
    let mut doc = cup(1, &["Anna", "Bernd"]);
    t_edit(&mut doc, TournamentEdit::PairRound { round: 1 }).expect("paired");
    DocumentEdit::Event(EventEdit::Host {
        role: tournament_role(1, 1),
        name: "R1".into(),
    })
    .apply(&mut doc)
    .expect("hosted");
    assert!(tournament(&doc).round_list[0].pairings[0].result.is_none());
    // The example game's players are Anna and Bernd; once it stands in the
    // role, the next edit of it feeds its result.
    if let Document::Event(e) = &mut doc {
        e.hosted[0].game = example();
    }
    DocumentEdit::Event(EventEdit::Hosted {
        role: tournament_role(1, 1),
        edit: GameEdit::Rename("R1".into()),
    })
    .apply(&mut doc)
    .expect("fed");
    let result = tournament(&doc).round_list[0].pairings[0]
        .result
        .expect("recorded");
    assert_eq!(result.a.result, feldherr_play::MatchResult::Win);
    assert_eq!(result.a.ep, 10);
}
