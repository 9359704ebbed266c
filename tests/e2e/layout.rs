//! The shape of the source tree (issue #41): no loose files at `src/`'s root, no oversized file
//! in the service's rooms, and no import circle between rooms.
//!
//! A *room* is a module together with everything inside it (`bot/play/` with `bot/play/*.rs`).
//! A file naming an item of another file (a `use`, or a `crate::`/`super::`/`self::` path in
//! code, followed through `pub use` re-exports to the file that defines the item) is an arrow
//! between the two sibling rooms that hold them, the children of their nearest common module:
//! `bot/play/seat.rs` naming `bot/command/mod.rs`'s `GameRef` is an arrow `bot/play` →
//! `bot/command`. A module and its own children are one room, so a child using its parent's
//! types is no arrow. Between sibling rooms the arrows must run one way: a circle means two
//! rooms each need the other, and neither can be read (or moved) alone.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest a file in the service's rooms (`chat/`, `bot/`, `store/`, `main.rs`) may be.
const MOST_LINES: usize = 700;

fn source_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, as paths relative to `dir`, in a stable order.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(at) = pending.pop() {
        for entry in std::fs::read_dir(&at).expect("the source tree is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(
                    path.strip_prefix(dir)
                        .expect("under the root")
                        .to_path_buf(),
                );
            }
        }
    }
    found.sort();
    found
}

#[test]
fn only_lib_and_main_sit_at_the_source_root() {
    let loose: Vec<String> = std::fs::read_dir(source_root())
        .expect("src/ is readable")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "rs"))
        .filter_map(|path| Some(path.file_name()?.to_str()?.to_string()))
        .filter(|name| name != "lib.rs" && name != "main.rs")
        .collect();
    assert!(loose.is_empty(), "these files belong in a room: {loose:?}");
}

#[test]
fn no_file_in_the_service_rooms_is_over_seven_hundred_lines() {
    let root = source_root();
    let mut files: Vec<PathBuf> = vec![PathBuf::from("main.rs")];
    for room in ["chat", "bot", "store"] {
        files.extend(
            rust_files(&root.join(room))
                .into_iter()
                .map(|f| Path::new(room).join(f)),
        );
    }
    assert!(files.len() > 30, "the rooms were found: {files:?}");
    let long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let text = std::fs::read_to_string(root.join(file)).expect("a readable source file");
            let lines = text.lines().count();
            (lines > MOST_LINES).then(|| format!("{} ({lines} lines)", file.display()))
        })
        .collect();
    assert!(long.is_empty(), "over {MOST_LINES} lines: {long:?}");
}

/// The files of `room` whose text holds any of `needles`, with the first found.
fn files_saying(room: &str, needles: &[&str]) -> Vec<String> {
    let root = source_root().join(room);
    rust_files(&root)
        .into_iter()
        .filter_map(|file| {
            let text = std::fs::read_to_string(root.join(&file)).expect("a readable source file");
            let found = needles.iter().find(|needle| text.contains(*needle))?;
            Some(format!("{room}/{}: {found}", file.display()))
        })
        .collect()
}

#[test]
fn the_handlers_parse_no_stored_text_and_the_service_is_in_three_files() {
    // A row the store read comes typed (its outcome, its position by `GameRecord::game`).
    let parsing = files_saying("bot", &["Outcome::parse", "AnyGame::parse"]);
    assert!(
        parsing.is_empty(),
        "the store's rows come typed: {parsing:?}"
    );
    let service = files_saying("", &["impl Service {"]);
    assert!(
        (1..=3).contains(&service.len()),
        "impl Service in at most three files: {service:?}"
    );
    // The store's public functions take the platform typed, never as text.
    let untyped = files_saying("store", &["platform: &str"]);
    assert!(untyped.is_empty(), "{untyped:?}");
}

#[test]
fn the_store_takes_and_gives_instants_typed() {
    let untyped = bare_instants(&source_root().join("store"));
    assert!(
        untyped.is_empty(),
        "instants are a `Timestamp`, not milliseconds as `i64`: {untyped:?}"
    );
}

/// The checker itself finds an instant taken or kept as a bare `i64` by a public function or
/// field, and leaves alone a span, an id, a private function and a `Timestamp`.
#[test]
fn the_instant_check_sees_bare_instants() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("store.rs");
    let check = |text: &str| {
        std::fs::write(&file, text).expect("a written file");
        bare_instants(dir.path())
    };
    let fine = "pub struct Row {\n    pub id: i64,\n    pub time_ms: i64,\n    \
                pub updated_at: Timestamp,\n}\n\
                pub async fn claim(&self, id: i64, now: Timestamp, lease_ms: i64) {}\n\
                fn inner(now: i64) {}\n// pub fn commented(now: i64) {}\n";
    assert_eq!(check(fine), Vec::<String>::new());
    let planted = [
        ("pub async fn claim(&self, id: i64, now: i64) {}", "now"),
        (
            "pub async fn take(\n    &self,\n    name: &str,\n    lease_until: i64,\n) {}",
            "lease_until",
        ),
        ("pub(crate) fn forget(before: Option<i64>) {}", "before"),
        ("pub fn since(since: i64, limit: i64) {}", "since"),
        (
            "pub struct Row {\n    pub finished_at: Option<i64>,\n}",
            "finished_at",
        ),
        (
            "pub fn f(x: impl Fn(i64) -> i64, claimed_at: i64) {}",
            "claimed_at",
        ),
    ];
    for (text, name) in planted {
        let found = check(text);
        assert!(
            found.len() == 1 && found[0].contains(name),
            "{text:?} gave {found:?}"
        );
    }
}

/// Whether a parameter or field called `name` holds an instant.
fn names_an_instant(name: &str) -> bool {
    matches!(name, "now" | "until" | "since" | "before" | "deadline")
        || ["_at", "_since", "_until", "_before"]
            .iter()
            .any(|end| name.ends_with(end))
}

/// The `pub` functions' parameters and `pub` fields under `dir` named as instants
/// ([`names_an_instant`]) and typed `i64` or `Option<i64>`, as `file: name`.
fn bare_instants(dir: &Path) -> Vec<String> {
    let bare = |name: &str, ty: &str| {
        names_an_instant(name.trim().trim_start_matches("mut "))
            && matches!(ty.trim(), "i64" | "Option<i64>")
    };
    let mut found = Vec::new();
    for file in rust_files(dir) {
        let text = std::fs::read_to_string(dir.join(&file)).expect("a readable source file");
        let code = blank_comments_and_literals(&text);
        let mut rest = code.as_str();
        // `pub fn`, `pub async fn`, `pub(crate) fn`, …: their parameter lists.
        while let Some(at) = rest.find("pub") {
            rest = &rest[at + 3..];
            let head = rest.trim_start();
            let head = match head.strip_prefix('(') {
                Some(inside) => inside.split_once(')').map_or("", |(_, after)| after),
                None => head,
            }
            .trim_start();
            let head = head.strip_prefix("async").unwrap_or(head).trim_start();
            let (Some(signature), true) = (head.strip_prefix("fn"), head.starts_with("fn ")) else {
                continue;
            };
            let Some(open) = signature.find('(') else {
                continue;
            };
            let mut depth = 0;
            let mut params = Vec::new();
            let mut start = open + 1;
            for (i, c) in signature.char_indices().skip(open) {
                match c {
                    '(' | '<' | '[' => depth += 1,
                    '>' if signature[..i].ends_with('-') => {}
                    ')' | '>' | ']' => {
                        depth -= 1;
                        if depth == 0 {
                            params.push(&signature[start..i]);
                            break;
                        }
                    }
                    ',' if depth == 1 => {
                        params.push(&signature[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            for param in params {
                if let Some((name, ty)) = param.split_once(':')
                    && bare(name, ty)
                {
                    found.push(format!("{}: {}", file.display(), name.trim()));
                }
            }
        }
        // `pub` fields, one a line.
        for line in code.lines() {
            let Some(field) = line.trim().strip_prefix("pub ") else {
                continue;
            };
            if let Some((name, ty)) = field.trim_end_matches(',').split_once(':')
                && !name.contains(' ')
                && bare(name, ty)
            {
                found.push(format!("{}: {}", file.display(), name.trim()));
            }
        }
    }
    found
}

#[test]
fn no_import_circle_between_rooms() {
    let circles = import_circles(&source_root());
    assert!(
        circles.is_empty(),
        "rooms that import each other:\n{}",
        circles.join("\n")
    );
}

/// The checker itself finds a circle where there is one, through a re-export and an alias, and
/// none where a child only uses its parent.
#[test]
fn the_circle_check_sees_circles() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let write = |path: &str, text: &str| {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("a directory");
        std::fs::write(path, text).expect("a written file");
    };
    write("lib.rs", "pub mod a;\npub mod b;\npub use b::Thing;\n");
    write("a/mod.rs", "mod inner;\npub struct Parent;\n");
    write("a/inner.rs", "use super::Parent;\npub fn f(_: Parent) {}\n");
    write("b.rs", "pub struct Thing;\n");
    assert!(
        import_circles(dir.path()).is_empty(),
        "a child using its parent is no circle"
    );

    write(
        "a/inner.rs",
        "use super::Parent;\nuse crate::Thing;\npub fn f(_: Parent, _: Thing) {}\n",
    );
    assert!(
        import_circles(dir.path()).is_empty(),
        "arrows one way are no circle"
    );

    write(
        "b.rs",
        "use crate::a;\npub struct Thing;\n// crate::b::Nope in a comment\nfn g() -> a::Parent { a::Parent }\n",
    );
    let circles = import_circles(dir.path());
    assert_eq!(circles.len(), 1, "{circles:?}");
    assert!(
        circles[0].contains("a -> b") && circles[0].contains("b -> a"),
        "{circles:?}"
    );
}

/// A module's path (`["bot", "play"]`) for a file under the source root.
fn module_of(file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The circles between sibling rooms under `root`, each told as its arrows.
fn import_circles(root: &Path) -> Vec<String> {
    let mut modules: BTreeMap<Vec<String>, Source> = BTreeMap::new();
    for file in rust_files(root) {
        if file == Path::new("main.rs") {
            continue; // the binary: a crate of its own that only uses the library
        }
        let text = std::fs::read_to_string(root.join(&file)).expect("a readable source file");
        modules.insert(module_of(&file), Source::read(&text));
    }
    resolve_reexports(&mut modules);
    let mut arrows: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (module, source) in &modules {
        for path in source.named_paths(module, &modules) {
            let Some(target) = defining_module(&path, &modules, 0) else {
                continue;
            };
            let common = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if common == module.len() || common == target.len() {
                continue; // the same room: itself, a parent or a child
            }
            arrows
                .entry(module[..=common].to_vec())
                .or_default()
                .insert(target[..=common].to_vec());
        }
    }
    strongly_connected(&arrows)
        .into_iter()
        .map(|rooms| {
            let mut told = Vec::new();
            for from in &rooms {
                for to in arrows.get(from).into_iter().flatten() {
                    if rooms.contains(to) {
                        told.push(format!("  {} -> {}", from.join("/"), to.join("/")));
                    }
                }
            }
            told.join("\n")
        })
        .collect()
}

/// The module that defines what `path` (from the crate root) names: its longest prefix that is
/// a module, followed through that module's `pub use` of the next segment.
fn defining_module(
    path: &[String],
    modules: &BTreeMap<Vec<String>, Source>,
    depth: usize,
) -> Option<Vec<String>> {
    (0..=path.len()).rev().find_map(|length| {
        let source = modules.get(&path[..length])?;
        if let Some(next) = path.get(length)
            && let Some(target) = source.reexports.get(next)
            && depth < 16
        {
            let mut followed = target.clone();
            followed.extend_from_slice(&path[length + 1..]);
            if let Some(found) = defining_module(&followed, modules, depth + 1) {
                return Some(found);
            }
        }
        Some(path[..length].to_vec())
    })
}

/// One file's text with comments, strings and characters blanked, and what it declares.
struct Source {
    code: String,
    /// `use` trees that are not re-exports: (path as written, the name it binds).
    uses: Vec<(Vec<String>, String)>,
    /// `pub use` re-exports: the name they bind → the path as written.
    reexports_written: Vec<(Vec<String>, String)>,
    /// `pub use` re-exports resolved to crate paths (filled once the module is known).
    reexports: BTreeMap<String, Vec<String>>,
    /// `mod child;` declarations.
    children: BTreeSet<String>,
}

impl Source {
    fn read(text: &str) -> Source {
        let code = blank_comments_and_literals(text);
        let mut uses = Vec::new();
        let mut reexports_written = Vec::new();
        let mut rest = String::with_capacity(code.len());
        let mut children = BTreeSet::new();
        let words: Vec<(usize, &str)> = word_spans(&code);
        let mut skip_until = 0;
        for (index, &(at, word)) in words.iter().enumerate() {
            if at < skip_until {
                continue;
            }
            if word == "mod"
                && let Some(&(_, name)) = words.get(index + 1)
                && code[at..]
                    .split(';')
                    .next()
                    .is_some_and(|d| !d.contains('{'))
            {
                children.insert(name.to_string());
            }
            if word != "use" {
                continue;
            }
            let Some(end) = code[at..].find(';').map(|e| at + e) else {
                continue;
            };
            let before = code[..at].trim_end();
            let public = before.ends_with("pub")
                || (before.ends_with(')') && {
                    let open = before.rfind('(').unwrap_or(0);
                    before[..open].trim_end().ends_with("pub")
                });
            let tree = &code[at + 3..end];
            for (path, name) in expand_use_tree(tree) {
                if public {
                    reexports_written.push((path, name));
                } else {
                    uses.push((path, name));
                }
            }
            rest.push_str(&code[skip_until.min(at)..at]);
            skip_until = end + 1;
        }
        rest.push_str(&code[skip_until.min(code.len())..]);
        Source {
            code: rest,
            uses,
            reexports_written,
            reexports: BTreeMap::new(),
            children,
        }
    }

    /// Every crate path this file names outside its re-exports.
    fn named_paths(
        &self,
        module: &[String],
        modules: &BTreeMap<Vec<String>, Source>,
    ) -> Vec<Vec<String>> {
        let absolute = |written: &[String]| absolute_path(module, &self.children, written);
        let mut named: Vec<Vec<String>> = Vec::new();
        let mut aliases: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (written, name) in &self.uses {
            if let Some(path) = absolute(written) {
                if modules.contains_key(&path) {
                    aliases.insert(name.clone(), path.clone());
                }
                named.push(path);
            }
        }
        for child in &self.children {
            let mut path = module.to_vec();
            path.push(child.clone());
            aliases.entry(child.clone()).or_insert(path);
        }
        for path in code_paths(&self.code) {
            match path[0].as_str() {
                "crate" | "super" | "self" => named.extend(absolute(&path)),
                first => {
                    if let Some(base) = aliases.get(first) {
                        let mut full = base.clone();
                        full.extend_from_slice(&path[1..]);
                        named.push(full);
                    }
                }
            }
        }
        named
    }
}

/// Resolves `pub use` paths once every module is known (they may name children or `super`).
fn resolve_reexports(modules: &mut BTreeMap<Vec<String>, Source>) {
    let keys: Vec<Vec<String>> = modules.keys().cloned().collect();
    for module in keys {
        let Some(source) = modules.get_mut(&module) else {
            continue;
        };
        let mut resolved = BTreeMap::new();
        for (written, name) in &source.reexports_written {
            if let Some(path) = absolute_path(&module, &source.children, written) {
                resolved.insert(name.clone(), path);
            }
        }
        source.reexports = resolved;
    }
}

/// A path as written in `module` turned into a path from the crate root, when it is one of
/// the crate's (`crate::`, `super::`, `self::` or a child module); `None` for other crates.
fn absolute_path(
    module: &[String],
    children: &BTreeSet<String>,
    written: &[String],
) -> Option<Vec<String>> {
    let first = written.first()?;
    let mut base = module.to_vec();
    let mut rest = written;
    match first.as_str() {
        "crate" => {
            base.clear();
            rest = &written[1..];
        }
        "self" => rest = &written[1..],
        "super" => {
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        child if children.contains(child) => {}
        _ => return None,
    }
    base.extend(rest.iter().filter(|s| *s != "self" && *s != "*").cloned());
    Some(base)
}

/// The paths of a `use` tree (`crate::a::{b, c::{d as e}}`), each with the name it binds.
fn expand_use_tree(tree: &str) -> Vec<(Vec<String>, String)> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let (path, alias) = match tree.split_once(" as ") {
            Some((path, alias)) => (path, Some(alias.trim())),
            None => (tree, None),
        };
        let segments: Vec<String> = path
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let Some(last) = segments.last() else {
            return Vec::new();
        };
        let name = alias.unwrap_or(last).to_string();
        return vec![(segments, name)];
    };
    let prefix: Vec<String> = tree[..open]
        .split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut items = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (at, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    items
        .into_iter()
        .filter(|item| !item.trim().is_empty())
        .flat_map(expand_use_tree)
        .map(|(path, name)| {
            let mut full = prefix.clone();
            full.extend(path.into_iter().filter(|s| s != "self"));
            let name = if name == "self" {
                full.last().cloned().unwrap_or_default()
            } else {
                name
            };
            (full, name)
        })
        .collect()
}

/// The `a::b::c` paths in code (two segments or more), each starting at a word that no `::`
/// precedes.
fn code_paths(code: &str) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut paths = Vec::new();
    for (at, word) in word_spans(code) {
        let preceded = at >= 2 && &bytes[at - 2..at] == b"::";
        if preceded {
            continue;
        }
        let mut segments = vec![word.to_string()];
        let mut end = at + word.len();
        while code[end..].starts_with("::") {
            let next = &code[end + 2..];
            let length = next
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(next.len());
            if length == 0 {
                break; // `a::{…}` or `a::<T>`
            }
            segments.push(next[..length].to_string());
            end += 2 + length;
        }
        if segments.len() > 1 {
            paths.push(segments);
        }
    }
    paths
}

/// Every identifier-like word with its byte offset.
fn word_spans(code: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    for (at, c) in code.char_indices() {
        let part = c.is_alphanumeric() || c == '_';
        match (part, start) {
            (true, None) => start = Some(at),
            (false, Some(from)) => {
                words.push((from, &code[from..at]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(from) = start {
        words.push((from, &code[from..]));
    }
    words
}

/// `text` with comments, string literals (raw ones too) and character literals replaced by
/// spaces, so that only code is read.
fn blank_comments_and_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |out: &mut String, c: char| out.push(if c == '\n' { '\n' } else { ' ' });
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                blank(&mut out, chars[i]);
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !chars
                .get(i.wrapping_sub(1))
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            let mut hashes = 0;
            let mut j = i + 1;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                match chars.get(j) {
                    None => break,
                    Some('"') if (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) => {
                        j += 1 + hashes;
                        break;
                    }
                    _ => j += 1,
                }
            }
            for &skipped in &chars[i..j.min(chars.len())] {
                blank(&mut out, skipped);
            }
            i = j;
        } else if c == '"' {
            blank(&mut out, c);
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
                if i < chars.len() {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
            }
            if i < chars.len() {
                blank(&mut out, chars[i]);
                i += 1;
            }
        } else if c == '\'' && next == Some('\\') {
            // '\n', '\'', '\u{…}': the escaped character, then on to the closing quote
            let mut j = i + 3;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            for &skipped in &chars[i..(j + 1).min(chars.len())] {
                blank(&mut out, skipped);
            }
            i = j + 1;
        } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
            out.push_str("   ");
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The strongly connected groups of two rooms or more (Tarjan's algorithm).
fn strongly_connected(
    arrows: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
) -> Vec<Vec<Vec<String>>> {
    struct Walk<'a> {
        arrows: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a [String], usize>,
        low: BTreeMap<&'a [String], usize>,
        stack: Vec<&'a [String]>,
        on_stack: BTreeSet<&'a [String]>,
        found: Vec<Vec<Vec<String>>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, room: &'a [String]) {
            let number = self.index.len();
            self.index.insert(room, number);
            self.low.insert(room, number);
            self.stack.push(room);
            self.on_stack.insert(room);
            for next in self.arrows.get(room).into_iter().flatten() {
                let next = next.as_slice();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[room].min(self.low[next]);
                    self.low.insert(room, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[room].min(self.index[next]);
                    self.low.insert(room, low);
                }
            }
            if self.low[room] == self.index[room] {
                let mut group = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(member);
                    group.push(member.to_vec());
                    if member == room {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        arrows,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    let rooms: BTreeSet<&[String]> = arrows
        .iter()
        .flat_map(|(from, to)| std::iter::once(from.as_slice()).chain(to.iter().map(Vec::as_slice)))
        .collect();
    for room in rooms {
        if !walk.index.contains_key(room) {
            walk.visit(room);
        }
    }
    walk.found
}
