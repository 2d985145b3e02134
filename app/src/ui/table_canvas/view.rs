//! The mapping between table coordinates (native unit, y up) and screen
//! points (y down): pan, zoom and fit.

use eframe::egui::{Pos2, Rect, Vec2, pos2, vec2};
use feldherr_table::Table;
use feldherr_table::geometry::{Point, Vector};

/// Smallest and largest zoom, in screen points per native unit.
const MIN_SCALE: f32 = 0.2;
const MAX_SCALE: f32 = 400.0;

/// Free space left round the table by "Fit", in points.
const FIT_MARGIN: f32 = 28.0;

/// Pan and zoom of the canvas.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct View {
    /// The table point shown at the centre of the canvas.
    pub center: Point,
    /// Screen points per native unit.
    pub scale: f32,
    /// The canvas rectangle of the last frame.
    pub rect: Rect,
}

impl Default for View {
    fn default() -> Self {
        View {
            center: Point::ORIGIN,
            scale: 8.0,
            rect: Rect::from_min_size(Pos2::ZERO, vec2(100.0, 100.0)),
        }
    }
}

#[allow(clippy::cast_possible_truncation)]
fn f32_of(v: f64) -> f32 {
    v as f32
}

impl View {
    /// Shows the whole table in `rect` with a margin.
    pub fn fit(&mut self, table: &Table, rect: Rect) {
        self.rect = rect;
        let w = (rect.width() - 2.0 * FIT_MARGIN).max(10.0);
        let h = (rect.height() - 2.0 * FIT_MARGIN).max(10.0);
        let scale = (w / f32_of(table.width())).min(h / f32_of(table.depth()));
        self.scale = scale.clamp(MIN_SCALE, MAX_SCALE);
        self.center = Point::new(table.width() / 2.0, table.depth() / 2.0);
    }

    /// The screen position of a table point.
    pub fn screen_of(&self, p: Point) -> Pos2 {
        let c = self.rect.center();
        pos2(
            c.x + f32_of(p.x - self.center.x) * self.scale,
            c.y - f32_of(p.y - self.center.y) * self.scale,
        )
    }

    /// The table point under a screen position.
    pub fn table_of(&self, s: Pos2) -> Point {
        let c = self.rect.center();
        Point::new(
            self.center.x + f64::from((s.x - c.x) / self.scale),
            self.center.y - f64::from((s.y - c.y) / self.scale),
        )
    }

    /// A table length in screen points.
    pub fn len(&self, d: f64) -> f32 {
        f32_of(d) * self.scale
    }

    /// The screen direction of a table direction (y flipped).
    pub fn dir(v: Vector) -> Vec2 {
        vec2(f32_of(v.x), -f32_of(v.y))
    }

    /// Moves the view so the content follows a screen drag of `delta`.
    pub fn pan(&mut self, delta: Vec2) {
        self.center = Point::new(
            self.center.x - f64::from(delta.x / self.scale),
            self.center.y + f64::from(delta.y / self.scale),
        );
    }

    /// Zooms by `factor`, keeping the table point under `anchor` (a screen
    /// position) where it is.
    pub fn zoom_at(&mut self, factor: f32, anchor: Pos2) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let fixed = self.table_of(anchor);
        self.scale = (self.scale * factor).clamp(MIN_SCALE, MAX_SCALE);
        let c = self.rect.center();
        self.center = Point::new(
            fixed.x - f64::from((anchor.x - c.x) / self.scale),
            fixed.y + f64::from((anchor.y - c.y) / self.scale),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_flip_and_zoom_anchor() {
        let table =
            Table::new(180.0, 120.0, feldherr_table::geometry::Unit::Centimetre).expect("table");
        let mut view = View::default();
        view.fit(
            &table,
            Rect::from_min_size(pos2(100.0, 50.0), vec2(800.0, 600.0)),
        );
        let lower_left = view.screen_of(Point::ORIGIN);
        let upper_left = view.screen_of(Point::new(0.0, 120.0));
        assert!(
            upper_left.y < lower_left.y,
            "y up on the table is up on screen"
        );
        let p = Point::new(33.0, 44.0);
        let back = view.table_of(view.screen_of(p));
        assert!((back.x - p.x).abs() < 1e-3 && (back.y - p.y).abs() < 1e-3);
        let anchor = pos2(300.0, 200.0);
        let before = view.table_of(anchor);
        view.zoom_at(1.7, anchor);
        let after = view.table_of(anchor);
        assert!((before.x - after.x).abs() < 1e-3 && (before.y - after.y).abs() < 1e-3);
    }
}
