//! The last gaps of the activation flow through the window (issue #22):
//! the order (line 203) with the ordered model's weapon, targets and
//! ability, resolved with him as the attacker; a drawn move taken back
//! and drawn again (PH26); a reaction met inside the attack shown done.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use feldherr::app::FeldherrApp;
use feldherr::systems::warheim::wh;
use feldherr_dice::Dice;
use feldherr_play::Id;
use feldherr_warheim::activation::Slot;
use feldherr_warheim::attack::ReactionSpec;
use feldherr_warheim::{
    ModelType, RangeBand, Template, TemplateUse, WarheimEdit, WarheimKind, WeaponKind,
};

use super::flow::{EXAMPLE_START, begin_hunter, centre, draw, keep, open_placed, place, send};
use super::{buttons, click_role, game, open_example, pick};
use crate::common::{click, harness, replace_text, type_into};
use eframe::egui::accesskit::Role;

/// The example with a squire in the hunter's group; the upper orc sees
/// them, the lower one stands far off with his back turned.
fn with_squire(h: &mut Harness<'static, FeldherrApp>, name: &str) {
    open_example(h, name);
    let g = game(h);
    let mut hunters = wh(&g).rosters[0].clone();
    let mut squire = hunters.fighters[0].clone();
    squire.id = Id(2);
    squire.name = "Squire".into();
    squire.types = vec![ModelType::Infantry];
    squire.skills.clear();
    hunters.fighters.push(squire);
    hunters.groups[0].members = vec![Id(1), Id(2)];
    send(
        h,
        vec![
            WarheimEdit::SetRoster {
                player: 0,
                roster: hunters,
            },
            place(1, 10.0, 10.0, 0.0),
            place(2, 19.0, 10.0, 0.0),
            place(11, 20.0, 10.0, 180.0),
            place(12, 30.0, 30.0, 90.0),
        ],
    );
}

/// The hunter begins and declares an order: the squire's `action`.
fn order_squire(h: &mut Harness<'static, FeldherrApp>, action: &str) {
    begin_hunter(h);
    click(h, "One full action");
    pick(h, "Full action", 0, "order");
    pick(h, "Ordered model", 0, "Squire");
    pick(h, "His action", 0, action);
}

/// Line 203: the hunter orders the squire to attack; the form offers the
/// squire's weapon and targets by name; the upper orc answers the Leader;
/// the flow's Resolve button starts the Attack tab with the squire as the
/// attacker, and the ordered action is then done.
#[test]
fn an_order_to_attack_is_resolved_with_the_ordered_model() {
    let mut h = harness(Dice::scripted([]));
    with_squire(&mut h, "wh-order-attack");
    order_squire(&mut h, "attack");
    keep(&h, "order-begun");
    pick(&mut h, "Weapon of Squire", 0, "Sword");
    h.get_by_label("Targets of Squire:");
    click_role(&mut h, "Upper orc", Role::CheckBox);
    click(&mut h, "Declare");
    let g = game(&h);
    let (who, d) = wh(&g)
        .activation()
        .and_then(|a| a.declared(Slot::Ordered))
        .expect("the ordered action");
    assert_eq!((who, d.weapon, d.targets), (Id(2), Some(0), vec![Id(11)]));
    click(&mut h, "Declare reaction of Upper orc");
    h.get_by_label("Declared: order: orders Squire to attack with Sword at Upper orc");
    h.get_by_label("2. Squire: attack with Sword at Upper orc");
    click(&mut h, "Resolve (Squire)");
    click(&mut h, "Declare attack");
    let g = game(&h);
    let WarheimKind::Attack(spec) = wh(&g).resolutions.last().expect("an attack").kind() else {
        panic!("an attack");
    };
    assert_eq!(spec.attacker.id, Id(2));
    assert_eq!(spec.attacker.name, "Squire");
    assert!(wh(&g).activation().expect("running").is_done(Slot::Ordered));
    click(&mut h, "Turn");
    assert_eq!(buttons(&h, "Resolve (Squire)"), 0);
}

/// Line 165: a special ability ordered, named in the form; the Actions
/// tab starts from it (the squire, the ability's name) and tests it.
#[test]
fn an_ordered_special_ability_is_named() {
    let mut h = harness(Dice::scripted([]));
    with_squire(&mut h, "wh-order-special");
    order_squire(&mut h, "special");
    type_into(&mut h, "Ability of Squire", "Battle cry");
    click(&mut h, "Declare");
    let g = game(&h);
    let (_, d) = wh(&g)
        .activation()
        .and_then(|a| a.declared(Slot::Ordered))
        .expect("the ordered action");
    assert_eq!(d.ability.as_deref(), Some("Battle cry"));
    click(&mut h, "Declare reaction of Upper orc");
    h.get_by_label("2. Squire: special (Battle cry)");
    click(&mut h, "Resolve (Squire)");
    click(&mut h, "Test");
    let g = game(&h);
    assert!(wh(&g).activation().expect("running").is_done(Slot::Ordered));
    assert!(matches!(
        wh(&g).resolutions.last().map(|r| r.kind()),
        Some(WarheimKind::Test(_))
    ));
}

/// PH26: the hunter's move drawn, taken back with "Draw again" (he stands
/// where he stood) and drawn shorter; once the upper orc answered, the
/// move stands and the button is gone.
#[test]
fn a_drawn_move_is_drawn_again() {
    let mut h = harness(Dice::scripted([]));
    open_placed(&mut h, "wh-draw-again", &EXAMPLE_START);
    begin_hunter(&mut h);
    click(&mut h, "Declare");
    draw(&mut h, "Witch hunter", &["3.5, 0"]);
    click(&mut h, "Finish path");
    assert!((centre(&h, 1).x - 20.0).abs() < 1e-9);
    click(&mut h, "Turn");
    click(&mut h, "Draw again (Witch hunter)");
    let c = centre(&h, 1);
    assert!(
        (c.x - 16.5).abs() < 1e-9 && (c.y - 11.0).abs() < 1e-9,
        "{c:?}"
    );
    type_into(&mut h, "Next leg", "2, 0");
    click(&mut h, "Add leg");
    click(&mut h, "Finish path");
    let c = centre(&h, 1);
    assert!((c.x - 18.5).abs() < 1e-9, "{c:?}");
    click(&mut h, "Turn");
    h.get_by_label("Witch hunter moved 2.00 in of 4.00 in");
    click(&mut h, "Declare reaction of Upper orc");
    assert_eq!(buttons(&h, "Draw again (Witch hunter)"), 0);
}

/// Lines 215-221, 217 (PH9, PH21): the hunter throws a bomb (a Direct
/// blast) at three orcs who saw him: the upper orc dodges, orc 13 turns,
/// the lower orc does not react. The blast laid on the table takes all
/// three as targets, each with no dice and the answer he declared; a
/// fourth orc beyond it is not under it.
/// The hunter with a bomb (a blast laid as `template_use`) and four orcs:
/// three close together, orc 14 beyond; he declares a shot with it (at
/// `aimed`, if any); the upper orc dodges, orc 13 turns, the others do
/// not react; the blast is laid on the three and the Attack tab opened
/// with the fighters under it as the targets.
fn bomb_over_orcs(
    h: &mut Harness<'static, FeldherrApp>,
    name: &str,
    template_use: TemplateUse,
    aimed: Option<&str>,
) {
    open_example(h, name);
    let g = game(h);
    let mut hunters = wh(&g).rosters[0].clone();
    let mut bomb = hunters.fighters[0].weapons[0].clone();
    bomb.name = "Bomb".into();
    bomb.kind = WeaponKind::Ranged;
    bomb.bands = vec![RangeBand {
        up_to: 12.0,
        modifier: 0,
    }];
    bomb.template = Some(Template::Blast);
    bomb.template_use = Some(template_use);
    hunters.fighters[0].weapons.push(bomb);
    let mut orcs = wh(&g).rosters[1].clone();
    for id in [13, 14] {
        let mut o = orcs.fighters[0].clone();
        o.id = Id(id);
        o.name = format!("Orc {id}");
        orcs.fighters.push(o);
    }
    orcs.groups[0].members.extend([Id(13), Id(14)]);
    send(
        h,
        vec![
            WarheimEdit::SetRoster {
                player: 0,
                roster: hunters,
            },
            WarheimEdit::SetRoster {
                player: 1,
                roster: orcs,
            },
            place(1, 10.0, 10.0, 0.0),
            place(11, 19.0, 10.0, 180.0),
            place(12, 21.0, 10.0, 180.0),
            place(13, 20.0, 11.2, 180.0),
            place(14, 23.0, 10.0, 180.0),
        ],
    );
    begin_hunter(h);
    pick(h, "First action", 0, "shoot");
    pick(h, "Weapon", 0, "Bomb");
    if let Some(aimed) = aimed {
        click_role(h, aimed, Role::CheckBox);
    }
    click(h, "Declare");
    for (orc, answer) in [
        ("Upper orc", Some("dodge")),
        ("Lower orc", None),
        ("Orc 13", Some("turn")),
        ("Orc 14", None),
    ] {
        pick(h, "Who reacts", 0, orc);
        match answer {
            Some(action) => {
                click(h, "reacts");
                pick(h, "Reaction", 0, action);
            }
            None => click(h, "no reaction"),
        }
        click(h, &format!("Declare reaction of {orc}"));
    }
    if template_use == TemplateUse::Direct {
        keep(h, "blast-answered");
    }
    click(h, "Actions");
    pick(h, "Template", 0, "blast");
    replace_text(h, "Template x", "20");
    replace_text(h, "Template y", "10");
    click(h, "Lay");
    click(h, "Turn");
    click(h, "Resolve (Witch hunter)");
    click(
        h,
        "Targets under the template (3): Upper orc, Lower orc, Orc 13",
    );
}

#[test]
fn a_blast_over_three_orcs_keeps_their_dodges() {
    let mut h = harness(Dice::scripted([]));
    bomb_over_orcs(&mut h, "wh-blast", TemplateUse::Direct, None);
    click(&mut h, "Declare attack");
    let g = game(&h);
    let WarheimKind::Attack(spec) = wh(&g).resolutions.last().expect("an attack").kind() else {
        panic!("an attack");
    };
    let answers: Vec<(u64, u32, &str)> = spec
        .targets
        .iter()
        .map(|t| {
            let r = match t.reaction {
                ReactionSpec::Dodge { .. } => "dodge",
                ReactionSpec::Turn { .. } => "turn",
                ReactionSpec::None => "none",
                _ => "other",
            };
            (t.target.id.0, t.pool.dice, r)
        })
        .collect();
    assert_eq!(
        answers,
        vec![(11, 0, "dodge"), (12, 0, "none"), (13, 0, "turn")]
    );
    assert!(spec.targets.iter().all(|t| t.template));
    // Their dodge and turn were met inside the attack.
    click(&mut h, "Turn");
    // The hunter's shot, the dodge and the turn: three rows done.
    assert_eq!(h.query_all_by_label("done").count(), 3);
    let a = wh(&g).activation().expect("running").clone();
    assert!(a.is_done(Slot::Reaction(Id(11))) && a.is_done(Slot::Reaction(Id(13))));
}

/// No catalogue key and no English word on the screen (the German
/// catalogue is complete for what is shown).
fn no_leaks(h: &Harness<'static, FeldherrApp>, stage: &str) {
    for leak in ["wh.", "warheim.", "Declare", "Resolve", "D20", "Weapon"] {
        let found: Vec<String> = h
            .query_all_by_label_contains(leak)
            .filter_map(|n| NodeT::accesskit_node(&n).label())
            .collect();
        assert!(found.is_empty(), "{stage}: {leak} in {found:?}");
    }
}

/// Issue #22: the text's example fight (lines 139-141) through the flow
/// in German: the labels are the German club's words (ansagen,
/// Auflösen, W20), no key and no English word leaks, and the numbers
/// come out as in English: the lower orc falls unconscious at T -1.
#[test]
fn the_example_in_german() {
    let mut options = feldherr::app::AppOptions::for_tests(Dice::scripted([]));
    options.settings.language = "de".into();
    let mut h = crate::common::harness_with(options);
    open_placed(&mut h, "wh-example-de", &EXAMPLE_START);
    click(&mut h, "Zug");
    click(&mut h, "Zug beginnen");
    click(&mut h, "Hunter wählen");
    click(&mut h, "Aktivierung von Witch hunter beginnen");
    no_leaks(&h, "begun");
    click(&mut h, "Ansagen");
    click(&mut h, "Bewegung von Witch hunter auf dem Tisch zeichnen");
    type_into(&mut h, "Nächste Strecke", "3,5, 0");
    click(&mut h, "Strecke hinzufügen");
    h.get_by_label("Weg 3,50 Zoll; seine Geschwindigkeiten reichen hier 4,00 Zoll");
    click(&mut h, "Weg abschließen");
    let c = centre(&h, 1);
    assert!((c.x - 20.0).abs() < 1e-9, "{c:?}");
    click(&mut h, "Zug");
    click(&mut h, "Reaktion von Upper orc ansagen");
    click(&mut h, "Reaktion von Lower orc ansagen");
    h.get_by_label("Jeder Beobachter hat geantwortet.");
    pick(&mut h, "Waffe", 0, "Sword");
    click_role(&mut h, "Upper orc", Role::CheckBox);
    click_role(&mut h, "Lower orc", Role::CheckBox);
    click(&mut h, "Zweite Aktion ansagen");
    no_leaks(&h, "declared");
    click(&mut h, "Auflösen (Witch hunter)");
    pick(&mut h, "Kampfkunst (Angreifer)", 0, "+1 Stärke je Stufe");
    replace_text(&mut h, "Würfel auf Upper orc", "1");
    replace_text(&mut h, "Würfel auf Lower orc", "2");
    pick(&mut h, "Kampfkunst von Lower orc", 0, "+1 Stärke je Stufe");
    click(&mut h, "Angriff ansagen");
    assert!(h.query_all_by_label_contains("W20").count() > 0, "W20");
    no_leaks(&h, "attack");
    for faces in [vec![8], vec![14], vec![11, 16], vec![12], vec![17], vec![8]] {
        if faces == [17] {
            click(&mut h, "nein: die Würfel bleiben, wie sie gefallen sind");
        }
        for (i, face) in faces.iter().enumerate() {
            type_into(&mut h, &format!("Würfel {}", i + 1), &face.to_string());
        }
        click(&mut h, "Eintragen");
    }
    no_leaks(&h, "resolved");
    click(&mut h, "Zug");
    click(&mut h, "Aktivierung beenden");
    let g = game(&h);
    let lower = wh(&g).rosters[1].fighter(Id(12)).expect("lower orc");
    assert_eq!(lower.current().t, -1);
    assert!(lower.has(feldherr_warheim::Condition::Unconscious));
}

/// Impact X (line 219, PH21): the bomb aimed at the upper orc rolls the
/// hunter's whole pool at him; the template's targets follow that roll.
#[test]
fn an_impact_bomb_rolls_at_the_aimed_orc() {
    let mut h = harness(Dice::scripted([]));
    bomb_over_orcs(&mut h, "wh-impact", TemplateUse::Impact, Some("Upper orc"));
    click(&mut h, "Declare attack");
    let g = game(&h);
    let WarheimKind::Attack(spec) = wh(&g).resolutions.last().expect("an attack").kind() else {
        panic!("an attack");
    };
    let impact = spec.impact.as_ref().expect("the impact roll");
    assert_eq!((impact.target, impact.pool.dice), (Id(11), 3));
    assert_eq!(spec.targets.len(), 3);
    assert!(spec.targets.iter().all(|t| t.template && t.pool.dice == 0));
}
