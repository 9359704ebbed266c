//! The `kibitz` command line's tools, one file a concept: `main.rs` holds only the clap
//! definitions and the dispatch to these.
//!
//! In the library (hidden from its docs) rather than the binary, so that the benches, the
//! fuzz targets and the tests reach the same code: `fuzzing` is what the fuzz targets and
//! `tests/e2e/fuzz_corpus.rs` call, `bench_load`/`bench_engine`/`bench_delivery` are
//! `kibitz bench`.
//!
//! - `output`: a tool's answer, its lines or a [`Failure`];
//! - `position`, `last_move`, `rules`: the rules tools (`perft`, `moves`, `play`, `render`);
//! - `record`, `arena`, `ambit`, `analyse`: `kibitz record`, `kibitz match`, `kibitz ambit …`,
//!   `kibitz analyse`;
//! - `config`, `secrets`: `kibitz run`'s configuration and the secrets kept out of its errors;
//! - `run`, `stop`, `logs`: running the bot, stopping it, and where its logs go;
//! - `bench_load`, `bench_engine`, `bench_delivery`, `fuzzing`: the measuring and fuzzing
//!   tools.

pub mod ambit;
pub mod analyse;
pub mod arena;
pub mod bench_delivery;
pub mod bench_engine;
pub mod bench_load;
pub mod config;
pub mod fuzzing;
pub mod last_move;
pub mod logs;
mod output;
pub mod position;
pub mod record;
pub mod rules;
pub mod run;
pub mod secrets;
pub mod stop;

pub use output::{Failure, emit};
