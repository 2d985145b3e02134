//! The game module's message catalogue: same keys in both languages, and
//! every key its logs use renders.

use feldherr_confrontation::{ConfrontationGame, ConfrontationKind};
use feldherr_play::{Catalogue, Game, Lang};

use super::support::{GOBLIN_B, PANZER, example_game, order};

#[test]
fn both_catalogues_have_the_same_keys_and_every_used_key_renders() {
    let en = Catalogue::parse("game.en", ConfrontationGame::messages(Lang::En)).expect("en");
    let de = Catalogue::parse("game.de", ConfrontationGame::messages(Lang::De)).expect("de");
    assert_eq!(en.keys().collect::<Vec<_>>(), de.keys().collect::<Vec<_>>());
    for answers in [&[&[4u32][..], &[6, 5], &[6, 5], &[2, 5]][..], &[&[1]]] {
        let mut game = example_game();
        let inputs = game
            .game
            .shot_inputs(&game.table, &order(PANZER, GOBLIN_B))
            .expect("shot");
        let id = game.resolve(ConfrontationKind::Shot(inputs), answers);
        let log = game
            .game
            .resolution(id)
            .expect("resolution")
            .resolution()
            .log();
        let ours: Vec<_> = log
            .iter()
            .filter_map(|s| s.message.as_ref())
            .filter(|m| m.key.starts_with("conf.game."))
            .collect();
        assert_eq!(ours.len(), 1, "{log:?}");
        for catalogue in [&en, &de] {
            for m in &ours {
                assert!(catalogue.render(m).is_some(), "{m:?}");
            }
        }
    }
    let de_line = de
        .render(
            &feldherr_dice::step::Message::new("conf.game.fer_test")
                .key("result", "conf.game.fire.hit"),
        )
        .expect("renders");
    assert_eq!(de_line, "FER-Test: Treffer");
}
