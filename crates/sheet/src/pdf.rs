//! The PDF backend: real text with embedded (subset) fonts, via krilla.

use krilla::Document as PdfDocument;
use krilla::color::{luma, rgb};
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::image::Image as PdfImage;
use krilla::metadata::Metadata;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule};
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};

use crate::font::{BOLD_TTF, REGULAR_TTF};
use crate::layout::{ImageItem, Item, Layout, RectItem, TextItem};
use crate::style::Rgb;
use crate::{SheetError, Weight};

/// Writes several laid-out sheets into one PDF, page after page (each
/// sheet keeps its own page size). The fonts are embedded once.
///
/// The PDF's title is the first sheet's title, if any.
///
/// # Errors
///
/// [`SheetError::Pdf`] when the PDF writer fails.
pub fn render_pdf_set(layouts: &[Layout]) -> Result<Vec<u8>, SheetError> {
    let regular = Font::new(REGULAR_TTF.into(), 0)
        .ok_or_else(|| SheetError::Font("DejaVu Sans: not readable by the PDF writer".into()))?;
    let bold = Font::new(BOLD_TTF.into(), 0).ok_or_else(|| {
        SheetError::Font("DejaVu Sans Bold: not readable by the PDF writer".into())
    })?;
    let mut document = PdfDocument::new();
    let mut metadata = Metadata::new().creator("feldherr-sheet".to_owned());
    if let Some(title) = layouts.iter().find_map(|l| l.title.clone()) {
        metadata = metadata.title(title);
    }
    document.set_metadata(metadata);
    for layout in layouts {
        let settings = PageSettings::from_wh(layout.width, layout.height).ok_or(
            SheetError::InvalidPageSize {
                width: layout.width,
                height: layout.height,
            },
        )?;
        for page in &layout.pages {
            let mut pdf_page = document.start_page_with(settings.clone());
            let mut surface = pdf_page.surface();
            for item in page.blocks.iter().flat_map(|b| b.items.iter()) {
                match item {
                    Item::Rect(r) => rect(&mut surface, r),
                    Item::Image(i) => image(&mut surface, i),
                    Item::Text(t) => {
                        let font = match t.style.weight {
                            Weight::Regular => &regular,
                            Weight::Bold => &bold,
                        };
                        text(&mut surface, t, font);
                    }
                }
            }
            surface.finish();
            pdf_page.finish();
        }
    }
    document
        .finish()
        .map_err(|e| SheetError::Pdf(format!("{e:?}")))
}

/// A solid fill: DeviceGray for greys (crisp black text and rules on
/// printers), RGB otherwise.
fn fill(color: Rgb) -> Fill {
    let paint = if color.0 == color.1 && color.1 == color.2 {
        luma::Color::new(color.0).into()
    } else {
        rgb::Color::new(color.0, color.1, color.2).into()
    };
    Fill {
        paint,
        opacity: NormalizedF32::ONE,
        rule: FillRule::NonZero,
    }
}

fn rect(surface: &mut Surface<'_>, r: &RectItem) {
    let Some(rect) = Rect::from_xywh(r.x, r.y, r.w, r.h) else {
        return;
    };
    let mut builder = PathBuilder::new();
    builder.push_rect(rect);
    if let Some(path) = builder.finish() {
        surface.set_fill(Some(fill(r.color)));
        surface.draw_path(&path);
    }
}

fn image(surface: &mut Surface<'_>, i: &ImageItem) {
    let Some(size) = Size::from_wh(i.w, i.h) else {
        return;
    };
    let img = &i.image;
    let pdf_image = PdfImage::from_rgba8(img.rgba().to_vec(), img.width(), img.height());
    surface.push_transform(&Transform::from_translate(i.x, i.y));
    surface.draw_image(pdf_image, size);
    surface.pop();
}

fn text(surface: &mut Surface<'_>, t: &TextItem, font: &Font) {
    let size = t.style.size;
    let glyphs: Vec<KrillaGlyph> = t
        .glyphs
        .iter()
        .enumerate()
        .map(|(i, g)| {
            // The advance to the next glyph carries the layout's kerning.
            let next_x = t.glyphs.get(i + 1).map_or(t.width, |n| n.x);
            KrillaGlyph::new(
                GlyphId::new(u32::from(g.id)),
                (next_x - g.x) / size,
                0.0,
                0.0,
                0.0,
                g.range.clone(),
                None,
            )
        })
        .collect();
    surface.set_fill(Some(fill(t.color)));
    surface.draw_glyphs(
        Point::from_xy(t.x, t.y),
        &glyphs,
        font.clone(),
        &t.text,
        size,
        false,
    );
}
