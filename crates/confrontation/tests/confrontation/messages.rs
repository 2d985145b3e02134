//! The catalogues (`messages/en.json`, `messages/de.json`): both have the
//! same keys; every message the crate produces (log lines, roll purposes,
//! choices and their options, titles, outcomes), driving every resolver
//! with seeded dice down every branch, renders in both languages with no
//! key missing and no placeholder left; no German line equals its English
//! line; and every catalogue key is produced somewhere.

#![expect(
    clippy::unwrap_used,
    reason = "a test fails loudly on an unexpected error"
)]

use std::collections::BTreeSet;

use feldherr_confrontation::{
    ABBREVIATIONS, Access, ArtilleryClass, CharacteristicTest, ConfrontationResult, CounterFire,
    DamageRoll, Fate, FerTest, FireResult, Hold, Impetus, Incident, InstabilRoll, Instability,
    Location, Model, OutcomeMessage, Passenger, PassengerWounds, PenetratingCounterFire,
    PenetratingShot, PressureResolution, PressureResult, Ramming, Repair, SickleFigure, SickleRun,
    Size, SteamMarkers, TitleMessage, TotalFailureCheck, Victim, WoundLevel, WoundRoll, WoundTable,
    ZoneShot, abbreviation_message, messages,
};
use feldherr_dice::Dice;
use feldherr_dice::step::{Driver, Message, MessageArg, Prompt, Resolver};
use feldherr_geometry::Point;
use feldherr_play::{Catalogue, Lang, step_messages};

fn catalogue(lang: Lang) -> Catalogue {
    let mut c = Catalogue::parse("step", step_messages(lang)).unwrap();
    c.extend(Catalogue::parse("conf", messages(lang)).unwrap());
    c
}

fn own_keys(lang: Lang) -> BTreeSet<String> {
    Catalogue::parse("conf", messages(lang))
        .unwrap()
        .keys()
        .map(str::to_owned)
        .collect()
}

/// Checks one message in both languages and records the keys it uses.
struct Checker {
    en: Catalogue,
    de: Catalogue,
    used: BTreeSet<String>,
    lines: usize,
    mismatches: BTreeSet<String>,
}

impl Checker {
    fn new() -> Self {
        Self {
            en: catalogue(Lang::En),
            de: catalogue(Lang::De),
            used: BTreeSet::new(),
            lines: 0,
            mismatches: BTreeSet::new(),
        }
    }

    fn collect(&mut self, m: &Message) {
        assert_ne!(m.key, "verbatim", "untranslatable text: {m:?}");
        self.used.insert(m.key.clone());
        for (_, arg) in &m.args {
            match arg {
                MessageArg::Key(k) => {
                    self.used.insert(k.clone());
                }
                MessageArg::Nested(n) => self.collect(n),
                MessageArg::Int(_) | MessageArg::Text(_) | MessageArg::Decimal { .. } => {}
            }
        }
    }

    /// A whole line: renders in both languages, nothing left over, and
    /// the German differs from the English.
    fn check(&mut self, m: &Message) {
        let (en, de) = self.render(m);
        let pure = en.chars().all(|c| !c.is_alphabetic());
        assert!(pure || en != de, "German equals English: {en} ({m:?})");
    }

    /// A name of the text's own (a damage table column): may read the same
    /// in both languages.
    fn check_name(&mut self, m: &Message) {
        self.render(m);
    }

    fn render(&mut self, m: &Message) -> (String, String) {
        self.collect(m);
        let en = self
            .en
            .render(m)
            .unwrap_or_else(|| panic!("en misses a key of {m:?}"));
        let de = self
            .de
            .render(m)
            .unwrap_or_else(|| panic!("de misses a key of {m:?}"));
        for line in [&en, &de] {
            assert!(
                !line.contains('{') && !line.contains('}'),
                "placeholder left: {line}"
            );
            assert!(!line.trim().is_empty(), "empty line for {m:?}");
        }
        self.lines += 1;
        (en, de)
    }

    /// Drives `resolver` with seeded dice (choices picked by the seed),
    /// checking every prompt, log line, the title and the outcome.
    fn drive<R>(&mut self, resolver: &R, seeds: std::ops::Range<u64>)
    where
        R: Resolver + TitleMessage + Clone,
        R::Outcome: OutcomeMessage,
    {
        self.check(&resolver.title_message());
        for seed in seeds {
            let mut dice = Dice::seeded(seed);
            let mut driver = Driver::new(resolver.clone());
            while let Some(prompt) = driver.prompt().cloned() {
                match prompt {
                    Prompt::Roll(request) => {
                        let m = request.message.as_ref();
                        let m = m.unwrap_or_else(|| panic!("no message: {}", request.purpose));
                        self.check(m);
                        if self.en.render(m).as_deref() != Some(request.purpose.as_str()) {
                            self.mismatches
                                .insert(format!("{m:?} <> {}", request.purpose));
                        }
                        driver.roll_random(&mut dice).unwrap();
                    }
                    Prompt::Choice(request) => {
                        let m = request.message.as_ref();
                        self.check(m.unwrap_or_else(|| panic!("no message: {}", request.question)));
                        if self.en.render(m.unwrap_or_else(|| panic!("no message")))
                            != Some(request.question.clone())
                        {
                            self.mismatches.insert(request.question.clone());
                        }
                        for o in &request.options {
                            let m = o.message.as_ref();
                            let m = m.unwrap_or_else(|| panic!("no message: {}", o.label));
                            self.check(m);
                            if self.en.render(m) != Some(o.label.clone()) {
                                self.mismatches.insert(o.label.clone());
                            }
                            if let Some(d) = &o.detail_message {
                                self.check(d);
                                if self.en.render(d) != Some(o.detail.clone()) {
                                    self.mismatches.insert(o.detail.clone());
                                }
                            } else {
                                assert!(o.detail.is_empty(), "no message: {}", o.detail);
                            }
                        }
                        let pick = (seed as usize) % request.options.len();
                        driver.answer_choice(pick).unwrap();
                    }
                }
            }
            for step in driver.log() {
                let m = step.message.as_ref();
                self.check(m.unwrap_or_else(|| panic!("log line without message: {step}")));
                assert!(!self.de.log_line(step).is_empty());
                if self.en.log_line(step) != step.to_string() {
                    self.mismatches
                        .insert(format!("{} <> {}", self.en.log_line(step), step));
                }
            }
            let outcome = driver
                .outcome()
                .unwrap_or_else(|| panic!("{:?}", driver.error()));
            self.check(&outcome.message());
        }
    }
}

fn figure(name: &str, res: i32, x: f64, y: f64) -> Model {
    Model {
        victim: Victim::figure(name, res),
        center: Point::new(x, y),
        radius: 1.25,
        level: 0,
    }
}

#[test]
fn both_catalogues_have_the_same_keys() {
    let en = own_keys(Lang::En);
    let de = own_keys(Lang::De);
    assert_eq!(
        en.symmetric_difference(&de).collect::<Vec<_>>(),
        Vec::<&String>::new()
    );
    assert!(
        en.iter()
            .all(|k| k.starts_with("conf.") || k == "system.confrontation.name")
    );
    assert!(en.len() > 100);
}

#[test]
fn abbreviations_keep_the_card_term_and_explain_it() {
    let (en, de) = (catalogue(Lang::En), catalogue(Lang::De));
    let label = |c: &Catalogue, a: &str| c.render(&abbreviation_message(a).unwrap()).unwrap();
    assert_eq!(label(&en, "BEW"), "BEW (movement)");
    assert_eq!(label(&de, "BEW"), "BEW (Bewegung)");
    assert_eq!(label(&en, "GEW"), "GEW (weight)");
    assert_eq!(label(&de, "SP"), "SP (Strukturpunkte)");
    assert_eq!(label(&en, "BES"), "BES (crew)");
    assert_eq!(label(&de, "FER"), "FER (Fernkampf)");
    for a in ABBREVIATIONS {
        let (e, d) = (label(&en, a), label(&de, a));
        assert!(e.starts_with(a), "{e}");
        assert_ne!(e, d);
    }
    assert!(abbreviation_message("XYZ").is_none());
}

#[test]
fn every_message_renders_in_both_languages() {
    let mut c = Checker::new();
    let table = WoundTable::default();

    // Damage table (C1): plain, sacred, collision.
    for roll in [
        DamageRoll::new(10, 14).unwrap(),
        DamageRoll::new(8, 8).unwrap().sacred(true),
        DamageRoll::new(12, 6).unwrap().criticals(false),
        DamageRoll::new(25, 2).unwrap(),
    ] {
        c.drive(&roll, 0..60);
    }
    c.drive(&WoundRoll::new(5, 4, table.clone()).unwrap(), 0..20);

    // Zone shots (C6), light and heavy, with counter-fire.
    let models = vec![
        figure("target", 2, 50.0, 0.0),
        figure("b", 0, 53.0, 0.0),
        figure("c", 1, 66.0, 0.0),
        Model {
            victim: Victim::machine("wagon", 8, 3, true),
            center: Point::new(47.0, 3.0),
            radius: 2.0,
            level: 0,
        },
    ];
    for class in [ArtilleryClass::Light, ArtilleryClass::Heavy] {
        let shot = ZoneShot::new(
            class,
            14,
            FerTest::new(3, 7, 0).unwrap(),
            Point::new(0.0, 0.0),
            0,
            0,
            models.clone(),
            10.0,
            table.clone(),
        )
        .unwrap();
        c.drive(&shot, 0..120);
    }
    let cf =
        CounterFire::place(Point::new(0.0, 0.0), 0, Point::new(40.0, 0.0), None, None).unwrap();
    let shot = cf
        .zone_shot(
            ArtilleryClass::Heavy,
            10,
            3,
            -1,
            figure("charger", 4, 0.0, 0.0),
            vec![figure("behind", 3, 26.0, 0.0)],
            10.0,
            table.clone(),
        )
        .unwrap();
    c.drive(&shot, 0..40);

    // Penetration (C7) and penetrating counter-fire.
    let line = vec![
        figure("a", 3, 30.0, 0.0),
        figure("b", 4, 35.0, 0.0),
        figure("c", 5, 40.0, 0.0),
    ];
    let heavy = PenetratingShot::new(
        ArtilleryClass::Heavy,
        12,
        Point::new(0.0, 0.0),
        0,
        100.0,
        line,
        table.clone(),
    )
    .unwrap();
    c.drive(&heavy, 0..60);
    let pcf = PenetratingCounterFire::new(
        &cf,
        ArtilleryClass::Light,
        12,
        4,
        0,
        60.0,
        figure("charger", 3, 40.0, 0.0),
        vec![figure("next", 3, 25.0, 0.0)],
        table.clone(),
    )
    .unwrap();
    c.drive(&pcf, 0..60);

    // Ramming (C5) with its choice.
    let ramming = Ramming::new(
        3,
        Impetus::Distance(23.0),
        vec![Victim::figure("goblin", 3)],
        vec![Victim::figure("dwarf", 5), Victim::figure("troll", 2)],
        table.clone(),
    )
    .unwrap();
    c.drive(&ramming, 0..60);
    let weak = Ramming::new(
        3,
        Impetus::Distance(40.0),
        vec![Victim::figure("rat", 0)],
        vec![Victim::figure("mouse", 0)],
        table.clone(),
    )
    .unwrap();
    c.drive(&weak, 0..60);

    // Sichel.
    let figures = vec![
        SickleFigure {
            victim: Victim::figure("warrior", 4),
            ini: 3,
            in_melee: true,
            sprung: false,
            die_modifier: -1,
        },
        SickleFigure {
            victim: Victim::machine("cart", 7, 2, false),
            ini: 1,
            in_melee: false,
            sprung: true,
            die_modifier: 0,
        },
    ];
    c.drive(&SickleRun::new(6, figures, table.clone()).unwrap(), 0..40);

    // Steam and naphtha (C9): plain, cracked, damaged valve, second
    // overheat and leak, blocked; the total failure check.
    for markers in [
        SteamMarkers::default(),
        SteamMarkers {
            cracked: true,
            damaged_valve: true,
            ..Default::default()
        },
        SteamMarkers {
            overheat: true,
            leak: true,
            ..Default::default()
        },
        SteamMarkers {
            total_failure: true,
            ..Default::default()
        },
    ] {
        c.drive(&PressureResolution::new(2, markers).unwrap(), 0..150);
        c.drive(&TotalFailureCheck::new(markers), 0..10);
    }

    // A characteristic test saying why it passed or failed.
    for (value, difficulty, modifier) in [(3, 6, 0), (1, 9, -2)] {
        let t = CharacteristicTest::new(
            "INI",
            value,
            difficulty,
            feldherr_confrontation::ConfrontationRoll::standard()
                .with_modifier(modifier)
                .unwrap(),
        )
        .unwrap();
        c.drive(&Tested(t), 0..40);
    }

    // Crew abilities (C10), Instabil, Transport.
    for (x, lost) in [(4, 2), (4, 1)] {
        c.drive(&Repair::new(x, 8, lost).unwrap(), 0..30);
    }
    for before in [
        Instability::Figure(WoundLevel::None),
        Instability::Structure(3),
    ] {
        c.drive(&InstabilRoll::new(3, before).unwrap(), 0..30);
    }
    let mut hold = Hold::new(4, Access::Rear).unwrap();
    for (name, res) in [("archer", 2), ("brute", 9)] {
        hold.deploy(Passenger::new(name, Size::Small, res)).unwrap();
    }
    c.drive(&PassengerWounds::new(10, &hold, table.clone()), 0..30);

    // The small results and names on their own.
    for m in Location::ALL.map(|l| l.message()) {
        c.check_name(&m);
    }
    for f in [Fate::Survives, Fate::Killed, Fate::Destroyed] {
        c.check(&f.message());
    }
    for r in [FireResult::Jammed, FireResult::Missed, FireResult::Hit] {
        c.check(&r.message());
    }
    c.check(&ConfrontationResult::Fumble.message());
    c.check(&ConfrontationResult::Total(7).message());
    c.check(&PressureResult::Incident.message());
    c.check(&PressureResult::Bonus(5).message());
    for face in 1..=6 {
        c.check(&Incident::from_face(face).message());
    }
    for a in ABBREVIATIONS {
        c.check(&abbreviation_message(a).unwrap());
    }

    // Every key of the catalogue was produced. (The game module's
    // `conf.game.…` keys: tests/game/catalogue.rs; the record sheet's words
    // are named in its source, and the sheet test renders them.)
    let sheet = include_str!("../../src/machine_sheet.rs");
    let unused: Vec<_> = own_keys(Lang::En)
        .into_iter()
        .filter(|k| {
            !k.starts_with("conf.game.")
                && !c.used.contains(k)
                && !sheet.contains(&format!("\"{k}\""))
        })
        .collect();
    assert_eq!(unused, Vec::<String>::new(), "keys never produced");
    assert!(c.lines > 1000, "{}", c.lines);
    // The English catalogue says what the English texts say.
    let m: Vec<_> = c.mismatches.iter().take(30).collect();
    assert!(
        m.is_empty(),
        "English catalogue differs from the text: {m:#?}"
    );
}

/// The text's worked example (RES 14, STR 10, dice 3 and 5: damage 4,
/// Struktur, 1 SP) as a German and an English record.
#[test]
fn the_damage_example_reads_in_german_and_english() {
    let mut driver = Driver::new(DamageRoll::new(10, 14).unwrap());
    driver.answer_dice(vec![3, 5]).unwrap();
    let record = |lang: Lang| {
        let c = catalogue(lang);
        let mut lines = vec![c.render(&driver.resolver().title_message()).unwrap()];
        lines.extend(driver.log().iter().map(|s| c.log_line(s)));
        lines.push(c.render(&driver.outcome().unwrap().message()).unwrap());
        lines
    };
    assert_eq!(
        record(Lang::De),
        [
            "Schadenstabelle: STÄ 10 gegen WK 14",
            "[C1] Schadenstabelle: gewürfelt 3, 5",
            "[C1] Kleinerer Würfel 3: Spalte Struktur",
            "[C1] Schaden = 3 + 5 + STÄ 10 - WK 14 = 4: Zeile 1-5, 1 SP verloren",
            "1 SP verloren (Struktur, Schaden 4)",
        ]
    );
    let en = record(Lang::En);
    assert_eq!(
        en[3],
        "[C1] Damage = 3 + 5 + STR 10 - RES 14 = 4: row 1-5, 1 SP lost"
    );
    // The English catalogue says what the English text says.
    let texts: Vec<String> = driver.log().iter().map(ToString::to_string).collect();
    assert_eq!(en[1..4], texts[..]);
}

/// A characteristic test as a resolver that logs why it ended.
#[derive(Debug, Clone)]
struct Tested(CharacteristicTest);

impl TitleMessage for Tested {
    fn title_message(&self) -> Message {
        Message::new("conf.title.wound").int("str", 1).int("res", 1)
    }
}

impl Resolver for Tested {
    type Outcome = FireResult;

    fn title(&self) -> String {
        "test".into()
    }

    fn resolve(
        &self,
        steps: &mut feldherr_dice::step::Steps<'_>,
    ) -> Result<FireResult, feldherr_dice::step::Pending> {
        let passed = self.0.resolve(steps, "core")?;
        Ok(if passed {
            FireResult::Hit
        } else {
            FireResult::Missed
        })
    }
}
