//! `kibitz analyse FILE [-o PNG]`: the engine's review of a game's record, as `analysis`
//! makes it in chat, on one core: each turn with its value and mark, each side's accuracy and
//! the time the review took (how `docs/engines.md` measures the analysis budget).

use super::{Failure, emit};
use crate::engine::analysis::{self, Evaluation};
use crate::games::Side;
use crate::games::records::Record;
use std::time::Instant;

pub fn analyse(file: &std::path::Path, output: Option<&std::path::Path>) -> Result<(), Failure> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| Failure(format!("cannot read {}: {e}", file.display())))?;
    let record = Record::read(&text).map_err(|e| Failure(format!("{}: {e}", file.display())))?;
    let steps = record
        .replay()
        .map_err(|e| Failure(format!("{}: {e}", file.display())))?;
    let started = Instant::now();
    let mut slowest = 0.0f64;
    let evaluations: Vec<Evaluation> = steps
        .iter()
        .enumerate()
        .map(|(index, step)| {
            let one = Instant::now();
            let next = steps.get(index + 1).map(|s| &s.position);
            let evaluation = analysis::evaluate(&step.position, next);
            slowest = slowest.max(one.elapsed().as_secs_f64() * 1000.0);
            evaluation
        })
        .collect();
    let elapsed = started.elapsed().as_secs_f64();
    let sides: Vec<Side> = record.turns.iter().map(|turn| turn.side).collect();
    let review = analysis::review(record.kind, &sides, &evaluations);
    let mut lines = vec![format!(
        "game: {}, {} turns, {} positions",
        record.kind,
        record.turns.len(),
        steps.len()
    )];
    for (index, turn) in review.turns.iter().enumerate() {
        let shown = crate::bot::turn_shown(&steps, index, turn.side, turn.mark);
        let value = turn
            .after
            .map_or_else(|| "-".to_string(), |v| format!("{v:+}"));
        let best = turn
            .best
            .as_deref()
            .map_or_else(String::new, |b| format!(" (best {b})"));
        lines.push(format!("{shown}  {value}  loss {:.2}{best}", turn.loss));
    }
    let side_line = |side: Side, name: &str| {
        format!(
            "{name}: accuracy {} % · ?! {} · ? {} · ?? {}",
            review
                .accuracy(side)
                .map_or_else(|| "-".to_string(), |a| a.to_string()),
            review.count(side, analysis::Mark::Inaccuracy),
            review.count(side, analysis::Mark::Mistake),
            review.count(side, analysis::Mark::Blunder)
        )
    };
    let white = side_line(Side::White, &record.white);
    let black = side_line(Side::Black, &record.black);
    lines.push(white.clone());
    lines.push(black.clone());
    lines.push(format!(
        "analysed in {:.2} s: {:.1} ms a position on average, {slowest:.1} ms the slowest",
        elapsed,
        elapsed * 1000.0 / steps.len().max(1) as f64
    ));
    if let Some(output) = output {
        let renderer =
            crate::render::Renderer::new().map_err(|e| Failure(format!("cannot draw: {e}")))?;
        let (chances, marks) = crate::bot::review_graph(&review, &evaluations);
        let view = crate::render::ReviewView {
            title: format!("Review · {}", record.kind),
            white,
            black,
            chances,
            marks,
            legend: "Light: White's winning chance; dots: ?! blue, ? orange, ?? red.".into(),
        };
        let png = renderer
            .render_review(&view)
            .map_err(|e| Failure(format!("cannot draw: {e}")))?;
        std::fs::write(output, png)
            .map_err(|e| Failure(format!("cannot write {}: {e}", output.display())))?;
    }
    emit(lines)
}
