//! Pagination: stacks the blocks' chunks top to bottom and breaks pages.

use crate::font::Fonts;
use crate::layout::{Item, Page, PlacedBlock, PlacedCell, RectItem, TextItem};
use crate::style::Rgb;
use crate::{Align, SheetError, TextStyle};

/// The content area of a page, in points.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ContentBox {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub top: f32,
    /// Width.
    pub width: f32,
    /// Bottom edge (above the footer).
    pub bottom: f32,
}

impl ContentBox {
    /// Height of the content area.
    pub fn height(&self) -> f32 {
        self.bottom - self.top
    }
}

/// A part of a block that is never split over pages: a table row, a line of
/// a paragraph, a title. Item positions are relative to the chunk's top
/// edge (y) and absolute (x).
#[derive(Debug, Clone, Default)]
pub(crate) struct Chunk {
    /// Height in points.
    pub height: f32,
    /// Items, y relative to the chunk's top.
    pub items: Vec<Item>,
    /// Table cells in the chunk (their block is set when placed).
    pub cells: Vec<PlacedCell>,
}

impl Chunk {
    /// An empty chunk of `height` points.
    pub fn new(height: f32) -> Self {
        Self {
            height,
            items: Vec::new(),
            cells: Vec::new(),
        }
    }

    /// Adds a line of text with its baseline at `baseline` (relative to the
    /// chunk top), aligned within `x..x + width`.
    #[allow(clippy::too_many_arguments)]
    pub fn text(
        &mut self,
        fonts: &Fonts,
        text: &str,
        style: TextStyle,
        color: Rgb,
        x: f32,
        width: f32,
        align: Align,
        baseline: f32,
    ) {
        self.text_within(
            fonts,
            text,
            style,
            color,
            (x, width, align),
            (f32::NEG_INFINITY, f32::INFINITY),
            baseline,
        );
    }

    /// As [`Chunk::text`] (`place` is `x`, `width`, `align`), but a line
    /// wider than its place is moved to stay within `bounds` (left, right)
    /// where it can. Returns the line's left and right edge.
    #[allow(clippy::too_many_arguments)]
    pub fn text_within(
        &mut self,
        fonts: &Fonts,
        text: &str,
        style: TextStyle,
        color: Rgb,
        place: (f32, f32, Align),
        bounds: (f32, f32),
        baseline: f32,
    ) -> Option<(f32, f32)> {
        let (x, width, align) = place;
        if text.is_empty() {
            return None;
        }
        let (glyphs, advance) = fonts.shape(text, style);
        let mut x = match align {
            Align::Left => x,
            Align::Centre => x + (width - advance) / 2.0,
            Align::Right => x + width - advance,
        };
        if x + advance > bounds.1 {
            x = bounds.1 - advance;
        }
        if x < bounds.0 {
            x = bounds.0;
        }
        self.items.push(Item::Text(TextItem {
            x,
            y: baseline,
            text: text.to_owned(),
            style,
            color,
            glyphs,
            width: advance,
        }));
        Some((x, x + advance))
    }

    /// Adds a filled rectangle (top `y` relative to the chunk top).
    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb) {
        self.items.push(Item::Rect(RectItem { x, y, w, h, color }));
    }
}

/// A block prepared for pagination.
#[derive(Debug, Clone, Default)]
pub(crate) struct Flow {
    /// Block kind for the outline.
    pub kind: &'static str,
    /// Placed at the start of the block (a table header).
    pub lead: Option<Chunk>,
    /// Whether `lead` is repeated at the top of each continuation page.
    pub repeat_lead: bool,
    /// The splittable body.
    pub body: Vec<Chunk>,
    /// Placed at the end of each page's part (a table's bottom rule).
    pub close: Option<Chunk>,
    /// Space after the block, in points.
    pub space_after: f32,
    /// Keep the block's last chunk on the page of the next block's first
    /// chunk (headings).
    pub keep_with_next: bool,
}

impl Flow {
    /// The height of the smallest first piece of the block on a page.
    fn first_piece(&self) -> f32 {
        height(&self.lead) + self.body.first().map_or(0.0, |c| c.height) + height(&self.close)
    }

    /// The height of the whole block, unsplit.
    fn whole(&self) -> f32 {
        height(&self.lead) + self.body.iter().map(|c| c.height).sum::<f32>() + height(&self.close)
    }

    /// What a heading before this block must find room for beside it: the
    /// whole block when it fits on a page (it is never split, so it may
    /// move to the next page, and the heading must go with it), else its
    /// first piece.
    fn kept_with(&self, page: f32) -> f32 {
        let whole = self.whole();
        if whole <= page + 1e-3 {
            whole
        } else {
            self.first_piece()
        }
    }
}

fn height(chunk: &Option<Chunk>) -> f32 {
    chunk.as_ref().map_or(0.0, |c| c.height)
}

/// One step of the stack.
#[derive(Debug)]
pub(crate) enum Step {
    /// A block (its document index and flow).
    Flow(usize, Flow),
    /// Vertical space, dropped at the top of a page.
    Space(f32),
    /// Start a new page unless the current one is empty.
    PageBreak,
    /// Steps kept on one page when together they fit one.
    Group(Vec<Step>),
}

impl Step {
    /// The height the step needs when it is not split, and the space it
    /// leaves after it.
    fn extent(&self, page: f32) -> (f32, f32) {
        match self {
            Step::Flow(_, f) => (f.whole(), f.space_after),
            Step::Space(h) => (0.0, *h),
            Step::PageBreak => (0.0, 0.0),
            Step::Group(steps) => group_extent(steps, page),
        }
    }

    /// What a heading before this step must find room for beside it.
    fn kept_with(&self, page: f32) -> f32 {
        match self {
            Step::Flow(_, f) => f.kept_with(page),
            Step::Group(steps) => {
                let (whole, _) = group_extent(steps, page);
                if whole <= page + 1e-3 {
                    whole
                } else {
                    steps.first().map_or(0.0, |s| s.kept_with(page))
                }
            }
            Step::Space(_) | Step::PageBreak => 0.0,
        }
    }
}

/// The height of a group's steps stacked unsplit (the space between them
/// counted, the space after the last not), and the space after the last.
fn group_extent(steps: &[Step], page: f32) -> (f32, f32) {
    let mut total = 0.0;
    let mut pending = 0.0;
    for step in steps {
        let (body, after) = step.extent(page);
        if body > 0.0 {
            total += pending + body;
            pending = after;
        } else {
            pending += after;
        }
    }
    (total, pending)
}

/// Stacks steps into pages.
#[derive(Debug)]
pub(crate) struct Pager {
    content: ContentBox,
    pages: Vec<Page>,
    current: Page,
    y: f32,
}

impl Pager {
    /// A pager with one empty page.
    pub fn new(content: ContentBox) -> Self {
        Self {
            content,
            pages: Vec::new(),
            current: Page::default(),
            y: content.top,
        }
    }

    fn remaining(&self) -> f32 {
        self.content.bottom - self.y
    }

    fn at_top(&self) -> bool {
        self.y <= self.content.top + 1e-3
    }

    fn new_page(&mut self) {
        self.pages.push(std::mem::take(&mut self.current));
        self.y = self.content.top;
    }

    /// Lays out all steps; returns the pages (at least one).
    pub fn run(mut self, steps: Vec<Step>) -> Result<Vec<Page>, SheetError> {
        self.stack(steps, 0.0)?;
        self.pages.push(self.current);
        Ok(self.pages)
    }

    /// Stacks steps; `after` is what the step after the last needs beside
    /// it (for a heading at the end of a group).
    fn stack(&mut self, steps: Vec<Step>, after: f32) -> Result<(), SheetError> {
        let page = self.content.height();
        let next_piece: Vec<f32> = (0..steps.len())
            .map(|i| steps.get(i + 1).map_or(after, |s| s.kept_with(page)))
            .collect();
        for (step, extra) in steps.into_iter().zip(next_piece) {
            match step {
                Step::Space(h) => {
                    // Dropped at the top of a continuation page.
                    if !self.at_top() || self.pages.is_empty() {
                        if h >= self.remaining() {
                            self.new_page();
                        } else {
                            self.y += h;
                        }
                    }
                }
                Step::PageBreak => {
                    if !self.at_top() {
                        self.new_page();
                    }
                }
                Step::Flow(index, flow) => {
                    let extra = if flow.keep_with_next {
                        flow.space_after + extra
                    } else {
                        0.0
                    };
                    self.place(index, flow, extra)?;
                }
                Step::Group(steps) => {
                    // A group that fits on one page is never split: when
                    // it does not fit in what is left, it starts a new page
                    // (issue 26: a rules card).
                    let (whole, _) = group_extent(&steps, page);
                    if whole <= page + 1e-3 && whole > self.remaining() + 1e-3 && !self.at_top() {
                        self.new_page();
                    }
                    self.stack(steps, extra)?;
                }
            }
        }
        Ok(())
    }

    /// Places one block, breaking pages between body chunks.
    fn place(&mut self, index: usize, mut flow: Flow, keep_extra: f32) -> Result<(), SheetError> {
        let lead_h = height(&flow.lead);
        let close_h = height(&flow.close);
        let available = self.content.height();
        let tallest = flow.body.iter().map(|c| c.height).fold(0.0, f32::max);
        if lead_h + tallest + close_h > available + 1e-3 {
            return Err(SheetError::BlockTooTall {
                block: index,
                height: lead_h + tallest + close_h,
                available,
            });
        }

        let last = flow.body.len().saturating_sub(1);
        let first_h = flow.body.first().map_or(0.0, |c| c.height);
        let mut needed = lead_h + first_h + close_h;
        if last == 0 {
            needed += keep_extra;
        }
        // A block that fits on one page is never split: when it does not
        // fit in what is left, it starts a new page (issue 10: a machine on
        // a record sheet, a result slip). Longer blocks split between body
        // chunks.
        let whole = flow.whole();
        if whole <= available + 1e-3 && whole > self.remaining() + 1e-3 && !self.at_top() {
            self.new_page();
        }
        if needed > self.remaining() + 1e-3 && !self.at_top() {
            self.new_page();
        }
        let mut part = self.open(index, &flow, true);
        let body = std::mem::take(&mut flow.body);
        for (i, chunk) in body.into_iter().enumerate() {
            let mut needed = chunk.height + close_h;
            if i == last {
                needed += keep_extra;
            }
            if i > 0 && needed > self.remaining() + 1e-3 {
                // Close this page's part and go on on the next page.
                self.close(part, &flow);
                self.new_page();
                part = self.open(index, &flow, flow.repeat_lead);
            }
            self.put(&mut part, chunk);
        }
        self.close(part, &flow);
        self.y += flow.space_after;
        Ok(())
    }

    /// Starts a block's part on the current page, with the lead if asked.
    fn open(&mut self, index: usize, flow: &Flow, with_lead: bool) -> PlacedBlock {
        let mut placed = PlacedBlock {
            kind: flow.kind,
            index: Some(index),
            top: self.y,
            bottom: self.y,
            items: Vec::new(),
            cells: Vec::new(),
        };
        if with_lead && let Some(lead) = &flow.lead {
            self.put(&mut placed, lead.clone());
        }
        placed
    }

    /// Ends a block's part on the current page with the close chunk.
    fn close(&mut self, mut placed: PlacedBlock, flow: &Flow) {
        if let Some(close) = &flow.close {
            self.put(&mut placed, close.clone());
        }
        if placed.bottom > placed.top || !placed.items.is_empty() {
            self.current.blocks.push(placed);
        }
    }

    /// Puts a chunk at the cursor and advances it.
    fn put(&mut self, placed: &mut PlacedBlock, chunk: Chunk) {
        let y = self.y;
        placed.items.extend(chunk.items.into_iter().map(|mut item| {
            item.translate(0.0, y);
            item
        }));
        let block = placed.index.unwrap_or(usize::MAX);
        placed.cells.extend(chunk.cells.into_iter().map(|mut cell| {
            cell.block = block;
            cell
        }));
        self.y += chunk.height;
        placed.bottom = self.y;
    }
}
