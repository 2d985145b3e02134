//! The war-machine record sheet of a Confrontation game: each machine's
//! card values, SP history and markers, and the log of the game's
//! resolutions with their numbers.

use feldherr_play::Catalogue;
use feldherr_sheet::{
    Block, Column, Document, Footer, KeyValues, Paragraph, SheetError, SheetOptions, Table, Title,
};

use crate::game::ConfrontationGame;
use crate::{
    Access, Ammunition, Artillery, ArtilleryClass, MachineCard, MachineState, MechanicalAbility,
    Mobility, Size,
};

fn dash(value: Option<u32>) -> String {
    value.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

/// Abilities as written on the cards: "Ramme/3, Unaufhaltsam, Transport/4 (rear)".
fn abilities(texts: &Catalogue, abilities: &[MechanicalAbility]) -> String {
    if abilities.is_empty() {
        return "-".to_owned();
    }
    abilities
        .iter()
        .map(|a| match a {
            MechanicalAbility::Ramme(x) => format!("Ramme/{x}"),
            MechanicalAbility::Unaufhaltsam => "Unaufhaltsam".to_owned(),
            MechanicalAbility::Sichel(x) => format!("Sichel/{x}"),
            MechanicalAbility::Transport { places, access } => {
                let side = texts.t(match access {
                    Access::Side => "conf.sheet.access.side",
                    Access::Rear => "conf.sheet.access.rear",
                });
                format!("Transport/{places} ({side})")
            }
            MechanicalAbility::Resistent => "Resistent".to_owned(),
            MechanicalAbility::Schutzwall(x) => format!("Schutzwall/{x}"),
            MechanicalAbility::Instabil(x) => format!("Instabil/{x}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Artillery as a line: "heavy, zone, STR 10, 60 cm (min. 10 cm)".
fn artillery(texts: &Catalogue, artillery: Option<&Artillery>) -> String {
    let Some(a) = artillery else {
        return "-".to_owned();
    };
    let class = texts.t(match a.class {
        ArtilleryClass::Light => "conf.sheet.light",
        ArtilleryClass::Heavy => "conf.sheet.heavy",
    });
    let ammunition = texts.t(match a.ammunition {
        Ammunition::Penetrating => "conf.sheet.penetrating",
        Ammunition::Zone => "conf.sheet.zone",
    });
    let minimum = a
        .min_range_cm
        .map(|m| texts.f("conf.sheet.min_range", &[("min", &m.to_string())]))
        .unwrap_or_default();
    texts.f(
        "conf.sheet.artillery_line",
        &[
            ("class", class),
            ("ammo", ammunition),
            ("str", &a.strength.to_string()),
            ("range", &a.range_cm.to_string()),
            ("min", &minimum),
        ],
    )
}

fn markers(texts: &Catalogue, state: &MachineState) -> String {
    let flags = [
        (state.speed_marker, "conf.status.speed_marker"),
        (state.jammed, "conf.status.jammed"),
        (state.repair_tried, "conf.status.repair_tried"),
        (state.destroyed, "conf.status.destroyed"),
        (state.steam.overheat, "conf.steam.overheat"),
        (state.steam.leak, "conf.steam.leak"),
        (state.steam.cracked, "conf.steam.cracked"),
        (state.steam.damaged_valve, "conf.steam.damaged_valve"),
        (state.steam.total_failure, "conf.steam.total_failure"),
        (state.steam.exploded, "conf.steam.exploded"),
    ];
    let on: Vec<&str> = flags
        .iter()
        .filter(|(set, _)| *set)
        .map(|(_, key)| texts.t(key))
        .collect();
    if on.is_empty() {
        texts.t("conf.sheet.no_markers").to_owned()
    } else {
        on.join(", ")
    }
}

fn card_values(texts: &Catalogue, card: &MachineCard, state: &MachineState) -> KeyValues {
    let spec = card.spec();
    let mobility = texts.t(match spec.mobility {
        Mobility::Mobile => "conf.card.mobile",
        Mobility::Immobile => "conf.card.immobile",
    });
    let size = texts.t(match spec.size {
        Size::Small => "conf.size.small",
        Size::Normal => "conf.size.normal",
        Size::Large => "conf.size.large",
        Size::VeryLarge => "conf.size.very_large",
    });
    let penalty = state
        .penalty(card)
        .map_or_else(|e| e.to_string(), |p| p.to_string());
    KeyValues::new(3)
        .pair(texts.t("conf.card.mobility"), mobility)
        .pair(texts.t("conf.card.size"), size)
        .pair(
            texts.t("conf.card.sp"),
            format!("{} / {}", state.sp_left(card), card.sp()),
        )
        .pair(texts.t("conf.card.gew"), dash(spec.gew))
        .pair(texts.t("conf.card.bes"), dash(spec.bes))
        .pair(texts.t("conf.card.res"), spec.res.to_string())
        .pair(texts.t("conf.card.bew"), dash(spec.bew))
        .pair(texts.t("conf.card.courage"), dash(spec.courage))
        .pair(texts.t("conf.card.discipline"), dash(spec.discipline))
        .pair(texts.t("conf.sheet.penalty"), penalty)
        .pair(
            texts.t("conf.sheet.artillery"),
            artillery(texts, spec.artillery.as_ref()),
        )
        .pair(
            texts.t("conf.sheet.abilities"),
            abilities(texts, &spec.abilities),
        )
        .pair(texts.t("conf.sheet.crew"), {
            let names: Vec<&str> = spec.crew.iter().map(|c| c.name.as_str()).collect();
            if names.is_empty() {
                "-".to_owned()
            } else {
                names.join(", ")
            }
        })
}

/// The record sheet of the game's war machines.
///
/// # Errors
/// The sheet crate's error when a block cannot be laid out.
pub fn machine_sheet(
    game: &ConfrontationGame,
    name: &str,
    texts: &Catalogue,
    options: SheetOptions,
) -> Result<Document, SheetError> {
    let title = texts.t("conf.sheet.title");
    let mut doc = Document::new()
        .with_page_size(options.page)
        .with_dpi(options.dpi)
        .with_title(format!("{title} {}", name))
        .with_footer(
            Footer::new(name.to_owned(), texts.t("system.confrontation.name"))
                .page_label(texts.t("sheet.page_label")),
        )
        .block(Title::new(title).subtitle(name.to_owned()));
    if game.machines.is_empty() {
        doc = doc.block(Paragraph::new(texts.t("conf.no_machines")).muted());
    }
    for machine in &game.machines {
        let history: Vec<String> = machine.sp_history.iter().map(ToString::to_string).collect();
        doc = doc
            .block(Paragraph::heading(format!(
                "{}. {}",
                machine.id.0,
                machine.name()
            )))
            .block(card_values(texts, &machine.card, &machine.state))
            .block(Paragraph::new(
                texts.f("conf.status.history", &[("history", &history.join(", "))]),
            ))
            .block(Paragraph::new(format!(
                "{}: {}",
                texts.t("conf.status.markers"),
                markers(texts, &machine.state)
            )));
        if !machine.passengers.is_empty() {
            let riders: Vec<String> = machine
                .passengers
                .iter()
                .map(|p| {
                    texts.f(
                        "conf.sheet.passenger",
                        &[("name", &p.name), ("res", &p.res.to_string())],
                    )
                })
                .collect();
            doc = doc.block(Paragraph::new(format!(
                "{}: {}",
                texts.t("conf.act.passengers"),
                riders.join(", ")
            )));
        }
        doc = doc.block(Block::Spacer(8.0));
    }
    doc = doc.block(Paragraph::heading(texts.t("game.resolutions")));
    let mut table = Table::new([
        Column::new("#", 0.06),
        Column::new(texts.t("conf.sheet.resolution"), 0.34),
        Column::new(texts.t("conf.sheet.log"), 0.6),
    ])
    .zebra(true)
    .font_size(9.0);
    if game.resolutions.is_empty() {
        doc = doc.block(Paragraph::new(texts.t("game.no_resolution")).muted());
        return Ok(doc);
    }
    for saved in &game.resolutions {
        // Every line through the catalogues: the crate's log messages, and
        // the title and outcome as messages (a German sheet is German).
        let mut log: Vec<String> = saved
            .resolution()
            .log()
            .iter()
            .map(|s| texts.log_line(s))
            .collect();
        if let Some(outcome) = saved.outcome() {
            let lines: Vec<String> = outcome
                .lines(saved.kind())
                .iter()
                .map(|m| texts.message(m))
                .collect();
            log.push(format!("{}: {}", texts.t("panel.result"), lines.join("; ")));
        }
        let machine = saved
            .kind()
            .machine()
            .and_then(|m| game.machine(m))
            .map(|m| format!(" ({})", m.name()))
            .unwrap_or_default();
        table = table.row([
            saved.id().0.to_string(),
            format!("{}{machine}", texts.message(&saved.kind().title_message())),
            log.join("\n"),
        ]);
    }
    Ok(doc.block(table))
}
