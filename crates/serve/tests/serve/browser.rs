//! A real browser (issue 30): headless Chromium, driven through
//! chromedriver's WebDriver protocol (plain JSON over HTTP, spoken here
//! with `std::net::TcpStream` like the rest of these tests), on a phone's
//! screen (360 x 740): a wrong code refused, the right one saved, and the
//! standings page in a second tab updating by itself.
//!
//! Runs when `chromedriver` and `chromium` are found (on `PATH`, or named
//! by `CHROMEDRIVER` and `CHROMIUM`); otherwise it says why and passes,
//! unless `FELDHERR_REQUIRE_BROWSER=1` (set by `.ci/run` once it has
//! installed them), which makes a missing browser a failure.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use feldherr_host::document::sharing::{ReportStatus, SharingEdit};
use feldherr_host::document::{Document, DocumentEdit, EventEdit};
use serde_json::{Value, json};

use super::{ROUND, code, fresh_token, post, saved, start, token};

/// The phone's screen, in CSS pixels.
const PHONE: (u32, u32) = (360, 740);
/// The longest wait for chromedriver, a page or an element.
const WAIT: Duration = Duration::from_secs(30);
/// The longest wait for the standings page to reload by itself: two of
/// its reload periods and a margin.
const RELOAD_WAIT: Duration =
    Duration::from_secs(2 * feldherr_serve::STANDINGS_REFRESH as u64 + 15);
/// The WebDriver key of an element in a JSON answer.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// The file `var` names when it is set, else the first of `names` on
/// `PATH`.
fn find_tool(var: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(path) = std::env::var_os(var) {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// Chromium and chromedriver, or why the test cannot run.
fn tools() -> Result<(PathBuf, PathBuf), String> {
    let chromium = find_tool("CHROMIUM", &["chromium", "chromium-browser"])
        .ok_or("no chromium (apt-get install chromium)")?;
    let driver = find_tool("CHROMEDRIVER", &["chromedriver"])
        .ok_or("no chromedriver (apt-get install chromium-driver)")?;
    Ok((chromium, driver))
}

/// A free port of 127.0.0.1 (closed again at once for chromedriver).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// chromedriver, killed and reaped when dropped (also when a test fails).
struct DriverProcess(Child);

impl Drop for DriverProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One HTTP request to chromedriver: its status and JSON answer.
fn call(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    try_call(addr, method, path, body).unwrap_or_else(|e| panic!("{method} {path}: {e}"))
}

fn try_call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    let body = body.map_or_else(String::new, Value::to_string);
    let mut stream = TcpStream::connect_timeout(&addr, WAIT).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(WAIT))
        .map_err(|e| e.to_string())?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .map_err(|e| e.to_string())?;
    // chromedriver keeps the connection open: read the head, then as
    // many bytes as its `Content-Length` says.
    let mut data = Vec::new();
    let mut chunk = [0_u8; 8192];
    let head_end = loop {
        if let Some(i) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = stream.read(&mut chunk).map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("closed before the head ended".into());
        }
        data.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&data[..head_end]).into_owned();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or("no status")?;
    let length: usize = head
        .lines()
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.trim().parse().ok())
        .ok_or("no Content-Length")?;
    while data.len() < head_end + length {
        let n = stream.read(&mut chunk).map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("closed before the body ended".into());
        }
        data.extend_from_slice(&chunk[..n]);
    }
    let body = String::from_utf8_lossy(&data[head_end..head_end + length]);
    let value = serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))?;
    Ok((status, value))
}

/// A WebDriver session in headless Chromium; deleted (the browser
/// closed) when dropped, before chromedriver is.
struct Browser {
    addr: SocketAddr,
    session: String,
    // Dropped after the session (fields drop in order).
    _driver: DriverProcess,
}

impl Browser {
    /// Starts chromedriver on a free port and opens a phone-sized,
    /// headless Chromium session in it.
    fn start(chromium: &PathBuf, chromedriver: &PathBuf) -> Self {
        let port = free_port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver = DriverProcess(child);
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let started = Instant::now();
        loop {
            if let Ok((200, status)) = try_call(addr, "GET", "/status", None)
                && status["value"]["ready"] == json!(true)
            {
                break;
            }
            assert!(started.elapsed() < WAIT, "chromedriver is not ready");
            sleep(Duration::from_millis(100));
        }
        let (width, height) = PHONE;
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "pageLoadStrategy": "normal",
            "timeouts": {"pageLoad": 30_000, "script": 30_000, "implicit": 0},
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu",
                    "--disable-dev-shm-usage", "--no-first-run", "--lang=en-GB",
                    format!("--window-size={width},{height}"),
                ],
                "mobileEmulation": {
                    "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": true},
                },
            },
        }}});
        let (status, answer) = call(addr, "POST", "/session", Some(&capabilities));
        assert_eq!(status, 200, "no session: {answer}");
        let session = answer["value"]["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        Self {
            addr,
            session,
            _driver: driver,
        }
    }

    /// A command of the session; its `value`, or a panic with the error.
    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let (status, answer) = call(self.addr, method, &path, body.as_ref());
        assert_eq!(status, 200, "{method} {path}: {answer}");
        answer["value"].clone()
    }

    fn open(&self, url: &str) {
        self.cmd("POST", "/url", Some(json!({"url": url})));
    }

    /// The element `css` selects, waiting for it (bounded).
    fn find(&self, css: &str) -> String {
        let path = format!("/session/{}/element", self.session);
        let body = json!({"using": "css selector", "value": css});
        let started = Instant::now();
        loop {
            let (status, answer) = call(self.addr, "POST", &path, Some(&body));
            if status == 200 {
                return answer["value"][ELEMENT]
                    .as_str()
                    .unwrap_or_else(|| panic!("no element in {answer}"))
                    .to_owned();
            }
            assert!(started.elapsed() < WAIT, "no {css}: {answer}");
            sleep(Duration::from_millis(100));
        }
    }

    /// Empties the field `css` and types `text` into it.
    fn type_into(&self, css: &str, text: &str) {
        let element = self.find(css);
        self.cmd(
            "POST",
            &format!("/element/{element}/clear"),
            Some(json!({})),
        );
        self.cmd(
            "POST",
            &format!("/element/{element}/value"),
            Some(json!({"text": text})),
        );
    }

    fn click(&self, css: &str) {
        let element = self.find(css);
        self.cmd(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    /// The visible text of the page's `<main>` (empty while there is
    /// none), read in one step: a page that reloads itself between two
    /// commands leaves no stale element behind; a command refused while
    /// it reloads is tried again (bounded).
    fn text(&self) -> String {
        let path = format!("/session/{}/execute/sync", self.session);
        let script = json!({
            "script": "const m = document.querySelector('main'); return m ? m.innerText : '';",
            "args": [],
        });
        let started = Instant::now();
        loop {
            let (status, answer) = call(self.addr, "POST", &path, Some(&script));
            if status == 200 {
                return answer["value"].as_str().unwrap_or_default().to_owned();
            }
            assert!(started.elapsed() < WAIT, "no text: {answer}");
            sleep(Duration::from_millis(100));
        }
    }

    /// Waits (bounded by `limit`) until the page's text contains `wanted`.
    fn wait_for_text(&self, wanted: &str, limit: Duration) -> String {
        let started = Instant::now();
        loop {
            let text = self.text();
            if text.contains(wanted) {
                return text;
            }
            assert!(
                started.elapsed() < limit,
                "{wanted:?} not seen within {limit:?}; the page says:\n{text}"
            );
            sleep(Duration::from_millis(250));
        }
    }

    /// The viewport's width in CSS pixels, as the page sees it.
    fn inner_width(&self) -> i64 {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({"script": "return window.innerWidth", "args": []})),
        )
        .as_i64()
        .expect("a width")
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.session);
        let _ = try_call(self.addr, "DELETE", &path, None);
    }
}

#[test]
fn a_phone_browser_enters_a_result_and_the_standings_update_by_themselves() {
    let (chromium, chromedriver) = match tools() {
        Ok(tools) => tools,
        Err(why) if std::env::var("FELDHERR_REQUIRE_BROWSER").as_deref() == Ok("1") => {
            panic!("FELDHERR_REQUIRE_BROWSER=1, but {why}")
        }
        Err(why) => {
            eprintln!("skipped: the real-browser test needs Chromium: {why}");
            return;
        }
    };
    let run = start("browser");
    let base = run.server.url().trim_end_matches('/').to_owned();
    let browser = Browser::start(&chromium, &chromedriver);

    // The table's page: a wrong code is refused, the values stay typed.
    browser.open(&format!("{base}/table?round={ROUND}&table=1&lang=en"));
    assert_eq!(browser.inner_width(), i64::from(PHONE.0), "a phone's width");
    let right = code(&run, 1);
    let wrong = if right == "AAAAAA" {
        "BBBBBB"
    } else {
        "AAAAAA"
    };
    browser.type_into("#code", wrong);
    browser.type_into("#name", "Anna B.");
    browser.type_into("input[name='v.a.victory_points']", "1400");
    browser.type_into("input[name='v.a.standards_captured']", "0");
    browser.type_into("input[name='v.b.victory_points']", "100");
    browser.type_into("input[name='v.b.standards_captured']", "1");
    browser.click("button[type=submit]");
    browser.wait_for_text("Wrong table code.", WAIT);
    assert!(saved(&run.path).sharing.reports.is_empty());

    // The right code: the preview with the event points (N1, N2: 1200 VP
    // apart in Raeuber-Warhammer, the loser 8, the winner 4), then saved.
    browser.type_into("#code", &right.to_lowercase());
    browser.click("button[type=submit]");
    let preview = browser.wait_for_text("Anna Berger: 4 event points", WAIT);
    assert!(
        preview.contains("Bernd Krause: 8 event points"),
        "{preview}"
    );
    browser.click("button[type=submit]");
    browser.wait_for_text("Saved. The organiser will confirm it.", WAIT);
    let doc = saved(&run.path);
    assert_eq!(doc.sharing.reports.len(), 1);
    let report = &doc.sharing.reports[0];
    assert_eq!((report.table, report.status), (1, ReportStatus::Reported));
    assert_eq!(report.submitter, "Anna B.");
    assert_eq!(report.values["a.victory_points"], 1400);
    assert_eq!(report.values["b.standards_captured"], 1);

    // The standings in a second tab, as the projector shows them; results
    // count at once now, and table 2 reports over HTTP.
    run.doc
        .lock()
        .expect("lock")
        .edit(&DocumentEdit::Event(EventEdit::Sharing(
            SharingEdit::CountAtOnce(true),
        )))
        .expect("counts at once");
    let tab = browser.cmd("POST", "/window/new", Some(json!({"type": "tab"})))["handle"]
        .as_str()
        .expect("a tab")
        .to_owned();
    browser.cmd("POST", "/window", Some(json!({"handle": tab})));
    browser.open(&format!("{base}/standings?lang=en"));
    let before = browser.text();
    assert!(before.contains("Carla Dietz"), "{before}");
    let addr = run.server.addr();
    let carla = code(&run, 2);
    let fields = |token: &str, step: &str| {
        format!(
            "token={token}&step={step}&round={ROUND}&table=2&code={carla}&name=Carla\
             &v.a.victory_points=1450&v.a.standards_captured=1&v.b.victory_points=0&v.b.standards_captured=0"
        )
    };
    let checked = post(addr, &fields(&fresh_token(addr), "preview"), "");
    assert_eq!(checked.status, 200, "{}", checked.body);
    let answer = post(addr, &fields(&token(&checked.body), "save"), "");
    assert!(
        answer.body.contains("Saved and counted."),
        "{}",
        answer.body
    );
    {
        let open = run.doc.lock().expect("lock");
        let Document::Event(doc) = open.document() else {
            panic!("an event")
        };
        assert!(
            doc.entry_tables()[1].entered.is_some(),
            "table 2 counts at once"
        );
    }
    // Nobody touches the tab: it reloads itself and shows the new points
    // (1450 against 0 in Raeuber-Warhammer, the loser 10, the winner 5:
    // N1, N2), the name with markup in it as text.
    assert!(
        before.contains("1=\tCarla Dietz\t\tDwarfs\t0\t0\t0\t0"),
        "{before}"
    );
    let after = browser.wait_for_text(
        "1\t<script>alert(1)</script> Dieter\t\tDwarfs\t10\t0\t0\t10",
        RELOAD_WAIT,
    );
    assert!(
        after.contains("2\tCarla Dietz\t\tDwarfs\t5\t0\t0\t5"),
        "{after}"
    );
}
