//! The server: binds a local address, hands requests to a few worker
//! threads, and routes them to the pages. Every change goes through the
//! shared [`OpenDocument`] (one document, the app's own when it runs in
//! the app) and is saved before the answer says so.

use std::io::Read as _;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use feldherr_host::document::sharing::{ReportTaken, SharingEdit};
use feldherr_host::document::{Document, DocumentEdit, EventDoc, EventEdit};
use feldherr_host::history::OpenDocument;
use feldherr_host::{HostError, Texts};
use feldherr_play::{EntryTable, Lang, ReportValues};
use tiny_http::{Header, Method, Request, Response};

use crate::form::{self, MAX_BODY};
use crate::guard::{Guard, RateLimit};
use crate::pages::{self, Typed, View};
use crate::{ServeError, check_local, qr_svg};

/// The document the server and the app share: every change locks it,
/// applies one edit and saves it before the lock is let go.
pub type SharedDocument = Arc<Mutex<OpenDocument>>;

/// The longest URL taken, in bytes.
const MAX_URL: usize = 1024;

/// How the server runs.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// Where it listens: this machine's address on the club's network
    /// ([`crate::default_addr`]) or the loopback; port 0 picks a free one.
    pub addr: SocketAddr,
    /// Threads answering requests (at least 1).
    pub workers: usize,
    /// The limit on wrong table codes per client.
    pub rate_limit: RateLimit,
}

impl ServeOptions {
    /// Four workers, the default rate limit.
    pub fn new(addr: SocketAddr) -> Self {
        Self {
            addr,
            workers: 4,
            rate_limit: RateLimit::default(),
        }
    }
}

/// What every worker shares.
#[derive(Debug)]
struct State {
    addr: SocketAddr,
    doc: SharedDocument,
    guard: Guard,
    texts: [Texts; 2],
    qr_svg: String,
}

/// A running server; dropping it (or [`Server::stop`]) stops it.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    workers: Vec<JoinHandle<()>>,
}

fn lock(doc: &SharedDocument) -> MutexGuard<'_, OpenDocument> {
    doc.lock().unwrap_or_else(PoisonError::into_inner)
}

fn event_of(open: &OpenDocument) -> Option<&EventDoc> {
    match open.document() {
        Document::Event(event) => Some(event),
        Document::Game(_) => None,
    }
}

/// The words of the server in `lang`, with every system's.
fn texts(lang: Lang) -> Texts {
    Texts::with(lang, &[crate::messages(lang)], &[crate::messages(Lang::En)])
}

impl Server {
    /// Starts serving the event in `doc` on `options.addr`: refuses an
    /// address that is not local ([`check_local`]), a game, and a
    /// document without a file; gives every table without a code one
    /// (saved at once).
    ///
    /// # Errors
    /// [`ServeError`] saying why it does not start.
    pub fn start(doc: SharedDocument, options: &ServeOptions) -> Result<Server, ServeError> {
        check_local(options.addr)?;
        {
            let mut open = lock(&doc);
            if open.location().is_none() {
                return Err(ServeError::NoFile);
            }
            event_of(&open).ok_or(ServeError::NotAnEvent)?;
            add_missing_codes(&mut open)?;
        }
        let listener = TcpListener::bind(options.addr).map_err(|source| ServeError::Bind {
            addr: options.addr,
            source,
        })?;
        let addr = listener.local_addr().map_err(|source| ServeError::Bind {
            addr: options.addr,
            source,
        })?;
        let http =
            tiny_http::Server::from_listener(listener, None).map_err(|e| ServeError::Bind {
                addr,
                source: std::io::Error::other(e.to_string()),
            })?;
        let http = Arc::new(http);
        let state = Arc::new(State {
            addr,
            doc,
            guard: Guard::new(options.rate_limit),
            texts: [texts(Lang::En), texts(Lang::De)],
            qr_svg: qr_svg(&url_of(addr)).unwrap_or_default(),
        });
        let stop = Arc::new(AtomicBool::new(false));
        let workers = (0..options.workers.max(1))
            .map(|_| {
                let (http, state, stop) =
                    (Arc::clone(&http), Arc::clone(&state), Arc::clone(&stop));
                std::thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        match http.recv_timeout(Duration::from_millis(200)) {
                            Ok(Some(request)) => handle(&state, request),
                            Ok(None) => {}
                            Err(_) => break,
                        }
                    }
                })
            })
            .collect();
        Ok(Server {
            addr,
            stop,
            workers,
        })
    }

    /// The address it listens on (with the port picked when 0 was asked).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address as a URL for the players' phones.
    pub fn url(&self) -> String {
        url_of(self.addr)
    }

    /// Stops it: no new requests; the ones being answered finish.
    pub fn stop(mut self) {
        self.shut_down();
    }

    /// Blocks until the server stops (the command line runs until it is
    /// interrupted).
    pub fn wait(mut self) {
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }

    fn shut_down(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// Gives every table of an event that has no code one (saved at once):
/// the tables when sharing starts, and those of a round drawn while it is
/// shared (the app calls it after every change of a shared event; the
/// server before every request, for a round drawn elsewhere). Returns how
/// many codes were made; a game makes none.
///
/// # Errors
/// [`ServeError::Host`] when the system gives no random numbers or the
/// codes cannot be saved (then none are kept).
pub fn add_missing_codes(open: &mut OpenDocument) -> Result<usize, ServeError> {
    let Some(event) = event_of(open) else {
        return Ok(0);
    };
    let codes = event.new_codes()?;
    let made = codes.len();
    if made > 0 {
        save_edit(open, SharingEdit::AddCodes(codes))?;
    }
    Ok(made)
}

/// [`add_missing_codes`] as part of the change just made (the app calls
/// it right after each change of a shared event, the document still
/// locked): the codes have no undo step of their own, so undoing the
/// round's draw takes its codes with it and a redo brings the same codes
/// back. Returns how many codes were made.
///
/// # Errors
/// [`ServeError::Host`] when the system gives no random numbers.
pub fn add_codes_to_last_change(open: &mut OpenDocument) -> Result<usize, ServeError> {
    let Some(event) = event_of(open) else {
        return Ok(0);
    };
    let codes = event.new_codes()?;
    let made = codes.len();
    if made > 0 {
        open.amend(&DocumentEdit::Event(EventEdit::Sharing(
            SharingEdit::AddCodes(codes),
        )))?;
    }
    Ok(made)
}

/// `http://addr/`.
fn url_of(addr: SocketAddr) -> String {
    format!("http://{addr}/")
}

/// Applies a sharing edit and saves it; a save that fails is taken back
/// and refused.
fn save_edit(open: &mut OpenDocument, edit: SharingEdit) -> Result<(), HostError> {
    let before = open.revision();
    open.edit(&DocumentEdit::Event(EventEdit::Sharing(edit)))?;
    if open.revision() != before
        && let Some(error) = open.save_error()
    {
        let error = error.to_owned();
        open.undo();
        return Err(HostError::Rules(feldherr_play::PlayError::refused(
            error, None,
        )));
    }
    Ok(())
}

/// An answer before it is sent.
struct Reply {
    status: u16,
    body: String,
    content_type: &'static str,
}

impl Reply {
    fn html(status: u16, body: String) -> Self {
        Self {
            status,
            body,
            content_type: "text/html; charset=utf-8",
        }
    }
}

fn header(name: &str, value: &str) -> Option<Header> {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
}

/// The value of header `name` of `request`.
fn header_value<'a>(request: &'a Request, name: &str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

/// The language: asked for in the query, else remembered in the cookie,
/// else the browser's (`Accept-Language`), else English.
fn language(request: &Request, query: &[(String, String)]) -> (Lang, bool) {
    if let Some(lang) = form::get(query, "lang").and_then(Lang::from_code) {
        return (lang, true);
    }
    let cookie = header_value(request, "Cookie").and_then(|c| {
        c.split(';')
            .filter_map(|part| part.trim().strip_prefix("feldherr_lang="))
            .find_map(Lang::from_code)
    });
    if let Some(lang) = cookie {
        return (lang, false);
    }
    let accepted = header_value(request, "Accept-Language").and_then(|list| {
        let mut best: Option<(Lang, f32)> = None;
        for item in list.split(',').take(20) {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let q = parts
                .find_map(|p| {
                    p.trim()
                        .strip_prefix("q=")
                        .and_then(|q| q.parse::<f32>().ok())
                })
                .unwrap_or(1.0);
            let primary = tag.split('-').next().unwrap_or("");
            if let Some(lang) = Lang::from_code(primary)
                && best.is_none_or(|(_, b)| q > b)
            {
                best = Some((lang, q));
            }
        }
        best.map(|(lang, _)| lang)
    });
    (accepted.unwrap_or(Lang::En), false)
}

fn handle(state: &State, mut request: Request) {
    let reply = route(state, &mut request);
    let (lang, chosen) = {
        let url = request.url();
        let query = url.split_once('?').map_or("", |(_, q)| q);
        language(&request, &form::parse(query).unwrap_or_default())
    };
    let mut response = Response::from_string(reply.body).with_status_code(reply.status);
    let mut headers = vec![
        header("Content-Type", reply.content_type),
        header("Cache-Control", "no-store"),
        header("X-Content-Type-Options", "nosniff"),
        // Not `no-referrer`: under it a browser sends `Origin: null` with
        // every post, and `same_origin` refuses the server's own forms.
        // `same-origin` gives nothing to another site either.
        header("Referrer-Policy", "same-origin"),
        header(
            "Content-Security-Policy",
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; \
             frame-ancestors 'none'; base-uri 'none'",
        ),
    ];
    if chosen {
        headers.push(header(
            "Set-Cookie",
            &format!(
                "feldherr_lang={}; Path=/; SameSite=Strict; Max-Age=31536000",
                lang.code()
            ),
        ));
    }
    for h in headers.into_iter().flatten() {
        response.add_header(h);
    }
    let _ = request.respond(response);
}

fn route(state: &State, request: &mut Request) -> Reply {
    let url = request.url().to_owned();
    let client = request
        .remote_addr()
        .map_or(IpAddr::from([127, 0, 0, 1]), SocketAddr::ip);
    let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
    let query = if url.len() > MAX_URL {
        None
    } else {
        form::parse(query)
    };
    let (lang, _) = language(request, query.as_deref().unwrap_or_default());
    let texts = &state.texts[usize::from(lang == Lang::De)];
    let Some(query) = query else {
        return plain(400, texts.t("serve.error.bad_request"));
    };
    let kept: Vec<String> = query
        .iter()
        .filter(|(k, _)| k != "lang")
        .map(|(k, v)| {
            format!(
                "{}={}",
                crate::html::url_encode(k),
                crate::html::url_encode(v)
            )
        })
        .collect();
    let here = if kept.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{}", kept.join("&"))
    };
    let view = View { texts, here };
    match (request.method(), path) {
        (Method::Get | Method::Head, "/health") => Reply {
            status: 200,
            body: "ok\n".to_owned(),
            content_type: "text/plain; charset=utf-8",
        },
        (Method::Get | Method::Head, "/") => with_event(state, &view, |doc| {
            Reply::html(200, pages::pairings(doc, &view, form::get(&query, "round")))
        }),
        (Method::Get | Method::Head, "/standings") => with_event(state, &view, |doc| {
            Reply::html(200, pages::standings(doc, &view, &state.qr_svg))
        }),
        (Method::Get | Method::Head, "/table") => {
            let round = form::get(&query, "round").unwrap_or("").to_owned();
            let table = form::get(&query, "table")
                .and_then(|t| t.parse().ok())
                .unwrap_or(0);
            let token = state.guard.token().unwrap_or_default();
            with_event(state, &view, |doc| match find_table(doc, &round, table) {
                Some(t) => Reply::html(
                    200,
                    pages::table_form(doc, &view, &t, &token, &Typed::default(), None),
                ),
                None => not_found(doc, &view),
            })
        }
        (Method::Post, "/table") => post_result(state, &view, request, client),
        (Method::Get | Method::Head, "/admin") if state.is_local(client) => {
            with_event(state, &view, |doc| {
                Reply::html(
                    200,
                    crate::admin::page(doc, &view, &|| state.guard.token().unwrap_or_default()),
                )
            })
        }
        (Method::Post, "/admin") if state.is_local(client) => post_admin(state, &view, request),
        (Method::Get | Method::Head, _) => plain(404, texts.t("serve.error.not_found")),
        _ => plain(405, texts.t("serve.error.bad_request")),
    }
}

impl State {
    /// Whether `client` is the machine the server runs on (the organiser's
    /// laptop): the loopback, or the address the server listens on.
    fn is_local(&self, client: IpAddr) -> bool {
        client.is_loopback() || client == self.addr.ip()
    }
}

/// Reads a posted form: bounded, from this server's own pages.
fn read_form(view: &View<'_>, request: &mut Request) -> Result<Vec<(String, String)>, Reply> {
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(plain(413, view.t("serve.error.too_large")));
    }
    let mut body = String::new();
    let read = request
        .as_reader()
        .take(u64::try_from(MAX_BODY + 1).unwrap_or(u64::MAX))
        .read_to_string(&mut body);
    if read.is_err() {
        return Err(plain(400, view.t("serve.error.bad_request")));
    }
    if body.len() > MAX_BODY {
        return Err(plain(413, view.t("serve.error.too_large")));
    }
    if !same_origin(request) {
        return Err(plain(403, view.t("serve.error.token")));
    }
    form::parse(&body).ok_or_else(|| plain(400, view.t("serve.error.bad_request")))
}

/// The organiser's buttons: one sharing edit, saved, then the page again.
fn post_admin(state: &State, view: &View<'_>, request: &mut Request) -> Reply {
    let fields = match read_form(view, request) {
        Ok(fields) => fields,
        Err(reply) => return reply,
    };
    let get = |key: &str| form::get(&fields, key).map(str::to_owned);
    if !state.guard.take_token(&get("token").unwrap_or_default()) {
        return plain(403, view.t("serve.error.token"));
    }
    let Some(edit) = crate::admin::edit_of(&get) else {
        return plain(400, view.t("serve.error.bad_request"));
    };
    let mut open = lock(&state.doc);
    let outcome = save_edit(&mut open, edit);
    let Some(doc) = event_of(&open) else {
        return plain(404, view.t("serve.error.not_found"));
    };
    match outcome {
        Ok(()) => Reply::html(
            200,
            crate::admin::page(doc, view, &|| state.guard.token().unwrap_or_default()),
        ),
        Err(e) => {
            let reason = match &e {
                HostError::Rules(play) => view.error(play),
                other => other.to_string(),
            };
            let text = view.f("serve.error.not_saved", &[("reason", &reason)]);
            Reply::html(
                409,
                pages::message(view, doc.name(), view.t("serve.admin.title"), "err", &text),
            )
        }
    }
}

fn plain(status: u16, text: &str) -> Reply {
    Reply {
        status,
        body: format!("{text}\n"),
        content_type: "text/plain; charset=utf-8",
    }
}

fn with_event(state: &State, view: &View<'_>, page: impl FnOnce(&EventDoc) -> Reply) -> Reply {
    let mut open = lock(&state.doc);
    // A round drawn since (elsewhere than in the app, which gives codes
    // itself) gets its codes before a page shows it; a failure to save
    // them leaves the round without codes and its tables refuse results.
    let _ = add_missing_codes(&mut open);
    match event_of(&open) {
        Some(doc) => page(doc),
        None => plain(404, view.t("serve.error.not_found")),
    }
}

fn not_found(doc: &EventDoc, view: &View<'_>) -> Reply {
    Reply::html(
        404,
        pages::message(
            view,
            doc.name(),
            view.t("serve.error.not_found"),
            "err",
            view.t("serve.error.no_table"),
        ),
    )
}

fn find_table(doc: &EventDoc, round: &str, table: u32) -> Option<EntryTable> {
    doc.entry_tables()
        .into_iter()
        .find(|t| t.round == round && t.table == table)
}

/// Whether a post comes from this server's own pages: its `Origin`, when
/// the browser sends one, is this host.
fn same_origin(request: &Request) -> bool {
    match (
        header_value(request, "Origin"),
        header_value(request, "Host"),
    ) {
        (None, _) => true,
        (Some(origin), Some(host)) => origin == format!("http://{host}"),
        (Some(_), None) => false,
    }
}

#[expect(
    clippy::too_many_lines,
    reason = "one form's checks in the order they are made"
)]
fn post_result(state: &State, view: &View<'_>, request: &mut Request, client: IpAddr) -> Reply {
    let fields = match read_form(view, request) {
        Ok(fields) => fields,
        Err(reply) => return reply,
    };
    let get = |key: &str| form::get(&fields, key).unwrap_or("");
    let mut open = lock(&state.doc);
    let Some(doc) = event_of(&open) else {
        return plain(404, view.t("serve.error.not_found"));
    };
    let event_name = doc.name().to_owned();
    let refuse = |status: u16, key: &str| {
        Reply::html(
            status,
            pages::message(view, &event_name, view.t(key), "err", view.t(key)),
        )
    };
    if !state.guard.take_token(get("token")) {
        return refuse(403, "serve.error.token");
    }
    if state.guard.locked(client) {
        return refuse(429, "serve.error.locked");
    }
    let round = get("round");
    let Some(table) = get("table")
        .parse()
        .ok()
        .and_then(|t| find_table(doc, round, t))
    else {
        return not_found(doc, view);
    };
    let typed = Typed {
        code: get("code").chars().take(12).collect(),
        name: get("name").chars().take(60).collect(),
        values: fields
            .iter()
            .filter_map(|(k, v)| k.strip_prefix("v.").map(|k| (k.to_owned(), v.clone())))
            .collect(),
    };
    let again = |status: u16, error: &str| {
        let token = state.guard.token().unwrap_or_default();
        Reply::html(
            status,
            pages::table_form(doc, view, &table, &token, &typed, Some(error)),
        )
    };
    if doc.sharing.is_closed(&table.round) {
        return refuse(409, "serve.error.closed");
    }
    if !doc.code_matches(&table.round, table.table, &typed.code) {
        state.guard.wrong_code(client);
        return again(403, view.t("serve.error.code"));
    }
    let mut values = ReportValues::new();
    for (i, field) in table.fields.iter().enumerate() {
        let text = typed
            .values
            .iter()
            .find(|(k, _)| *k == field.key)
            .map_or("", |(_, v)| v.as_str())
            .trim();
        match text.parse::<i64>() {
            Ok(value) => {
                values.insert(field.key.clone(), value);
            }
            Err(_) => {
                let label = pages::field_label(view, &table, i);
                let error = view.f("serve.error.number", &[("field", &label), ("value", text)]);
                return again(422, &error);
            }
        }
    }
    let check = match doc.event.check_report(&table.round, table.table, &values) {
        Ok(check) => check,
        Err(e) => return again(422, &view.error(&e)),
    };
    if get("step") != "save" {
        let token = state.guard.token().unwrap_or_default();
        let points: Vec<(String, i64)> = check
            .points
            .iter()
            .map(|(seat, p)| (seat.name.clone(), *p))
            .collect();
        return Reply::html(
            200,
            pages::preview(doc, view, &table, &token, &typed, &values, &points),
        );
    }
    let outcome = doc.report_outcome(&table.round, table.table, &values);
    let at = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let edit = SharingEdit::Report {
        round: table.round.clone(),
        table: table.table,
        values,
        submitter: typed.name.trim().to_owned(),
        at,
    };
    match save_edit(&mut open, edit) {
        Ok(()) => {
            let key = match outcome {
                ReportTaken::Reported => "serve.saved.reported",
                ReportTaken::Counted => "serve.saved.counted",
                ReportTaken::Repeated => "serve.saved.repeated",
                ReportTaken::Conflict => "serve.saved.conflict",
            };
            let title = view.f("serve.table", &[("table", &table.table.to_string())]);
            Reply::html(
                200,
                pages::message(view, &event_name, &title, "ok", view.t(key)),
            )
        }
        Err(e) => {
            let reason = match &e {
                HostError::Rules(play) => view.error(play),
                other => other.to_string(),
            };
            let text = view.f("serve.error.not_saved", &[("reason", &reason)]);
            Reply::html(
                500,
                pages::message(view, &event_name, view.t("serve.form.save"), "err", &text),
            )
        }
    }
}
