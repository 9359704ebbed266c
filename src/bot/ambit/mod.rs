//! AMBIT in chat: practice puzzles (`puzzle`), the daily puzzle (`daily`: one attempt per
//! user and day, timed, private replies, a share line that spoils nothing), and what both
//! share (`attempt`): the attempt's board, its rack of buttons, saving and finishing it; and
//! `hint`, one piece of a smallest solution.

pub(super) mod attempt;
pub(super) mod daily;
pub(super) mod hint;
pub(super) mod puzzle;
