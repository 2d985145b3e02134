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
    /// Blocks kept together on one page when they fit one.
    Group(Group),
}

/// Blocks kept together: when they fit on one page they are never split
/// over two (a rules card: its heading and every line of it); when what is
/// left of a page is too short, the whole group starts the next page. A
/// group taller than a page flows like its blocks would.
///
/// In the [`Layout`](crate::Layout) every part of a group carries the
/// group's index ([`Layout::block_pages`](crate::Layout::block_pages)).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Group {
    blocks: Vec<Block>,
}

impl Group {
    /// An empty group.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a block, builder style.
    #[must_use]
    pub fn block(mut self, block: impl Into<Block>) -> Self {
        self.blocks.push(block.into());
        self
    }

    /// Appends a block in place.
    pub fn push(&mut self, block: impl Into<Block>) -> &mut Self {
        self.blocks.push(block.into());
        self
    }

    /// The blocks in order.
    #[must_use]
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }
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
            Block::Group(g) => g.blocks.iter().try_for_each(|b| b.validate(index)),
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
            Block::Group(g) => Step::Group(
                g.blocks
                    .iter()
                    .map(|b| b.step(index, fonts, content))
                    .collect(),
            ),
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
from_block!(
    Title, KeyValues, Table, Picture, Paragraph, Signatures, Group
);
