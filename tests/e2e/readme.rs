//! The README is true: every command-line example in its fenced blocks runs and ends as it
//! says, every synopsis line names a subcommand and options that exist, every file it points
//! to is in the repository, and its Layout names everything under `src/`.

use std::path::{Path, PathBuf};
use std::process::Stdio;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("README.md")
}

/// The lines inside ``` fences that start a `kibitz` command (`cargo run --release --`
/// being `kibitz` built and run).
fn fenced_commands(readme: &str) -> Vec<String> {
    let mut inside = false;
    let mut commands = Vec::new();
    for line in readme.lines() {
        if line.trim_start().starts_with("```") {
            inside = !inside;
            continue;
        }
        let line = line.trim();
        if !inside {
            continue;
        }
        if let Some(rest) = line.strip_prefix("cargo run --release -- ") {
            commands.push(rest.to_string());
        } else if let Some(rest) = line.strip_prefix("kibitz ") {
            commands.push(rest.to_string());
        }
    }
    commands
}

/// A command line split as a shell would (whitespace, single and double quotes) and the
/// comment after an unquoted `#`.
fn shell_words(line: &str) -> (Vec<String>, String) {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    for (at, c) in line.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, '#') if word.is_none() => return (words, line[at + 1..].trim().to_string()),
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(quote.is_none(), "an unclosed quote in {line:?}");
    words.extend(word);
    (words, String::new())
}

/// A placeholder of a synopsis (`GAME`, `FILE.png`, `[--last MOVE]`), not a real argument.
fn placeholder(word: &str) -> bool {
    let stem = word.trim_matches(['[', ']']);
    let stem = stem.split('.').next().unwrap_or_default();
    word.starts_with('[')
        || (stem.len() >= 2
            && stem
                .chars()
                .all(|c| c.is_ascii_uppercase() || c == '-' || c == '_'))
}

/// The exit code the README gives next to an example (`# exits 1`), else 0.
fn expected_exit(comment: &str) -> i32 {
    comment
        .split_once("exits ")
        .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|code| code.parse().ok())
        .unwrap_or(0)
}

/// `kibitz` with `args` in `dir`, on a database of its own, with no standard input (so
/// `run` ends at once) and no platform token.
fn kibitz_in(dir: &Path, args: &[String], stdin: Stdio) -> std::process::Output {
    crate::support::kibitz_in_dir(dir)
        .args(args)
        .stdin(stdin)
        .output()
        .expect("kibitz runs")
}

#[test]
fn every_command_line_example_runs_and_ends_as_the_readme_says() {
    let readme = readme();
    let commands = fenced_commands(&readme);
    assert!(commands.len() >= 10, "{commands:?}");
    let mut examples = 0;
    let mut synopses = 0;
    for command in &commands {
        let (mut words, comment) = shell_words(command);
        let dir = tempfile::tempdir().unwrap();
        if words.iter().any(|word| placeholder(word)) {
            // A synopsis: its subcommand exists and knows every option it names.
            synopses += 1;
            let path: Vec<String> = words
                .iter()
                .take_while(|word| !placeholder(word) && !word.starts_with('-'))
                .cloned()
                .collect();
            let mut help_args = path.clone();
            help_args.push("--help".to_string());
            let output = kibitz_in(dir.path(), &help_args, Stdio::null());
            let help = String::from_utf8_lossy(&output.stdout);
            assert!(output.status.success(), "kibitz {command}: {output:?}");
            for option in words
                .iter()
                .map(|word| word.trim_matches(['[', ']']))
                .filter(|word| word.starts_with('-'))
            {
                assert!(
                    help.contains(option),
                    "kibitz {command}: {option} in\n{help}"
                );
            }
            continue;
        }
        examples += 1;
        // `< FILE`: standard input from a file the README names.
        let mut stdin = Stdio::null();
        if let Some(at) = words.iter().position(|word| word == "<") {
            let file = words.get(at + 1).expect("a file after <").clone();
            let opened = std::fs::File::open(root().join(&file))
                .unwrap_or_else(|e| panic!("kibitz {command}: {file}: {e}"));
            stdin = Stdio::from(opened);
            words.drain(at..at + 2);
        }
        let output = kibitz_in(dir.path(), &words, stdin);
        assert_eq!(
            output.status.code(),
            Some(expected_exit(&comment)),
            "kibitz {command}:\n{}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        // A picture the example writes is there.
        for file in words.windows(2).filter(|w| w[0] == "-o").map(|w| &w[1]) {
            assert!(
                image::open(dir.path().join(file)).is_ok(),
                "kibitz {command}: {file}"
            );
        }
    }
    assert!(
        examples >= 5 && synopses >= 5,
        "{examples} examples, {synopses} synopses"
    );
}

/// The repository paths the README names: its relative links, and the paths in backquotes
/// that start at a folder of the repository or name a source or document file.
fn named_paths(readme: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for link in readme.split("](").skip(1) {
        let target = link.split(')').next().unwrap_or_default();
        if !target.contains("://") && !target.starts_with('#') {
            paths.push(target.split('#').next().unwrap_or_default().to_string());
        }
    }
    for (index, quoted) in readme.split('`').enumerate() {
        let path_like = index % 2 == 1
            && quoted.contains('/')
            && (!quoted.starts_with(['/', '.', '@']) || quoted.starts_with(".ci/"))
            && quoted
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "/._-".contains(c));
        if !path_like || quoted.split('/').any(placeholder) {
            continue;
        }
        let first = quoted.split('/').next().unwrap_or_default();
        // What the build and the tests write (`target/…`) is not in the repository: it
        // exists only after the test that writes it, which may run after this one.
        if first == "target" {
            continue;
        }
        let document = [".md", ".rs", ".toml", ".yaml", ".ftl", ".sql"]
            .iter()
            .any(|ext| quoted.ends_with(ext));
        if document || root().join(first).is_dir() {
            paths.push(quoted.to_string());
        }
    }
    paths
}

#[test]
fn every_file_the_readme_names_is_in_the_repository() {
    let paths = named_paths(&readme());
    for expected in [
        "docs/rulings.md",
        "src/games/chesimals/notation.rs",
        "deploy/Caddyfile",
    ] {
        assert!(
            paths.iter().any(|p| p == expected),
            "{expected} in {paths:?}"
        );
    }
    let missing: Vec<&String> = paths.iter().filter(|p| !root().join(p).exists()).collect();
    assert!(
        missing.is_empty(),
        "named but not in the repository: {missing:?}"
    );
}

#[test]
fn the_layout_names_everything_under_src() {
    let readme = readme();
    let layout = readme
        .split("## Layout")
        .nth(1)
        .expect("a Layout section")
        .split("\n## ")
        .next()
        .unwrap_or_default();
    let mut unnamed = Vec::new();
    for entry in std::fs::read_dir(root().join("src")).unwrap() {
        let entry = entry.unwrap();
        let mut name = format!("src/{}", entry.file_name().to_string_lossy());
        if entry.path().is_dir() {
            name.push('/');
        }
        if !layout.contains(&format!("`{name}`")) {
            unnamed.push(name);
        }
    }
    assert!(unnamed.is_empty(), "the Layout leaves out {unnamed:?}");
}

#[test]
fn command_lines_split_as_a_shell_splits_them() {
    let (words, comment) =
        shell_words(r#"render ambit "..#.#/.#" -o a.png   # a picture, exits 1"#);
    assert_eq!(words, ["render", "ambit", "..#.#/.#", "-o", "a.png"]);
    assert_eq!(expected_exit(&comment), 1);
    let (words, comment) = shell_words("play 'a b' ''");
    assert_eq!(words, ["play", "a b", ""]);
    assert_eq!(expected_exit(&comment), 0);
    assert!(placeholder("GAME") && placeholder("FILE.png") && placeholder("[--flip]"));
    assert!(!placeholder("glacier") && !placeholder("Nxf6") && !placeholder("start:7"));
}
