//! Where the pieces' names go on the screen: beside their piece, never
//! over a model piece or another name. A name that finds no room next to
//! its piece goes a step farther out with a leader line; one that finds
//! none is left out (the piece's hover and the side panel still name it).
//!
//! The layout is pure (rectangles in screen points), so it is tested
//! without a window.

use eframe::egui::{Pos2, Rect, Vec2};

/// The gap between a piece and its name, in screen points.
const GAP: f32 = 3.0;

/// How many rings of places around a piece are tried: next to it, then
/// farther out, one label height a ring, with a leader line (five: ten
/// pieces side by side in a line stack their names in rows).
const RINGS: u8 = 5;

/// One name to place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct LabelRequest {
    /// The piece it names.
    pub piece: u64,
    /// The piece's bounding box on the screen.
    pub anchor: Rect,
    /// The size of the label box (text and its margin).
    pub size: Vec2,
    /// An area piece (terrain) whose name may sit inside it, in its
    /// middle, when it fits there.
    pub inside: bool,
}

/// A placed name.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct PlacedLabel {
    /// The piece it names.
    pub piece: u64,
    /// The label box.
    pub rect: Rect,
    /// A line from the piece to a label set apart from it.
    pub leader: Option<(Pos2, Pos2)>,
}

/// The nearest point of `rect` to `p`.
fn nearest(rect: Rect, p: Pos2) -> Pos2 {
    Pos2::new(
        p.x.clamp(rect.min.x, rect.max.x),
        p.y.clamp(rect.min.y, rect.max.y),
    )
}

/// Candidate boxes around `anchor` at `ring` (1: touching its bounding
/// box, 2 and more: one label height farther out a ring), nearest first:
/// below, above, right, left, then the four corners.
fn candidates(anchor: Rect, size: Vec2, ring: u8) -> Vec<Rect> {
    let d = GAP + f32::from(ring.saturating_sub(1)) * (size.y + GAP);
    let c = anchor.center();
    let at = |x: f32, y: f32| Rect::from_min_size(Pos2::new(x, y), size);
    vec![
        at(c.x - size.x / 2.0, anchor.max.y + d),
        at(c.x - size.x / 2.0, anchor.min.y - d - size.y),
        at(anchor.max.x + d, c.y - size.y / 2.0),
        at(anchor.min.x - d - size.x, c.y - size.y / 2.0),
        at(anchor.max.x + d, anchor.max.y + d),
        at(anchor.min.x - d - size.x, anchor.max.y + d),
        at(anchor.max.x + d, anchor.min.y - d - size.y),
        at(anchor.min.x - d - size.x, anchor.min.y - d - size.y),
    ]
}

/// Places each name of `requests` (in their order: the first get the best
/// places) so that no name overlaps another, none covers a box of
/// `bodies` (the model pieces) and every name stays inside `bounds`.
/// Names next to their piece come first, then farther out with a leader
/// line; a name that still finds no room covers no body's centre at least,
/// or is left out.
pub(super) fn layout(requests: &[LabelRequest], bodies: &[Rect], bounds: Rect) -> Vec<PlacedLabel> {
    layout_among(requests, bodies, &[], bounds, true)
}

/// As [`layout`], with the boxes of `taken` (labels placed before, the
/// pieces' names under an overlay's texts) kept free too; without
/// `last_resort` a label finding no place clear of every body is left out
/// rather than put over a body's edge.
pub(super) fn layout_among(
    requests: &[LabelRequest],
    bodies: &[Rect],
    taken: &[Rect],
    bounds: Rect,
    last_resort: bool,
) -> Vec<PlacedLabel> {
    let mut placed: Vec<PlacedLabel> = Vec::new();
    for r in requests {
        let free_of_labels = |rect: &Rect, placed: &[PlacedLabel]| {
            !placed.iter().any(|p| p.rect.expand(1.0).intersects(*rect))
                && !taken.iter().any(|t| t.expand(1.0).intersects(*rect))
        };
        let clear_of_bodies = |rect: &Rect| !bodies.iter().any(|b| b.shrink(0.5).intersects(*rect));
        let covers_no_centre = |rect: &Rect| !bodies.iter().any(|b| rect.contains(b.center()));
        let fits = |rect: &Rect| bounds.contains_rect(*rect);
        let mut spot: Option<(Rect, bool)> = None;
        if r.inside {
            let middle = Rect::from_center_size(r.anchor.center(), r.size);
            if r.anchor.contains_rect(middle)
                && fits(&middle)
                && clear_of_bodies(&middle)
                && free_of_labels(&middle, &placed)
            {
                spot = Some((middle, false));
            }
        }
        for ring in 1..=RINGS {
            if spot.is_some() {
                break;
            }
            spot = candidates(r.anchor, r.size, ring)
                .into_iter()
                .find(|c| fits(c) && clear_of_bodies(c) && free_of_labels(c, &placed))
                .map(|c| (c, ring > 1));
        }
        if spot.is_none() && last_resort {
            spot = (1..=RINGS)
                .flat_map(|ring| {
                    candidates(r.anchor, r.size, ring)
                        .into_iter()
                        .map(move |c| (c, ring > 1))
                })
                .find(|(c, _)| fits(c) && covers_no_centre(c) && free_of_labels(c, &placed));
        }
        if let Some((rect, far)) = spot {
            let leader = far.then(|| {
                let from = nearest(r.anchor, rect.center());
                (from, nearest(rect, from))
            });
            placed.push(PlacedLabel {
                piece: r.piece,
                rect,
                leader,
            });
        }
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(x: f32, y: f32, r: f32) -> Rect {
        Rect::from_center_size(Pos2::new(x, y), Vec2::splat(2.0 * r))
    }

    fn request(piece: u64, anchor: Rect, w: f32) -> LabelRequest {
        LabelRequest {
            piece,
            anchor,
            size: Vec2::new(w, 16.0),
            inside: false,
        }
    }

    fn check(bodies: &[Rect], requests: &[LabelRequest], bounds: Rect) -> Vec<PlacedLabel> {
        let placed = layout(requests, bodies, bounds);
        for (i, a) in placed.iter().enumerate() {
            assert!(bounds.contains_rect(a.rect), "{a:?} leaves the canvas");
            for b in bodies {
                assert!(
                    !a.rect.contains(b.center()),
                    "{a:?} covers a piece's centre"
                );
            }
            for b in &placed[i + 1..] {
                assert!(!a.rect.intersects(b.rect), "{a:?} overlaps {b:?}");
            }
        }
        placed
    }

    #[test]
    fn two_figures_in_base_contact_get_a_name_each_and_neither_covers_a_piece() {
        // Two 25 mm bases 3 cm apart at about 4 points per cm, a machine
        // 8 cm long 12 cm to their right: the old layout printed both
        // names below the bases, one over the other.
        let bounds = Rect::from_min_max(Pos2::ZERO, Pos2::new(480.0, 480.0));
        let bodies = [
            body(280.0, 240.0, 5.0),
            body(292.0, 240.0, 5.0),
            Rect::from_center_size(Pos2::new(320.0, 240.0), Vec2::new(32.0, 20.0)),
        ];
        let requests = [
            request(1, bodies[0], 56.0),
            request(2, bodies[1], 56.0),
            request(3, bodies[2], 48.0),
        ];
        let placed = check(&bodies, &requests, bounds);
        assert_eq!(placed.len(), 3);
        for p in &placed {
            let own = bodies[usize::try_from(p.piece - 1).unwrap_or(0)];
            assert!(
                !p.rect.intersects(own.shrink(0.5)),
                "{p:?} covers its piece"
            );
        }
    }

    #[test]
    fn a_crowd_pushes_names_farther_out_with_a_leader_line_or_leaves_them_out() {
        let bounds = Rect::from_min_max(Pos2::ZERO, Pos2::new(200.0, 200.0));
        // A 5 x 5 block of bases 12 points apart.
        let bodies: Vec<Rect> = (0..25)
            .map(|i| {
                body(
                    76.0 + 12.0 * (i % 5) as f32,
                    76.0 + 12.0 * (i / 5) as f32,
                    5.0,
                )
            })
            .collect();
        let requests: Vec<LabelRequest> = bodies
            .iter()
            .enumerate()
            .map(|(i, b)| request(i as u64, *b, 40.0))
            .collect();
        let placed = check(&bodies, &requests, bounds);
        assert!(placed.iter().any(|p| p.leader.is_some()));
        assert!(placed.len() < 25, "some names are left out");
    }

    #[test]
    fn terrain_keeps_its_name_inside_when_it_fits() {
        let bounds = Rect::from_min_max(Pos2::ZERO, Pos2::new(400.0, 400.0));
        let wood = Rect::from_min_max(Pos2::new(100.0, 100.0), Pos2::new(200.0, 180.0));
        let mut r = request(9, wood, 40.0);
        r.inside = true;
        let placed = check(&[], &[r], bounds);
        assert_eq!(placed[0].rect.center(), wood.center());
    }

    #[test]
    fn a_name_stays_on_the_canvas() {
        let bounds = Rect::from_min_max(Pos2::ZERO, Pos2::new(100.0, 100.0));
        let corner = body(4.0, 96.0, 3.0);
        let placed = check(&[corner], &[request(1, corner, 50.0)], bounds);
        assert_eq!(placed.len(), 1);
    }
}
