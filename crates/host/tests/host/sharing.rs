//! Sharing an event on the network (issue 30): table codes, reported
//! results, conflicts, closed rounds, and their validation on load.

use feldherr_host::HostError;
use feldherr_host::document::sharing::{
    CODE_LEN, ReportStatus, ReportTaken, SharingEdit, codes_equal,
};
use feldherr_host::document::{self, Document, DocumentEdit, EventDoc, EventEdit};
use feldherr_host::registry::SystemEvent;
use feldherr_play::ReportValues;
use feldherr_wfb_newyear::{BattleKind, Event, EventEdit as NewYearEdit, Pairing, Player};

const RW: &str = "raeuber_warhammer";

/// Four players, two tables of Raeuber-Warhammer.
fn shared_event() -> EventDoc {
    let mut event = Event::new("Neujahr");
    for (id, name) in [
        ("a", "Anna"),
        ("b", "Bernd"),
        ("c", "Carla"),
        ("d", "<script>Dieter"),
    ] {
        event
            .apply(&NewYearEdit::AddPlayer(Player::new(id, name, "", "", true)))
            .expect("player");
    }
    for (table, a, b) in [(1, "a", "b"), (2, "c", "d")] {
        event
            .apply(&NewYearEdit::AddPairing {
                game: BattleKind::RaeuberWarhammer,
                pairing: Pairing::new(table, a, b),
            })
            .expect("pairing");
    }
    let mut doc = EventDoc::new(SystemEvent::NewYear(event));
    let codes = doc.new_codes().expect("random codes");
    doc.apply_sharing(&SharingEdit::AddCodes(codes))
        .expect("codes");
    doc
}

fn values(a_vp: i64, b_vp: i64) -> ReportValues {
    [
        ("a.victory_points", a_vp),
        ("a.standards_captured", 0),
        ("b.victory_points", b_vp),
        ("b.standards_captured", 1),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect()
}

fn result_at(doc: &EventDoc, table: u32) -> Option<feldherr_wfb_newyear::BattleResult> {
    let SystemEvent::NewYear(event) = &doc.event else {
        panic!("a New Year event")
    };
    event
        .raeuber_warhammer
        .at_table(table)
        .and_then(|p| p.result)
}

#[test]
fn every_table_gets_a_random_code_once() {
    let mut doc = shared_event();
    assert_eq!(doc.sharing.codes.len(), 2);
    let first = doc.sharing.code(RW, 1).expect("table 1").to_owned();
    assert_eq!(first.len(), CODE_LEN);
    assert_ne!(doc.sharing.code(RW, 2), Some(first.as_str()));
    // Asking again makes none and keeps the old ones.
    assert!(doc.new_codes().expect("codes").is_empty());
    doc.apply_sharing(&SharingEdit::AddCodes(Vec::new()))
        .expect("nothing");
    assert_eq!(doc.sharing.code(RW, 1), Some(first.as_str()));
    // Typed in lower case with spaces is the same code; another is not.
    assert!(doc.code_matches(RW, 1, &format!(" {} ", first.to_lowercase())));
    assert!(!doc.code_matches(RW, 2, &first));
    assert!(!doc.code_matches("new_year_scenario", 1, &first));
    assert!(codes_equal("ABC", "ABC") && !codes_equal("ABC", "ABD") && !codes_equal("AB", "ABC"));
}

#[test]
fn a_report_waits_for_the_organiser_and_a_disagreeing_one_is_flagged() {
    let mut doc = shared_event();
    let taken = doc
        .take_report(RW, 1, values(300, 900), "Anna", 1_000)
        .expect("valid");
    assert_eq!(taken, ReportTaken::Reported);
    assert_eq!(
        result_at(&doc, 1),
        None,
        "not in the event before it is confirmed"
    );
    // The same values again: nothing new.
    assert_eq!(
        doc.take_report(RW, 1, values(300, 900), "Bernd", 1_001)
            .expect("valid"),
        ReportTaken::Repeated
    );
    assert_eq!(doc.sharing.reports.len(), 1);
    // Other values: both flagged, the first not replaced.
    assert_eq!(
        doc.take_report(RW, 1, values(900, 300), "Bernd", 1_002)
            .expect("valid"),
        ReportTaken::Conflict
    );
    let statuses: Vec<ReportStatus> = doc.sharing.reports.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [ReportStatus::Conflict, ReportStatus::Conflict]);
    assert_eq!(doc.sharing.reports[0].values, values(300, 900));
    // The organiser confirms the first: it is in the event, the other set aside.
    doc.confirm_report(0).expect("confirm");
    let result = result_at(&doc, 1).expect("confirmed");
    assert_eq!(
        (result.a.victory_points, result.b.victory_points),
        (300, 900)
    );
    let statuses: Vec<ReportStatus> = doc.sharing.reports.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [ReportStatus::Confirmed, ReportStatus::Dismissed]);
}

#[test]
fn with_results_counting_at_once_a_report_goes_into_the_event() {
    let mut doc = shared_event();
    doc.apply_sharing(&SharingEdit::CountAtOnce(true))
        .expect("setting");
    assert_eq!(
        doc.take_report(RW, 2, values(0, 1500), "", 5)
            .expect("valid"),
        ReportTaken::Counted
    );
    assert_eq!(result_at(&doc, 2).expect("counted").b.victory_points, 1500);
    assert_eq!(doc.sharing.reports[0].status, ReportStatus::Confirmed);
}

#[test]
fn bad_values_a_closed_round_and_a_long_name_are_refused_and_change_nothing() {
    let mut doc = shared_event();
    let before = doc.clone();
    // More VP than an army of the event's size gives (PN1).
    let err = doc
        .take_report(RW, 1, values(99_999, 0), "Anna", 1)
        .unwrap_err();
    assert!(matches!(err, HostError::Rules(_)), "{err:?}");
    assert!(err.to_string().contains("a.victory_points"), "{err}");
    // A missing field, an unknown one.
    let mut missing = values(1, 2);
    missing.remove("b.standards_captured");
    assert!(
        doc.take_report(RW, 1, missing, "Anna", 1)
            .unwrap_err()
            .to_string()
            .contains("b.standards_captured")
    );
    let mut extra = values(1, 2);
    extra.insert("a.treasures_recovered".into(), 1);
    assert!(doc.take_report(RW, 1, extra, "Anna", 1).is_err());
    // A table the round does not have.
    assert!(doc.take_report(RW, 9, values(1, 2), "Anna", 1).is_err());
    // Too long a name.
    assert!(
        doc.take_report(RW, 1, values(1, 2), &"x".repeat(61), 1)
            .is_err()
    );
    assert_eq!(doc, before);
    // A closed round.
    doc.apply_sharing(&SharingEdit::CloseRound {
        round: RW.into(),
        closed: true,
    })
    .expect("close");
    let err = doc.take_report(RW, 1, values(1, 2), "Anna", 1).unwrap_err();
    assert!(err.to_string().contains("closed"), "{err}");
}

#[test]
fn sharing_is_saved_read_back_and_checked_on_load() {
    let mut doc = shared_event();
    doc.take_report(RW, 1, values(300, 900), "Anna", 1_000)
        .expect("valid");
    let document = Document::Event(doc);
    let json = document::to_json(&document);
    let back = document::parse(&json, "memory").expect("reads back");
    assert_eq!(back, document);
    assert!(back.problems().is_empty(), "{:?}", back.problems());
    // A damaged code and a value beyond its field are found, with their paths.
    let Document::Event(doc) = &document else {
        unreachable!()
    };
    let code = doc.sharing.code(RW, 1).expect("code").to_owned();
    let damaged = json
        .replace(&format!("\"{code}\""), "\"abc\"")
        .replace("\"a.victory_points\": 300", "\"a.victory_points\": 300000");
    let problems = document::parse(&damaged, "memory")
        .expect("loads")
        .problems();
    let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
    assert!(paths.contains(&"sharing.codes[0].code"), "{paths:?}");
    assert!(paths.contains(&"sharing.reports[0].values"), "{paths:?}");
    // An unknown key is refused.
    let unknown = json.replacen("\"reports\"", "\"reprots\"", 1);
    assert!(document::parse(&unknown, "memory").is_err());
}

#[test]
fn a_report_is_an_ordinary_edit_of_the_open_document() {
    let doc = shared_event();
    let mut open = feldherr_host::history::OpenDocument::new(Document::Event(doc), None);
    open.edit(&DocumentEdit::Event(EventEdit::Sharing(
        SharingEdit::Report {
            round: RW.into(),
            table: 1,
            values: values(300, 900),
            submitter: "Anna".into(),
            at: 7,
        },
    )))
    .expect("taken");
    assert!(open.can_undo());
    let refused = open.edit(&DocumentEdit::Event(EventEdit::Sharing(
        SharingEdit::Confirm(5),
    )));
    assert!(refused.is_err());
    open.edit(&DocumentEdit::Event(EventEdit::Sharing(
        SharingEdit::Confirm(0),
    )))
    .expect("confirm");
    let Document::Event(doc) = open.document() else {
        unreachable!()
    };
    assert!(result_at(doc, 1).is_some());
}

#[test]
fn an_event_without_pairings_lists_no_tables_and_refuses_a_report() {
    let doc = EventDoc::new(SystemEvent::new_of("warmaster_tournament", "Cup").expect("kind"));
    assert!(doc.entry_tables().is_empty());
    assert!(
        doc.event
            .check_report("round-1", 1, &ReportValues::new())
            .is_err()
    );
}

/// `feldherr sheet` of a shared event prints each table's code on its slip
/// and on the pairings wall sheet, whole (the widest code, six W, on A4 and
/// A5; CI once cut a random "QWXKBQ" to "QWXK…"), as the app's print tab
/// does; an event not shared prints none.
#[test]
fn command_line_sheets_carry_the_table_codes() {
    let mut doc = shared_event();
    doc.sharing = Default::default();
    let plain = doc.clone();
    let code = "WWWWWW";
    let codes = [(1, "E5CFZH"), (2, code)]
        .map(
            |(table, code)| feldherr_host::document::sharing::TableCode {
                round: RW.to_owned(),
                table,
                code: code.to_owned(),
            },
        )
        .to_vec();
    doc.apply_sharing(&SharingEdit::AddCodes(codes))
        .expect("codes");
    let outline = |doc: &EventDoc, name: &str, page| {
        let sheets = feldherr_host::commands::sheets(
            &Document::Event(doc.clone()),
            feldherr_play::Lang::En,
            feldherr_sheet::SheetOptions {
                page,
                ..feldherr_sheet::SheetOptions::default()
            },
        )
        .expect("sheets");
        let sheet = sheets.iter().find(|s| s.name == name).unwrap_or_else(|| {
            panic!(
                "{name} in {:?}",
                sheets.iter().map(|s| &s.name).collect::<Vec<_>>()
            )
        });
        sheet.sheet.layout().expect("layout").text_outline()
    };
    for page in [feldherr_sheet::PageSize::A4, feldherr_sheet::PageSize::A5] {
        for name in ["slip-raeuber-table-02", "pairings-raeuber"] {
            let text = outline(&doc, name, page);
            assert!(
                text.contains(&format!("\"{code}\"")) || text.contains(code),
                "{name} ({page:?}) lacks {code}:\n{text}"
            );
            assert!(
                !text.contains("WWWW…"),
                "{name} ({page:?}) cuts it:\n{text}"
            );
        }
    }
    let text = outline(
        &plain,
        "slip-raeuber-table-02",
        feldherr_sheet::PageSize::A4,
    );
    assert!(!text.contains(code), "{text}");
}
