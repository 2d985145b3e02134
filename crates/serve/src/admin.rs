//! The organiser's page (`/admin`), answered only to the machine the
//! server runs on: the reported results with *confirm* and *set aside*,
//! closing a round for entry, and whether results count at once. What the
//! app's share panel will offer, for the organiser who serves from the
//! command line.

use std::fmt::Write as _;

use feldherr_host::document::EventDoc;
use feldherr_host::document::sharing::{ReportStatus, SharingEdit};

use crate::html::escape;
use crate::pages::{View, frame};

/// `at` (seconds since 1970) as `HH:MM` UTC.
fn clock(at: u64) -> String {
    let day = at % 86_400;
    format!("{:02}:{:02}", day / 3600, (day % 3600) / 60)
}

fn button(token: &str, fields: &[(&str, &str)], label: &str) -> String {
    let mut out = format!(
        "<form method=\"post\" action=\"/admin\" style=\"display:inline\"><input type=\"hidden\" name=\"token\" value=\"{}\">",
        escape(token)
    );
    for (name, value) in fields {
        let _ = write!(
            out,
            "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
            escape(name),
            escape(value)
        );
    }
    let _ = write!(
        out,
        "<button type=\"submit\">{}</button></form>",
        escape(label)
    );
    out
}

/// The organiser's page; `token` makes each of its forms (one token per
/// page: every button posts once, then the page is shown anew).
pub(crate) fn page(doc: &EventDoc, view: &View<'_>, token: &dyn Fn() -> String) -> String {
    let mut body = String::new();
    let count = doc.sharing.count_at_once;
    let _ = write!(
        body,
        "<p>{} {}</p>",
        escape(view.t(if count {
            "serve.admin.count_on"
        } else {
            "serve.admin.count_off"
        })),
        button(
            &token(),
            &[("action", "count"), ("on", if count { "0" } else { "1" })],
            view.t("serve.admin.switch")
        ),
    );
    let mut rounds: Vec<(String, String)> = Vec::new();
    for t in doc.entry_tables() {
        if !rounds.iter().any(|(r, _)| *r == t.round) {
            rounds.push((t.round.clone(), view.message(&t.round_label)));
        }
    }
    body.push_str("<table>");
    for (round, label) in &rounds {
        let closed = doc.sharing.is_closed(round);
        let _ = write!(
            body,
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(label),
            escape(view.t(if closed {
                "serve.status.closed"
            } else {
                "serve.admin.open"
            })),
            button(
                &token(),
                &[
                    ("action", "close"),
                    ("round", round),
                    ("closed", if closed { "0" } else { "1" })
                ],
                view.t(if closed {
                    "serve.admin.reopen"
                } else {
                    "serve.admin.close"
                }),
            ),
        );
    }
    let _ = write!(
        body,
        "</table><h2>{}</h2>",
        escape(view.t("serve.admin.reports"))
    );
    let tables = doc.entry_tables();
    body.push_str("<table>");
    for (index, report) in doc.sharing.reports.iter().enumerate().rev() {
        let table = tables
            .iter()
            .find(|t| t.round == report.round && t.table == report.table);
        let who = table.map_or_else(String::new, |t| {
            t.players
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(" - ")
        });
        let values: Vec<String> = report
            .values
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let status = match report.status {
            ReportStatus::Reported => "serve.status.reported",
            ReportStatus::Confirmed => "serve.status.entered",
            ReportStatus::Conflict => "serve.status.conflict",
            ReportStatus::Dismissed => "serve.admin.dismissed",
        };
        let actions = if matches!(
            report.status,
            ReportStatus::Reported | ReportStatus::Conflict
        ) {
            let index = index.to_string();
            let table = report.table.to_string();
            format!(
                "{} {}",
                button(
                    &token(),
                    &[("action", "confirm"), ("index", &index)],
                    view.t("serve.admin.confirm")
                ),
                button(
                    &token(),
                    &[
                        ("action", "dismiss"),
                        ("round", &report.round),
                        ("table", &table)
                    ],
                    view.t("serve.admin.dismiss")
                ),
            )
        } else {
            String::new()
        };
        let _ = write!(
            body,
            "<tr><td>{}<br>{}</td><td>{}<br><span class=\"muted\">{}</span></td><td>{}, {} UTC</td><td>{}<br>{actions}</td></tr>",
            escape(&view.f("serve.table", &[("table", &report.table.to_string())])),
            escape(&who),
            escape(&values.join(", ")),
            escape(&report.round),
            escape(&report.submitter),
            clock(report.at),
            escape(view.t(status)),
        );
    }
    body.push_str("</table>");
    frame(view, doc.name(), view.t("serve.admin.title"), &body, None)
}

/// The edit a posted admin form asks for; `None` for a form that does not
/// make sense.
pub(crate) fn edit_of(get: &dyn Fn(&str) -> Option<String>) -> Option<SharingEdit> {
    match get("action")?.as_str() {
        "count" => Some(SharingEdit::CountAtOnce(get("on")? == "1")),
        "close" => Some(SharingEdit::CloseRound {
            round: get("round")?,
            closed: get("closed")? == "1",
        }),
        "confirm" => Some(SharingEdit::Confirm(get("index")?.parse().ok()?)),
        "dismiss" => Some(SharingEdit::Dismiss {
            round: get("round")?,
            table: get("table")?.parse().ok()?,
        }),
        _ => None,
    }
}
