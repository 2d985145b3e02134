//! The headless subcommands: check, odds, standings.

use std::process::ExitCode;

use feldherr::cli::{parse, run};

fn fixture(path: &str) -> String {
    format!("{}/../fixtures/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs `feldherr ARGS...` headless and returns (exit code, output).
fn feldherr(args: &[&str]) -> (Result<ExitCode, String>, String) {
    let cli =
        parse(std::iter::once("feldherr").chain(args.iter().copied())).expect("arguments parse");
    let mut out = Vec::new();
    let code = run(cli.command.expect("a subcommand"), &mut out);
    (code, String::from_utf8(out).expect("utf-8"))
}

#[test]
fn odds_of_a_dice_expression() {
    let (code, text) = feldherr(&["odds", "dice", "2d6+3"]);
    assert_eq!(code, Ok(ExitCode::SUCCESS));
    insta::assert_snapshot!(text);
}

#[test]
fn odds_of_a_negative_expression_need_no_double_dash() {
    let (code, text) = feldherr(&["odds", "dice", "-d6", "--json"]);
    assert_eq!(code, Ok(ExitCode::SUCCESS));
    let value: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(value["mean_exact"], "-7/2");
    assert_eq!(value["mean"], -3.5);
    assert_eq!(value["outcomes"][0]["value"], -6);
    let (code, text) = feldherr(&["odds", "dice", "-2d6+3*2"]);
    assert_eq!(code, Ok(ExitCode::SUCCESS));
    assert!(text.ends_with("mean -1\n"), "{text}");
}

#[test]
fn odds_of_the_damage_table_as_json() {
    let (code, text) = feldherr(&["odds", "damage", "--str", "10", "--res", "14", "--json"]);
    assert_eq!(code, Ok(ExitCode::SUCCESS));
    let value: serde_json::Value = serde_json::from_str(&text).expect("json");
    let outcomes = value["outcomes"].as_array().expect("outcomes");
    let p1 = outcomes.iter().find(|o| o["value"] == 1).expect("1 SP")["probability"]
        .as_f64()
        .expect("number");
    assert!((p1 - 15.0 / 36.0).abs() < 1e-12, "{p1}");
    let total: f64 = outcomes
        .iter()
        .map(|o| o["probability"].as_f64().unwrap_or(0.0))
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
}

#[test]
fn bad_odds_input_is_a_usage_error_naming_the_field() {
    let (code, _) = feldherr(&["odds", "damage", "--str", "-1", "--res", "3"]);
    assert_eq!(code, Err("STR: -1 is not allowed (0 to 99)".to_owned()));
    let (code, _) = feldherr(&["odds", "dice", "2x6"]);
    assert_eq!(
        code,
        Err("dice expression \"2x6\": unexpected 'x' (at character 2)".to_owned())
    );
}

#[test]
fn check_reports_ok_and_problems() {
    let good = fixture("documents/newyear-event.json");
    let (code, text) = feldherr(&["check", &good]);
    assert_eq!(code, Ok(ExitCode::SUCCESS));
    assert_eq!(text, format!("{good}: ok\n"));
    let dir = std::env::temp_dir().join(format!("feldherr-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        "{\"format\":\"feldherr\",\"schema_version\":1,\"kind\":\"game\"",
    )
    .expect("write");
    let bad = bad.display().to_string();
    let (code, text) = feldherr(&["check", &good, &bad]);
    assert_eq!(code, Ok(ExitCode::FAILURE));
    assert!(
        text.contains(&format!("{bad}: not valid JSON at line 1")),
        "{text}"
    );
}

#[test]
fn standings_as_table_csv_and_json() {
    let event = fixture("documents/newyear-event.json");
    let (code, table) = feldherr(&["standings", &event]);
    assert_eq!(code, Ok(ExitCode::SUCCESS));
    insta::assert_snapshot!(table);
    let (_, csv) = feldherr(&["standings", &event, "--csv"]);
    insta::assert_snapshot!(csv);
    let (_, json) = feldherr(&["standings", &fixture("wfb-newyear/event.json"), "--json"]);
    let rows: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(rows[0]["player"], "Lena Brandt");
    assert_eq!(rows[0]["shared"], false);
    assert!(rows[0]["id"].is_string() && rows[0]["tie_values"].is_object());
    assert_eq!(rows[0]["total"], 21);
    assert_eq!(rows[7]["place"], 8);
}

#[test]
fn check_reads_a_bare_event_file_as_every_other_command_does() {
    let bare = fixture("wfb-newyear/event-24.json");
    let (code, text) = feldherr(&["check", &bare]);
    assert_eq!(code, Ok(ExitCode::SUCCESS));
    assert_eq!(text, format!("{bare}: ok\n"));
    let (code, text) = feldherr(&["standings", &bare]);
    assert_eq!(code, Ok(ExitCode::SUCCESS));
    assert!(text.starts_with("WFB-Neujahrs-Event 24\n"), "{text}");
    // A bare event with a bad field is refused by both, naming the field.
    let dir = std::env::temp_dir().join(format!("feldherr-cli-bare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let broken = dir.join("broken.json");
    let text = std::fs::read_to_string(&bare).expect("read");
    let mut value: serde_json::Value = serde_json::from_str(&text).expect("json");
    value["players"][0]["army_points"] = serde_json::json!("many");
    std::fs::write(&broken, value.to_string()).expect("write");
    let broken = broken.display().to_string();
    let (code, check) = feldherr(&["check", &broken]);
    assert_eq!(code, Ok(ExitCode::FAILURE));
    assert!(check.contains("army_points"), "{check}");
    let (code, _) = feldherr(&["standings", &broken]);
    let err = code.expect_err("refused");
    assert!(err.contains("army_points"), "{err}");
}

#[test]
fn odds_json_is_written_as_it_goes_in_the_same_shape() {
    let (code, text) = feldherr(&["odds", "dice", "d4", "--json"]);
    assert_eq!(code, Ok(ExitCode::SUCCESS));
    let value: serde_json::Value = serde_json::from_str(&text).expect("json");
    assert_eq!(value["mean_exact"], "5/2");
    assert_eq!(value["mean"], 2.5);
    let outcomes = value["outcomes"].as_array().expect("outcomes");
    assert_eq!(outcomes.len(), 4);
    assert_eq!(outcomes[3]["value"], 4);
    assert_eq!(outcomes[3]["probability"], 0.25);
    // The keys in the order the earlier tree printed them, one line ending.
    let at = |key: &str| text.find(&format!("\"{key}\"")).expect(key);
    assert!(at("mean") < at("mean_exact") && at("mean_exact") < at("outcomes"));
    assert!(at("outcomes") < at("title"), "{text}");
    assert!(text.ends_with("}\n"), "{text}");
}

#[test]
fn serve_refuses_an_address_that_is_not_local() {
    let (result, _) = feldherr(&[
        "serve",
        &fixture("serve/event.json"),
        "--addr",
        "8.8.8.8:8080",
    ]);
    let message = result.expect_err("refused");
    assert!(message.contains("8.8.8.8:8080 is refused"), "{message}");
}
