//! Facing arcs.

use feldherr_geometry::{FacingArc, Pose, facing_arc};

use crate::common::{deg, pt};

#[test]
fn facing_arcs() {
    let pose = Pose::new(pt(0.0, 0.0), deg(90.0));
    for (bearing, arc) in [
        (0.0, FacingArc::Front),
        (45.0, FacingArc::Front),
        (-45.0, FacingArc::Front),
        (45.000_001, FacingArc::Left),
        (90.0, FacingArc::Left),
        (135.0, FacingArc::Left),
        (-90.0, FacingArc::Right),
        (-135.0, FacingArc::Right),
        (135.000_001, FacingArc::Rear),
        (180.0, FacingArc::Rear),
        (-170.0, FacingArc::Rear),
    ] {
        let p = pose.position + (pose.facing + deg(bearing)).direction().scale(3.0);
        assert_eq!(facing_arc(pose, p).unwrap(), arc, "{bearing}");
        assert_eq!(FacingArc::from_bearing(bearing).unwrap(), arc, "{bearing}");
    }
    assert!(FacingArc::Left.is_flank());
    assert_eq!(FacingArc::Rear.to_string(), "rear");
}
