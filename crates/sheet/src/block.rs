//! The blocks a document stacks top to bottom.

use crate::font::Fonts;
use crate::pager::{ContentBox, Step};
use crate::{KeyValues, Paragraph, Picture, SheetError, Signatures, Table, Title};

/// One block of a document. Blocks stack top to bottom in the content area;
/// each `From` impl lets [`Document::push`](crate::Document::push) take the
/// block type directly.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// Title and subtitle over a rule.
    Title(Title),
    /// `label: value` pairs in columns.
    KeyValues(KeyValues),
    /// A table.
    Table(Table),
    /// A picture.
    Picture(Picture),
    /// Wrapped text or a heading.
    Paragraph(Paragraph),
    /// Vertical space in points (finite and at least 0); dropped at the top
    /// of any page but the first, and ends a page it does not fit on.
    Spacer(f32),
    /// Signature lines.
    Signatures(Signatures),
    /// Starts a new page (unless the current page is still empty).
    PageBreak,
}

impl Block {
    /// Checks the block's own input; `index` is its position in the
    /// document, for error messages.
    pub(crate) fn validate(&self, index: usize) -> Result<(), SheetError> {
        match self {
            Block::Table(t) => t.validate(index),
            Block::KeyValues(k) => k.validate(index),
            Block::Picture(p) => p.validate(index),
            Block::Paragraph(p) => p.validate(index),
            Block::Spacer(h) if !h.is_finite() || *h < 0.0 => Err(SheetError::InvalidLength {
                what: "spacer height",
                block: index,
                value: *h,
            }),
            _ => Ok(()),
        }
    }

    /// Prepares the block for pagination.
    pub(crate) fn step(&self, index: usize, fonts: &Fonts, content: &ContentBox) -> Step {
        match self {
            Block::Title(b) => Step::Flow(index, b.flow(fonts, content)),
            Block::KeyValues(b) => Step::Flow(index, b.flow(fonts, content)),
            Block::Table(b) => Step::Flow(index, b.flow(fonts, content)),
            Block::Picture(b) => Step::Flow(index, b.flow(fonts, content)),
            Block::Paragraph(b) => Step::Flow(index, b.flow(fonts, content)),
            Block::Signatures(b) => Step::Flow(index, b.flow(fonts, content)),
            Block::Spacer(h) => Step::Space(*h),
            Block::PageBreak => Step::PageBreak,
        }
    }
}

macro_rules! from_block {
    ($($t:ident),*) => {$(
        impl From<$t> for Block {
            fn from(b: $t) -> Self {
                Block::$t(b)
            }
        }
    )*};
}
from_block!(Title, KeyValues, Table, Picture, Paragraph, Signatures);
