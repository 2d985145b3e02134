//! Deployment zones (F1): every branch of the three-player sequence, four
//! players, zone shapes and table pieces.

use feldherr_play::Game;
use feldherr_table::geometry::{Point, Shape};
use feldherr_wh40k_ffa::deployment::options_after;
use feldherr_wh40k_ffa::{Deployment, FfaEdit, ZoneSizes, ZoneSlot};

use crate::common::{game, ok, refused, text};

use ZoneSlot::{BottomEdge, BottomLeft, BottomRight, TopEdge, TopLeft, TopRight};

fn slots(players: usize, taken: &[ZoneSlot]) -> Vec<ZoneSlot> {
    options_after(players, taken)
        .iter()
        .map(|o| o.slot)
        .collect()
}

fn keys(players: usize, taken: &[ZoneSlot]) -> Vec<String> {
    options_after(players, taken)
        .into_iter()
        .map(|o| o.message.key)
        .collect()
}

#[test]
fn f1_first_player_may_take_any_corner_or_long_edge() {
    assert_eq!(slots(3, &[]), ZoneSlot::ALL);
    let keys = keys(3, &[]);
    assert_eq!(keys[0], "wh40k_ffa.deploy.first_corner");
    assert_eq!(keys[4], "wh40k_ffa.deploy.first_edge");
}

#[test]
fn f1_long_edge_leaves_the_two_opposite_corners() {
    assert_eq!(slots(3, &[BottomEdge]), [TopLeft, TopRight]);
    assert_eq!(slots(3, &[TopEdge]), [BottomLeft, BottomRight]);
    assert_eq!(slots(3, &[BottomEdge, TopLeft]), [TopRight]);
    assert_eq!(slots(3, &[BottomEdge, TopRight]), [TopLeft]);
    assert_eq!(slots(3, &[TopEdge, BottomRight]), [BottomLeft]);
    assert_eq!(
        keys(3, &[TopEdge]),
        ["wh40k_ffa.deploy.second_opposite_corner"; 2]
    );
    assert_eq!(
        keys(3, &[TopEdge, BottomLeft]),
        ["wh40k_ffa.deploy.third_remaining_corner"]
    );
}

#[test]
fn f1_corner_offers_neighbour_corner_or_opposite_edge() {
    assert_eq!(slots(3, &[BottomLeft]), [BottomRight, TopEdge]);
    assert_eq!(slots(3, &[BottomRight]), [BottomLeft, TopEdge]);
    assert_eq!(slots(3, &[TopLeft]), [TopRight, BottomEdge]);
    assert_eq!(slots(3, &[TopRight]), [TopLeft, BottomEdge]);
    assert_eq!(
        keys(3, &[TopRight]),
        [
            "wh40k_ffa.deploy.second_neighbour_corner",
            "wh40k_ffa.deploy.second_opposite_edge"
        ]
    );
}

#[test]
fn f1_third_player_completes_the_pattern() {
    // Second took the neighbouring corner: the opposite long edge is left.
    assert_eq!(slots(3, &[BottomLeft, BottomRight]), [TopEdge]);
    assert_eq!(slots(3, &[TopRight, TopLeft]), [BottomEdge]);
    assert_eq!(
        keys(3, &[BottomLeft, BottomRight]),
        ["wh40k_ffa.deploy.third_opposite_edge"]
    );
    // Second took the opposite long edge: the first player's neighbouring
    // corner, opposite that edge, is left.
    assert_eq!(slots(3, &[BottomLeft, TopEdge]), [BottomRight]);
    assert_eq!(slots(3, &[TopRight, BottomEdge]), [TopLeft]);
    assert_eq!(
        keys(3, &[BottomLeft, TopEdge]),
        ["wh40k_ffa.deploy.third_neighbour_corner"]
    );
    // Nothing after the third.
    assert!(slots(3, &[BottomLeft, TopEdge, BottomRight]).is_empty());
}

/// Every complete three-player sequence, walked through the state machine.
fn all_sequences(players: usize) -> Vec<Vec<ZoneSlot>> {
    let mut done = Vec::new();
    let mut open = vec![Vec::new()];
    while let Some(taken) = open.pop() {
        let options = slots(players, &taken);
        if options.is_empty() {
            done.push(taken);
            continue;
        }
        for slot in options {
            let mut next = taken.clone();
            next.push(slot);
            open.push(next);
        }
    }
    done.sort();
    done
}

fn bounds(shape: &Shape) -> (f64, f64, f64, f64) {
    let b = shape.bounds();
    (b.min.x, b.min.y, b.max.x, b.max.y)
}

#[test]
fn f1_every_three_player_sequence_gives_three_separate_zones() {
    let sequences = all_sequences(3);
    // 2 long edges x 2 corners + 4 corners x 2 answers.
    assert_eq!(sequences.len(), 12);
    let sizes = ZoneSizes::default();
    for seq in &sequences {
        assert_eq!(seq.len(), 3, "{seq:?}");
        let corners = seq.iter().filter(|s| s.is_corner()).count();
        assert_eq!(corners, 2, "two corners and one long edge: {seq:?}");
        let shapes: Vec<Shape> = seq
            .iter()
            .map(|s| s.shape(&sizes, 72.0, 48.0).expect("fits"))
            .collect();
        for (i, a) in shapes.iter().enumerate() {
            for b in &shapes[i + 1..] {
                let (ax0, ay0, ax1, ay1) = bounds(a);
                let (bx0, by0, bx1, by1) = bounds(b);
                let overlap = ax0 < bx1 && bx0 < ax1 && ay0 < by1 && by0 < ay1;
                assert!(!overlap, "{seq:?} has overlapping zones");
            }
        }
        // The long edge lies opposite both corners.
        let edge = seq.iter().find(|s| !s.is_corner()).copied();
        let bottom_corners = seq
            .iter()
            .filter(|s| matches!(s, BottomLeft | BottomRight))
            .count();
        assert_eq!(edge == Some(TopEdge), bottom_corners == 2, "{seq:?}");
    }
}

#[test]
fn f1_four_players_take_the_four_corners() {
    assert_eq!(slots(4, &[]), ZoneSlot::CORNERS);
    assert_eq!(keys(4, &[])[0], "wh40k_ffa.deploy.four_corner");
    assert_eq!(slots(4, &[TopRight, BottomLeft]), [BottomRight, TopLeft]);
    let sequences = all_sequences(4);
    assert_eq!(sequences.len(), 24);
    for seq in sequences {
        let mut sorted = seq.clone();
        sorted.sort();
        assert_eq!(sorted, ZoneSlot::CORNERS, "{seq:?}");
    }
}

#[test]
fn f1_zone_shapes_default_sizes() {
    let sizes = ZoneSizes::default();
    let at = |slot: ZoneSlot| bounds(&slot.shape(&sizes, 72.0, 48.0).unwrap());
    assert_eq!(at(BottomLeft), (0.0, 0.0, 18.0, 12.0));
    assert_eq!(at(BottomRight), (54.0, 0.0, 72.0, 12.0));
    assert_eq!(at(TopLeft), (0.0, 36.0, 18.0, 48.0));
    assert_eq!(at(TopRight), (54.0, 36.0, 72.0, 48.0));
    assert_eq!(at(BottomEdge), (0.0, 0.0, 72.0, 12.0));
    assert_eq!(at(TopEdge), (0.0, 36.0, 72.0, 48.0));
    let corner = BottomLeft.shape(&sizes, 72.0, 48.0).unwrap();
    assert!(corner.contains_point(Point::new(17.0, 11.0)));
    assert!(!corner.contains_point(Point::new(19.0, 5.0)));
    assert!(!corner.contains_point(Point::new(5.0, 13.0)));
}

#[test]
fn f1_zone_sizes_are_mission_data() {
    let sizes = ZoneSizes {
        corner_width: 24.0,
        corner_depth: 16.0,
        strip_depth: 8.0,
    };
    assert_eq!(
        bounds(&TopRight.shape(&sizes, 72.0, 48.0).unwrap()),
        (48.0, 32.0, 72.0, 48.0)
    );
    assert_eq!(
        bounds(&TopEdge.shape(&sizes, 72.0, 48.0).unwrap()),
        (0.0, 40.0, 72.0, 48.0)
    );
    // Sizes that do not fit, or are no lengths, are refused by name.
    let wide = ZoneSizes {
        corner_width: 37.0,
        ..ZoneSizes::default()
    };
    assert!(
        text(&wide.check_fits(72.0, 48.0).unwrap_err()).contains("zone_sizes.corner_width: 37")
    );
    let deep = ZoneSizes {
        strip_depth: 37.0,
        ..ZoneSizes::default()
    };
    assert!(text(&deep.check_fits(72.0, 48.0).unwrap_err()).contains("zone_sizes.strip_depth: 37"));
    let nan = ZoneSizes {
        corner_depth: f64::NAN,
        ..ZoneSizes::default()
    };
    assert!(text(&nan.check().unwrap_err()).contains("zone_sizes.corner_depth"));
    let zero = ZoneSizes {
        corner_depth: 0.0,
        ..ZoneSizes::default()
    };
    assert!(zero.check().is_err());

    let (mut g, mut table) = game(3);
    ok(&mut g, &mut table, FfaEdit::SetZoneSizes(sizes));
    assert_eq!(*g.zone_sizes(), sizes);
    refused(&mut g, &mut table, FfaEdit::SetZoneSizes(wide));
    ok(
        &mut g,
        &mut table,
        FfaEdit::ChooseZone {
            seat: 0,
            slot: TopRight,
        },
    );
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::SetZoneSizes(ZoneSizes::default()),
    );
    assert!(text(&err).contains("take them back"), "{err}");
}

#[test]
fn f1_game_guides_the_choices_and_draws_the_zones() {
    let (mut g, mut table) = game(3);
    let step = g.deployment_step().expect("first choice");
    assert_eq!((step.position, step.seat, step.rule.as_str()), (0, 0, "F1"));
    assert_eq!(step.options.len(), 6);
    assert!(step.options.iter().all(|o| !o.explanation.is_empty()));

    // Out of turn, or a zone not offered: refused with the reason.
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::ChooseZone {
            seat: 1,
            slot: TopLeft,
        },
    );
    assert!(
        // The players by name (issue #27), not by seat.
        text(&err).contains("Anna chooses now, not Ben"),
        "{err}"
    );
    ok(
        &mut g,
        &mut table,
        FfaEdit::ChooseZone {
            seat: 0,
            slot: TopLeft,
        },
    );
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::ChooseZone {
            seat: 1,
            slot: BottomLeft,
        },
    );
    assert!(
        // Zones and players by their labels and names (issue #27).
        text(&err).contains(
            "bottom left corner is not open to Ben; the options are top right corner, bottom long edge (F1)"
        ),
        "{err}"
    );
    ok(
        &mut g,
        &mut table,
        FfaEdit::ChooseZone {
            seat: 1,
            slot: BottomEdge,
        },
    );
    let step = g.deployment_step().expect("third choice");
    assert_eq!(step.seat, 2);
    assert_eq!(
        step.options.iter().map(|o| o.slot).collect::<Vec<_>>(),
        [TopRight]
    );
    ok(
        &mut g,
        &mut table,
        FfaEdit::ChooseZone {
            seat: 2,
            slot: TopRight,
        },
    );
    assert!(g.deployment_step().is_none());
    assert!(g.deployment().is_some_and(Deployment::complete));
    assert_eq!(g.deployment().and_then(|d| d.zone_of(1)), Some(BottomEdge));

    // The zones as shapes for the canvas, and as three marker pieces
    // named for the players.
    let zones = g.zones(&table).expect("sizes fit");
    assert_eq!(zones.len(), 3);
    assert_eq!((zones[1].0, zones[1].1), (1, BottomEdge));
    assert_eq!(bounds(&zones[1].2), (0.0, 0.0, 72.0, 12.0));
    assert_eq!(Some(&zones[2].2), table.pieces().get(2).map(|p| &p.shape));
    assert_eq!(
        bounds(&g.zone_shape(TopLeft, &table).unwrap()),
        (0.0, 36.0, 18.0, 48.0)
    );
    let zones: Vec<_> = table
        .pieces()
        .iter()
        .filter(|p| p.kind == "deployment_zone")
        .collect();
    assert_eq!(zones.len(), 3);
    // Named for the player alone: the slot is shown translated elsewhere.
    assert_eq!(zones[1].name, "Ben");
    assert!(FreeForAllRules::has_zone_type());
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::ChooseZone {
            seat: 0,
            slot: TopLeft,
        },
    );
    assert!(
        text(&err).contains("every player has a deployment zone"),
        "{err}"
    );

    // Taking back removes the piece; a piece deleted by hand is a problem.
    ok(&mut g, &mut table, FfaEdit::TakeBackZone);
    assert_eq!(table.pieces().len(), 2);
    assert_eq!(g.deployment_step().map(|s| s.seat), Some(2));
    let first = table.pieces()[0].id;
    table
        .apply(feldherr_table::TableEdit::Delete { id: first })
        .unwrap();
    let problems = g.problems(&table);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].path, "deployment.choices[0].piece");
    assert_eq!(problems[0].rule.as_deref(), Some("F1"));
}

struct FreeForAllRules;
impl FreeForAllRules {
    fn has_zone_type() -> bool {
        feldherr_wh40k_ffa::FreeForAll::table_rules()
            .type_def("deployment_zone")
            .is_some_and(|t| t.layer == feldherr_table::Layer::Marker)
    }
}

#[test]
fn f1_p21_deployment_order_is_set_by_the_organiser() {
    let (mut g, mut table) = game(4);
    ok(
        &mut g,
        &mut table,
        FfaEdit::SetDeploymentOrder(vec![2, 0, 3, 1]),
    );
    assert_eq!(g.deployment_step().map(|s| s.seat), Some(2));
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::SetDeploymentOrder(vec![0, 0, 1, 2]),
    );
    assert!(text(&err).contains("deployment.order"), "{err}");
    for (seat, slot) in [(2, TopLeft), (0, BottomRight), (3, BottomLeft)] {
        ok(&mut g, &mut table, FfaEdit::ChooseZone { seat, slot });
    }
    let step = g.deployment_step().expect("last choice");
    assert_eq!((step.seat, step.options.len()), (1, 1));
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::ChooseZone {
            seat: 1,
            slot: TopEdge,
        },
    );
    assert!(
        text(&err).contains("the options are top right corner"),
        "{err}"
    );
    ok(
        &mut g,
        &mut table,
        FfaEdit::ChooseZone {
            seat: 1,
            slot: TopRight,
        },
    );
    let err = refused(
        &mut g,
        &mut table,
        FfaEdit::SetDeploymentOrder(vec![0, 1, 2, 3]),
    );
    assert!(text(&err).contains("take them back"), "{err}");
}
