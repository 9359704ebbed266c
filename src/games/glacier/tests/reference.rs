//! A second, deliberately simple reading of the rules, written from the rules text alone to
//! check the engine against: a mailbox of 64 cells, pseudo-legal moves tried on a copy, attacks
//! found by walking the board, and the Ice Age as loops over neighbours.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Ice,
    /// A piece: its colour and its lower-case FEN letter.
    Piece(bool, char),
}

#[derive(Clone, Debug)]
pub struct Board {
    pub cells: [Cell; 64],
    pub white_to_move: bool,
    /// K, Q, k, q.
    pub castle: [bool; 4],
    pub ep: Option<usize>,
    pub half: u32,
    pub full: u32,
    /// The squares that turned to ice in the Ice Age after the last move, if there was one.
    pub new_ice: Option<Vec<usize>>,
}

fn at(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn name(square: usize) -> String {
    format!("{}{}", (b'a' + (square % 8) as u8) as char, square / 8 + 1)
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

#[derive(Clone, Copy, Debug)]
struct Mv {
    from: usize,
    to: usize,
    promo: Option<char>,
    castle: Option<(usize, usize)>,
    ep_victim: Option<usize>,
}

/// A move that is neither a promotion, a castling nor an en passant capture.
fn simple(from: usize, to: usize) -> Mv {
    Mv {
        from,
        to,
        promo: None,
        castle: None,
        ep_victim: None,
    }
}

impl Board {
    pub fn parse(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = [Cell::Empty; 64];
        for (row, text) in fields[0].split('/').enumerate() {
            let rank = 7 - row;
            let mut file = 0;
            for c in text.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as usize;
                } else {
                    cells[rank * 8 + file] = match c {
                        '*' => Cell::Ice,
                        _ => Cell::Piece(c.is_ascii_uppercase(), c.to_ascii_lowercase()),
                    };
                    file += 1;
                }
            }
        }
        let castle = ['K', 'Q', 'k', 'q'].map(|c| fields[2].contains(c));
        let ep = (fields[3] != "-").then(|| {
            let b = fields[3].as_bytes();
            (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
        });
        Board {
            cells,
            white_to_move: fields[1] == "w",
            castle,
            ep,
            half: fields[4].parse().unwrap(),
            full: fields[5].parse().unwrap(),
            new_ice: None,
        }
    }

    pub fn fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut run = 0;
            for file in 0..8 {
                let c = match self.cells[rank * 8 + file] {
                    Cell::Empty => {
                        run += 1;
                        continue;
                    }
                    Cell::Ice => '*',
                    Cell::Piece(true, c) => c.to_ascii_uppercase(),
                    Cell::Piece(false, c) => c,
                };
                if run > 0 {
                    out += &run.to_string();
                    run = 0;
                }
                out.push(c);
            }
            if run > 0 {
                out += &run.to_string();
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let castle: String = ['K', 'Q', 'k', 'q']
            .iter()
            .zip(self.castle)
            .filter(|(_, on)| *on)
            .map(|(c, _)| *c)
            .collect();
        format!(
            "{} {} {} {} {} {}",
            out,
            if self.white_to_move { "w" } else { "b" },
            if castle.is_empty() {
                "-".to_string()
            } else {
                castle
            },
            self.ep.map_or("-".to_string(), name),
            self.half,
            self.full
        )
    }

    fn king(&self, white: bool) -> Option<usize> {
        (0..64).find(|&s| self.cells[s] == Cell::Piece(white, 'k'))
    }

    /// Whether a piece of `by_white` attacks `square`. Walking stops at any non-empty cell,
    /// so ice shields like a piece.
    pub fn attacked(&self, square: usize, by_white: bool) -> bool {
        let (f, r) = ((square % 8) as i32, (square / 8) as i32);
        let holds = |s: Option<usize>, kinds: &str| {
            s.is_some_and(|s| matches!(self.cells[s], Cell::Piece(w, k) if w == by_white && kinds.contains(k)))
        };
        let pawn_rank = if by_white { r - 1 } else { r + 1 };
        if holds(at(f - 1, pawn_rank), "p") || holds(at(f + 1, pawn_rank), "p") {
            return true;
        }
        if KNIGHT
            .iter()
            .any(|&(df, dr)| holds(at(f + df, r + dr), "n"))
        {
            return true;
        }
        if KING.iter().any(|&(df, dr)| holds(at(f + df, r + dr), "k")) {
            return true;
        }
        for (dirs, kinds) in [(ROOK, "rq"), (BISHOP, "bq")] {
            for (df, dr) in dirs {
                let (mut x, mut y) = (f + df, r + dr);
                while let Some(s) = at(x, y) {
                    if self.cells[s] != Cell::Empty {
                        if holds(Some(s), kinds) {
                            return true;
                        }
                        break;
                    }
                    x += df;
                    y += dr;
                }
            }
        }
        false
    }

    fn pseudo(&self) -> Vec<Mv> {
        let me = self.white_to_move;
        let mut out = Vec::new();
        for from in 0..64 {
            let Cell::Piece(white, kind) = self.cells[from] else {
                continue;
            };
            if white != me {
                continue;
            }
            if kind == 'p' {
                self.pawn_moves(from, &mut out);
            } else {
                self.piece_moves(from, kind, &mut out);
            }
        }
        self.castling_moves(&mut out);
        out
    }

    /// The pawn on `from`: pushes, captures of pieces and ice, en passant, promotions.
    fn pawn_moves(&self, from: usize, out: &mut Vec<Mv>) {
        let me = self.white_to_move;
        let (f, r) = ((from % 8) as i32, (from / 8) as i32);
        let dir = if me { 1 } else { -1 };
        let last = if me { 7 } else { 0 };
        let push = |out: &mut Vec<Mv>, to: usize| {
            if (to / 8) as i32 == last {
                for p in ['q', 'r', 'b', 'n'] {
                    out.push(Mv {
                        promo: Some(p),
                        ..simple(from, to)
                    });
                }
            } else {
                out.push(simple(from, to));
            }
        };
        if let Some(one) = at(f, r + dir)
            && self.cells[one] == Cell::Empty
        {
            push(out, one);
            let start = if me { 1 } else { 6 };
            if r == start
                && let Some(two) = at(f, r + 2 * dir)
                && self.cells[two] == Cell::Empty
            {
                out.push(simple(from, two));
            }
        }
        for df in [-1, 1] {
            let Some(to) = at(f + df, r + dir) else {
                continue;
            };
            match self.cells[to] {
                Cell::Ice => push(out, to),
                Cell::Piece(w, _) if w != me => push(out, to),
                Cell::Empty if self.ep == Some(to) => {
                    let victim = at(f + df, r).unwrap();
                    if self.cells[victim] == Cell::Piece(!me, 'p') {
                        out.push(Mv {
                            ep_victim: Some(victim),
                            ..simple(from, to)
                        });
                    }
                }
                _ => {}
            }
        }
    }

    /// The knight, king, bishop, rook or queen (`kind`) on `from`.
    fn piece_moves(&self, from: usize, kind: char, out: &mut Vec<Mv>) {
        let me = self.white_to_move;
        let (f, r) = ((from % 8) as i32, (from / 8) as i32);
        // A target is fine for a piece if it is empty, ice, or an enemy.
        let open = |s: usize| !matches!(self.cells[s], Cell::Piece(w, _) if w == me);
        match kind {
            'n' | 'k' => {
                let steps = if kind == 'n' { KNIGHT } else { KING };
                for (df, dr) in steps {
                    if let Some(to) = at(f + df, r + dr)
                        && open(to)
                    {
                        out.push(simple(from, to));
                    }
                }
            }
            _ => {
                let mut dirs = Vec::new();
                if kind != 'b' {
                    dirs.extend(ROOK);
                }
                if kind != 'r' {
                    dirs.extend(BISHOP);
                }
                for (df, dr) in dirs {
                    let (mut x, mut y) = (f + df, r + dr);
                    while let Some(to) = at(x, y) {
                        if open(to) {
                            out.push(simple(from, to));
                        }
                        if self.cells[to] != Cell::Empty {
                            break;
                        }
                        x += df;
                        y += dr;
                    }
                }
            }
        }
    }

    /// Castling: rights, every square between king and rook empty (no ice), and the king
    /// neither in check nor passing or landing on an attacked square.
    fn castling_moves(&self, out: &mut Vec<Mv>) {
        let me = self.white_to_move;
        let (home, rights) = if me { (0, [0, 1]) } else { (56, [2, 3]) };
        for (i, right) in rights.into_iter().enumerate() {
            if !self.castle[right] {
                continue;
            }
            let (rook, between, king_path, rook_to, king_to) = if i == 0 {
                (
                    home + 7,
                    vec![home + 5, home + 6],
                    vec![home + 4, home + 5, home + 6],
                    home + 5,
                    home + 6,
                )
            } else {
                (
                    home,
                    vec![home + 1, home + 2, home + 3],
                    vec![home + 4, home + 3, home + 2],
                    home + 3,
                    home + 2,
                )
            };
            if between.iter().all(|&s| self.cells[s] == Cell::Empty)
                && king_path.iter().all(|&s| !self.attacked(s, !me))
                && self.cells[rook] == Cell::Piece(me, 'r')
            {
                out.push(Mv {
                    castle: Some((rook, rook_to)),
                    ..simple(home + 4, king_to)
                });
            }
        }
    }

    fn apply(&self, mv: Mv) -> Board {
        let mut b = self.clone();
        b.new_ice = None;
        let moving = b.cells[mv.from];
        let target = b.cells[mv.to];
        b.half += 1;
        if target != Cell::Empty || matches!(moving, Cell::Piece(_, 'p')) {
            b.half = 0;
        }
        b.cells[mv.to] = match mv.promo {
            Some(p) => Cell::Piece(self.white_to_move, p),
            None => moving,
        };
        b.cells[mv.from] = Cell::Empty;
        if let Some(victim) = mv.ep_victim {
            b.cells[victim] = Cell::Empty;
        }
        if let Some((rook_from, rook_to)) = mv.castle {
            b.cells[rook_to] = b.cells[rook_from];
            b.cells[rook_from] = Cell::Empty;
        }
        b.ep = None;
        if matches!(moving, Cell::Piece(_, 'p')) && mv.from.abs_diff(mv.to) == 16 {
            b.ep = Some((mv.from + mv.to) / 2);
        }
        for (right, squares) in [(0, [4, 7]), (1, [4, 0]), (2, [60, 63]), (3, [60, 56])] {
            if squares.contains(&mv.from) || squares.contains(&mv.to) {
                b.castle[right] = false;
            }
        }
        b
    }

    /// Refreeze and freeze, both read off the board as it stood before.
    fn ice_age(&mut self) {
        let before = self.cells;
        let piece = |s: usize| matches!(before[s], Cell::Piece(..));
        let mut new_ice = Vec::new();
        for (s, cell) in before.iter().enumerate() {
            let (f, r) = ((s % 8) as i32, (s / 8) as i32);
            match cell {
                Cell::Empty => {
                    let sheltered = ROOK
                        .iter()
                        .all(|&(df, dr)| at(f + df, r + dr).is_none_or(piece));
                    if !sheltered {
                        new_ice.push(s);
                    }
                }
                Cell::Piece(..) => {
                    let lonely = KING
                        .iter()
                        .all(|&(df, dr)| at(f + df, r + dr).is_none_or(|n| !piece(n)));
                    if lonely {
                        new_ice.push(s);
                    }
                }
                Cell::Ice => {}
            }
        }
        for &s in &new_ice {
            self.cells[s] = Cell::Ice;
        }
        for (right, king, rook, white) in [
            (0, 4, 7, true),
            (1, 4, 0, true),
            (2, 60, 63, false),
            (3, 60, 56, false),
        ] {
            if self.cells[king] != Cell::Piece(white, 'k')
                || self.cells[rook] != Cell::Piece(white, 'r')
            {
                self.castle[right] = false;
            }
        }
        if let Some(ep) = self.ep
            && self.cells[ep] != Cell::Empty
        {
            self.ep = None;
        }
        self.new_ice = Some(new_ice);
    }

    fn over_by_kings_or_clock(&self) -> bool {
        self.king(true).is_none() || self.king(false).is_none() || self.half >= 150
    }

    /// Every legal move as UCI text with the board after it (Ice Age included).
    pub fn legal(&self) -> Vec<(String, Board)> {
        if self.over_by_kings_or_clock() {
            return Vec::new();
        }
        let me = self.white_to_move;
        let mut out = Vec::new();
        for mv in self.pseudo() {
            let mut after = self.apply(mv);
            // Legal on the board before the Ice Age.
            if after.king(me).is_some_and(|k| after.attacked(k, !me)) {
                continue;
            }
            if !me {
                if after.full.is_multiple_of(20) {
                    after.ice_age();
                }
                after.full += 1;
            }
            after.white_to_move = !me;
            let mut text = format!("{}{}", name(mv.from), name(mv.to));
            if let Some(p) = mv.promo {
                text.push(p);
            }
            out.push((text, after));
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// The status line as the command line prints it.
    pub fn status(&self) -> String {
        match (self.king(true).is_some(), self.king(false).is_some()) {
            (false, false) => return "draw (both kings frozen)".into(),
            (false, true) => return "black wins (white king frozen)".into(),
            (true, false) => return "white wins (black king frozen)".into(),
            _ => {}
        }
        let me = self.white_to_move;
        let no_moves = self.pseudo().into_iter().all(|mv| {
            let after = self.apply(mv);
            after.king(me).is_some_and(|k| after.attacked(k, !me))
        });
        if no_moves {
            let checked = self.king(me).is_some_and(|k| self.attacked(k, !me));
            return match (checked, me) {
                (false, _) => "draw (stalemate)".into(),
                (true, true) => "black wins (checkmate)".into(),
                (true, false) => "white wins (checkmate)".into(),
            };
        }
        if self.half >= 150 {
            return "draw (150 half-moves)".into();
        }
        "ongoing".into()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, b)| b.perft(depth - 1)).sum()
    }
}
