//! The message catalogue: every user-facing text, in Fluent files under `assets/locales/`.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::collections::HashMap;
use unic_langid::LanguageIdentifier;

/// The catalogue files compiled into the binary: (language, Fluent source).
const SOURCES: &[(&str, &str)] = &[
    ("en", include_str!("../../assets/locales/en/kibitz.ftl")),
    ("ru", include_str!("../../assets/locales/ru/kibitz.ftl")),
    ("nb", include_str!("../../assets/locales/nb/kibitz.ftl")),
];

/// The languages Kibitz speaks, as `lang` and `settings language` accept them.
pub const LANGUAGES: [&str; 3] = ["en", "ru", "nb"];

pub const DEFAULT_LANGUAGE: &str = "en";

#[derive(Debug, thiserror::Error)]
pub enum CatalogueError {
    #[error("catalogue {language} does not parse: {details}")]
    Parse { language: String, details: String },
    #[error("bad language tag {0}")]
    Language(String),
}

/// Arguments of a message, in the order they are added.
#[derive(Clone, Debug, Default)]
pub struct Args(Vec<(&'static str, FluentValue<'static>)>);

impl Args {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with(mut self, name: &'static str, value: impl ToString) -> Self {
        self.0.push((name, FluentValue::from(value.to_string())));
        self
    }

    pub fn number(mut self, name: &'static str, value: i64) -> Self {
        self.0.push((name, FluentValue::from(value)));
        self
    }
}

pub struct Catalogue {
    bundles: HashMap<String, FluentBundle<FluentResource>>,
}

impl std::fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalogue")
            .field("languages", &self.bundles.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl Catalogue {
    pub fn load() -> Result<Self, CatalogueError> {
        let mut bundles = HashMap::new();
        for &(language, source) in SOURCES {
            let id: LanguageIdentifier = language
                .parse()
                .map_err(|_| CatalogueError::Language(language.to_string()))?;
            let resource = FluentResource::try_new(source.to_string()).map_err(|(_, errors)| {
                CatalogueError::Parse {
                    language: language.to_string(),
                    details: format!("{errors:?}"),
                }
            })?;
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // Isolation marks would show up as stray characters in plain chat text.
            bundle.set_use_isolating(false);
            bundle
                .add_resource(resource)
                .map_err(|errors| CatalogueError::Parse {
                    language: language.to_string(),
                    details: format!("{errors:?}"),
                })?;
            bundles.insert(language.to_string(), bundle);
        }
        Ok(Catalogue { bundles })
    }

    /// The catalogue language that serves `locale` (`en-GB` → `en`), English by default.
    pub fn language_for<'a>(&'a self, locale: Option<&str>) -> &'a str {
        self.serving(locale).unwrap_or(DEFAULT_LANGUAGE)
    }

    /// The catalogue language that serves `locale`, if any does. Norwegian in any form
    /// (`no`, `nn`, `nb-NO`; Discord says `no`) is served by Bokmål.
    pub fn serving<'a>(&'a self, locale: Option<&str>) -> Option<&'a str> {
        let wanted = locale
            .and_then(|l| l.split(['-', '_']).next())
            .map(str::to_ascii_lowercase)?;
        let wanted = match wanted.as_str() {
            "no" | "nn" | "nob" | "norsk" | "bokmål" | "bokmal" => "nb",
            "russian" | "русский" | "рус" => "ru",
            "english" => "en",
            other => other,
        };
        self.bundles
            .get_key_value(wanted)
            .map(|(language, _)| language.as_str())
    }

    /// Every message id of `language`'s catalogue.
    pub fn keys(&self, language: &str) -> Vec<String> {
        SOURCES
            .iter()
            .filter(|(l, _)| *l == language)
            .flat_map(|(_, source)| source.lines())
            .filter_map(|line| {
                let (id, _) = line.split_once(" =")?;
                (!id.is_empty()
                    && id
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
                .then(|| id.to_string())
            })
            .collect()
    }

    pub fn has(&self, language: &str, key: &str) -> bool {
        self.bundles
            .get(language)
            .is_some_and(|bundle| bundle.has_message(key))
    }

    /// The text of `key` in `language`, falling back to English, then to the key itself.
    pub fn text(&self, language: &str, key: &str, args: &Args) -> String {
        for language in [language, DEFAULT_LANGUAGE] {
            let Some(bundle) = self.bundles.get(language) else {
                continue;
            };
            let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
                continue;
            };
            let mut fluent_args = FluentArgs::new();
            for (name, value) in &args.0 {
                fluent_args.set(*name, value.clone());
            }
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
            if !errors.is_empty() {
                tracing::warn!(key, ?errors, "message formatted with errors");
            }
            return text.into_owned();
        }
        tracing::warn!(key, "message missing from the catalogue");
        key.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn every_catalogue_parses_and_english_is_the_fallback() {
        let catalogue = Catalogue::load().unwrap();
        assert_eq!(catalogue.language_for(Some("en-GB")), "en");
        assert_eq!(catalogue.language_for(Some("xx")), "en");
        assert_eq!(catalogue.language_for(Some("ru-RU")), "ru");
        assert_eq!(catalogue.language_for(Some("no")), "nb");
        assert_eq!(catalogue.language_for(Some("nb-NO")), "nb");
        assert_eq!(catalogue.language_for(None), "en");
        let text = catalogue.text("en", "kf-blocked", &Args::new().with("square", "d3"));
        assert_eq!(text, "d3 is blocked.");
    }

    /// Every message key the code names (`"key"` passed to the catalogue or to a rules error)
    /// must exist in every catalogue, so no user ever sees a bare key.
    #[test]
    fn every_key_used_in_the_code_is_in_every_catalogue() {
        let catalogue = Catalogue::load().unwrap();
        let mut keys = Vec::new();
        collect_keys(
            Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
            &mut keys,
        );
        assert!(keys.len() > 40, "found only {} keys", keys.len());
        for &(language, _) in SOURCES {
            for key in &keys {
                assert!(catalogue.has(language, key), "{language} lacks {key}");
            }
        }
    }

    /// Every catalogue has exactly English's messages, and every message is used somewhere in
    /// the code (as a quoted literal), so none is missing and none is dead weight.
    #[test]
    fn every_catalogue_has_exactly_the_used_keys() {
        let catalogue = Catalogue::load().unwrap();
        let english = catalogue.keys("en");
        assert!(english.len() > 200, "{} keys", english.len());
        for language in LANGUAGES {
            let mut theirs = catalogue.keys(language);
            let mut ours = english.clone();
            theirs.sort();
            ours.sort();
            assert_eq!(theirs, ours, "{language} differs from en");
        }
        let mut source = String::new();
        read_sources(
            Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
            &mut source,
        );
        for key in &english {
            assert!(
                source.contains(&format!("\"{key}\"")),
                "{key} is never used"
            );
        }
    }

    #[test]
    fn russian_plurals_follow_the_number() {
        let catalogue = Catalogue::load().unwrap();
        let pieces = |n: i64| {
            let args = Args::new()
                .with("number", 1)
                .with("result", "★")
                .with("time", "1:00")
                .number("pieces", n)
                .with("hints", "");
            let text = catalogue.text("ru", "ambit-share", &args);
            text.rsplit(' ').next().unwrap_or_default().to_string()
        };
        let expected = [
            (0, "фигур"),
            (1, "фигура"),
            (2, "фигуры"),
            (5, "фигур"),
            (11, "фигур"),
            (21, "фигура"),
            (22, "фигуры"),
            (25, "фигур"),
        ];
        for (n, word) in expected {
            assert_eq!(pieces(n), word, "{n}");
        }
        let nb = catalogue.text(
            "nb",
            "ambit-share",
            &Args::new().number("pieces", 2).with("hints", ""),
        );
        assert!(nb.ends_with("2 brikker"), "{nb}");
    }

    fn read_sources(dir: &Path, all: &mut String) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                read_sources(&path, all);
            } else if path.extension().is_some_and(|e| e == "rs") {
                all.push_str(&std::fs::read_to_string(&path).unwrap());
            }
        }
    }

    fn collect_keys(dir: &Path, keys: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                collect_keys(&path, keys);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let source = std::fs::read_to_string(&path).unwrap();
                for marker in ["RulesError::new(\"", "msg(\"", "key: \""] {
                    for piece in source.split(marker).skip(1) {
                        if let Some(end) = piece.find('"') {
                            let key = &piece[..end];
                            if !key.is_empty()
                                && key.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                            {
                                keys.push(key.to_string());
                            }
                        }
                    }
                }
            }
        }
        keys.sort();
        keys.dedup();
    }
}
