//! The pages, rendered on the server: pairings, standings, a table's
//! result form, its preview and the answer. Every name and every word
//! from a catalogue goes through [`escape`].

use std::fmt::Write as _;

use feldherr_host::Texts;
use feldherr_host::document::EventDoc;
use feldherr_host::document::sharing::ReportStatus;
use feldherr_play::{EntryTable, Lang, ReportValues};

use crate::html::{STYLE, escape, url_encode};

/// The words of a page's language and the page's own address (for the
/// language switch, which keeps the page).
#[derive(Debug)]
pub(crate) struct View<'a> {
    /// The words.
    pub texts: &'a Texts,
    /// The path and query of the page, without `lang`.
    pub here: String,
}

impl std::ops::Deref for View<'_> {
    type Target = Texts;

    fn deref(&self) -> &Texts {
        self.texts
    }
}

/// How often the standings page reloads itself, in seconds.
pub const STANDINGS_REFRESH: u32 = 10;

/// A page's frame: header with the event's name, navigation and the
/// language switch; `refresh` reloads it every so many seconds.
pub(crate) fn frame(
    texts: &View<'_>,
    event: &str,
    title: &str,
    body: &str,
    refresh: Option<u32>,
) -> String {
    let other = match texts.lang() {
        Lang::En => "de",
        Lang::De => "en",
    };
    let join = if texts.here.contains('?') {
        "&amp;"
    } else {
        "?"
    };
    let switch_url = format!("{}{join}lang={other}", escape(&texts.here));
    let refresh = refresh.map_or_else(String::new, |s| {
        format!("<meta http-equiv=\"refresh\" content=\"{s}\">")
    });
    format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">{refresh}\
         <title>{title} - {event}</title><style>{STYLE}</style></head><body><header>\
         <b>{event}</b><nav><a href=\"/\">{pairings}</a><a href=\"/standings\">{standings}</a>\
         <a href=\"{switch_url}\" hreflang=\"{other}\">{switch}</a></nav></header><main>\
         <h1>{title}</h1>{body}</main></body></html>",
        lang = texts.code(),
        title = escape(title),
        event = escape(event),
        pairings = escape(texts.t("serve.nav.pairings")),
        standings = escape(texts.t("serve.nav.standings")),
        switch = escape(texts.t("serve.lang.other")),
    )
}

/// The status of a table as one line.
fn status(doc: &EventDoc, texts: &View<'_>, table: &EntryTable) -> (&'static str, String) {
    let open: Vec<ReportStatus> = doc
        .sharing
        .reports
        .iter()
        .filter(|r| r.round == table.round && r.table == table.table)
        .map(|r| r.status)
        .collect();
    let key = if open.contains(&ReportStatus::Conflict) {
        "serve.status.conflict"
    } else if table.entered.is_some() {
        "serve.status.entered"
    } else if open.contains(&ReportStatus::Reported) {
        "serve.status.reported"
    } else if doc.sharing.is_closed(&table.round) {
        "serve.status.closed"
    } else {
        "serve.status.open"
    };
    let class = if key == "serve.status.entered" {
        "ok"
    } else {
        "muted"
    };
    (class, texts.t(key).to_owned())
}

fn versus(texts: &View<'_>, table: &EntryTable) -> String {
    let name = |i: usize| table.players.get(i).map_or("", |s| s.name.as_str());
    texts.f("serve.versus", &[("a", name(0)), ("b", name(1))])
}

fn table_link(table: &EntryTable) -> String {
    format!(
        "/table?round={}&amp;table={}",
        url_encode(&table.round),
        table.table
    )
}

/// The pairings of `round` (the current one when `None`): by table with
/// each table's status and a link to its form, then by name.
pub(crate) fn pairings(doc: &EventDoc, texts: &View<'_>, round: Option<&str>) -> String {
    let tables = doc.entry_tables();
    let mut rounds: Vec<(&str, String)> = Vec::new();
    for t in &tables {
        if !rounds.iter().any(|(r, _)| *r == t.round) {
            rounds.push((t.round.as_str(), texts.message(&t.round_label)));
        }
    }
    let Some((round, label)) = round
        .and_then(|r| rounds.iter().find(|(k, _)| *k == r))
        .or(rounds.last())
        .cloned()
    else {
        return frame(
            texts,
            doc.name(),
            texts.t("serve.nav.pairings"),
            &format!("<p>{}</p>", escape(texts.t("serve.no_tables"))),
            None,
        );
    };
    let mut body = String::new();
    if rounds.len() > 1 {
        let _ = write!(body, "<p>{}: ", escape(texts.t("serve.rounds")));
        for (key, name) in &rounds {
            let _ = write!(
                body,
                "<a href=\"/?round={}\">{}</a> ",
                url_encode(key),
                escape(name)
            );
        }
        body.push_str("</p>");
    }
    let here: Vec<&EntryTable> = tables.iter().filter(|t| t.round == round).collect();
    let _ = write!(
        body,
        "<h2>{}</h2><table>",
        escape(texts.t("serve.pairings.by_table"))
    );
    let closed = doc.sharing.is_closed(round);
    for t in &here {
        let (class, state) = status(doc, texts, t);
        let link = if closed || t.entered.is_some() {
            String::new()
        } else {
            format!(
                " <a href=\"{}\">{}</a>",
                table_link(t),
                escape(texts.t("serve.enter"))
            )
        };
        let _ = write!(
            body,
            "<tr><td>{}</td><td>{}<br><span class=\"{class}\">{}</span>{link}</td></tr>",
            escape(&texts.f("serve.table", &[("table", &t.table.to_string())])),
            escape(&versus(texts, t)),
            escape(&state),
        );
    }
    let _ = write!(
        body,
        "</table><h2>{}</h2><table>",
        escape(texts.t("serve.pairings.by_name"))
    );
    let mut names: Vec<(&str, &EntryTable)> = here
        .iter()
        .flat_map(|t| t.players.iter().map(move |p| (p.name.as_str(), *t)))
        .collect();
    names.sort_by_key(|(name, _)| name.to_lowercase());
    for (name, t) in names {
        let _ = write!(
            body,
            "<tr><td>{}</td><td><a href=\"{}\">{}</a></td></tr>",
            escape(name),
            table_link(t),
            escape(&texts.f("serve.table", &[("table", &t.table.to_string())])),
        );
    }
    body.push_str("</table>");
    frame(texts, doc.name(), &label, &body, None)
}

/// The standings, reloading every [`STANDINGS_REFRESH`] seconds, with the
/// QR code of the server's address.
pub(crate) fn standings(doc: &EventDoc, texts: &View<'_>, qr_svg: &str) -> String {
    let mut body = String::new();
    match doc.event.standings_table(texts) {
        Ok(table) => {
            // Many columns: the table scrolls sideways on a phone.
            body.push_str("<div class=\"wide\"><table><tr>");
            for column in &table.columns {
                let _ = write!(
                    body,
                    "<th title=\"{}\">{}</th>",
                    escape(&column.label),
                    escape(column.short_label())
                );
            }
            body.push_str("</tr>");
            for row in &table.rows {
                body.push_str("<tr>");
                for cell in &row.cells {
                    let _ = write!(body, "<td>{}</td>", escape(&cell.to_string()));
                }
                body.push_str("</tr>");
            }
            body.push_str("</table></div>");
            for note in &table.notes {
                let _ = write!(body, "<p class=\"muted\">{}</p>", escape(note));
            }
        }
        Err(e) => {
            let _ = write!(body, "<p class=\"err\">{}</p>", escape(&e.to_string()));
        }
    }
    let _ = write!(
        body,
        "<p class=\"muted\">{}</p><div class=\"qr\">{qr_svg}<p>{}</p></div>",
        escape(&texts.f(
            "serve.standings.updates",
            &[("seconds", &STANDINGS_REFRESH.to_string())]
        )),
        escape(texts.t("serve.standings.scan")),
    );
    frame(
        texts,
        doc.name(),
        texts.t("serve.nav.standings"),
        &body,
        Some(STANDINGS_REFRESH),
    )
}

/// What a form shows again: the typed code, name and values as typed.
#[derive(Debug, Default)]
pub(crate) struct Typed {
    pub code: String,
    pub name: String,
    pub values: Vec<(String, String)>,
}

impl Typed {
    fn value(&self, key: &str) -> &str {
        self.values
            .iter()
            .find(|(k, _)| k == key)
            .map_or("", |(_, v)| v.as_str())
    }
}

/// A field's label with its player's name.
pub(crate) fn field_label(texts: &View<'_>, table: &EntryTable, index: usize) -> String {
    let field = &table.fields[index];
    let label = texts.message(&field.label);
    match field.side.and_then(|s| table.players.get(s)) {
        Some(player) => texts.f(
            "serve.field",
            &[("player", &player.name), ("field", &label)],
        ),
        None => label,
    }
}

/// A value as the form showed it: a choice by its label, a number as is.
fn shown(texts: &View<'_>, field: &feldherr_play::ResultField, value: i64) -> String {
    field
        .choices
        .iter()
        .find(|(v, _)| *v == value)
        .map_or_else(|| value.to_string(), |(_, label)| texts.message(label))
}

fn hidden(name: &str, value: &str) -> String {
    format!(
        "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
        escape(name),
        escape(value)
    )
}

/// The result form of `table`, with `error` above it.
pub(crate) fn table_form(
    doc: &EventDoc,
    texts: &View<'_>,
    table: &EntryTable,
    token: &str,
    typed: &Typed,
    error: Option<&str>,
) -> String {
    let mut body = String::new();
    let _ = write!(body, "<p>{}</p>", escape(&versus(texts, table)));
    if let Some(error) = error {
        let _ = write!(
            body,
            "<p class=\"err\" role=\"alert\">{}</p>",
            escape(error)
        );
    }
    let _ = write!(
        body,
        "<form method=\"post\" action=\"/table\">{}{}{}{}\
         <label for=\"code\">{}</label><input id=\"code\" name=\"code\" required maxlength=\"12\" \
         autocomplete=\"off\" autocapitalize=\"characters\" value=\"{}\">\
         <label for=\"name\">{}</label><input id=\"name\" name=\"name\" maxlength=\"60\" value=\"{}\">",
        hidden("token", token),
        hidden("step", "preview"),
        hidden("round", &table.round),
        hidden("table", &table.table.to_string()),
        escape(texts.t("serve.form.code")),
        escape(&typed.code),
        escape(texts.t("serve.form.name")),
        escape(&typed.name),
    );
    for (i, field) in table.fields.iter().enumerate() {
        let id = format!("f{i}");
        let label = escape(&field_label(texts, table, i));
        if field.choices.is_empty() {
            let _ = write!(
                body,
                "<label for=\"{id}\">{label}</label><input id=\"{id}\" name=\"v.{}\" type=\"number\" \
                 inputmode=\"numeric\" required min=\"{}\" max=\"{}\" value=\"{}\">",
                escape(&field.key),
                field.min,
                field.max,
                escape(typed.value(&field.key)),
            );
            continue;
        }
        let _ = write!(
            body,
            "<label for=\"{id}\">{label}</label><select id=\"{id}\" name=\"v.{}\" required>",
            escape(&field.key)
        );
        for (value, choice) in &field.choices {
            let selected = if typed.value(&field.key) == value.to_string() {
                " selected"
            } else {
                ""
            };
            let _ = write!(
                body,
                "<option value=\"{value}\"{selected}>{}</option>",
                escape(&texts.message(choice))
            );
        }
        body.push_str("</select>");
    }
    let _ = write!(
        body,
        "<br><button type=\"submit\">{}</button></form>",
        escape(texts.t("serve.form.check"))
    );
    let title = texts.f("serve.table", &[("table", &table.table.to_string())]);
    frame(texts, doc.name(), &title, &body, None)
}

/// The preview: the values and each player's event points, with a form
/// that saves them.
pub(crate) fn preview(
    doc: &EventDoc,
    texts: &View<'_>,
    table: &EntryTable,
    token: &str,
    typed: &Typed,
    values: &ReportValues,
    points: &[(String, i64)],
) -> String {
    let mut body = String::new();
    let _ = write!(body, "<p>{}</p><table>", escape(&versus(texts, table)));
    for (i, field) in table.fields.iter().enumerate() {
        let _ = write!(
            body,
            "<tr><td>{}</td><td>{}</td></tr>",
            escape(&field_label(texts, table, i)),
            escape(&shown(
                texts,
                field,
                values.get(&field.key).copied().unwrap_or_default()
            ))
        );
    }
    body.push_str("</table>");
    for (player, p) in points {
        let _ = write!(
            body,
            "<p class=\"ok\">{}</p>",
            escape(&texts.f(
                // One point, not "1 points".
                if p.abs() == 1 {
                    "serve.preview.point"
                } else {
                    "serve.preview.points"
                },
                &[("player", player), ("points", &p.to_string())]
            ))
        );
    }
    let _ = write!(
        body,
        "<form method=\"post\" action=\"/table\">{}{}{}{}{}{}",
        hidden("token", token),
        hidden("step", "save"),
        hidden("round", &table.round),
        hidden("table", &table.table.to_string()),
        hidden("code", &typed.code),
        hidden("name", &typed.name),
    );
    for (key, value) in values {
        body.push_str(&hidden(&format!("v.{key}"), &value.to_string()));
    }
    let _ = write!(
        body,
        "<button type=\"submit\">{}</button></form><p><a href=\"{}\">{}</a></p>",
        escape(texts.t("serve.form.save")),
        table_link(table),
        escape(texts.t("serve.form.back")),
    );
    frame(
        texts,
        doc.name(),
        texts.t("serve.preview.title"),
        &body,
        None,
    )
}

/// A short answer page: `message` with the class `class`.
pub(crate) fn message(
    texts: &View<'_>,
    event: &str,
    title: &str,
    class: &str,
    message: &str,
) -> String {
    let body = format!(
        "<p class=\"{class}\" role=\"status\">{}</p><p><a href=\"/\">{}</a></p>",
        escape(message),
        escape(texts.t("serve.nav.pairings"))
    );
    frame(texts, event, title, &body, None)
}
