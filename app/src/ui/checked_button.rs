//! Buttons checked before the click (issue #27): a button whose action
//! would be refused is disabled and says why, in the interface language,
//! before anyone presses it.

use eframe::egui;

/// A button enabled only when `refused` is `None`; otherwise disabled,
/// with the reason beside it. True when it was clicked.
pub fn checked_button(ui: &mut egui::Ui, label: &str, refused: Option<&str>) -> bool {
    let response = ui.add_enabled(refused.is_none(), egui::Button::new(label));
    if let Some(why) = refused {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
    response.clicked()
}

/// As [`checked_button`], small and with the reason in its hover, for
/// dense lists where a reason beside every row would crowd the screen;
/// `hover` is shown while the button is enabled.
pub fn checked_small_button(
    ui: &mut egui::Ui,
    label: &str,
    hover: &str,
    refused: Option<&str>,
) -> bool {
    let response = ui.add_enabled(refused.is_none(), egui::Button::new(label).small());
    match refused {
        Some(why) => response.on_disabled_hover_text(why).clicked(),
        None => response.on_hover_text(hover).clicked(),
    }
}
