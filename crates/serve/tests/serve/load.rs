//! Many phones at once, and a server killed in the middle: every
//! acknowledged result is in the file, none twice. The response times are
//! printed (p50, p99), never asserted.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use feldherr_host::document::sharing::ReportStatus;
use feldherr_serve::{RateLimit, ServeOptions, Server};

use super::{Answer, ROUND, saved, start_path, token, try_http};

/// An event of `2 * tables` players, paired at `tables` tables.
fn big_event(test: &str, tables: u32) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("feldherr-serve-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let players: Vec<String> = (1..=2 * tables)
        .map(|i| {
            format!(
                r#"{{"id":"p{i}","name":"Player {i}","club":"","army":"Dwarfs","army_points":1500,"character_on_foot":true}}"#
            )
        })
        .collect();
    let pairings: Vec<String> = (1..=tables)
        .map(|t| {
            format!(
                r#"{{"table":{t},"player_a":"p{}","player_b":"p{}"}}"#,
                2 * t - 1,
                2 * t
            )
        })
        .collect();
    let text = format!(
        r#"{{"format":"feldherr","schema_version":3,"kind":"event","event":{{"event":"wfb_newyear","schema_version":3,"name":"Load","players":[{}],"raeuber_warhammer":{{"pairings":[{}]}},"new_year_scenario":{{"pairings":[]}}}}}}"#,
        players.join(","),
        pairings.join(",")
    );
    let path = dir.join("event.json");
    std::fs::write(&path, text).expect("event");
    path
}

fn codes(path: &Path) -> Vec<String> {
    let doc = saved(path);
    let mut codes: Vec<(u32, String)> = doc
        .sharing
        .codes
        .iter()
        .map(|c| (c.table, c.code.clone()))
        .collect();
    codes.sort();
    codes.into_iter().map(|(_, c)| c).collect()
}

fn a_vp(table: u32) -> u32 {
    (table * 37) % 1500
}

fn form(token: &str, step: &str, table: u32, code: &str) -> String {
    format!(
        "token={token}&step={step}&round={ROUND}&table={table}&code={code}&name=P\
         &v.a.victory_points={}&v.a.standards_captured=0&v.b.victory_points=100&v.b.standards_captured=0",
        a_vp(table)
    )
}

fn get(addr: std::net::SocketAddr, path: &str) -> Option<Answer> {
    try_http(
        addr,
        &format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    )
}

fn post(addr: std::net::SocketAddr, body: &str) -> Option<Answer> {
    try_http(
        addr,
        &format!(
            "POST /table HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
}

/// One phone reporting `table`: form, preview, save. The save's answer
/// and the time of each request.
fn submit(addr: std::net::SocketAddr, table: u32, code: &str) -> (Option<Answer>, Vec<Duration>) {
    let mut times = Vec::new();
    let mut timed = |request: &dyn Fn() -> Option<Answer>| {
        let start = Instant::now();
        let answer = request();
        times.push(start.elapsed());
        answer
    };
    let Some(page) = timed(&|| get(addr, &format!("/table?round={ROUND}&table={table}"))) else {
        return (None, times);
    };
    if !has_form(&page) {
        return (Some(page), times);
    }
    let Some(preview) = timed(&|| post(addr, &form(&token(&page.body), "preview", table, code)))
    else {
        return (None, times);
    };
    if !has_form(&preview) {
        return (Some(preview), times);
    }
    let answer = timed(&|| post(addr, &form(&token(&preview.body), "save", table, code)));
    (answer, times)
}

/// Whether `answer` is a whole page with its form: a refusal, or a page
/// cut short by the kill, ends that phone's report there.
fn has_form(answer: &Answer) -> bool {
    answer.status == 200 && answer.body.contains("name=\"token\" value=\"")
}

fn percentile(times: &mut [Duration], p: usize) -> Duration {
    times.sort();
    times[(times.len() * p / 100).min(times.len() - 1)]
}

#[test]
fn one_hundred_twenty_phones_report_sixty_tables_at_once() {
    let path = big_event("load", 60);
    let run = start_path(path.clone(), RateLimit::default());
    let addr = run.server.addr();
    let codes = codes(&path);
    assert_eq!(codes.len(), 60);
    // Both players of every table report the same result at once.
    let clients: Vec<_> = (0..120u32)
        .map(|i| {
            let table = i / 2 + 1;
            let code = codes[(table - 1) as usize].clone();
            std::thread::spawn(move || (table, submit(addr, table, &code)))
        })
        .collect();
    let mut times = Vec::new();
    let mut acknowledged = vec![0u32; 61];
    for client in clients {
        let (table, (answer, t)) = client.join().expect("client");
        times.extend(t);
        let answer = answer.expect("the server answers");
        assert_eq!(answer.status, 200, "table {table}: {}", answer.body);
        assert!(
            answer.body.contains("Saved.") || answer.body.contains("reported already"),
            "{}",
            answer.body
        );
        acknowledged[table as usize] += 1;
    }
    assert!(acknowledged[1..].iter().all(|&n| n == 2));
    let doc = saved(&path);
    for table in 1..=60 {
        let reports: Vec<_> = doc
            .sharing
            .reports
            .iter()
            .filter(|r| r.table == table)
            .collect();
        assert_eq!(reports.len(), 1, "table {table}: one report, not two");
        assert_eq!(reports[0].status, ReportStatus::Reported);
        assert_eq!(
            reports[0].values["a.victory_points"],
            i64::from(a_vp(table))
        );
    }
    let n = times.len();
    let (p50, p99) = (percentile(&mut times, 50), percentile(&mut times, 99));
    eprintln!("load: {n} requests of 120 phones on 60 tables: p50 {p50:?}, p99 {p99:?}");
}

const CHILD_ENV: &str = "FELDHERR_TEST_SERVE_CHILD";

/// The server of `results_acknowledged_before_a_kill_survive_it`, run as
/// a child process (started with `--ignored`) until it is killed.
#[test]
#[ignore = "runs only as the server child of the kill test"]
fn server_child() {
    let Ok(path) = std::env::var(CHILD_ENV) else {
        return;
    };
    let path = PathBuf::from(path);
    let open = feldherr_host::history::OpenDocument::open(&path).expect("opens");
    let server = Server::start(
        Arc::new(Mutex::new(open)),
        &ServeOptions::new("127.0.0.1:0".parse().expect("addr")),
    )
    .expect("starts");
    std::fs::write(
        path.with_extension("port"),
        server.addr().port().to_string(),
    )
    .expect("port");
    server.wait();
}

#[test]
fn results_acknowledged_before_a_kill_survive_it() {
    let path = big_event("kill", 60);
    let exe = std::env::current_exe().expect("test binary");
    let mut child = Command::new(exe)
        .args(["--exact", "load::server_child", "--ignored", "--nocapture"])
        .env(CHILD_ENV, &path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn server");
    let port_file = path.with_extension("port");
    let begun = Instant::now();
    let port: u16 = loop {
        if let Some(port) = std::fs::read_to_string(&port_file)
            .ok()
            .and_then(|p| p.parse().ok())
        {
            break port;
        }
        assert!(
            begun.elapsed() < Duration::from_secs(60),
            "the server child did not start"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let codes = codes(&path);
    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let clients: Vec<_> = (1..=60u32)
        .map(|table| {
            let code = codes[(table - 1) as usize].clone();
            let acknowledged = Arc::clone(&acknowledged);
            std::thread::spawn(move || {
                // Spread over time, so the kill falls among the saves.
                std::thread::sleep(Duration::from_millis(u64::from(table) * 15));
                if let (Some(answer), _) = submit(addr, table, &code)
                    && answer.status == 200
                    && answer.body.contains("Saved.")
                {
                    acknowledged.lock().expect("lock").push(table);
                }
            })
        })
        .collect();
    // Kill once the first results are acknowledged, while others are
    // being saved.
    let begun = Instant::now();
    while acknowledged.lock().expect("lock").len() < 3 && begun.elapsed() < Duration::from_secs(120)
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().expect("SIGKILL");
    let _ = child.wait();
    for client in clients {
        client.join().expect("client");
    }
    let acknowledged = acknowledged.lock().expect("lock").clone();
    // The file loads whole, and has every acknowledged result.
    let doc = saved(&path);
    for table in &acknowledged {
        assert!(
            doc.sharing.reports.iter().any(|r| r.table == *table),
            "table {table} was acknowledged but is not in the file"
        );
    }
    eprintln!(
        "kill: {} results acknowledged before the kill, {} in the file",
        acknowledged.len(),
        doc.sharing.reports.len()
    );
    assert!(!acknowledged.is_empty(), "the kill came before any result");
}
