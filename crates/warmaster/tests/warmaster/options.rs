//! The optional Guardians rules as rules (W11, text lines 264-280) and
//! flyers in terrain (PW18).

use feldherr_play::{Game, Id};
use feldherr_warmaster::{
    DESTRUCTIVE_NOTE, Entry, GuardiansOptions, Player, Settings, TerrainType, Unit, UnitKind,
    WarmasterEdit as E, WarmasterGame, cheat_sheet,
};

use super::{ok, refused, table};

fn destructive() -> GuardiansOptions {
    GuardiansOptions {
        destructive: true,
        ..GuardiansOptions::default()
    }
}

#[test]
fn w11_zerstoererisch_monsters_move_as_infantry_are_never_defended_and_get_2_attacks() {
    // Text lines 278-280.
    let giant = Unit::new(Id(1), "Giant", UnitKind::Monster, 150, 1);
    let off = giant.rules(&GuardiansOptions::default());
    assert_eq!(off.moves_as, UnitKind::Monster);
    assert!(!off.may_enter.contains(&TerrainType::Wood));
    assert_eq!(off.extra_attacks, 0);
    let on = giant.rules(&destructive());
    assert_eq!(on.moves_as, UnitKind::Infantry);
    assert!(on.may_enter.contains(&TerrainType::Wood));
    assert!(on.may_enter.contains(&TerrainType::BrokenGround));
    assert!(!on.may_enter.contains(&TerrainType::Lake));
    assert!(!on.may_be_defended);
    assert_eq!(on.extra_attacks, 2, "whatever the number of its stands");
    let big = Unit::new(Id(2), "Stegadon", UnitKind::Monster, 200, 3);
    assert_eq!(big.rules(&destructive()).extra_attacks, 2);
    // In a wood a monster moving as infantry is still not defended.
    let wood = TerrainType::Wood.effects_with(&destructive());
    assert!(wood.defends(UnitKind::Infantry, false));
    assert!(!wood.defends(UnitKind::Monster, false));
    // Infantry and flying monsters are untouched.
    let spearmen = Unit::new(Id(3), "Spearmen", UnitKind::Infantry, 60, 3);
    assert_eq!(spearmen.rules(&destructive()).extra_attacks, 0);
    assert!(spearmen.rules(&destructive()).may_be_defended);
    let mut dragon = Unit::new(Id(4), "Dragon", UnitKind::Monster, 250, 1);
    dragon.flying = true;
    let dragon_rules = dragon.rules(&destructive());
    assert_eq!(dragon_rules.extra_attacks, 0);
    assert_eq!(dragon_rules.moves_as, UnitKind::Monster);
}

#[test]
fn w11_the_cheat_sheet_follows_zerstoererisch() {
    let plain = cheat_sheet(&GuardiansOptions::default());
    let on = cheat_sheet(&destructive());
    for (a, b) in plain.iter().zip(&on) {
        assert_eq!(a.terrain, b.terrain);
        let monsters =
            |e: &feldherr_warmaster::TerrainEffects| e.may_enter(UnitKind::Monster, false);
        if a.entry == Entry::InfantryOnly {
            assert!(!monsters(a) && monsters(b), "{:?}", a.terrain);
            assert_eq!(b.notes(), vec![DESTRUCTIVE_NOTE]);
        } else {
            assert_eq!(monsters(a), monsters(b), "{:?}", a.terrain);
            assert_eq!(a.notes(), b.notes());
        }
    }
    // The game's sheet is the one of its settings.
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    let settings = Settings {
        options: destructive(),
        ..Settings::default()
    };
    ok(&mut g, &mut t, E::SetSettings(settings));
    assert_eq!(g.cheat_sheet(), on);
}

#[test]
fn pw18_flyers_cross_every_terrain_and_stop_in_all_but_impassable_terrain() {
    let plain = GuardiansOptions::default();
    for t in TerrainType::ALL {
        let e = t.effects();
        assert!(e.may_cross(UnitKind::Monster, true), "{t:?}");
        assert!(e.may_cross(UnitKind::Cavalry, true), "{t:?}");
        assert_eq!(
            t.may_enter(UnitKind::Cavalry, true, &plain),
            !t.impassable(),
            "{t:?}"
        );
    }
    assert!(TerrainType::Wood.may_enter(UnitKind::Monster, true, &plain));
    assert!(!TerrainType::Wood.may_enter(UnitKind::Cavalry, false, &plain));
    assert!(
        !TerrainType::Lake
            .effects()
            .may_cross(UnitKind::Infantry, false)
    );
    assert!(!TerrainType::River.may_enter(UnitKind::Chariot, false, &plain));
    assert!(TerrainType::River.may_enter(UnitKind::Cavalry, false, &plain));
    // Characters move as infantry.
    assert!(TerrainType::Wood.may_enter(UnitKind::Hero, false, &plain));
}

const DARK_ELVES: &str = "army: Dark Elves\nGeneral, 1, 155, general\nSpearmen, 4, 60";

fn arrogant_game() -> (WarmasterGame, feldherr_table::Table) {
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    let settings = Settings {
        options: GuardiansOptions {
            arrogant: true,
            ..GuardiansOptions::default()
        },
        ..Settings::default()
    };
    ok(&mut g, &mut t, E::SetSettings(settings));
    ok(
        &mut g,
        &mut t,
        E::SetPlayerName {
            player: Player::B,
            name: "Bernd".into(),
        },
    );
    (g, t)
}

#[test]
fn w11_arrogant_items_are_refused_by_the_army_setup() {
    // Text line 274: Dark Elves may not take the Helm of Dominion, the
    // Orb of Majesty and the Sceptre of Sovereignty.
    let (mut g, mut t) = arrogant_game();
    let msg = refused(
        &mut g,
        &mut t,
        E::ImportArmy {
            player: Player::B,
            text: format!("{DARK_ELVES}\nSorceress, 1, 90, wizard, item=Orb of Majesty"),
        },
    );
    assert_eq!(
        msg,
        "army.units[5].magic_items: Orb of Majesty is refused: \"Sorceress\" may not take the Orb of Majesty: Dark Elves may not take it under \"Arrogant\" (W11)"
    );
    ok(
        &mut g,
        &mut t,
        E::ImportArmy {
            player: Player::B,
            text: DARK_ELVES.into(),
        },
    );
    let mut hero = Unit::new(Id(9), "Noble", UnitKind::Hero, 80, 1);
    hero.magic_items = vec!["helm of dominion".into()];
    let msg = refused(
        &mut g,
        &mut t,
        E::AddUnit {
            player: Player::B,
            unit: hero.clone(),
        },
    );
    assert!(
        msg.contains("Helm of Dominion") && msg.contains("(W11)"),
        "{msg}"
    );
    let mut general = g.army(Player::B).units[0].clone();
    general.magic_items = vec!["Sceptre of Sovereignty".into()];
    let msg = refused(
        &mut g,
        &mut t,
        E::UpdateUnit {
            player: Player::B,
            unit: general,
        },
    );
    assert!(msg.contains("Sceptre of Sovereignty"), "{msg}");
    // Other armies may take them.
    ok(
        &mut g,
        &mut t,
        E::ImportArmy {
            player: Player::A,
            text: "army: High Elves\nGeneral, 1, 180, general, item=Orb of Majesty".into(),
        },
    );
    // Switching "Arrogant" on over a Dark Elf army that carries one is
    // refused, naming the player.
    let (mut g, mut t) = arrogant_game();
    ok(&mut g, &mut t, E::SetSettings(Settings::default()));
    ok(
        &mut g,
        &mut t,
        E::ImportArmy {
            player: Player::B,
            text: format!("{DARK_ELVES}\nSorceress, 1, 90, wizard, item=Orb of Majesty"),
        },
    );
    let msg = refused(
        &mut g,
        &mut t,
        E::SetSettings(Settings {
            options: GuardiansOptions {
                arrogant: true,
                ..GuardiansOptions::default()
            },
            ..Settings::default()
        }),
    );
    assert!(
        msg.starts_with("options.arrogant: true is refused: Bernd's army:"),
        "{msg}"
    );
}

#[test]
fn an_army_takes_one_general() {
    let mut g = WarmasterGame::new_game();
    let mut t = table();
    let msg = refused(
        &mut g,
        &mut t,
        E::ImportArmy {
            player: Player::A,
            text: "General, 2, 100, general".into(),
        },
    );
    assert!(msg.contains("2 Generals"), "{msg}");
    ok(
        &mut g,
        &mut t,
        E::ImportArmy {
            player: Player::A,
            text: "General, 1, 100, general".into(),
        },
    );
    let msg = refused(
        &mut g,
        &mut t,
        E::AddUnit {
            player: Player::A,
            unit: Unit::new(Id(2), "Warlord", UnitKind::General, 100, 1),
        },
    );
    assert!(
        msg.contains("has its General already (\"General\")"),
        "{msg}"
    );
}
