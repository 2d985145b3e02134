//! The server over HTTP on 127.0.0.1 (a free port), spoken to with
//! `std::net::TcpStream`: pages, a valid result saved before the answer,
//! wrong codes refused and limited, forms without a token refused, a
//! disagreeing second report flagged, a closed round, escaped names, and
//! addresses that are not local refused.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use feldherr_host::document::sharing::{ReportStatus, SharingEdit};
use feldherr_host::document::{self, Document, DocumentEdit, EventDoc, EventEdit};
use feldherr_host::history::OpenDocument;
use feldherr_serve::{RateLimit, ServeError, ServeOptions, Server, SharedDocument};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../fixtures/serve/event.json"
);
const ROUND: &str = "raeuber_warhammer";

mod browser;
mod load;

struct Running {
    server: Server,
    doc: SharedDocument,
    path: PathBuf,
}

fn temp_copy(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("feldherr-serve-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("event.json");
    std::fs::copy(FIXTURE, &path).expect("fixture");
    path
}

fn start_with(test: &str, limit: RateLimit) -> Running {
    start_path(temp_copy(test), limit)
}

fn start_path(path: PathBuf, limit: RateLimit) -> Running {
    let open = OpenDocument::open(&path).expect("opens");
    let doc = Arc::new(Mutex::new(open));
    let mut options = ServeOptions::new("127.0.0.1:0".parse().expect("addr"));
    options.rate_limit = limit;
    options.workers = 2;
    let server = Server::start(Arc::clone(&doc), &options).expect("starts");
    Running { server, doc, path }
}

fn start(test: &str) -> Running {
    start_with(test, RateLimit::default())
}

struct Answer {
    status: u16,
    head: String,
    body: String,
}

fn http(addr: SocketAddr, request: &str) -> Answer {
    try_http(addr, request).expect("an answer")
}

/// The answer, or `None` when the server is gone.
fn try_http(addr: SocketAddr, request: &str) -> Option<Answer> {
    let mut stream = TcpStream::connect(addr).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .ok()?;
    stream.write_all(request.as_bytes()).ok()?;
    let mut text = String::new();
    stream.read_to_string(&mut text).ok()?;
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok())?;
    Some(Answer {
        status,
        head: head.to_owned(),
        body: body.to_owned(),
    })
}

fn get(addr: SocketAddr, path: &str, headers: &str) -> Answer {
    http(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Connection: close\r\n\r\n"),
    )
}

fn post(addr: SocketAddr, body: &str, headers: &str) -> Answer {
    http(
        addr,
        &format!(
            "POST /table HTTP/1.1\r\nHost: {addr}\r\n{headers}Content-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
}

/// The one-time token of the form in `page`.
fn token(page: &str) -> String {
    let start = page
        .find("name=\"token\" value=\"")
        .expect("a form with a token")
        + 20;
    page[start..start + 32].to_owned()
}

/// A fresh token from table 1's form.
fn fresh_token(addr: SocketAddr) -> String {
    let form = get(addr, &format!("/table?round={ROUND}&table=1"), "");
    assert_eq!(form.status, 200, "{}", form.body);
    token(&form.body)
}

fn code(run: &Running, table: u32) -> String {
    let open = run.doc.lock().expect("lock");
    let Document::Event(doc) = open.document() else {
        panic!("an event")
    };
    doc.sharing.code(ROUND, table).expect("a code").to_owned()
}

fn saved(path: &Path) -> EventDoc {
    match document::load(path).expect("the file loads") {
        Document::Event(doc) => doc,
        Document::Game(_) => panic!("an event"),
    }
}

fn result_form(token: &str, step: &str, code: &str, a_vp: i64, b_vp: i64) -> String {
    format!(
        "token={token}&step={step}&round={ROUND}&table=1&code={code}&name=Anna+B.\
         &v.a.victory_points={a_vp}&v.a.standards_captured=0&v.b.victory_points={b_vp}&v.b.standards_captured=1"
    )
}

/// Reports a result at table 1 through preview and save; the save's answer.
fn report(run: &Running, a_vp: i64, b_vp: i64) -> Answer {
    let addr = run.server.addr();
    let code = code(run, 1);
    let preview = post(
        addr,
        &result_form(&fresh_token(addr), "preview", &code, a_vp, b_vp),
        "",
    );
    assert_eq!(preview.status, 200, "{}", preview.body);
    post(
        addr,
        &result_form(&token(&preview.body), "save", &code, a_vp, b_vp),
        "",
    )
}

#[test]
fn pairings_standings_and_health_are_served_with_every_name_escaped() {
    let run = start("pages");
    let addr = run.server.addr();
    let health = get(addr, "/health", "");
    assert_eq!((health.status, health.body.as_str()), (200, "ok\n"));
    let pairings = get(addr, "/", "");
    assert_eq!(pairings.status, 200);
    assert!(
        pairings.body.contains("Anna Berger against Bernd Krause"),
        "{}",
        pairings.body
    );
    assert!(
        pairings
            .body
            .contains("&lt;script&gt;alert(1)&lt;/script&gt; Dieter")
    );
    assert!(
        !pairings.body.contains("<script>"),
        "a name must never become markup"
    );
    assert!(pairings.body.contains("Neujahr &amp; &lt;Freunde&gt;"));
    assert!(
        pairings
            .head
            .contains("Content-Security-Policy: default-src 'none'")
    );
    let standings = get(addr, "/standings", "");
    assert_eq!(standings.status, 200);
    assert!(standings.body.contains("http-equiv=\"refresh\""));
    assert!(
        standings.body.contains("<svg"),
        "the QR code of the address"
    );
    assert!(!standings.body.contains("<script>"));
    // German from the browser's language, or chosen and remembered.
    let german = get(addr, "/", "Accept-Language: fr, de-DE;q=0.8, en;q=0.5\r\n");
    assert!(german.body.contains("Tisch 1"), "{}", german.body);
    let chosen = get(addr, "/standings?lang=de", "");
    assert!(chosen.head.contains("Set-Cookie: feldherr_lang=de"));
    let remembered = get(addr, "/", "Cookie: feldherr_lang=de\r\n");
    assert!(remembered.body.contains("Nach Name"));
    // No files, no other paths.
    assert_eq!(get(addr, "/../event.json", "").status, 404);
    assert_eq!(
        get(addr, "/table?round=raeuber_warhammer&table=9", "").status,
        404
    );
}

#[test]
fn a_valid_result_is_in_the_file_before_the_answer_says_saved() {
    let run = start("valid");
    let addr = run.server.addr();
    let preview = post(
        addr,
        &result_form(
            &fresh_token(addr),
            "preview",
            &code(&run, 1).to_lowercase(),
            1400,
            100,
        ),
        "",
    );
    assert_eq!(preview.status, 200, "{}", preview.body);
    // 1400 against 100 + 100 for the standard: 1200 apart in
    // Raeuber-Warhammer, the loser 8, the winner 4 (N1, N2).
    assert!(
        preview.body.contains("Anna Berger: 4 event points"),
        "{}",
        preview.body
    );
    assert!(preview.body.contains("Bernd Krause: 8 event points"));
    assert!(
        saved(&run.path).sharing.reports.is_empty(),
        "a preview saves nothing"
    );
    let answer = post(
        addr,
        &result_form(&token(&preview.body), "save", &code(&run, 1), 1400, 100),
        "",
    );
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(
        answer
            .body
            .contains("Saved. The organiser will confirm it.")
    );
    // Read straight after the answer: the file has it.
    let doc = saved(&run.path);
    assert_eq!(doc.sharing.reports.len(), 1);
    let report = &doc.sharing.reports[0];
    assert_eq!((report.table, report.status), (1, ReportStatus::Reported));
    assert_eq!(report.submitter, "Anna B.");
    assert_eq!(report.values["a.victory_points"], 1400);
    assert!(
        doc.entry_tables()[0].entered.is_none(),
        "the organiser confirms first"
    );
}

#[test]
fn a_wrong_code_is_refused_and_the_client_is_limited() {
    let run = start_with(
        "wrong",
        RateLimit {
            wrong_codes: 3,
            window: Duration::from_secs(600),
        },
    );
    let addr = run.server.addr();
    let wrong = if code(&run, 1) == "AAAAAA" {
        "BBBBBB"
    } else {
        "AAAAAA"
    };
    for _ in 0..3 {
        let answer = post(
            addr,
            &result_form(&fresh_token(addr), "save", wrong, 1, 2),
            "",
        );
        assert_eq!(answer.status, 403);
        assert!(answer.body.contains("Wrong table code."));
    }
    let answer = post(
        addr,
        &result_form(&fresh_token(addr), "save", &code(&run, 1), 1, 2),
        "",
    );
    assert_eq!(
        answer.status, 429,
        "even the right code waits now: {}",
        answer.body
    );
    assert!(saved(&run.path).sharing.reports.is_empty());
}

#[test]
fn a_form_without_its_token_or_from_another_site_is_refused() {
    let run = start("token");
    let addr = run.server.addr();
    let code = code(&run, 1);
    let none = post(
        addr,
        &result_form("", "save", &code, 1, 2).replacen("token=&", "", 1),
        "",
    );
    assert_eq!(none.status, 403);
    let made_up = post(addr, &result_form(&"0".repeat(32), "save", &code, 1, 2), "");
    assert_eq!(made_up.status, 403);
    let foreign = post(
        addr,
        &result_form(&fresh_token(addr), "save", &code, 1, 2),
        "Origin: http://evil.example\r\n",
    );
    assert_eq!(foreign.status, 403);
    // A token serves once.
    let token = fresh_token(addr);
    assert_eq!(
        post(addr, &result_form(&token, "preview", &code, 1, 2), "").status,
        200
    );
    assert_eq!(
        post(addr, &result_form(&token, "save", &code, 1, 2), "").status,
        403
    );
    assert!(saved(&run.path).sharing.reports.is_empty());
}

#[test]
fn a_second_disagreeing_report_is_flagged_not_taken_over_the_first() {
    let run = start("conflict");
    assert_eq!(report(&run, 1400, 100).status, 200);
    let again = report(&run, 1400, 100);
    assert!(again.body.contains("reported already"), "{}", again.body);
    let other = report(&run, 100, 1400);
    assert_eq!(other.status, 200);
    assert!(
        other.body.contains("differs from an earlier report"),
        "{}",
        other.body
    );
    let doc = saved(&run.path);
    let statuses: Vec<ReportStatus> = doc.sharing.reports.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [ReportStatus::Conflict, ReportStatus::Conflict]);
    assert_eq!(doc.sharing.reports[0].values["a.victory_points"], 1400);
    let page = get(run.server.addr(), "/", "");
    assert!(page.body.contains("reports disagree"));
}

#[test]
fn a_closed_round_bad_values_and_a_large_body_are_refused() {
    let run = start("closed");
    let addr = run.server.addr();
    let code = code(&run, 1);
    // More VP than the army size: the event's own refusal, naming the field.
    let beyond = post(
        addr,
        &result_form(&fresh_token(addr), "preview", &code, 99_999, 0),
        "",
    );
    assert_eq!(beyond.status, 422);
    assert!(beyond.body.contains("a.victory_points"), "{}", beyond.body);
    let typo = post(
        addr,
        &result_form(&fresh_token(addr), "preview", &code, 1, 2)
            .replace("=1&v.a.standards", "=1x&v.a.standards"),
        "",
    );
    assert_eq!(typo.status, 422);
    assert!(typo.body.contains("is not a whole number"), "{}", typo.body);
    let large = post(addr, &format!("token=x&pad={}", "x".repeat(5000)), "");
    assert_eq!(large.status, 413);
    {
        let mut open = run.doc.lock().expect("lock");
        open.edit(&DocumentEdit::Event(EventEdit::Sharing(
            SharingEdit::CloseRound {
                round: ROUND.into(),
                closed: true,
            },
        )))
        .expect("closes");
    }
    let closed = post(
        addr,
        &result_form(&fresh_token(addr), "save", &code, 1, 2),
        "",
    );
    assert_eq!(closed.status, 409);
    assert!(closed.body.contains("closed"));
}

#[test]
fn addresses_that_are_not_local_and_games_are_refused() {
    let path = temp_copy("refused");
    let doc: SharedDocument = Arc::new(Mutex::new(OpenDocument::open(&path).expect("opens")));
    for addr in ["8.8.8.8:8080", "0.0.0.0:0", "[::]:0", "255.255.255.255:80"] {
        let options = ServeOptions::new(addr.parse().expect("addr"));
        let refused = Server::start(Arc::clone(&doc), &options);
        assert!(
            matches!(refused, Err(ServeError::NotLocal { .. })),
            "{addr}: {refused:?}"
        );
    }
    let game =
        feldherr_host::document::GameDoc::new("A game", feldherr_host::registry::SYSTEMS[0].id)
            .expect("game");
    let game = Arc::new(Mutex::new(OpenDocument::new(
        Document::Game(game),
        Some(path.with_extension("game.json")),
    )));
    let refused = Server::start(
        game,
        &ServeOptions::new("127.0.0.1:0".parse().expect("addr")),
    );
    assert!(
        matches!(refused, Err(ServeError::NotAnEvent)),
        "{refused:?}"
    );
}

#[test]
fn a_tournament_table_offers_its_choices_and_takes_a_result() {
    let path = temp_copy("tournament");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../fixtures/documents/warmaster-tournament.json"
        ),
        &path,
    )
    .expect("fixture");
    let run = start_path(path.clone(), RateLimit::default());
    let addr = run.server.addr();
    let form = get(addr, "/table?round=round-3&table=1", "");
    assert_eq!(form.status, 200, "{}", form.body);
    assert!(
        form.body
            .contains("<select id=\"f4\" name=\"v.winner\" required>"),
        "{}",
        form.body
    );
    let code = saved(&path)
        .sharing
        .code("round-3", 1)
        .expect("a code")
        .to_owned();
    let body = format!(
        "token={}&step=preview&round=round-3&table=1&code={code}&v.a.vp=400&v.a.ep=1&v.b.vp=100&v.b.ep=0&v.winner=1&v.clock=0",
        token(&form.body)
    );
    let preview = post(addr, &body, "");
    assert_eq!(preview.status, 200, "{}", preview.body);
    assert!(
        preview.body.contains(" wins</td>"),
        "the choice by its label: {}",
        preview.body
    );
}

/// Posts an admin form with a token from the admin page.
fn admin(addr: SocketAddr, fields: &str) -> Answer {
    let page = get(addr, "/admin", "");
    assert_eq!(page.status, 200, "{}", page.body);
    let body = format!("token={}&{fields}", token(&page.body));
    http(
        addr,
        &format!(
            "POST /admin HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
}

#[test]
fn the_organiser_confirms_closes_and_switches_on_his_own_machine() {
    let run = start("admin");
    let addr = run.server.addr();
    assert_eq!(report(&run, 1400, 100).status, 200);
    let page = get(addr, "/admin", "");
    assert!(
        page.body.contains("reported, awaiting the organiser"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Anna B."));
    // A form without its token changes nothing.
    let forged = http(
        addr,
        &format!(
            "POST /admin HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 23\r\nConnection: close\r\n\r\naction=confirm&index=0&"
        ),
    );
    assert_eq!(forged.status, 403);
    let confirmed = admin(addr, "action=confirm&index=0");
    assert_eq!(confirmed.status, 200, "{}", confirmed.body);
    let doc = saved(&run.path);
    assert_eq!(doc.sharing.reports[0].status, ReportStatus::Confirmed);
    assert!(doc.entry_tables()[0].entered.is_some(), "in the event now");
    // Close the round: the phones are refused.
    assert_eq!(
        admin(addr, &format!("action=close&round={ROUND}&closed=1")).status,
        200
    );
    let code = code(&run, 2);
    let refused = post(
        addr,
        &result_form(&fresh_token(addr), "save", &code, 1, 2).replace("table=1", "table=2"),
        "",
    );
    assert_eq!(refused.status, 409);
    assert_eq!(admin(addr, "action=count&on=1").status, 200);
    assert!(saved(&run.path).sharing.count_at_once);
}

/// A round drawn after sharing started (here the New Year scenario's
/// pairing, added to the shared document as the app adds it) gets its
/// codes: from `add_missing_codes` (what the app calls after each change
/// of a shared event) and before any page the server shows, saved to the
/// file; codes already given are kept.
#[test]
fn a_round_drawn_after_sharing_started_gets_codes() {
    use feldherr_host::registry::SystemEventEdit;
    use feldherr_wfb_newyear::{BattleKind, EventEdit as NewYearEdit, Pairing};
    const LATER: &str = "new_year_scenario";
    let run = start("later");
    let before = code(&run, 1);
    let pair = |table: u32, a: &str, b: &str| {
        DocumentEdit::Event(EventEdit::Event(SystemEventEdit::NewYear(
            NewYearEdit::AddPairing {
                game: BattleKind::NewYearScenario,
                pairing: Pairing::new(table, a, b),
            },
        )))
    };
    let later_code = |table: u32| {
        let open = run.doc.lock().expect("lock");
        let Document::Event(doc) = open.document() else {
            panic!("an event")
        };
        doc.sharing.code(LATER, table).map(str::to_owned)
    };
    // Drawn in the app: the app gives codes right after the change, as
    // part of it: one undo takes the pairing and its code away together,
    // a redo brings the same code back.
    {
        let mut open = run.doc.lock().expect("lock");
        open.edit(&pair(1, "anna", "carla")).expect("paired");
        assert_eq!(
            feldherr_serve::add_codes_to_last_change(&mut open).expect("codes"),
            1
        );
        assert_eq!(
            feldherr_serve::add_missing_codes(&mut open).expect("none"),
            0
        );
    }
    let first = later_code(1).expect("a code for the later round");
    {
        let mut open = run.doc.lock().expect("lock");
        assert!(open.undo());
        let Document::Event(doc) = open.document() else {
            panic!("an event")
        };
        assert!(
            !doc.entry_tables().iter().any(|t| t.round == LATER),
            "the pairing is undone"
        );
        assert_eq!(doc.sharing.code(LATER, 1), None, "with its code");
        assert!(open.redo());
    }
    assert_eq!(later_code(1).as_deref(), Some(first.as_str()), "redone");
    assert_eq!(
        saved(&run.path).sharing.code(LATER, 1),
        Some(first.as_str())
    );
    // Drawn without the app's call (a round added by another caller of
    // the shared document): the next page gives it one.
    run.doc
        .lock()
        .expect("lock")
        .edit(&pair(2, "bernd", "dieter"))
        .expect("paired");
    assert_eq!(later_code(2), None);
    let page = get(run.server.addr(), "/", "");
    assert_eq!(page.status, 200);
    let second = later_code(2).expect("a code before the page showed");
    assert_ne!(first, second);
    let file = saved(&run.path);
    assert_eq!(file.sharing.code(LATER, 2), Some(second.as_str()));
    assert_eq!(file.sharing.code(ROUND, 1), Some(before.as_str()), "kept");
    // And a phone reports with it.
    let form = get(
        run.server.addr(),
        &format!("/table?round={LATER}&table=2"),
        "",
    );
    assert_eq!(form.status, 200, "{}", form.body);
}
