//! "Share on the network" on an event's screen (issue 30): the address
//! the server listens on (this machine's on the club's network, port
//! 8080, unless the organiser types another), the address and its QR code
//! while it runs, and the reports panel: each result a phone reported,
//! with the table, its players, who submitted it and when, its values and
//! the event points it gives, where it stands, and *Confirm* / *Correct*;
//! whether results count at once; closing a round for entry.
//!
//! Generic: the tables, fields and event points come from the kind of
//! event ([`feldherr_play::EventRules::entry_tables`],
//! [`feldherr_play::EventRules::check_report`]).

use std::net::SocketAddr;

use eframe::egui;
use feldherr_host::document::sharing::{Report, ReportStatus, SharingEdit};
use feldherr_host::document::{DocumentEdit, EventDoc, EventEdit};
use feldherr_play::EntryTable;

use crate::app::{Command, Sharing};
use crate::i18n::Texts;

/// The width of the panel's left column (the server, the settings).
const LEFT_WIDTH: f32 = 340.0;

/// What the panel keeps between frames.
#[derive(Debug, Default)]
pub struct SharePanel {
    /// The address typed (filled with this machine's on first show).
    addr: Option<String>,
    /// The QR code drawn last: its text and its modules (row by row,
    /// `true` for dark), with the side length.
    qr: Option<(String, Vec<bool>, usize)>,
}

/// A correction asked for: the reported values to put in the event's own
/// result entry (the table's open reports are set aside with it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correction {
    /// The table as the event offers it.
    pub table: EntryTable,
    /// The values reported.
    pub values: feldherr_play::ReportValues,
}

fn sharing_edit(edit: SharingEdit) -> Command {
    Command::Edit(DocumentEdit::Event(EventEdit::Sharing(edit)))
}

/// Why the server does not start, in the interface language (by its
/// kind; what the operating system or the host said stays as said).
pub fn serve_error(texts: &Texts, e: &feldherr_serve::ServeError) -> String {
    use feldherr_serve::ServeError as E;
    match e {
        E::NotLocal { addr, .. } => {
            // Refused as no one machine's address, or as a public one.
            let ip = addr.ip();
            let not_one = ip.is_unspecified()
                || ip.is_multicast()
                || matches!(ip, std::net::IpAddr::V4(v4) if v4.is_broadcast());
            let key = if not_one {
                "share.refused.not_local"
            } else {
                "share.refused.public"
            };
            texts.f(key, &[("addr", &addr.to_string())])
        }
        E::Bind { addr, source } => texts.f(
            "share.refused.bind",
            &[("addr", &addr.to_string()), ("reason", &source.to_string())],
        ),
        E::NotAnEvent => texts.t("share.refused.not_event").to_owned(),
        E::NoFile => texts.t("share.refused.no_file").to_owned(),
        E::Host(feldherr_host::HostError::Rules(play)) => texts.error(play),
        E::Host(other) => other.to_string(),
    }
}

/// `at` (seconds since 1970, UTC) as `HH:MM` UTC.
pub fn clock(at: u64) -> String {
    let day = at % 86_400;
    format!("{:02}:{:02}", day / 3600, (day % 3600) / 60)
}

impl SharePanel {
    /// Draws the share bar and, when the event is shared or has reports,
    /// the reports panel; returns the correction asked for, if one was.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        doc: &EventDoc,
        sharing: Option<&Sharing>,
        commands: &mut Vec<Command>,
    ) -> Option<Correction> {
        let mut correction = None;
        let open_reports = doc
            .sharing
            .reports
            .iter()
            .filter(|r| matches!(r.status, ReportStatus::Reported | ReportStatus::Conflict))
            .count();
        let title = if open_reports > 0 {
            texts.f("share.title_open", &[("n", &open_reports.to_string())])
        } else {
            texts.t("share.title").to_owned()
        };
        egui::CollapsingHeader::new(title)
            .id_salt("share.panel")
            .default_open(sharing.is_some() || open_reports > 0)
            .show(ui, |ui| {
                let with_reports = sharing.is_some() || !doc.sharing.is_empty();
                // The server and the settings on the left, the reports
                // beside them: the event's own screen stays in sight.
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_width(LEFT_WIDTH.min(ui.available_width()));
                        match sharing {
                            Some(sharing) => self.running(ui, texts, sharing, commands),
                            None => self.stopped(ui, texts, commands),
                        }
                        if with_reports {
                            ui.separator();
                            settings(ui, texts, doc, commands);
                        }
                    });
                    if with_reports {
                        // Space, not a separator: a separator here would
                        // take the whole height below.
                        ui.add_space(12.0);
                        ui.vertical(|ui| {
                            correction = reports(ui, texts, doc, commands);
                        });
                    }
                });
            });
        ui.separator();
        correction
    }

    fn stopped(&mut self, ui: &mut egui::Ui, texts: &Texts, commands: &mut Vec<Command>) {
        let addr = self.addr.get_or_insert_with(|| {
            feldherr_serve::default_addr(feldherr_serve::DEFAULT_PORT).to_string()
        });
        ui.label(texts.t("share.explain"));
        let parsed = addr.trim().parse::<SocketAddr>();
        let refusal = match &parsed {
            Err(_) => Some(texts.f("share.bad_addr", &[("addr", addr.trim())])),
            Ok(a) => feldherr_serve::check_local(*a)
                .err()
                .map(|e| serve_error(texts, &e)),
        };
        ui.horizontal_wrapped(|ui| {
            let label = ui.label(texts.t("share.addr"));
            ui.add(
                egui::TextEdit::singleline(addr)
                    .desired_width(180.0)
                    .id_salt("share.addr"),
            )
            .labelled_by(label.id);
            let button =
                ui.add_enabled(refusal.is_none(), egui::Button::new(texts.t("share.start")));
            if let Some(why) = &refusal {
                button.on_disabled_hover_text(why);
            } else if button.clicked()
                && let Ok(a) = parsed
            {
                commands.push(Command::StartSharing(a));
            }
        });
        if let Some(why) = refusal {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
    }

    fn running(
        &mut self,
        ui: &mut egui::Ui,
        texts: &Texts,
        sharing: &Sharing,
        commands: &mut Vec<Command>,
    ) {
        ui.horizontal_top(|ui| {
            self.qr_code(ui, &sharing.url, 140.0);
            ui.vertical(|ui| {
                ui.label(texts.t("share.running"));
                ui.add(
                    egui::Label::new(egui::RichText::new(&sharing.url).monospace().size(15.0))
                        .selectable(true),
                );
                ui.label(texts.t("share.phones"));
                let admin = format!("{}admin", sharing.url);
                ui.weak(texts.f("share.admin", &[("url", &admin)]));
                if ui.button(texts.t("share.stop")).clicked() {
                    commands.push(Command::StopSharing);
                }
            });
        });
    }

    /// The QR code of `text`, `side` points wide, drawn module by module
    /// (the `qrcode` crate makes the code; this only paints it).
    fn qr_code(&mut self, ui: &mut egui::Ui, text: &str, side: f32) {
        if self.qr.as_ref().is_none_or(|(t, _, _)| t != text) {
            self.qr = qrcode::QrCode::new(text.as_bytes()).ok().map(|code| {
                let width = code.width();
                let dark = code
                    .to_colors()
                    .into_iter()
                    .map(|c| c == qrcode::Color::Dark)
                    .collect();
                (text.to_owned(), dark, width)
            });
        }
        let Some((_, modules, width)) = &self.qr else {
            return;
        };
        let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 0.0, egui::Color32::WHITE);
        // Four modules of quiet zone on every side.
        let cells = *width + 8;
        #[expect(
            clippy::cast_precision_loss,
            reason = "a QR code is at most 177 modules wide"
        )]
        let cell = side / cells as f32;
        for (i, dark) in modules.iter().enumerate() {
            if !dark {
                continue;
            }
            let (row, col) = (i / width, i % width);
            #[expect(clippy::cast_precision_loss, reason = "at most 177")]
            let min = rect.min + egui::vec2((col + 4) as f32 * cell, (row + 4) as f32 * cell);
            painter.rect_filled(
                egui::Rect::from_min_size(min, egui::vec2(cell, cell)).expand(0.1),
                0.0,
                egui::Color32::BLACK,
            );
        }
    }
}

/// The players of a table by name (`A – B`).
fn players(table: &EntryTable) -> String {
    table
        .players
        .iter()
        .map(|p| p.name.as_str())
        .collect::<Vec<_>>()
        .join(" – ")
}

/// A report's values by their fields' labels, each player's together
/// (`Anna Berger: Victory points 1250, Standards captured 1 · Bernd …`).
fn values(texts: &Texts, table: &EntryTable, report: &Report) -> String {
    let shown = |field: &feldherr_play::ResultField| -> Option<String> {
        let value = *report.values.get(&field.key)?;
        let shown = field
            .choices
            .iter()
            .find(|(v, _)| *v == value)
            .map_or_else(|| value.to_string(), |(_, l)| texts.message(l));
        Some(format!("{} {shown}", texts.message(&field.label)))
    };
    let mut parts: Vec<String> = table
        .players
        .iter()
        .enumerate()
        .filter_map(|(side, player)| {
            let own: Vec<String> = table
                .fields
                .iter()
                .filter(|f| f.side == Some(side))
                .filter_map(shown)
                .collect();
            (!own.is_empty()).then(|| format!("{}: {}", player.name, own.join(", ")))
        })
        .collect();
    parts.extend(
        table
            .fields
            .iter()
            .filter(|f| f.side.is_none_or(|s| s >= table.players.len()))
            .filter_map(shown),
    );
    parts.join("  ·  ")
}

/// Whether results count at once; each round's entry, open or closed.
fn settings(ui: &mut egui::Ui, texts: &Texts, doc: &EventDoc, commands: &mut Vec<Command>) {
    let mut count = doc.sharing.count_at_once;
    if ui
        .checkbox(&mut count, texts.t("share.count_at_once"))
        .on_hover_text(texts.t("share.count_at_once.hint"))
        .changed()
    {
        commands.push(sharing_edit(SharingEdit::CountAtOnce(count)));
    }
    let tables = doc.entry_tables();
    let mut rounds: Vec<&EntryTable> = Vec::new();
    for t in &tables {
        if !rounds.iter().any(|r| r.round == t.round) {
            rounds.push(t);
        }
    }
    for round in rounds.iter().copied() {
        let closed = doc.sharing.is_closed(&round.round);
        let name = texts.message(&round.round_label);
        ui.horizontal_wrapped(|ui| {
            ui.label(texts.f(
                if closed {
                    "share.round_closed"
                } else {
                    "share.round_open"
                },
                &[("round", &name)],
            ));
            let label = if closed {
                "share.reopen"
            } else {
                "share.close"
            };
            if ui.small_button(texts.t(label)).clicked() {
                commands.push(sharing_edit(SharingEdit::CloseRound {
                    round: round.round.clone(),
                    closed: !closed,
                }));
            }
        });
    }
    // The current round's codes, for an event whose sheets do not print
    // them (and to read one out to a player who lost his slip).
    if let Some(current) = doc.current_round() {
        let coded: Vec<&EntryTable> = tables
            .iter()
            .filter(|t| t.round == current && doc.sharing.code(&t.round, t.table).is_some())
            .collect();
        if !coded.is_empty() {
            egui::CollapsingHeader::new(texts.t("share.codes"))
                .id_salt("share.codes")
                .show(ui, |ui| {
                    for t in coded {
                        let code = doc.sharing.code(&t.round, t.table).unwrap_or_default();
                        ui.horizontal_wrapped(|ui| {
                            ui.label(texts.f("share.table", &[("table", &t.table.to_string())]));
                            ui.monospace(code);
                            ui.weak(players(t));
                        });
                    }
                });
        }
    }
}

/// The reported results, newest first.
fn reports(
    ui: &mut egui::Ui,
    texts: &Texts,
    doc: &EventDoc,
    commands: &mut Vec<Command>,
) -> Option<Correction> {
    let mut correction = None;
    let tables = doc.entry_tables();
    if doc.sharing.reports.is_empty() {
        ui.weak(texts.t("share.no_reports"));
        return None;
    }
    ui.strong(texts.t("share.reports"));
    egui::ScrollArea::vertical()
        .id_salt("share.reports")
        // A third of the window at most: the event's own screen stays
        // in sight below.
        .max_height((ui.ctx().content_rect().height() / 3.0).max(140.0))
        .auto_shrink([false, true])
        .show(ui, |ui| {
            // Newest first, one block each: what to do first (its status
            // and the buttons), then the result and its event points, so
            // a 1024 px window shows all of it.
            for (index, report) in doc.sharing.reports.iter().enumerate().rev() {
                if let Some(c) = report_row(ui, texts, doc, &tables, index, report, commands) {
                    correction = Some(c);
                }
            }
        });
    correction
}

fn report_row(
    ui: &mut egui::Ui,
    texts: &Texts,
    doc: &EventDoc,
    tables: &[EntryTable],
    index: usize,
    report: &Report,
    commands: &mut Vec<Command>,
) -> Option<Correction> {
    let table = tables
        .iter()
        .find(|t| t.round == report.round && t.table == report.table);
    let number = report.table.to_string();
    let by = if report.submitter.is_empty() {
        texts.t("share.anonymous").to_owned()
    } else {
        report.submitter.clone()
    };
    let (key, colour) = match report.status {
        ReportStatus::Reported => ("share.status.reported", ui.visuals().warn_fg_color),
        ReportStatus::Confirmed => (
            "share.status.confirmed",
            egui::Color32::from_rgb(60, 150, 60),
        ),
        ReportStatus::Conflict => ("share.status.conflict", ui.visuals().error_fg_color),
        ReportStatus::Dismissed => ("share.status.dismissed", ui.visuals().weak_text_color()),
    };
    let mut correction = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            ui.strong(texts.f("share.table", &[("table", &number)]));
            if let Some(t) = table {
                ui.label(players(t));
            }
            ui.weak(texts.f("share.by", &[("name", &by), ("time", &clock(report.at))]));
            ui.colored_label(colour, egui::RichText::new(texts.t(key)).strong());
            if matches!(
                report.status,
                ReportStatus::Reported | ReportStatus::Conflict
            ) {
                if ui
                    .button(texts.t("share.confirm"))
                    .on_hover_text(texts.t("share.confirm.hint"))
                    .clicked()
                {
                    commands.push(sharing_edit(SharingEdit::Confirm(index)));
                }
                if let Some(t) = table
                    && ui
                        .button(texts.t("share.correct"))
                        .on_hover_text(texts.t("share.correct.hint"))
                        .clicked()
                {
                    commands.push(sharing_edit(SharingEdit::Dismiss {
                        round: report.round.clone(),
                        table: report.table,
                    }));
                    correction = Some(Correction {
                        table: t.clone(),
                        values: report.values.clone(),
                    });
                }
            }
        });
        match table {
            Some(t) => {
                ui.add(egui::Label::new(values(texts, t, report)).wrap());
            }
            None => {
                ui.weak(texts.t("share.table_gone"));
            }
        }
        let points = doc
            .event
            .check_report(&report.round, report.table, &report.values)
            .map(|check| {
                check
                    .points
                    .iter()
                    .map(|(seat, p)| format!("{} {p}", seat.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            });
        match points {
            Ok(points) => ui.label(texts.f("share.points", &[("points", &points)])),
            Err(e) => ui.colored_label(ui.visuals().warn_fg_color, texts.error(&e)),
        };
    });
    correction
}
