//! The new abilities (chapter "Neue Spezialfertigkeiten") and withdrawal by
//! strength in play, with the figures' wounds and the table: Fechtmeister
//! (the text's example), Gegenangriff, Schlagabfolge, Von den Göttern
//! geliebt/verdammt, Konzentration, Finte, Meisterschütze, Instabil on a
//! figure, Rückzug durch Stärke.

use feldherr_confrontation::game::{
    Characteristic, FigureAbility, FigureRollOrder, FigureStats, Pending, Phase, RollPurpose,
    RoundCheck, Subject,
};
use feldherr_confrontation::{ConfrontationEdit, ConfrontationKind, Size, WoundLevel};
use feldherr_table::geometry::Point;

use super::support::{
    Example, GOBLIN_A, GOBLINS, PANZERWAGEN, ZWERGE, example_game, goblin, to_phase,
};

const MASTER: u64 = 40;

fn figure(abilities: Vec<FigureAbility>, side: feldherr_play::Id) -> FigureStats {
    let mut s = FigureStats::new(4, side);
    s.att = Some(4);
    s.def = Some(3);
    s.str = Some(5);
    s.abilities = abilities;
    s
}

fn roll(
    game: &Example,
    piece: u64,
    purpose: RollPurpose,
    c: Characteristic,
    difficulty: i32,
    against: Option<u64>,
) -> Result<feldherr_confrontation::game::FigureRollInputs, String> {
    match game.game.figure_roll_inputs(
        &game.table,
        &FigureRollOrder {
            subject: Subject::Figure(piece),
            purpose,
            characteristic: c,
            difficulty,
            against,
            value: None,
        },
    ) {
        Ok(ConfrontationKind::FigureRoll(f)) => Ok(f),
        Ok(other) => panic!("a figure roll, got {other:?}"),
        Err(e) => Err(e.to_string()),
    }
}

/// Text lines 676-680: a critically wounded fighter needs a 6 against a
/// Fechtmeister to get 2 (6 - 1 - 3); a 6 still re-rolls. The
/// Fechtmeister's 5 counts as 6 and re-rolls; a 1 then adds.
#[test]
fn fechtmeister_the_texts_example() {
    let mut game = example_game();
    game.add_figure(
        MASTER,
        "Fechtmeister",
        Point::new(71.0, 62.4),
        figure(vec![FigureAbility::Fechtmeister], ZWERGE),
    );
    game.edit(ConfrontationEdit::SetFigureWound {
        piece: GOBLIN_A,
        wound: WoundLevel::Critical,
    })
    .expect("wounded");
    let mut defender = goblin(GOBLINS);
    defender.def = Some(3);
    game.edit(ConfrontationEdit::SetFigureStats {
        piece: GOBLIN_A,
        stats: Some(defender),
    })
    .expect("stats");
    let parry = roll(
        &game,
        GOBLIN_A,
        RollPurpose::Defence,
        Characteristic::Def,
        5,
        Some(MASTER),
    )
    .expect("parry");
    assert_eq!(parry.die_modifier, -4);
    let id = game.resolve(ConfrontationKind::FigureRoll(parry.clone()), &[&[5]]);
    assert!(game.text(id).contains("fails"));
    let last = game
        .game
        .resolution(id)
        .expect("r")
        .resolution()
        .log()
        .last()
        .cloned();
    assert_eq!(last.expect("log").text, "VER test: 5 - 4: a fumble, fails");
    // 6, re-rolled 2: 8 - 4 = 4, + VER 3 = 7 >= 5.
    let id = game.resolve(ConfrontationKind::FigureRoll(parry), &[&[6], &[2]]);
    assert!(game.text(id).contains("passes"));
    // His attack: a 5 counts as 6 and re-rolls; a 1 on the re-roll adds.
    let attack = roll(
        &game,
        MASTER,
        RollPurpose::Attack,
        Characteristic::Att,
        11,
        None,
    )
    .expect("attack");
    assert_eq!(attack.counts_as_six, 5);
    let id = game.resolve(ConfrontationKind::FigureRoll(attack), &[&[5], &[1]]);
    let log = game
        .game
        .resolution(id)
        .expect("r")
        .resolution()
        .log()
        .to_vec();
    assert_eq!(
        log.last().expect("log").text,
        "ATT test: 5 + 1 + ATT 4 = 11 >= 11: passes"
    );
    // No counter-attack against him, not even with Beidhändig.
    let err = roll(
        &game,
        GOBLIN_A,
        RollPurpose::CounterAttack,
        Characteristic::Def,
        5,
        Some(MASTER),
    )
    .unwrap_err();
    assert!(
        err.contains("no counter-attack against a Fechtmeister"),
        "{err}"
    );
}

/// Text line 704: a non-character with Gegenangriff counter-attacks like a
/// character (+2); a character with it at +1 only; without, only
/// characters.
#[test]
fn gegenangriff_and_who_counter_attacks() {
    let mut game = example_game();
    game.add_figure(50, "Enemy", Point::new(71.0, 62.4), figure(vec![], ZWERGE));
    let with = |character: bool, gegenangriff: bool| {
        let mut s = figure(
            if gegenangriff {
                vec![FigureAbility::Gegenangriff]
            } else {
                vec![]
            },
            GOBLINS,
        );
        s.character = character;
        s
    };
    for (character, gegenangriff, difficulty) in [
        (true, false, Some(7)),
        (true, true, Some(6)),
        (false, true, Some(7)),
        (false, false, None),
    ] {
        game.edit(ConfrontationEdit::SetFigureStats {
            piece: GOBLIN_A,
            stats: Some(with(character, gegenangriff)),
        })
        .expect("stats");
        let r = roll(
            &game,
            GOBLIN_A,
            RollPurpose::CounterAttack,
            Characteristic::Def,
            5,
            Some(50),
        );
        match difficulty {
            Some(d) => assert_eq!(r.expect("allowed").difficulty, d),
            None => assert!(
                r.unwrap_err()
                    .contains("only characters, or figures with Gegenangriff")
            ),
        }
    }
}

/// Text line 706: Schlagabfolge: one extra combat die per melee phase for
/// 2 ATT and 2 VER; a character with it pays 1 for the first.
#[test]
fn schlagabfolge_buys_one_die_a_melee_phase() {
    let mut game = example_game();
    game.add_figure(
        MASTER,
        "Berserker",
        Point::new(40.0, 40.0),
        figure(vec![FigureAbility::Schlagabfolge], ZWERGE),
    );
    let early = game
        .edit(ConfrontationEdit::BuyExtraDie(MASTER))
        .unwrap_err();
    assert!(early.contains("melee phase"), "{early}");
    to_phase(&mut game, Phase::Melee);
    assert_eq!(game.game.extra_die_cost(&game.table, MASTER).ok(), Some(2));
    game.edit(ConfrontationEdit::BuyExtraDie(MASTER))
        .expect("one");
    let second = game
        .edit(ConfrontationEdit::BuyExtraDie(MASTER))
        .unwrap_err();
    assert!(
        second.contains("Berserker: no more than one extra combat die"),
        "{second}"
    );
    // A character with it: 1, then 2.
    let mut hero = figure(vec![FigureAbility::Schlagabfolge], ZWERGE);
    hero.character = true;
    game.add_figure(41, "Hero", Point::new(50.0, 40.0), hero);
    assert_eq!(game.game.extra_die_cost(&game.table, 41).ok(), Some(1));
    game.edit(ConfrontationEdit::BuyExtraDie(41))
        .expect("first");
    assert_eq!(game.game.extra_die_cost(&game.table, 41).ok(), Some(2));
}

/// Text lines 708-710: beloved by the gods, 4 and 5 count as 6; damned, no
/// re-roll after a 6 at all.
#[test]
fn the_gods_love_and_damn() {
    let mut game = example_game();
    game.add_figure(
        40,
        "Beloved",
        Point::new(40.0, 40.0),
        figure(vec![FigureAbility::Geliebt], ZWERGE),
    );
    game.add_figure(
        41,
        "Damned",
        Point::new(50.0, 40.0),
        figure(
            vec![FigureAbility::Verdammt, FigureAbility::Fechtmeister],
            ZWERGE,
        ),
    );
    let beloved = roll(
        &game,
        40,
        RollPurpose::Attack,
        Characteristic::Att,
        20,
        None,
    )
    .expect("roll");
    assert_eq!((beloved.counts_as_six, beloved.reroll), (4, true));
    // 4 counts as 6, re-rolls, the re-rolled 1 adds: 6 + 1 + 4 = 11.
    let id = game.resolve(ConfrontationKind::FigureRoll(beloved), &[&[4], &[1]]);
    let log = game
        .game
        .resolution(id)
        .expect("r")
        .resolution()
        .log()
        .to_vec();
    assert!(log.last().expect("log").text.contains("= 11 < 20"));
    // Damned: even the Fechtmeister's 5 (counting as 6) does not re-roll.
    let damned = roll(&game, 41, RollPurpose::Attack, Characteristic::Att, 5, None).expect("roll");
    assert_eq!((damned.counts_as_six, damned.reroll), (5, false));
    let id = game.resolve(ConfrontationKind::FigureRoll(damned), &[&[5]]);
    assert!(game.text(id).contains("passes"));
    // Both at once is refused, naming the field.
    let err = game
        .edit(ConfrontationEdit::SetFigureStats {
            piece: 40,
            stats: Some(figure(
                vec![FigureAbility::Geliebt, FigureAbility::Verdammt],
                ZWERGE,
            )),
        })
        .unwrap_err();
    assert!(err.contains("figures[40].abilities"), "{err}");
}

/// Text lines 692-694: Konzentration/X: X points a round on the bold
/// characteristics, not on a roll made; they last until the round ends.
#[test]
fn konzentration_points_go_into_the_figures_rolls() {
    let mut game = example_game();
    game.add_figure(
        40,
        "Monk",
        Point::new(40.0, 40.0),
        figure(
            vec![FigureAbility::Konzentration {
                x: 3,
                bold: vec![Characteristic::Att, Characteristic::Str],
            }],
            ZWERGE,
        ),
    );
    let spend = |characteristic, points| ConfrontationEdit::SpendConcentration {
        piece: 40,
        characteristic,
        points,
    };
    game.edit(spend(Characteristic::Att, 2)).expect("spent");
    let err = game.edit(spend(Characteristic::Def, 1)).unwrap_err();
    assert!(err.contains("Monk: VER is not printed in bold"), "{err}");
    let err = game.edit(spend(Characteristic::Str, 2)).unwrap_err();
    assert!(err.contains("2 points asked, 1 left"), "{err}");
    let attack = roll(&game, 40, RollPurpose::Attack, Characteristic::Att, 5, None).expect("roll");
    assert_eq!(attack.value, 6);
    game.edit(ConfrontationEdit::ConcentrationUsed {
        piece: 40,
        characteristic: Characteristic::Att,
    })
    .expect("used");
    assert!(game.edit(spend(Characteristic::Att, 1)).is_err());
    // The next round: all free again.
    to_phase(&mut game, Phase::End);
    game.edit(ConfrontationEdit::EndRound {
        touching: Vec::new(),
    })
    .expect("round 2");
    assert_eq!(game.game.concentration_bonus(40, Characteristic::Att), 0);
}

/// Text line 682: Finte: successful attacks cancel an opponent's dice, in
/// melee with it only.
#[test]
fn finte_cancels_the_opponents_dice() {
    let mut game = example_game();
    game.add_figure(
        40,
        "Duellist",
        Point::new(70.0, 62.5),
        figure(vec![FigureAbility::Finte], ZWERGE),
    );
    to_phase(&mut game, Phase::Melee);
    let far = game
        .edit(ConfrontationEdit::StartFeint {
            piece: 40,
            opponent: super::support::GOBLIN_C,
            successful: 2,
            opp_att: 1,
            opp_def: 1,
        })
        .unwrap_err();
    assert!(
        far.contains("Duellist: Goblin C is no enemy in melee with it"),
        "{far}"
    );
    game.edit(ConfrontationEdit::StartFeint {
        piece: 40,
        opponent: GOBLIN_A,
        successful: 2,
        opp_att: 1,
        opp_def: 1,
    })
    .expect("feint");
    game.edit(ConfrontationEdit::Feint {
        piece: 40,
        defence: true,
    })
    .expect("a DEF die cancelled");
    let err = game
        .edit(ConfrontationEdit::Feint {
            piece: 40,
            defence: true,
        })
        .unwrap_err();
    assert!(err.contains("no DEF die left"), "{err}");
    let record = game.game.round.figures[&40].feint.expect("feint");
    assert_eq!(
        (record.feint.attacks_left(), record.feint.opponent_defence()),
        (1, 0)
    );
    game.edit(ConfrontationEdit::EndFeint(40)).expect("ended");
    // Meisterschütze (line 700): one ranged attack more.
    let mut archer = figure(vec![FigureAbility::Meisterschuetze], ZWERGE);
    archer.fer = Some(4);
    game.add_figure(41, "Master archer", Point::new(40.0, 40.0), archer);
    assert_eq!(game.game.ranged_attacks(&game.table, 41, 1).ok(), Some(2));
}

/// Text line 688: Instabil/X on a figure: at the end of every round 1W6,
/// X+ a light wound and again; the round does not end before.
#[test]
fn instabil_wears_a_figure_down_at_the_end_of_the_round() {
    let mut game = example_game();
    game.add_figure(
        40,
        "Spirit",
        Point::new(40.0, 40.0),
        figure(vec![FigureAbility::Instabil(5)], ZWERGE),
    );
    to_phase(&mut game, Phase::End);
    assert_eq!(
        game.game.pending(),
        [Pending::Check(RoundCheck::Instabil(Subject::Figure(40)))]
    );
    let err = game
        .edit(ConfrontationEdit::EndRound {
            touching: Vec::new(),
        })
        .unwrap_err();
    assert!(
        err.contains("Spirit: its Instabil rolls are not rolled yet"),
        "{err}"
    );
    let why = game
        .game
        .pending_message(&game.table, game.game.pending()[0]);
    let de = feldherr_play::Catalogue::parse(
        "de",
        feldherr_confrontation::messages(feldherr_play::Lang::De),
    )
    .expect("json");
    assert_eq!(
        de.render(&why).as_deref(),
        Some("Spirit: die Instabil-Würfe sind noch nicht gewürfelt")
    );
    let rolls = game
        .game
        .instabil_figure_inputs(&game.table, Subject::Figure(40))
        .expect("rolls");
    // 6 and 5: two light wounds (serious, PC5); a 2 ends it.
    let id = game.resolve(rolls, &[&[6], &[5], &[2]]);
    game.apply_result(id);
    assert_eq!(game.game.wound(40), WoundLevel::Serious);
    game.edit(ConfrontationEdit::EndRound {
        touching: Vec::new(),
    })
    .expect("round 2");
}

/// Text lines 716-718: withdrawal by strength: larger than every figure
/// touching it, STR minus the highest RES among them, wound penalties on
/// the roll; machines with GEW withdraw only so (line 348).
#[test]
fn withdrawal_by_strength_from_the_table() {
    let mut game = example_game();
    let mut ogre = figure(vec![], ZWERGE);
    ogre.size = Size::Large;
    ogre.str = Some(8);
    game.add_figure(40, "Ogre", Point::new(70.0, 62.5), ogre);
    game.edit(ConfrontationEdit::SetFigureWound {
        piece: 40,
        wound: WoundLevel::Light,
    })
    .expect("wounded");
    // Goblin A (RES 3, normal) touches it: STR 8 - 3 = 5, light wound -1.
    let w = roll(
        &game,
        40,
        RollPurpose::WithdrawalByStrength,
        Characteristic::Str,
        6,
        None,
    )
    .expect("withdrawal");
    assert_eq!((w.label.as_str(), w.value, w.die_modifier), ("STR", 5, -1));
    // A large enemy too: not larger than every one of them.
    let mut troll = figure(vec![], GOBLINS);
    troll.size = Size::Large;
    troll.res = 9;
    game.add_figure(41, "Troll", Point::new(70.0, 65.0), troll);
    let err = roll(
        &game,
        40,
        RollPurpose::WithdrawalByStrength,
        Characteristic::Str,
        6,
        None,
    )
    .unwrap_err();
    assert!(err.contains("Ogre") && err.contains("not smaller"), "{err}");
    // A machine with GEW withdraws only by strength.
    let err = game
        .game
        .figure_roll_inputs(
            &game.table,
            &FigureRollOrder {
                subject: Subject::Machine(PANZERWAGEN),
                purpose: RollPurpose::WithdrawalByInitiative,
                characteristic: Characteristic::Ini,
                difficulty: 6,
                against: None,
                value: Some(3),
            },
        )
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("Panzerwagen: a machine with GEW withdraws only by strength"),
        "{err}"
    );
}
