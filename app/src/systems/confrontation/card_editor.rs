//! The machine card editor: every value of a card as a typed field, a
//! checkbox or a radio button, read by [`card_from_fields`] (errors name
//! the field and the value) and checked by `MachineCard::new`; the text's
//! example cards from the fixtures are filled in by [`fields_from_card`].

use eframe::egui;
use feldherr_confrontation::{
    Access, Ammunition, Artillery, ArtilleryClass, AuxiliaryRequirement, CrewAbility, CrewCard,
    MachineCard, MachineSpec, MechanicalAbility, Mobility, Size,
};

use crate::i18n::Texts;

/// The example cards of the fixtures, by name.
const FIXTURES: &str = include_str!("../../../../fixtures/confrontation/machine_cards.json");

/// The examples offered: the movement example's Panzerwagen, the crew
/// example's Ballista, the Felsspalter and the damage chapter's 8-SP tank.
pub const EXAMPLES: [&str; 4] = ["Panzerwagen", "Ballista", "Felsspalter", "Panzer"];

/// The example card named `name`, from the fixtures.
pub fn example(name: &str) -> Option<MachineCard> {
    let value: serde_json::Value = serde_json::from_str(FIXTURES).ok()?;
    value
        .get("cards")?
        .as_array()?
        .iter()
        .filter_map(|entry| entry.get("card"))
        .find(|card| card.get("name").and_then(|n| n.as_str()) == Some(name))
        .and_then(|card| serde_json::from_value(card.clone()).ok())
}

/// What the editor asks the panel to do.
#[derive(Debug, Clone, PartialEq)]
pub enum EditorAction {
    /// Add the card as a new machine.
    Add(MachineCard),
    /// Replace the card of the selected machine.
    Save(MachineCard),
}

/// The kinds of mechanical abilities, one editor row each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AbilityKind {
    Ramme,
    Unaufhaltsam,
    Sichel,
    Transport,
    Resistent,
    Schutzwall,
    Instabil,
}

impl AbilityKind {
    const ALL: [Self; 7] = [
        Self::Ramme,
        Self::Unaufhaltsam,
        Self::Sichel,
        Self::Transport,
        Self::Resistent,
        Self::Schutzwall,
        Self::Instabil,
    ];

    fn of(ability: &MechanicalAbility) -> Self {
        match ability {
            MechanicalAbility::Ramme(_) => Self::Ramme,
            MechanicalAbility::Unaufhaltsam => Self::Unaufhaltsam,
            MechanicalAbility::Sichel(_) => Self::Sichel,
            MechanicalAbility::Transport { .. } => Self::Transport,
            MechanicalAbility::Resistent => Self::Resistent,
            MechanicalAbility::Schutzwall(_) => Self::Schutzwall,
            MechanicalAbility::Instabil(_) => Self::Instabil,
        }
    }

    /// The key of the ability's name.
    fn key(self) -> &'static str {
        match self {
            Self::Ramme => "conf.card.ramme",
            Self::Unaufhaltsam => "conf.card.unaufhaltsam",
            Self::Sichel => "conf.card.sichel",
            Self::Transport => "conf.card.transport",
            Self::Resistent => "conf.card.resistent",
            Self::Schutzwall => "conf.card.schutzwall",
            Self::Instabil => "conf.card.instabil",
        }
    }

    /// The key of the label of its value, if it has one.
    fn value_key(self) -> Option<&'static str> {
        match self {
            Self::Ramme | Self::Sichel | Self::Instabil => Some("conf.card.x"),
            Self::Transport => Some("conf.card.places"),
            Self::Schutzwall => Some("conf.card.x_cm"),
            Self::Unaufhaltsam | Self::Resistent => None,
        }
    }
}

/// The kinds of crew abilities, one checkbox each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CrewAbilityKind {
    Mechaniker,
    Minenleger,
    Pionier,
}

impl CrewAbilityKind {
    const ALL: [Self; 3] = [Self::Mechaniker, Self::Minenleger, Self::Pionier];

    fn of(ability: &CrewAbility) -> Self {
        match ability {
            CrewAbility::Mechaniker(_) => Self::Mechaniker,
            CrewAbility::Minenleger => Self::Minenleger,
            CrewAbility::Pionier(_) => Self::Pionier,
        }
    }

    fn key(self) -> &'static str {
        match self {
            Self::Mechaniker => "conf.card.mechaniker",
            Self::Minenleger => "conf.card.minenleger",
            Self::Pionier => "conf.card.pionier",
        }
    }

    fn has_value(self) -> bool {
        self != Self::Minenleger
    }
}

/// An ability's checkbox and the typed text of its value.
#[derive(Debug, Clone, PartialEq, Default)]
struct AbilityField {
    on: bool,
    value: String,
}

/// The artillery entry as typed.
#[derive(Debug, Clone, PartialEq)]
struct ArtilleryFields {
    on: bool,
    class: ArtilleryClass,
    ammunition: Ammunition,
    strength: String,
    range: String,
    min_range: String,
}

impl Default for ArtilleryFields {
    fn default() -> Self {
        Self {
            on: false,
            class: ArtilleryClass::Light,
            ammunition: Ammunition::Penetrating,
            strength: String::new(),
            range: String::new(),
            min_range: String::new(),
        }
    }
}

/// One crew figure's card as typed.
#[derive(Debug, Clone, PartialEq)]
struct CrewFields {
    name: String,
    bew: String,
    str: String,
    res: String,
    fer: String,
    dis: String,
    size: Size,
    /// By [`CrewAbilityKind`].
    abilities: [AbilityField; 3],
    /// The order of the loaded card's abilities, kept when it is saved.
    order: Vec<CrewAbilityKind>,
    /// MUT (not edited here yet), kept when the card is saved.
    courage: Option<u32>,
}

impl Default for CrewFields {
    /// A new figure: STR and RES start at 0 (as a card without them reads).
    fn default() -> Self {
        Self {
            name: String::new(),
            bew: String::new(),
            str: "0".into(),
            res: "0".into(),
            fer: String::new(),
            dis: String::new(),
            size: Size::Small,
            abilities: Default::default(),
            order: Vec::new(),
            courage: None,
        }
    }
}

/// Every value of a card as the editor holds it: typed text, checkboxes
/// and choices. [`card_from_fields`] reads it, [`fields_from_card`] fills it.
#[derive(Debug, Clone, PartialEq)]
struct CardFields {
    name: String,
    mobility: Mobility,
    carried: bool,
    sp: String,
    gew: String,
    bes: String,
    res: String,
    bew: String,
    courage: String,
    discipline: String,
    size: Size,
    artillery: ArtilleryFields,
    /// By [`AbilityKind`].
    abilities: [AbilityField; 7],
    /// Transport's access side.
    access: Access,
    /// The order of the loaded card's abilities, kept when it is saved.
    order: Vec<AbilityKind>,
    crew: Vec<CrewFields>,
    aux_fer: String,
    aux_dis: String,
    /// The card's own values as a figure (INI, ATT, STR, DEF, FER) and
    /// its turret: not edited here yet, kept when the card is saved.
    kept: Kept,
}

/// The values of a card the editor keeps as loaded.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Kept {
    ini: Option<u32>,
    att: Option<u32>,
    str: Option<u32>,
    def: Option<u32>,
    fer: Option<u32>,
    turret: bool,
}

impl Default for CardFields {
    fn default() -> Self {
        Self {
            name: String::new(),
            mobility: Mobility::Mobile,
            carried: false,
            sp: String::new(),
            gew: String::new(),
            bes: String::new(),
            res: String::new(),
            bew: String::new(),
            courage: String::new(),
            discipline: String::new(),
            size: Size::VeryLarge,
            artillery: ArtilleryFields::default(),
            abilities: Default::default(),
            access: Access::Side,
            order: Vec::new(),
            crew: Vec::new(),
            aux_fer: String::new(),
            aux_dis: String::new(),
            kept: Kept::default(),
        }
    }
}

fn number_text(value: Option<u32>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

fn cm_text(value: f64) -> String {
    // Rust prints the shortest text that reads back as the same number.
    value.to_string()
}

/// The fields of a card.
fn fields_from_card(card: &MachineCard) -> CardFields {
    fields_from_spec(card.spec())
}

/// The fields of a card's data (checked or not).
fn fields_from_spec(spec: &MachineSpec) -> CardFields {
    let mut fields = CardFields {
        name: spec.name.clone(),
        mobility: spec.mobility,
        carried: spec.carried_by_owner,
        sp: number_text(spec.sp),
        gew: number_text(spec.gew),
        bes: number_text(spec.bes),
        res: spec.res.to_string(),
        bew: number_text(spec.bew),
        courage: number_text(spec.courage),
        discipline: number_text(spec.discipline),
        size: spec.size,
        kept: Kept {
            ini: spec.ini,
            att: spec.att,
            str: spec.str,
            def: spec.def,
            fer: spec.fer,
            turret: spec.turret,
        },
        ..CardFields::default()
    };
    if let Some(a) = &spec.artillery {
        fields.artillery = ArtilleryFields {
            on: true,
            class: a.class,
            ammunition: a.ammunition,
            strength: a.strength.to_string(),
            range: cm_text(a.range_cm),
            min_range: a.min_range_cm.map(cm_text).unwrap_or_default(),
        };
    }
    for ability in &spec.abilities {
        let kind = AbilityKind::of(ability);
        if fields.order.contains(&kind) {
            continue;
        }
        fields.order.push(kind);
        let value = match *ability {
            MechanicalAbility::Ramme(x)
            | MechanicalAbility::Sichel(x)
            | MechanicalAbility::Instabil(x) => x.to_string(),
            MechanicalAbility::Transport { places, access } => {
                fields.access = access;
                places.to_string()
            }
            MechanicalAbility::Schutzwall(x) => cm_text(x),
            MechanicalAbility::Unaufhaltsam | MechanicalAbility::Resistent => String::new(),
        };
        fields.abilities[kind as usize] = AbilityField { on: true, value };
    }
    fields.crew = spec.crew.iter().map(crew_fields).collect();
    if let Some(aux) = &spec.auxiliary {
        fields.aux_fer = number_text(aux.min_fer);
        fields.aux_dis = number_text(aux.min_dis);
    }
    fields
}

fn crew_fields(crew: &CrewCard) -> CrewFields {
    let mut fields = CrewFields {
        name: crew.name.clone(),
        bew: crew.bew.to_string(),
        str: crew.str.to_string(),
        res: crew.res.to_string(),
        fer: number_text(crew.fer),
        dis: number_text(crew.dis),
        size: crew.size,
        courage: crew.courage,
        ..CrewFields::default()
    };
    for ability in &crew.abilities {
        let kind = CrewAbilityKind::of(ability);
        if fields.order.contains(&kind) {
            continue;
        }
        fields.order.push(kind);
        let value = match *ability {
            CrewAbility::Mechaniker(x) | CrewAbility::Pionier(x) => x.to_string(),
            CrewAbility::Minenleger => String::new(),
        };
        fields.abilities[kind as usize] = AbilityField { on: true, value };
    }
    fields
}

/// The kinds in the loaded order, then the others in the editor's order.
fn in_order<K: Copy + PartialEq>(order: &[K], all: &[K]) -> Vec<K> {
    let mut kinds = order.to_vec();
    kinds.extend(all.iter().filter(|k| !order.contains(k)));
    kinds
}

/// Reads typed values; every error names the field and the value.
struct Reader<'a> {
    texts: &'a Texts,
}

impl Reader<'_> {
    fn required(&self, field: &str) -> String {
        self.texts.f("conf.card.required", &[("field", field)])
    }

    /// A whole number; empty or "-" is none.
    fn whole(&self, field: &str, value: &str) -> Result<Option<u32>, String> {
        let value = value.trim();
        if value.is_empty() || value == "-" {
            return Ok(None);
        }
        value.parse::<u32>().map(Some).map_err(|_| {
            let key = if value.parse::<u128>().is_ok() {
                "conf.card.too_large"
            } else {
                "conf.card.not_number"
            };
            self.texts.f(key, &[("field", field), ("value", value)])
        })
    }

    fn required_whole(&self, field: &str, value: &str) -> Result<u32, String> {
        self.whole(field, value)?
            .ok_or_else(|| self.required(field))
    }

    /// A distance in cm (a decimal comma is read as a point); empty or "-"
    /// is none.
    fn cm(&self, field: &str, value: &str) -> Result<Option<f64>, String> {
        let value = value.trim();
        if value.is_empty() || value == "-" {
            return Ok(None);
        }
        value
            .replace(',', ".")
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .map(Some)
            .ok_or_else(|| {
                self.texts
                    .f("conf.card.not_cm", &[("field", field), ("value", value)])
            })
    }

    fn required_cm(&self, field: &str, value: &str) -> Result<f64, String> {
        self.cm(field, value)?.ok_or_else(|| self.required(field))
    }
}

/// The name of an ability's value field, e.g. "Ramme X": the checkbox's
/// text and the value's label, as the field is labelled by both.
fn value_field_name(texts: &Texts, kind: AbilityKind, value_key: &str) -> String {
    format!("{} {}", texts.t(kind.key()), texts.t(value_key))
}

/// The name of an auxiliary minimum's field, e.g. "Auxiliaries need at
/// least FER": the row's label and the value's, as the field is labelled
/// by both.
fn aux_field_name(texts: &Texts, key: &str) -> String {
    format!("{} {}", texts.t("conf.card.aux"), texts.t(key))
}

/// The name of a crew figure's field, e.g. "Crew 2 BEW" (`n` from 1).
fn crew_field_name(texts: &Texts, n: usize, field: &str) -> String {
    texts.f(
        "conf.card.crew_field",
        &[("n", &n.to_string()), ("field", field)],
    )
}

/// The name of a crew ability's value field, e.g. "Crew 3 Mechaniker X".
fn crew_value_name(texts: &Texts, n: usize, kind: CrewAbilityKind) -> String {
    let field = format!("{} {}", texts.t(kind.key()), texts.t("conf.card.x"));
    crew_field_name(texts, n, &field)
}

/// The checked card the fields describe, or the first problem: a typed
/// value that is not a number (naming the field and the value), a missing
/// value, or the rule `MachineCard::new` finds broken.
fn card_from_fields(fields: &CardFields, texts: &Texts) -> Result<MachineCard, String> {
    let read = Reader { texts };
    let name = fields.name.trim();
    if name.is_empty() {
        return Err(read.required(texts.t("conf.card.name")));
    }
    let number = |key: &str, value: &str| read.whole(texts.t(key), value);
    let sp = number("conf.card.sp", &fields.sp)?;
    let gew = number("conf.card.gew", &fields.gew)?;
    let bes = number("conf.card.bes", &fields.bes)?;
    let res = read.required_whole(texts.t("conf.card.res"), &fields.res)?;
    let bew = number("conf.card.bew", &fields.bew)?;
    let courage = number("conf.card.courage", &fields.courage)?;
    let discipline = number("conf.card.discipline", &fields.discipline)?;
    let a = &fields.artillery;
    let artillery = if a.on {
        Some(Artillery {
            class: a.class,
            ammunition: a.ammunition,
            strength: read.required_whole(texts.t("conf.card.weapon_str"), &a.strength)?,
            range_cm: read.required_cm(texts.t("conf.card.range"), &a.range)?,
            min_range_cm: read.cm(texts.t("conf.card.min_range"), &a.min_range)?,
        })
    } else {
        None
    };
    let mut abilities = Vec::new();
    for kind in in_order(&fields.order, &AbilityKind::ALL) {
        let field = &fields.abilities[kind as usize];
        if !field.on {
            continue;
        }
        let whole = |key| read.required_whole(&value_field_name(texts, kind, key), &field.value);
        abilities.push(match kind {
            AbilityKind::Ramme => MechanicalAbility::Ramme(whole("conf.card.x")?),
            AbilityKind::Unaufhaltsam => MechanicalAbility::Unaufhaltsam,
            AbilityKind::Sichel => MechanicalAbility::Sichel(whole("conf.card.x")?),
            AbilityKind::Transport => MechanicalAbility::Transport {
                places: whole("conf.card.places")?,
                access: fields.access,
            },
            AbilityKind::Resistent => MechanicalAbility::Resistent,
            AbilityKind::Schutzwall => MechanicalAbility::Schutzwall(read.required_cm(
                &value_field_name(texts, kind, "conf.card.x_cm"),
                &field.value,
            )?),
            AbilityKind::Instabil => MechanicalAbility::Instabil(whole("conf.card.x")?),
        });
    }
    let crew = fields
        .crew
        .iter()
        .enumerate()
        .map(|(i, c)| crew_from_fields(&read, i + 1, c))
        .collect::<Result<Vec<_>, _>>()?;
    let min_fer = read.whole(&aux_field_name(texts, "conf.card.fer"), &fields.aux_fer)?;
    let min_dis = read.whole(&aux_field_name(texts, "conf.card.dis"), &fields.aux_dis)?;
    let auxiliary = (min_fer.is_some() || min_dis.is_some())
        .then_some(AuxiliaryRequirement { min_fer, min_dis });
    let spec = MachineSpec {
        name: name.to_owned(),
        mobility: fields.mobility,
        carried_by_owner: fields.carried,
        sp,
        gew,
        bes,
        res,
        bew,
        courage,
        discipline,
        ini: fields.kept.ini,
        att: fields.kept.att,
        str: fields.kept.str,
        def: fields.kept.def,
        fer: fields.kept.fer,
        turret: fields.kept.turret,
        size: fields.size,
        artillery,
        abilities,
        crew,
        auxiliary,
    };
    MachineCard::new(spec).map_err(|e| e.to_string())
}

/// Crew figure `n` (from 1) as typed.
fn crew_from_fields(read: &Reader<'_>, n: usize, c: &CrewFields) -> Result<CrewCard, String> {
    let texts = read.texts;
    let field = |key: &str| crew_field_name(texts, n, texts.t(key));
    let name = c.name.trim();
    if name.is_empty() {
        return Err(read.required(&field("conf.card.crew_name")));
    }
    let mut abilities = Vec::new();
    for kind in in_order(&c.order, &CrewAbilityKind::ALL) {
        let ability = &c.abilities[kind as usize];
        if !ability.on {
            continue;
        }
        let x = || read.required_whole(&crew_value_name(texts, n, kind), &ability.value);
        abilities.push(match kind {
            CrewAbilityKind::Mechaniker => CrewAbility::Mechaniker(x()?),
            CrewAbilityKind::Minenleger => CrewAbility::Minenleger,
            CrewAbilityKind::Pionier => CrewAbility::Pionier(x()?),
        });
    }
    Ok(CrewCard {
        name: name.to_owned(),
        bew: read.required_whole(&field("conf.card.bew"), &c.bew)?,
        str: read.required_whole(&field("conf.card.str"), &c.str)?,
        res: read.required_whole(&field("conf.card.res"), &c.res)?,
        fer: read.whole(&field("conf.card.fer"), &c.fer)?,
        dis: read.whole(&field("conf.card.dis"), &c.dis)?,
        courage: c.courage,
        size: c.size,
        abilities,
    })
}

fn size_key(size: Size) -> &'static str {
    match size {
        Size::Small => "conf.size.small",
        Size::Normal => "conf.size.normal",
        Size::Large => "conf.size.large",
        Size::VeryLarge => "conf.size.very_large",
    }
}

const SIZES: [Size; 4] = [Size::Small, Size::Normal, Size::Large, Size::VeryLarge];

/// A label and its text field, named by the label.
fn labelled_field(ui: &mut egui::Ui, label: &str, value: &mut String, width: f32) {
    let label = ui.label(label);
    ui.add(egui::TextEdit::singleline(value).desired_width(width))
        .labelled_by(label.id);
}

/// A label and its text field, as one grid row.
fn text_row(ui: &mut egui::Ui, label: &str, value: &mut String, width: f32) {
    labelled_field(ui, label, value, width);
    ui.end_row();
}

/// The width of a field for a number.
const NUMBER_W: f32 = 40.0;

/// Widths of the crew table's columns.
const CREW_NUMBER_W: f32 = 18.0;
const CREW_NAME_W: f32 = 72.0;
const CREW_VALUE_W: f32 = 30.0;
const CREW_SIZE_W: f32 = 92.0;

/// A column header of the crew table. It is painted, not a label: every
/// field of the table carries its full name ("Crew 2 BEW"), and a second
/// "BEW" label would make the machine's own "BEW" field ambiguous.
fn column_header(ui: &mut egui::Ui, text: &str, width: f32) {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let (rect, _) = ui.allocate_exact_size(
        egui::vec2(width, ui.text_style_height(&egui::TextStyle::Body)),
        egui::Sense::hover(),
    );
    ui.painter().text(
        rect.left_center(),
        egui::Align2::LEFT_CENTER,
        text,
        font,
        ui.visuals().weak_text_color(),
    );
}

/// The fields of the editor and the last problem.
#[derive(Debug, Clone, Default)]
pub struct CardEditor {
    fields: CardFields,
    error: Option<String>,
}

impl CardEditor {
    /// Fills the fields from a card.
    pub fn load(&mut self, card: &MachineCard) {
        self.fields = fields_from_card(card);
        self.error = None;
    }

    /// The checked card, or the problem naming the field.
    pub fn card(&self, texts: &Texts) -> Result<MachineCard, String> {
        card_from_fields(&self.fields, texts)
    }

    /// Draws the editor; `selected` is whether a machine is selected (then
    /// its card can be saved).
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        selected: bool,
    ) -> Option<EditorAction> {
        ui.label(egui::RichText::new(texts.t("conf.card.heading")).strong());
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.t("conf.card.examples"));
            for name in EXAMPLES {
                if ui
                    .button(texts.f("conf.card.load_example", &[("name", name)]))
                    .clicked()
                    && let Some(card) = example(name)
                {
                    self.load(&card);
                }
            }
        });
        let f = &mut self.fields;
        egui::Grid::new("conf.card").num_columns(2).show(ui, |ui| {
            text_row(ui, texts.t("conf.card.name"), &mut f.name, 180.0);
            ui.label(texts.t("conf.card.mobility"));
            ui.horizontal(|ui| {
                ui.selectable_value(
                    &mut f.mobility,
                    Mobility::Mobile,
                    texts.t("conf.card.mobile"),
                );
                ui.selectable_value(
                    &mut f.mobility,
                    Mobility::Immobile,
                    texts.t("conf.card.immobile"),
                );
                ui.checkbox(&mut f.carried, texts.t("conf.card.carried"));
            });
            ui.end_row();
            ui.label(texts.t("conf.card.size"));
            ui.horizontal_wrapped(|ui| {
                for size in SIZES {
                    ui.selectable_value(&mut f.size, size, texts.t(size_key(size)));
                }
            });
            ui.end_row();
        });
        // The numbers three to a row: structure, profile, morale.
        egui::Grid::new("conf.card.numbers")
            .num_columns(6)
            .show(ui, |ui| {
                let rows = [
                    vec![
                        ("conf.card.sp", &mut f.sp),
                        ("conf.card.gew", &mut f.gew),
                        ("conf.card.bes", &mut f.bes),
                    ],
                    vec![("conf.card.res", &mut f.res), ("conf.card.bew", &mut f.bew)],
                    vec![
                        ("conf.card.courage", &mut f.courage),
                        ("conf.card.discipline", &mut f.discipline),
                    ],
                ];
                for row in rows {
                    for (key, value) in row {
                        labelled_field(ui, texts.t(key), value, NUMBER_W);
                    }
                    ui.end_row();
                }
            });
        artillery_ui(ui, texts, &mut f.artillery);
        abilities_ui(ui, texts, f);
        crew_ui(ui, texts, &mut f.crew);
        ui.horizontal(|ui| {
            // Named by both: "Auxiliaries need at least FER".
            let need = ui.label(texts.t("conf.card.aux"));
            for (key, value) in [
                ("conf.card.fer", &mut f.aux_fer),
                ("conf.card.dis", &mut f.aux_dis),
            ] {
                let label = ui.label(texts.t(key));
                ui.add(egui::TextEdit::singleline(value).desired_width(NUMBER_W))
                    .labelled_by(need.id)
                    .labelled_by(label.id);
            }
        });
        let mut action = None;
        ui.horizontal_wrapped(|ui| {
            if ui.button(texts.t("conf.card.add")).clicked() {
                action = self.checked(texts).map(EditorAction::Add);
            }
            if ui
                .add_enabled(selected, egui::Button::new(texts.t("conf.card.save")))
                .clicked()
            {
                action = self.checked(texts).map(EditorAction::Save);
            }
            ui.weak(texts.t("conf.card.empty_hint"));
        });
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        action
    }

    fn checked(&mut self, texts: &Texts) -> Option<MachineCard> {
        match self.card(texts) {
            Ok(card) => {
                self.error = None;
                Some(card)
            }
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }
}

/// The artillery: a checkbox with class and ammunition, then (when
/// ticked) the weapon's STR and ranges.
fn artillery_ui(ui: &mut egui::Ui, texts: &Texts, a: &mut ArtilleryFields) {
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut a.on, texts.t("conf.card.has_artillery"));
        if a.on {
            ui.separator();
            ui.radio_value(
                &mut a.class,
                ArtilleryClass::Light,
                texts.t("conf.card.light"),
            );
            ui.radio_value(
                &mut a.class,
                ArtilleryClass::Heavy,
                texts.t("conf.card.heavy"),
            );
            ui.separator();
            ui.radio_value(
                &mut a.ammunition,
                Ammunition::Penetrating,
                texts.t("conf.card.penetrating"),
            );
            ui.radio_value(
                &mut a.ammunition,
                Ammunition::Zone,
                texts.t("conf.card.zone"),
            );
        }
    });
    if a.on {
        ui.indent("conf.card.artillery", |ui| {
            egui::Grid::new("conf.card.artillery")
                .num_columns(4)
                .show(ui, |ui| {
                    text_row(
                        ui,
                        texts.t("conf.card.weapon_str"),
                        &mut a.strength,
                        NUMBER_W,
                    );
                    labelled_field(ui, texts.t("conf.card.range"), &mut a.range, NUMBER_W);
                    text_row(
                        ui,
                        texts.t("conf.card.min_range"),
                        &mut a.min_range,
                        NUMBER_W,
                    );
                });
        });
    }
}

/// One ability's checkbox and, if it has one, the label and field of its
/// value (named by both, e.g. "Ramme X"): three cells.
fn ability_cells(ui: &mut egui::Ui, texts: &Texts, kind: AbilityKind, field: &mut AbilityField) {
    let check = ui.checkbox(&mut field.on, texts.t(kind.key()));
    if let Some(key) = kind.value_key() {
        let label = ui.add_enabled(field.on, egui::Label::new(texts.t(key)));
        // Sized exactly: a grid's narrow first-frame column would keep
        // a text field narrow.
        let size = egui::vec2(NUMBER_W, ui.spacing().interact_size.y);
        ui.add_enabled_ui(field.on, |ui| {
            ui.add_sized(size, egui::TextEdit::singleline(&mut field.value))
                .labelled_by(check.id)
                .labelled_by(label.id);
        });
    } else {
        ui.label("");
        ui.label("");
    }
}

/// The mechanical abilities: a checkbox per kind with its value, two to a
/// row, and Transport with its places and access on a row of its own.
fn abilities_ui(ui: &mut egui::Ui, texts: &Texts, f: &mut CardFields) {
    use AbilityKind::*;
    egui::CollapsingHeader::new(texts.t("conf.card.abilities_heading"))
        .id_salt("conf.card.abilities")
        .default_open(true)
        .show(ui, |ui| {
            egui::Grid::new("conf.card.abilities")
                .num_columns(6)
                .min_col_width(0.0)
                .show(ui, |ui| {
                    for pair in [
                        [Ramme, Sichel],
                        [Instabil, Schutzwall],
                        [Unaufhaltsam, Resistent],
                    ] {
                        for kind in pair {
                            ability_cells(ui, texts, kind, &mut f.abilities[kind as usize]);
                        }
                        ui.end_row();
                    }
                });
            ui.horizontal_wrapped(|ui| {
                let field = &mut f.abilities[Transport as usize];
                ability_cells(ui, texts, Transport, field);
                ui.add_enabled_ui(field.on, |ui| {
                    ui.radio_value(
                        &mut f.access,
                        Access::Side,
                        texts.t("conf.card.side_access"),
                    );
                    ui.radio_value(
                        &mut f.access,
                        Access::Rear,
                        texts.t("conf.card.rear_access"),
                    );
                });
            });
        });
}

/// The crew: a table, two lines per figure (its values, then its
/// abilities), a remove button per figure and one to add a figure.
fn crew_ui(ui: &mut egui::Ui, texts: &Texts, crew: &mut Vec<CrewFields>) {
    let heading = texts.f("conf.card.crew_heading", &[("n", &crew.len().to_string())]);
    egui::CollapsingHeader::new(heading)
        .id_salt("conf.card.crew")
        .default_open(true)
        .show(ui, |ui| {
            // Narrow gaps keep a figure's row within the editor's column.
            ui.spacing_mut().item_spacing.x = 4.0;
            let values = [
                "conf.card.bew",
                "conf.card.str",
                "conf.card.res",
                "conf.card.fer",
                "conf.card.dis",
            ];
            if !crew.is_empty() {
                ui.horizontal(|ui| {
                    column_header(ui, "", CREW_NUMBER_W);
                    column_header(ui, texts.t("conf.card.crew_name"), CREW_NAME_W);
                    for key in values {
                        column_header(ui, texts.t(key), CREW_VALUE_W);
                    }
                    column_header(ui, texts.t("conf.card.size"), CREW_SIZE_W);
                });
            }
            let height = ui.spacing().interact_size.y;
            let mut remove = None;
            for (i, c) in crew.iter_mut().enumerate() {
                let n = i + 1;
                let name = |key: &str| crew_field_name(texts, n, texts.t(key));
                ui.push_id(("conf.card.crew", i), |ui| {
                    ui.horizontal(|ui| {
                        ui.add_sized([CREW_NUMBER_W, height], egui::Label::new(format!("{n}.")));
                        ui.add_sized(
                            [CREW_NAME_W, height],
                            egui::TextEdit::singleline(&mut c.name),
                        )
                        .accessible_name(name("conf.card.crew_name"));
                        for (key, value) in values
                            .into_iter()
                            .zip([&mut c.bew, &mut c.str, &mut c.res, &mut c.fer, &mut c.dis])
                        {
                            ui.add_sized([CREW_VALUE_W, height], egui::TextEdit::singleline(value))
                                .accessible_name(name(key));
                        }
                        egui::ComboBox::from_id_salt("size")
                            .width(CREW_SIZE_W)
                            .selected_text(texts.t(size_key(c.size)))
                            .show_ui(ui, |ui| {
                                for size in SIZES {
                                    ui.selectable_value(&mut c.size, size, texts.t(size_key(size)));
                                }
                            })
                            .response
                            .accessible_name(name("conf.card.size"));
                        let remove_text =
                            texts.f("conf.card.remove_crew", &[("n", &n.to_string())]);
                        if ui
                            .small_button("×")
                            .on_hover_text(&remove_text)
                            .accessible_name(remove_text)
                            .clicked()
                        {
                            remove = Some(i);
                        }
                    });
                    ui.horizontal(|ui| {
                        ui.add_space(CREW_NUMBER_W + ui.spacing().item_spacing.x);
                        for kind in CrewAbilityKind::ALL {
                            if kind != CrewAbilityKind::Mechaniker {
                                ui.add_space(6.0);
                            }
                            let ability = &mut c.abilities[kind as usize];
                            ui.checkbox(&mut ability.on, texts.t(kind.key()))
                                .accessible_name(name(kind.key()));
                            if kind.has_value() {
                                ui.add_enabled(
                                    ability.on,
                                    egui::TextEdit::singleline(&mut ability.value)
                                        .desired_width(24.0),
                                )
                                .accessible_name(crew_value_name(texts, n, kind));
                            }
                        }
                    });
                });
            }
            if let Some(i) = remove {
                crew.remove(i);
            }
            if ui.button(texts.t("conf.card.add_crew")).clicked() {
                crew.push(CrewFields::default());
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixtures() -> serde_json::Value {
        serde_json::from_str(FIXTURES).expect("fixtures")
    }

    #[test]
    fn every_example_loads() {
        for name in EXAMPLES {
            let card = example(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(card.spec().name, name);
        }
        assert_eq!(example("Panzer").map(|c| c.sp()), Some(8));
    }

    #[test]
    fn every_fixture_card_reads_back_the_same_through_the_fields() {
        let texts = Texts::new("en");
        let cards = fixtures()["cards"].as_array().expect("cards").clone();
        assert_eq!(cards.len(), 5);
        for entry in cards {
            let card: MachineCard = serde_json::from_value(entry["card"].clone()).expect("card");
            let fields = fields_from_card(&card);
            assert_eq!(card_from_fields(&fields, &texts), Ok(card.clone()));
            // And through the editor, as the example buttons use it.
            let mut editor = CardEditor::default();
            editor.load(&card);
            assert_eq!(editor.card(&texts), Ok(card));
        }
    }

    #[test]
    fn the_loaded_fields_are_the_cards_values() {
        let card = example("Felsspalter").expect("example");
        let f = fields_from_card(&card);
        assert!(f.artillery.on);
        assert_eq!(
            (f.artillery.class, f.artillery.ammunition),
            (ArtilleryClass::Heavy, Ammunition::Zone)
        );
        assert_eq!(
            (
                f.artillery.strength.as_str(),
                f.artillery.range.as_str(),
                f.artillery.min_range.as_str()
            ),
            ("10", "90", "20")
        );
        let wall = &f.abilities[AbilityKind::Schutzwall as usize];
        assert!(wall.on);
        assert_eq!(wall.value, "10");
        assert!(!f.abilities[AbilityKind::Ramme as usize].on);
        assert_eq!(f.crew.len(), 5);
        let grizhou = &f.crew[2];
        assert_eq!(grizhou.name, "Grizhou");
        let mechaniker = &grizhou.abilities[CrewAbilityKind::Mechaniker as usize];
        assert!(mechaniker.on);
        assert_eq!(mechaniker.value, "4");
        assert_eq!((f.aux_fer.as_str(), f.aux_dis.as_str()), ("3", "3"));
        let panzerwagen = fields_from_card(&example("Panzerwagen").expect("example"));
        assert_eq!(panzerwagen.access, Access::Rear);
        assert_eq!(
            panzerwagen.abilities[AbilityKind::Transport as usize].value,
            "4"
        );
        assert!(!panzerwagen.artillery.on);
    }

    #[test]
    fn the_order_of_a_cards_abilities_is_kept() {
        let texts = Texts::new("en");
        let mut spec = example("Panzerwagen").expect("example").spec().clone();
        spec.abilities.reverse();
        spec.crew = vec![CrewCard {
            name: "Smith".into(),
            bew: 10,
            str: 3,
            res: 3,
            fer: None,
            dis: Some(2),
            courage: Some(4),
            size: Size::Normal,
            abilities: vec![CrewAbility::Pionier(2), CrewAbility::Mechaniker(5)],
        }];
        let card = MachineCard::new(spec).expect("card");
        assert_eq!(card_from_fields(&fields_from_card(&card), &texts), Ok(card));
    }

    #[test]
    fn the_fixtures_bad_cards_are_refused_with_the_librarys_message() {
        let texts = Texts::new("en");
        for entry in fixtures()["bad"].as_array().expect("bad") {
            let expected = entry["error"].as_str().expect("error");
            if expected.ends_with("twice") {
                // One row per ability: the editor cannot type it twice.
                continue;
            }
            let spec: MachineSpec = serde_json::from_value(entry["card"].clone()).expect("spec");
            let fields = fields_from_spec(&spec);
            assert_eq!(
                card_from_fields(&fields, &texts),
                Err(expected.to_owned()),
                "{spec:?}"
            );
        }
    }

    fn ballista_fields() -> CardFields {
        fields_from_card(&example("Ballista").expect("example"))
    }

    #[test]
    fn a_bad_typed_value_names_the_field_and_the_value() {
        let en = Texts::new("en");
        let de = Texts::new("de");
        let mut f = ballista_fields();
        f.crew[1].bew = "zehn".into();
        assert_eq!(
            card_from_fields(&f, &en),
            Err("Crew 2 BEW: \"zehn\" is not a whole number".into())
        );
        assert_eq!(
            card_from_fields(&f, &de),
            Err("Besatzung 2 BEW: „zehn“ ist keine ganze Zahl".into())
        );
        let mut f = ballista_fields();
        f.crew[0].res = String::new();
        assert_eq!(
            card_from_fields(&f, &en),
            Err("Crew 1 RES: required".into())
        );
        let mut f = ballista_fields();
        f.crew[2].name = " ".into();
        assert_eq!(
            card_from_fields(&f, &en),
            Err("Crew 3 Name: required".into())
        );
        let mut f = ballista_fields();
        f.crew[0].abilities[CrewAbilityKind::Mechaniker as usize].on = true;
        f.crew[0].abilities[CrewAbilityKind::Mechaniker as usize].value = "vier".into();
        assert_eq!(
            card_from_fields(&f, &en),
            Err("Crew 1 Mechaniker X: \"vier\" is not a whole number".into())
        );
        let mut f = ballista_fields();
        f.artillery.range = "weit".into();
        assert_eq!(
            card_from_fields(&f, &en),
            Err("Range (cm): \"weit\" is not a number".into())
        );
        f.artillery.range = "inf".into();
        assert_eq!(
            card_from_fields(&f, &en),
            Err("Range (cm): \"inf\" is not a number".into())
        );
        let mut f = ballista_fields();
        f.artillery.strength = "99999999999".into();
        assert_eq!(
            card_from_fields(&f, &en),
            Err("Weapon STR: 99999999999 is too large".into())
        );
        let mut f = ballista_fields();
        f.abilities[AbilityKind::Schutzwall as usize].on = true;
        assert_eq!(
            card_from_fields(&f, &en),
            Err("Schutzwall X (cm): required".into())
        );
        f.abilities[AbilityKind::Schutzwall as usize].value = "zehn".into();
        assert_eq!(
            card_from_fields(&f, &en),
            Err("Schutzwall X (cm): \"zehn\" is not a number".into())
        );
        let mut f = ballista_fields();
        f.aux_dis = "drei".into();
        assert_eq!(
            card_from_fields(&f, &en),
            Err("Auxiliaries need at least DIS: \"drei\" is not a whole number".into())
        );
        // The library's rule checks come after the typed values.
        let mut f = ballista_fields();
        f.abilities[AbilityKind::Ramme as usize] = AbilityField {
            on: true,
            value: "0".into(),
        };
        assert_eq!(
            card_from_fields(&f, &en),
            Err("Ramme X: 0 is not allowed (1 to 20)".into())
        );
    }

    #[test]
    fn unticked_values_are_ignored_and_a_decimal_comma_reads() {
        let texts = Texts::new("en");
        let mut f = ballista_fields();
        // Text under an unticked ability or artillery does not count.
        f.abilities[AbilityKind::Sichel as usize].value = "viel".into();
        f.abilities[AbilityKind::Schutzwall as usize] = AbilityField {
            on: true,
            value: "7,5".into(),
        };
        let card = card_from_fields(&f, &texts).expect("card");
        assert_eq!(card.rampart(), Some(7.5));
        assert_eq!(card.sickle(), None);
        f.artillery.on = false;
        f.artillery.strength = "stark".into();
        let card = card_from_fields(&f, &texts).expect("card");
        assert_eq!(card.spec().artillery, None);
        // One minimum is a requirement; none is none.
        f.aux_fer = "4".into();
        let card = card_from_fields(&f, &texts).expect("card");
        assert_eq!(
            card.spec().auxiliary,
            Some(AuxiliaryRequirement {
                min_fer: Some(4),
                min_dis: None
            })
        );
    }
}
