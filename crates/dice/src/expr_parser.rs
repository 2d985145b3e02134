//! Reads dice notation into an expression tree.

use crate::expr_node::{BinOp, Compare, CompareOp, DiceTerm, Explode, Faces, Keep, Node, NodeKind};

/// Largest whole number the notation accepts (constants, faces, targets).
pub(crate) const MAX_NUMBER: i64 = 1_000_000_000_000;
/// Most dice one term may roll; the budget usually refuses far fewer.
pub(crate) const MAX_COUNT: i64 = 1_000_000;
/// Most sides a die may have; the budget usually refuses far fewer.
pub(crate) const MAX_SIDES: i64 = 1_000_000;
/// Deepest explosion chain one may ask for.
pub(crate) const MAX_DEPTH: i64 = 1_000;
/// Explosion depth when none is given: re-rolls after the first die.
pub(crate) const DEFAULT_DEPTH: u32 = 20;

/// Most operators, numbers and dice terms in one expression.
pub(crate) const MAX_NODES: usize = 1_000;
/// Deepest nesting of parentheses and unary signs.
pub(crate) const MAX_NESTING: usize = 100;

/// A parse error: character position (spaces removed) and message.
pub(crate) type ParseError = (usize, String);

/// Recursive-descent parser over the cleaned (lower-case, no spaces) text.
#[derive(Debug)]
pub(crate) struct Parser {
    chars: Vec<char>,
    pos: usize,
    /// Nodes built so far.
    nodes: usize,
    /// Current nesting of parentheses and unary signs.
    nesting: usize,
}

impl Parser {
    /// A parser over `cleaned`.
    pub fn new(cleaned: &str) -> Self {
        Self {
            chars: cleaned.chars().collect(),
            pos: 0,
            nodes: 0,
            nesting: 0,
        }
    }

    /// The text of `start..end`.
    pub fn text(&self, start: usize, end: usize) -> String {
        self.chars[start..end].iter().collect()
    }

    /// Parses the whole input.
    pub fn parse(mut self) -> Result<(Node, Vec<char>), ParseError> {
        if self.chars.is_empty() {
            return Err((0, "the expression is empty".into()));
        }
        let node = self.sum()?;
        if let Some(c) = self.peek() {
            return Err((self.pos, format!("unexpected '{c}'")));
        }
        Ok((node, self.chars))
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Counts one more node; the tree stays small enough to walk.
    fn count_node(&mut self, at: usize) -> Result<(), ParseError> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err((
                at,
                format!("the expression has more than {MAX_NODES} numbers, dice and operators"),
            ));
        }
        Ok(())
    }

    /// Enters one level of parentheses or sign.
    fn nest(&mut self, at: usize) -> Result<(), ParseError> {
        self.nesting += 1;
        if self.nesting > MAX_NESTING {
            return Err((
                at,
                format!("parentheses and signs nest more than {MAX_NESTING} deep"),
            ));
        }
        Ok(())
    }

    fn binary(&self, op: BinOp, a: Node, b: Node, op_pos: usize) -> Node {
        let span = (a.span.0, b.span.1);
        Node {
            kind: NodeKind::Binary(op, Box::new(a), Box::new(b)),
            span,
            op_pos,
        }
    }

    fn sum(&mut self) -> Result<Node, ParseError> {
        let mut node = self.product()?;
        loop {
            let op_pos = self.pos;
            let op = match self.peek() {
                Some('+') => BinOp::Add,
                Some('-') => BinOp::Sub,
                _ => return Ok(node),
            };
            self.pos += 1;
            self.count_node(op_pos)?;
            let rhs = self.product()?;
            node = self.binary(op, node, rhs, op_pos);
        }
    }

    fn product(&mut self) -> Result<Node, ParseError> {
        let mut node = self.unary()?;
        loop {
            let op_pos = self.pos;
            let op = match self.peek() {
                Some('*') => BinOp::Mul,
                Some('/') => BinOp::Div,
                _ => return Ok(node),
            };
            self.pos += 1;
            self.count_node(op_pos)?;
            let rhs = self.unary()?;
            node = self.binary(op, node, rhs, op_pos);
        }
    }

    fn unary(&mut self) -> Result<Node, ParseError> {
        let start = self.pos;
        if self.eat('-') {
            self.count_node(start)?;
            self.nest(start)?;
            let inner = self.unary()?;
            self.nesting -= 1;
            let span = (start, inner.span.1);
            return Ok(Node {
                kind: NodeKind::Neg(Box::new(inner)),
                span,
                op_pos: start,
            });
        }
        if self.eat('+') {
            self.nest(start)?;
            let inner = self.unary();
            self.nesting -= 1;
            return inner;
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Node, ParseError> {
        let start = self.pos;
        if self.eat('(') {
            self.nest(start)?;
            let inner = self.sum()?;
            self.nesting -= 1;
            if !self.eat(')') {
                return Err((self.pos, "expected ')'".into()));
            }
            return Ok(Node {
                span: (start, self.pos),
                ..inner
            });
        }
        self.count_node(start)?;
        let count = self.number()?;
        if self.peek() != Some('d') {
            let kind = match count {
                Some(n) => NodeKind::Number(n),
                None => {
                    return Err((
                        start,
                        match self.peek() {
                            None => "expected a number or dice like 2d6 at the end".into(),
                            Some(c) => format!("expected a number or dice like 2d6, found '{c}'"),
                        },
                    ));
                }
            };
            return Ok(Node {
                kind,
                span: (start, self.pos),
                op_pos: start,
            });
        }
        let count = count.unwrap_or(1);
        if !(1..=MAX_COUNT).contains(&count) {
            return Err((start, format!("dice count must be 1 to {MAX_COUNT}")));
        }
        self.pos += 1; // 'd'
        let faces = self.faces()?;
        let term = self.modifiers(count as u32, faces)?;
        Ok(Node {
            kind: NodeKind::Dice(term),
            span: (start, self.pos),
            op_pos: start,
        })
    }

    /// A whole number without sign, if one starts here.
    fn number(&mut self) -> Result<Option<i64>, ParseError> {
        let start = self.pos;
        // Digit by digit (no text to allocate); None once past the limit.
        let mut value = Some(0i64);
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            value = value
                .and_then(|v| v.checked_mul(10)?.checked_add(i64::from(d)))
                .filter(|&v| v <= MAX_NUMBER);
            self.pos += 1;
        }
        if self.pos == start {
            return Ok(None);
        }
        match value {
            Some(n) => Ok(Some(n)),
            None => {
                let text = self.text(start, self.pos);
                Err((start, format!("{text} is too large (at most {MAX_NUMBER})")))
            }
        }
    }

    fn signed_number(&mut self, what: &str) -> Result<i64, ParseError> {
        let start = self.pos;
        let negative = self.eat('-');
        match self.number()? {
            Some(n) => Ok(if negative { -n } else { n }),
            None => Err((start, format!("expected {what}"))),
        }
    }

    fn faces(&mut self) -> Result<Faces, ParseError> {
        let start = self.pos;
        if self.eat('%') {
            return Ok(Faces::Standard(100));
        }
        if self.eat('f') {
            return Ok(Faces::Fudge);
        }
        if self.eat('{') {
            let mut faces = Vec::new();
            loop {
                faces.push(self.signed_number("a face value")?);
                if faces.len() as i64 > MAX_SIDES {
                    return Err((start, format!("a die has at most {MAX_SIDES} faces")));
                }
                if self.eat('}') {
                    break;
                }
                if !self.eat(',') {
                    return Err((self.pos, "expected ',' or '}' in the list of faces".into()));
                }
            }
            return Ok(Faces::Custom(faces));
        }
        match self.number()? {
            Some(s) if (2..=MAX_SIDES).contains(&s) => Ok(Faces::Standard(s as u32)),
            Some(_) => Err((start, format!("a die needs 2 to {MAX_SIDES} sides"))),
            None => Err((
                start,
                "expected the number of sides after 'd' (or %, F, {faces})".into(),
            )),
        }
    }

    fn compare_op(&mut self) -> Option<CompareOp> {
        let op = match (self.peek(), self.peek_at(1)) {
            (Some('>'), Some('=')) => CompareOp::AtLeast,
            (Some('<'), Some('=')) => CompareOp::AtMost,
            (Some('>'), _) => CompareOp::Above,
            (Some('<'), _) => CompareOp::Below,
            (Some('='), _) => CompareOp::Equal,
            _ => return None,
        };
        self.pos += if matches!(op, CompareOp::AtLeast | CompareOp::AtMost) {
            2
        } else {
            1
        };
        Some(op)
    }

    fn count_arg(&mut self, what: &str) -> Result<(usize, i64), ParseError> {
        let at = self.pos;
        match self.number()? {
            Some(n) => Ok((at, n)),
            None => Err((at, format!("expected {what}"))),
        }
    }

    fn modifiers(&mut self, count: u32, faces: Faces) -> Result<DiceTerm, ParseError> {
        let mut term = DiceTerm {
            count,
            faces,
            reroll: None,
            explode: None,
            keep: Keep::All,
            count_if: None,
            repeat: 1,
        };
        let mut keep_set = false;
        loop {
            let at = self.pos;
            match (self.peek(), self.peek_at(1)) {
                (Some('r'), _) => {
                    if term.reroll.is_some() {
                        return Err((at, "only one re-roll ('r') per term".into()));
                    }
                    self.pos += 1;
                    let op = self.compare_op().unwrap_or(CompareOp::Equal);
                    let value = self.signed_number("the face to re-roll, as in 3d6r1")?;
                    term.reroll = Some(Compare { op, value });
                }
                (Some('!'), _) | (Some('c'), _) => {
                    if term.explode.is_some() {
                        return Err((at, "only one explosion ('!' or 'c') per term".into()));
                    }
                    let confrontation = self.peek() == Some('c');
                    self.pos += 1;
                    let depth_at = self.pos;
                    let depth = match self.number()? {
                        None => DEFAULT_DEPTH,
                        Some(d) if d <= MAX_DEPTH => d as u32,
                        Some(_) => {
                            return Err((
                                depth_at,
                                format!("explosion depth must be 0 to {MAX_DEPTH}"),
                            ));
                        }
                    };
                    if confrontation && term.faces != Faces::Standard(6) {
                        return Err((at, "the Confrontation roll 'c' is for D6 only (d6c)".into()));
                    }
                    term.explode = Some(if confrontation {
                        Explode::Confrontation { depth }
                    } else {
                        Explode::OnMax { depth }
                    });
                }
                (Some('k'), next) | (Some('d'), next @ Some('h' | 'l')) => {
                    if keep_set {
                        return Err((at, "only one keep or drop per term".into()));
                    }
                    let drop = self.peek() == Some('d');
                    let highest = next != Some('l');
                    self.pos += if matches!(next, Some('h' | 'l')) {
                        2
                    } else {
                        1
                    };
                    let (arg_at, n) = self.count_arg(if drop {
                        "how many dice to drop"
                    } else {
                        "how many dice to keep"
                    })?;
                    let n64 = i64::from(count);
                    let keep = if drop {
                        if !(0..n64).contains(&n) {
                            return Err((
                                arg_at,
                                format!("can drop 0 to {} of {count} dice", n64 - 1),
                            ));
                        }
                        let kept = (n64 - n) as u32;
                        if highest {
                            Keep::Lowest(kept)
                        } else {
                            Keep::Highest(kept)
                        }
                    } else {
                        if !(1..=n64).contains(&n) {
                            return Err((arg_at, format!("can keep 1 to {count} dice")));
                        }
                        if highest {
                            Keep::Highest(n as u32)
                        } else {
                            Keep::Lowest(n as u32)
                        }
                    };
                    term.keep = keep;
                    keep_set = true;
                }
                _ => break,
            }
        }
        if term.reroll.is_some() && matches!(term.explode, Some(Explode::Confrontation { .. })) {
            return Err((
                self.pos,
                "the Confrontation roll 'c' takes no re-roll ('r')".into(),
            ));
        }
        if let Some(op) = self.compare_op() {
            let value = self.signed_number("a target number, as in 10d6>=4")?;
            term.count_if = Some(Compare { op, value });
        }
        if self.peek() == Some('x') {
            let at = self.pos;
            self.pos += 1;
            match self.number()? {
                Some(times) if (1..=MAX_COUNT).contains(&times) => term.repeat = times as u32,
                _ => {
                    return Err((
                        at + 1,
                        format!("'x' needs how often to roll, 1 to {MAX_COUNT}, as in 4d6kh3x6"),
                    ));
                }
            }
        }
        Ok(term)
    }
}
