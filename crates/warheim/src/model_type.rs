//! Model types ("Типы моделей") and discipline, with the effects the text
//! gives them.

use serde::{Deserialize, Serialize};

/// A model type. A fighter may have several (Infantry and Hero, say).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ModelType {
    /// No special rules.
    Infantry,
    /// Cannot jump up, only across; -3 Ph on every kind of dodge.
    Cavalry,
    /// -3 Ph on every kind of dodge; natural attacks (Unarmed, Bite, Claws,
    /// Pincer, Gore) +3 in base contact, and base contact reaches 1".
    Monster,
    /// Bite and Claws (only these natural attacks) deal DA damage and
    /// treat -3 range bands as 0; -3 on nerves tests after damage.
    Beast,
    /// +3 Ph on every kind of dodge; never takes part in squad orders.
    Skirmisher,
    /// A group of two or more models of one Warband company gets +1
    /// activation (H5).
    Warband,
    /// Flees off the table as soon as it becomes Disorganized, which in the
    /// text happens only at the loss of the commander (PH13).
    Slave,
    /// Outside a group: may add 1 to a result; may join a group at the
    /// start of its activation for the rest of the turn.
    Solo,
    /// A successful charge throws the enemy back 1".
    Heavy,
    /// +1 die to any pool when charging.
    Assault,
    /// May add 1 to a result.
    Elite,
    /// +1 die in any pool.
    Hero,
}

impl ModelType {
    /// Every type, in the text's order.
    pub const ALL: [ModelType; 12] = [
        ModelType::Infantry,
        ModelType::Cavalry,
        ModelType::Monster,
        ModelType::Beast,
        ModelType::Skirmisher,
        ModelType::Warband,
        ModelType::Slave,
        ModelType::Solo,
        ModelType::Heavy,
        ModelType::Assault,
        ModelType::Elite,
        ModelType::Hero,
    ];

    /// The modifier this type gives to Ph on every kind of dodge (dodge,
    /// throw, turn).
    pub fn dodge_modifier(self) -> i32 {
        match self {
            ModelType::Cavalry | ModelType::Monster => -3,
            ModelType::Skirmisher => 3,
            _ => 0,
        }
    }
}

/// Sum of the dodge modifiers of `types`.
pub fn dodge_modifier(types: &[ModelType]) -> i32 {
    types.iter().map(|t| t.dodge_modifier()).sum()
}

/// How a fighter takes orders (H5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Discipline {
    /// Gives his activation to the group; may take part in squad orders.
    #[default]
    Disciplined,
    /// Must spend his own activation himself; may also use the activations
    /// of Disciplined fighters of his group.
    Undisciplined,
    /// Part of no group: a group of one.
    Disorganized,
}
