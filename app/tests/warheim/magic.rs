//! Magic, markers, the action forms and templates through the window, with
//! dice typed in: Fireball cast at the upper orc and dispelled (line 227),
//! a hidden orc spotted and revealed (lines 175, 181), a marker revealed
//! with a shot (line 199), a crossbow's reload cycle (line 177), a fall
//! from height (line 191), a large blast over three fighters (PH21), the
//! Magic tab filled in from the open activation, a delayed reaction
//! against an activating marker (lines 37-41); and a spell from a
//! fighter without its school refused with his name and the rule.

use super::{game, game_edit, pick, roster};
use crate::common::{self, click, harness, replace_text, type_into};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use feldherr::app::{Command, FeldherrApp};
use feldherr::systems::warheim::wh;
use feldherr_dice::Dice;
use feldherr_host::document::{self, Document, DocumentEdit, GameDoc};
use feldherr_play::Id;
use feldherr_table::geometry::Point;
use feldherr_warheim::{
    AttackOrder, Condition, RangeBand, ReactionChoice, TargetOrder, WarheimEdit, WarheimKind,
    WarheimOutcome, Weapon, WeaponKind,
};

const HUNTER: Id = Id(1);
const UPPER: Id = Id(11);
const LOWER: Id = Id(12);
const WIZARD: Id = Id(31);
const APPRENTICE: Id = Id(32);

/// Player 0 chooses the group of `fighter` in the running turn and
/// begins his activation from the pool.
fn begin_activation_of(h: &mut Harness<'static, FeldherrApp>, fighter: Id) {
    let group = wh(&game(h))
        .turn
        .as_ref()
        .expect("a turn")
        .groups
        .iter()
        .position(|g| g.fighters.contains(&fighter))
        .expect("his group");
    send(h, WarheimEdit::ChooseGroup { player: 0, group });
    send(
        h,
        WarheimEdit::BeginActivation {
            fighter,
            source: feldherr_warheim::Source::Pool,
        },
    );
}

/// The text's example (the hunter, two orcs) with the bright order as a
/// third player: the wizard 6 in south of the fighting, facing it, and
/// his apprentice beside him with a crossbow.
pub(super) fn mage_document() -> Document {
    let mut doc = Document::Game(GameDoc::new("Warheim with a mage", "warheim").expect("system"));
    let mut wizards = roster("bright_wizard.json");
    wizards.fighters[1].weapons.push(Weapon {
        name: "Crossbow".into(),
        kind: WeaponKind::Ranged,
        attacks: 1,
        bands: vec![
            RangeBand {
                up_to: 12.0,
                modifier: 0,
            },
            RangeBand {
                up_to: 24.0,
                modifier: -3,
            },
        ],
        reload: true,
        ..Weapon::default()
    });
    let place = |fighter: Id, x: f64, y: f64, facing: f64| WarheimEdit::Place {
        fighter,
        at: Point::new(x, y),
        facing,
    };
    let edits = [
        WarheimEdit::SetRoster {
            player: 0,
            roster: roster("witch_hunter.json"),
        },
        WarheimEdit::SetRoster {
            player: 1,
            roster: roster("orcs.json"),
        },
        WarheimEdit::SetRoster {
            player: 2,
            roster: wizards,
        },
        place(HUNTER, 18.0, 18.0, 0.0),
        place(UPPER, 20.5, 18.0, 180.0),
        place(LOWER, 18.0, 19.0, 270.0),
        place(WIZARD, 18.0, 12.0, 90.0),
        place(APPRENTICE, 20.0, 12.0, 90.0),
    ];
    for e in edits {
        DocumentEdit::Game(game_edit(e))
            .apply(&mut doc)
            .expect("edit");
    }
    doc
}

/// Opens a copy of the mage document, large enough to see every form.
fn open_mage(name: &str) -> Harness<'static, FeldherrApp> {
    let mut h = harness(Dice::scripted([]));
    let dir = common::temp_dir(name);
    let path = dir.join("warheim-mage.json");
    document::save(&path, &mage_document()).expect("save");
    if let Some(out) = std::env::var_os("WARHEIM_MAGE_DOC") {
        document::save(std::path::Path::new(&out), &mage_document()).expect("save copy");
    }
    h.state_mut().queue(Command::Open(path));
    h.run();
    h.set_size(eframe::egui::vec2(1600.0, 2400.0));
    h.run();
    h
}

fn send(h: &mut Harness<'static, FeldherrApp>, edit: WarheimEdit) {
    h.state_mut()
        .queue(Command::Edit(DocumentEdit::Game(game_edit(edit))));
    h.run();
}

/// Types each roll into the open prompt.
fn roll(h: &mut Harness<'static, FeldherrApp>, rolls: &[&[u32]]) {
    for faces in rolls {
        for (i, face) in faces.iter().enumerate() {
            type_into(h, &format!("Die {}", i + 1), &face.to_string());
        }
        click(h, "Enter");
    }
}

fn outcome(h: &Harness<'static, FeldherrApp>, index: usize) -> WarheimOutcome {
    wh(&game(h)).resolutions[index]
        .outcome()
        .cloned()
        .expect("finished")
}

#[test]
fn the_mage_document_is_valid() {
    let doc = mage_document();
    assert!(doc.problems().is_empty(), "{:?}", doc.problems());
}

/// Fireball at the upper orc, who dispels: Fire 2 against an orc who
/// knows no fire, -6 on his Mor 10: 4, opposed to the wizard's WIP 14.
/// The wizard rolls 3, the orc 4 (his crit): the spell is broken.
#[test]
fn fireball_cast_and_dispelled() {
    let mut h = open_mage("wh-magic-dispel");
    click(&mut h, "Magic");
    pick(&mut h, "Caster", 0, "Bright wizard");
    pick(&mut h, "Spell", 0, "Fireball");
    pick(&mut h, "Target", 0, "Upper orc");
    // He may dodge the effect instead; once he dispels, that is his one
    // reaction and the dodge is no longer offered.
    pick(&mut h, "Reaction of Upper orc", 0, "dodges");
    pick(&mut h, "Target answers", 0, "dispel");
    assert_eq!(h.query_all_by_label("Reaction of Upper orc").count(), 0);
    h.get_by_label(
        "Upper orc dispels on Mor 10 -6 = 4, opposed to the WIP roll of Bright wizard \
         (-3 per school level of difference, line 227)",
    );
    // The exact chance before the click.
    let odds = h
        .query_all_by_label_contains("Chance the spell goes off: ")
        .count();
    assert_eq!(odds, 1);
    click(&mut h, "Cast");
    let index = wh(&game(&h)).resolutions.len() - 1;
    match wh(&game(&h)).resolutions[index].kind() {
        WarheimKind::Cast(spec) => {
            assert_eq!(spec.wip.map(|p| (p.dice, p.value)), Some((1, 14)));
            let c = spec.counter.as_ref().expect("a dispel");
            assert_eq!((c.pool.dice, c.pool.value), (1, 4));
        }
        other => panic!("not a cast: {other:?}"),
    }
    roll(&mut h, &[&[3], &[4]]);
    let WarheimOutcome::Cast(out) = outcome(&h, index) else {
        panic!("not a cast")
    };
    assert!(!out.cast);
    assert_eq!(out.countered, Some(true));
    assert_eq!(out.effect, None);
}

/// The lower orc cannot hide while the wizard sees him (measured); with
/// the players' word he hides; the wizard spots him with Prec 10 (a 5)
/// and, applied, the marker is revealed.
#[test]
fn a_marker_is_spotted_and_revealed() {
    let mut h = open_mage("wh-magic-marker");
    click(&mut h, "Markers");
    pick(&mut h, "Fighter", 0, "Lower orc");
    let seen = h
        .query_all_by_label_contains("Lower orc is seen by ")
        .count();
    assert_eq!(seen, 1, "the table shows who sees him");
    // Refused before the click, naming who sees him and the rule.
    let refusal = h
        .query_all_by_label_contains("Lower orc: he hides only where no enemy sees him (line 181)")
        .count();
    assert_eq!(refusal, 1);
    click(&mut h, "Players overrule the table");
    click(&mut h, "Hide");
    assert!(
        wh(&game(&h)).rosters[1]
            .fighter(LOWER)
            .expect("orc")
            .has(Condition::Hidden)
    );
    pick(&mut h, "Who looks", 0, "Bright wizard");
    pick(&mut h, "Marker", 0, "Lower orc");
    h.get_by_label(
        "Bright wizard looks for Lower orc: a Prec test on 10, with the zones and walls on the line.",
    );
    click(&mut h, "Spot");
    let index = wh(&game(&h)).resolutions.len() - 1;
    roll(&mut h, &[&[5]]);
    let WarheimOutcome::Test(out) = outcome(&h, index) else {
        panic!("not a test")
    };
    assert!(out.passed, "{out:?}");
    click(&mut h, "Apply result");
    assert!(
        !wh(&game(&h)).rosters[1]
            .fighter(LOWER)
            .expect("orc")
            .has(Condition::Hidden),
        "spotted: revealed"
    );
}

/// The apprentice shoots his crossbow: it is no longer loaded, a second
/// shot is refused until the Actions tab reloads it.
#[test]
fn a_crossbow_is_reloaded() {
    let mut h = open_mage("wh-magic-reload");
    let shot = AttackOrder::new(
        APPRENTICE,
        1,
        vec![TargetOrder::new(UPPER, 1, 6.0, ReactionChoice::None)],
    );
    send(&mut h, WarheimEdit::Attack(shot.clone()));
    assert_eq!(wh(&game(&h)).resolutions.len(), 1);
    click(&mut h, "Actions");
    pick(&mut h, "Fighter", 0, "Apprentice");
    h.get_by_label("Crossbow: not loaded");
    let doc = game(&h);
    assert!(
        feldherr::systems::check_edit::<feldherr_warheim::Warheim>(
            &doc,
            &WarheimEdit::Attack(shot.clone())
        )
        .is_err(),
        "an unloaded crossbow does not shoot"
    );
    click(&mut h, "Reload Crossbow");
    h.get_by_label("Crossbow: loaded");
    let doc = game(&h);
    assert!(
        feldherr::systems::check_edit::<feldherr_warheim::Warheim>(
            &doc,
            &WarheimEdit::Attack(shot)
        )
        .is_ok()
    );
}

/// The upper orc stands 5 in up; the Actions tab reads the height and
/// the fall is a hit of strength Arm 1 + 5 (line 191).
#[test]
fn a_fall_from_height() {
    let mut h = open_mage("wh-magic-fall");
    send(
        &mut h,
        WarheimEdit::SetElevation {
            fighter: UPPER,
            elevation: 5.0,
        },
    );
    click(&mut h, "Actions");
    pick(&mut h, "Fighter", 0, "Upper orc");
    assert_eq!(super::field(&h, "Height"), "5");
    click(&mut h, "Fall");
    let index = wh(&game(&h)).resolutions.len() - 1;
    match wh(&game(&h)).resolutions[index].kind() {
        WarheimKind::Fall(spec) => {
            assert_eq!((spec.fighter.id, spec.height), (UPPER, 5));
        }
        other => panic!("not a fall: {other:?}"),
    }
    // His save against the hit rolls a 1: the shortfall is lost in T.
    roll(&mut h, &[&[1]]);
    let WarheimOutcome::Fall(out) = outcome(&h, index) else {
        panic!("not a fall")
    };
    assert!(out.change.t_lost >= 1, "{out:?}");
    assert_eq!(out.change.t_after, 5 - out.change.t_lost as i32);
    click(&mut h, "Apply result");
    let orc = wh(&game(&h)).rosters[1]
        .fighter(UPPER)
        .expect("orc")
        .current();
    assert_eq!(orc.t, out.change.t_after);
}

/// A large blast laid over the fight covers the hunter and both orcs,
/// not the wizard; the players take one out by hand.
#[test]
fn a_template_over_three_fighters() {
    let mut h = open_mage("wh-magic-template");
    click(&mut h, "Actions");
    pick(&mut h, "Template", 0, "large blast");
    replace_text(&mut h, "Template x", "19.2");
    replace_text(&mut h, "Template y", "18.3");
    click(&mut h, "Lay");
    h.get_by_label("Under it (3): Witch hunter, Upper orc, Lower orc");
    click(&mut h, "Upper orc");
    h.get_by_label("Under it (2): Witch hunter, Lower orc");
}

/// Bad input: the upper orc asked to cast Fireball, a spell of a school
/// he does not know, is refused before the click with his name and the
/// rule; the roster editor refuses the same spell on save.
#[test]
fn a_spell_from_a_fighter_without_the_school() {
    let mut h = open_mage("wh-magic-bad");
    click(&mut h, "Magic");
    pick(&mut h, "Caster", 0, "Upper orc");
    pick(&mut h, "Spell", 0, "Fireball (known by Bright wizard)");
    let refusal = h
        .query_all_by_label_contains("Upper orc does not know the school of Fire (line 227)")
        .count();
    assert_eq!(refusal, 1);
    assert_eq!(wh(&game(&h)).resolutions.len(), 0);
    // The roster editor: a spell added to an orc without the school.
    click(&mut h, "Rosters");
    h.get_all_by_label("Orcs")
        .nth(1)
        .expect("the roster's tab")
        .click();
    h.run();
    click(&mut h, "Add spell");
    type_into(&mut h, "Spell name", "Fire breath");
    replace_text(&mut h, "Spell school", "Fire");
    click(&mut h, "Save roster");
    let refusal = h
        .query_all_by_label_contains("Upper orc does not know the school of Fire (line 227)")
        .count();
    assert_eq!(refusal, 1);
    assert!(wh(&game(&h)).rosters[1].fighters[0].spells.is_empty());
}

/// The forms start from the activation: the wizard (the first player
/// here) declares Fireball at the upper orc, who saw him and answers with
/// a dispel; the Magic tab shows all of it without a click, and casts it.
#[test]
fn the_magic_tab_starts_from_the_activation() {
    let mut doc = Document::Game(GameDoc::new("Warheim activation", "warheim").expect("system"));
    let place = |fighter: Id, x: f64, y: f64, facing: f64| WarheimEdit::Place {
        fighter,
        at: Point::new(x, y),
        facing,
    };
    for e in [
        WarheimEdit::SetRoster {
            player: 0,
            roster: roster("bright_wizard.json"),
        },
        WarheimEdit::SetRoster {
            player: 1,
            roster: roster("orcs.json"),
        },
        place(WIZARD, 18.0, 12.0, 90.0),
        place(APPRENTICE, 20.0, 12.0, 90.0),
        place(UPPER, 20.5, 18.0, 270.0),
        place(LOWER, 18.0, 19.0, 270.0),
        WarheimEdit::StartTurn,
    ] {
        DocumentEdit::Game(game_edit(e))
            .apply(&mut doc)
            .expect("edit");
    }
    let mut h = harness(Dice::scripted([]));
    let dir = common::temp_dir("wh-magic-activation");
    let path = dir.join("warheim-activation.json");
    document::save(&path, &doc).expect("save");
    h.state_mut().queue(Command::Open(path));
    h.run();
    h.set_size(eframe::egui::vec2(1600.0, 2400.0));
    h.run();
    begin_activation_of(&mut h, WIZARD);
    send(
        &mut h,
        WarheimEdit::Declare(
            feldherr_warheim::activation::Declaration::full(
                feldherr_warheim::FullAction::CastSpell,
            )
            .with_spell(0)
            .at(&[UPPER]),
        ),
    );
    let seers = wh(&game(&h)).activation().expect("open").seers();
    assert!(seers.contains(&UPPER), "{seers:?}");
    for s in seers {
        let reaction = if s == UPPER {
            feldherr_warheim::activation::ReactionDecl::React {
                action: feldherr_warheim::ShortAction::Overcome,
                against: WIZARD,
                weapon: None,
                spell: None,
            }
        } else {
            feldherr_warheim::activation::ReactionDecl::Pass
        };
        send(
            &mut h,
            WarheimEdit::React {
                fighter: s,
                reaction,
            },
        );
    }
    click(&mut h, "Magic");
    h.get_by_label("Filled in from the activation of Bright wizard.");
    h.get_by_label(
        "Upper orc dispels on Mor 10 -6 = 4, opposed to the WIP roll of Bright wizard \
         (-3 per school level of difference, line 227)",
    );
    click(&mut h, "Cast");
    let game = game(&h);
    let last = wh(&game).resolutions.last().expect("the cast");
    match last.kind() {
        WarheimKind::Cast(spec) => {
            assert_eq!(spec.caster, WIZARD);
            assert_eq!(spec.spell, "Fireball");
            assert_eq!(spec.counter.as_ref().map(|c| c.fighter), Some(UPPER));
        }
        other => panic!("not a cast: {other:?}"),
    }
}

/// Вскрыть (line 199): the apprentice spots the hidden lower orc and
/// shoots his crossbow at him, one resolution; the shot unloads it.
#[test]
fn a_marker_is_revealed_with_a_shot() {
    let mut h = open_mage("wh-magic-reveal");
    send(
        &mut h,
        WarheimEdit::SetCondition {
            fighter: LOWER,
            condition: Condition::Hidden,
            on: true,
        },
    );
    click(&mut h, "Markers");
    pick(&mut h, "Who looks", 0, "Apprentice");
    pick(&mut h, "Marker", 0, "Lower orc");
    click(&mut h, "Reveal and shoot");
    let game = game(&h);
    let last = wh(&game).resolutions.last().expect("the reveal");
    match last.kind() {
        WarheimKind::Reveal(spec) => {
            assert_eq!(spec.spot.fighter, APPRENTICE);
            assert_eq!(spec.shot.targets[0].target.id, LOWER);
        }
        other => panic!("not a reveal: {other:?}"),
    }
    let apprentice = wh(&game).rosters[2]
        .fighter(APPRENTICE)
        .expect("apprentice");
    assert!(!apprentice.loaded(1), "the shot unloads the crossbow");
}

/// The delayed reaction (lines 37-41): the hidden witch hunter activates
/// as a marker; the Markers tab offers each orc who saw him to wait, and
/// the upper orc's wait is recorded.
#[test]
fn a_delayed_reaction_against_a_marker() {
    let mut h = harness(Dice::scripted([]));
    super::open_example(&mut h, "wh-magic-delay");
    send(
        &mut h,
        WarheimEdit::SetCondition {
            fighter: HUNTER,
            condition: Condition::Hidden,
            on: true,
        },
    );
    send(&mut h, WarheimEdit::StartTurn);
    begin_activation_of(&mut h, HUNTER);
    send(
        &mut h,
        WarheimEdit::Declare(feldherr_warheim::activation::Declaration::short(
            feldherr_warheim::ShortAction::Special,
        )),
    );
    assert!(wh(&game(&h)).activation().expect("open").marker);
    click(&mut h, "Markers");
    h.get_by_label("The marker Witch hunter activates.");
    click(&mut h, "Upper orc waits");
    h.get_by_label("Upper orc waits for the marker.");
    let game = game(&h);
    assert_eq!(
        wh(&game).activation().expect("open").reaction_of(UPPER),
        Some(&feldherr_warheim::activation::ReactionDecl::Delay)
    );
}
