## Kibitz — English message catalogue.
## Every text a user can see lives here; other languages are files beside this one.

## Help

help-intro = Kibitz plays board games in this chat. Commands (with or without a leading /):
help-footer = help <command> — one command's usage. Games: { $games }.
help-game = How { $game } moves are typed:
help-game-rules = The whole rules: rules { $name }
help-unknown-command = There is no command "{ $command }". Type help for the list.
console-ready = Kibitz console chat: one line is one message; `@alice help` speaks as alice and lists the commands. End of input (Ctrl-D) or Ctrl-C ends it.
console-not-utf8 = That line is not UTF-8 text, so it was not read. Type it again as plain text.
cmd-help = help [command] — this list, or one command's usage
cmd-rules = rules <game> — the rules of a game, short
cmd-play = play <game> [@user|computer] | play ambit [level] | play daily — start a game, an AMBIT practice puzzle or today's daily
cmd-challenge = challenge [@user|computer] <game> [white|black|random] [level:1-8] [time:3d|10m+5s|none] [seed:N] — challenge someone, anyone, or the computer
cmd-accept = accept [#id] — accept a challenge
cmd-decline = decline [#id] — decline a challenge, or withdraw your own
cmd-move = move <move> [#id] — make a move; a bare move such as d3 or d3/g7 works too
cmd-board = board [#id] [flip] — show the board (flip: from Black's side)
cmd-resign = resign [confirm] [#id] — give up the game
cmd-draw = draw [#id] — offer a draw, or accept the one offered
cmd-games = games [finished] [page] — this chat's games and challenges (or its finished games)
cmd-ambit = ambit [easy|medium|hard] — an AMBIT practice puzzle
cmd-daily = daily [game] — today's puzzle: AMBIT's, or a game's (daily kf, then daily kf <move>)
cmd-place = place <piece><square> — place a piece on the AMBIT board: place Nf3, or just Nf3
cmd-giveup = giveup — end your AMBIT puzzle and see a solution
cmd-hint = hint — in your AMBIT puzzle, show one piece of a smallest solution (in the daily it costs a star)
cmd-leaderboard = leaderboard [ambit|<game>] [week|month|all] [page] — AMBIT dailies or a game's ratings here
cmd-stats = stats [@user] — AMBIT dailies, streaks and ratings here
cmd-settings = settings daily [glacier|kf] [on|off] [hh:mm] [level] — post a daily puzzle here at a UTC time · settings language|computer|threads|tournaments … (admins)
cmd-tournament = tournament [create <game> [swiss|rr|double|arena] [rounds:N] [duration:60m] [time:1d] [start:hh:mm] [name]|join|leave|add computer [level:N]|berserk|start|cancel|standings|pairings] [#N] — this chat's tournaments
cmd-forgetme = forgetme — delete everything Kibitz keeps about you
cmd-lang = lang [en|ru|nb|auto] — the language Kibitz speaks to you (auto: your app's)

## The command menu (Telegram's / list): one short line each

menu-help = The command list, or one command's usage
menu-rules = The rules of a game, with a picture
menu-play = Play: a game, an AMBIT puzzle or the daily
menu-challenge = Challenge someone (or anyone) to a game
menu-accept = Accept a challenge
menu-decline = Decline a challenge, or withdraw your own
menu-move = Make a move
menu-board = Show the board
menu-resign = Give up the game
menu-draw = Offer a draw, or accept the one offered
menu-games = The games and challenges in this chat
menu-ambit = Practise AMBIT, the footprint puzzle
menu-daily = Today's AMBIT puzzle
menu-place = Place a piece in your AMBIT puzzle
menu-leaderboard = The standings in this chat
menu-stats = Your results and ratings
menu-settings = Daily post settings (admins)
menu-tournament = Tournaments: create, join, standings
menu-forgetme = Delete your data
menu-lang = Choose your language
menu-giveup = Give up the AMBIT puzzle and see a solution
menu-hint = A hint for the AMBIT puzzle (costs a star in the daily)

## Rules

rules-knight-fight =
    Knight Fight (by Andy Lewicki) — two knights on a 10x10 board of the numbers 00-99.
    • White places a knight on rank 1, then Black on rank 10; after that every move is a knight's jump.
    • You score the number you land on. The square you leave is blocked for good.
    • Landing on 57 blocks 75 (the mirror). Landing on a double (00, 11 … 99) blocks another double of your choice: d3/g7 lands on d3 and blocks g7.
    • You may not land on a blocked square, on the other knight, or on a square the other knight attacks.
    • The game ends as soon as either knight has no move; the higher score wins.
rules-ambit =
    AMBIT — a one-player puzzle on an empty chessboard.
    • The yellow squares are the puzzle's footprint. Place pieces (K Q R B N, as many as you like) so that together they attack exactly those squares: place Nf3.
    • A piece attacks as in chess on an empty board (pieces never block each other) and never its own square.
    • A piece that would attack a square outside the footprint is not placed, and you lose one of your 3 lives. Pieces stay where they are put.
    • A piece standing on a yellow square must be attacked by another piece (anchored).
    • Solved when every yellow square is attacked and every piece is anchored; the lives left are your stars. The daily puzzle is the same for everyone and timed.
rules-usage = Usage: rules <game>. Games: { $games }.
rules-glacier =
    Glacier Chess (Ice Age Chess, by Köksal Karakus) — chess on a frozen board.
    • Every empty square starts as ice. Ice blocks like a piece; either side may capture it like an enemy piece (a pawn only diagonally). So each side's first move is a capture.
    • After every 20th Black move comes an Ice Age: every empty square freezes unless all its neighbours up, down, left and right are pieces (the board edge counts), and every piece with no piece on its eight neighbouring squares freezes too.
    • A frozen king loses (both frozen: a draw). Otherwise it is chess: checkmate wins; stalemate and 150 half-moves without a capture or pawn move draw. No draw by repetition.

## Games and challenges

game-name-knight-fight = Knight Fight
game-name-glacier = Glacier Chess
game-name-ambit = AMBIT
side-white = White
side-black = Black
challenge-open = { $challenger } offers an open { $game } challenge (#{ $id }). Anyone may accept it: accept { $id }.
challenge-direct = { $challenger } challenges { $invitee } to { $game } (#{ $id }). { $invitee }: accept { $id } or decline { $id }.
challenge-usage = Usage: challenge [@user|computer] <game> [white|black|random] [level:1-8] [time:3d|time:10m+5s|time:none] [seed:N]. Games: { $games }.
challenge-unknown-game = I don't know the game "{ $game }". Games: { $games }.
challenge-self = You cannot challenge yourself. Challenge someone else, or leave out @user for an open challenge.
challenge-unknown-user = I don't know { $handle } yet: they have to write in a chat with me first.
challenge-bad-seed = "{ $seed }" is not a seed: use seed: followed by a whole number, e.g. seed:42.
button-accept = Accept
button-decline = Decline
button-accept-draw = Accept draw
accept-none = There is no challenge here for you to accept. Start one: challenge [@user] <game>.
accept-own = That is your own challenge: wait for someone else to accept it, or withdraw it with decline { $id }.
accept-not-yours = Challenge #{ $id } is meant for someone else.
accept-several = Several challenges wait for you: { $ids }. Say which one, e.g. accept { $first }.
game-started = Game #{ $id } of { $game } begins: { $white } (White) against { $black } (Black).
decline-none = There is no challenge here for you to decline.
decline-several = Several challenges could be meant: { $ids }. Say which one, e.g. decline { $first }.
declined = { $user } declined challenge #{ $id }.
withdrawn = { $user } withdrew challenge #{ $id }.
no-such-game = There is no game #{ $id } in this chat.
game-id-malformed = "{ $text }" is not a game number: use # and digits, e.g. #12.
not-a-player = You are not playing game #{ $id }: only its two players can do that.
no-game = You have no game running in this chat. Start one: challenge [@user] <game>.
bare-move-several = { $move } is a legal move in several of your games: { $ids }. Say which, e.g. { $example }.
bare-move-nowhere = { $move } is not a legal move in any of your games where it is your turn ({ $ids }). See one with { $example }.
bare-placement-or-move = { $text } fits your AMBIT puzzle and your game #{ $id }. Say which: { $place } or { $move }.
several-games = You have several games here: { $ids }. Add the game number, e.g. { $example }.
game-not-started = Game #{ $id } has not started: it is still a challenge.
game-finished = Game #{ $id } is over ({ $result }). Start a new one: challenge [@user] <game>.
not-your-turn = It is not your turn in game #{ $id }: { $player } is to move.
move-usage = Usage: { $usage }
move-usage-knight-fight = move <square>[/<double>] — e.g. move d3, or d3/g7 when you land on a double and must block another.
move-usage-glacier = move <move> — UCI or SAN, e.g. move h2g3, move hxg3, move Nxf3, move O-O, move e7e8q.
move-conflict = Game #{ $id } changed while your command was on its way; nothing was applied. Look at the board and try again.
games-none = No games or challenges in this chat. Start one: challenge [@user] <game>.
games-header = Games in this chat:
games-line-ongoing = #{ $id } { $game }: { $white } (White) against { $black } (Black), { $player } to move
games-line-challenge-open = #{ $id } { $game }: open challenge by { $challenger }
games-line-challenge = #{ $id } { $game }: { $challenger } challenges { $invitee }
games-page = (page { $page })
games-page-empty = There is no page { $page } of games here. Type games for the first page.
challenge-too-many = You have { $max } open challenges here already: { $ids }. Withdraw one (e.g. decline { $first }) or wait until one is accepted or expires (after 24 hours).
challenge-expired = Challenge #{ $id } has expired: nobody accepted it within 24 hours. Start a new one: challenge [@user] <game>.
rate-limited = Slow down, please: I answer at most { $commands } commands per { $seconds } seconds from one person. I will skip your next lines for a moment.
group-share-limited = Slow down, please: in a group I answer each person at most { $commands } commands a minute, so that everyone here gets a turn. I will skip your next lines here for a moment.
line-too-long = That line is too long for me: I read at most { $max } characters. Nothing was done.
resigned = { $user } resigns game #{ $id }. { $winner } wins.
draw-offered = { $user } offers a draw in game #{ $id }. { $opponent }: draw { $id } to accept, decline { $id } or any move to decline.
draw-already-offered = You have already offered a draw in game #{ $id }; it is { $opponent }'s call.
draw-agreed = Game #{ $id } is drawn by agreement.
internal-error = Something went wrong on my side, and nothing was changed. Please try again in a moment.

## AMBIT in chat

ambit-level-easy = easy
ambit-level-medium = medium
ambit-level-hard = hard
ambit-practice-start = A new AMBIT puzzle ({ $level }).
ambit-practice-short = AMBIT practice
ambit-daily-title = AMBIT daily #{ $number } ({ $level }).
ambit-daily-short = AMBIT daily #{ $number }
ambit-pick-file = { $piece }: which file?
ambit-pick-rank = { $piece } on the { $file }-file: which square?
ambit-file-full = Every square on the { $file }-file is taken: pick another file.
ambit-how = Place chess pieces so that together they attack exactly the yellow squares: place Nf3 (K Q R B N). A piece that reaches outside costs a life.
ambit-hint-tip = Stuck? hint shows one piece of a smallest solution.
ambit-hint-tip-daily = Stuck? hint shows one piece of a smallest solution, for one of your stars.
ambit-set-aside = Your unfinished practice puzzle was set aside.
ambit-daily-done = You have played today's puzzle already; a new one comes at midnight UTC.
ambit-daily-forgotten = You played today's puzzle before Kibitz forgot you, so it stays played; a new one comes at midnight UTC.
ambit-no-puzzle = You have no AMBIT puzzle open here. Start one: ambit, or daily for today's puzzle.
ambit-placed = { $placement } placed.
ambit-given-up = Puzzle ended.
ambit-hint = Hint: { $placement } belongs to a smallest solution. It is shown faintly on its square.
ambit-hint-cost = The hint cost a star: { $stars ->
    [one] 1 star
   *[other] { $stars } stars
} left to win.
ambit-hint-last-star = A hint would cost your last star, so none is given. You can still solve it yourself!
ambit-hint-none = There is no hint to give: every piece of a smallest solution stands where another piece is.
ambit-solution = A solution with the fewest pieces: { $solution }
ambit-lives = Lives: { $stars }
ambit-share = AMBIT #{ $number } { $result } { $time } · { $pieces ->
    [one] 1 piece
   *[other] { $pieces } pieces
}{ $hints }
ambit-share-unsolved = ✗
ambit-share-public = { $player }: { $share }
ambit-level-auto = by weekday
ambit-daily-elsewhere = You started today's puzzle in another chat; carry on there.
daily-link-unknown = That daily link is for a group I do not know. Type daily in the group, or here for a puzzle that counts for no group.
daily-link-private-only = A daily link opens a group's puzzle in a private chat with me, so it does nothing here. Type daily instead.
daily-link-not-member = That daily link is for a group you are not in, so your result cannot count there. Type daily here for a puzzle that counts for no group.
daily-link-unverified = I could not check that you are in that group, so nothing was started. Try the link again in a minute.

## Daily posts, leaderboards, stats

daily-post-title = AMBIT daily #{ $number } is out ({ $level })!
daily-post-how = Everyone gets the same puzzle, one try, timed. Play it with the button or daily: your board is shown only to you.
daily-post-yesterday = Yesterday's #{ $number }: { $solved } of { $played } solved.
daily-post-yesterday-none = Nobody here played yesterday's #{ $number }.
daily-post-solution = Yesterday's solution: { $solution }
button-play-daily = Play today's puzzle
button-answer-private = 🔒 Answer privately
daily-in-private = Today's AMBIT puzzle is played in a private chat with me, so that nobody's board spoils it; your result counts for this group.
button-previous = ◀ Previous
button-next = Next ▶
button-forget-me = Yes, forget me
draw-declined = { $user } declines the draw in game #{ $id }; play on.
button-decline-draw = Decline draw
button-turn-done = ✔ Done (end turn)
button-turn-pass = Pass (move nothing)
resign-confirm = Really resign? This cannot be undone.
button-resign-confirm = Yes, resign
period-week = this week
period-month = this month
period-all = all time
leaderboard-ambit-title = AMBIT daily leaderboard, { $period }:
leaderboard-game-title = { $game } ratings, { $period }:
leaderboard-empty = Nobody yet. Play to get on the board!
leaderboard-page = Page { $page } of { $pages }.
leaderboard-rating-note = Glicko-2 ratings; ? marks a rating still settling. W-D-L: wins, draws, losses.
leaderboard-unknown-word = "{ $word }" is not a game, a period (week, month, all) or a page number.
table-rank = #
table-player = Player
table-stars = ★
table-solved = Solved
table-time = Time
table-streak = Streak
table-rating = Rating
table-wdl = W-D-L
stats-title = { $player }:
stats-unknown-user = I do not know @{ $user } here yet.
stats-ambit-none = AMBIT daily: not played yet.
stats-ambit = AMBIT daily: { $solved } of { $played } solved ({ $rate }%), { $stars ->
    [one] 1 star
   *[other] { $stars } stars
}, best time { $best }; streak { $streak } (longest { $longest }).
stats-game = { $game }: rating { $rating } (±{ $deviation }), { $wins ->
    [one] 1 win
   *[other] { $wins } wins
}, { $draws ->
    [one] 1 draw
   *[other] { $draws } draws
}, { $losses ->
    [one] 1 loss
   *[other] { $losses } losses
}.
stats-game-none = { $game }: no rated games here yet.
settings-daily-on = The AMBIT daily is posted here every day at { $time } UTC ({ $level }).
settings-daily-off = The AMBIT daily is not posted here.
settings-daily-soon = Today's post is due already: it comes within a minute.
settings-daily-game-on = The { $game } puzzle is posted here every day at { $time } UTC.
settings-daily-game-off = The { $game } puzzle is not posted here.
settings-daily-game-level = A game's daily puzzle has no level to set: it grows harder through the week (easy on Monday and Tuesday, hard from Friday). Say, for example, settings daily glacier on 09:00.
settings-not-admin = Only the chat's admins (Discord: Manage Server) can change settings.
settings-unknown = There is no setting "{ $word }".
settings-bad-word = "{ $word }" is not on, off, a time (hh:mm, UTC) or a level (auto, easy, medium, hard).
forgetme-explain = This deletes your AMBIT results, ratings and name from Kibitz for good. { $games ->
    [0] You have no open games.
    [one] Your open game or challenge ends first (a game counts as resigned).
   *[other] Your { $games } open games and challenges end first (games count as resigned).
} Finished games stay for your opponents, under "deleted player". Sure? forgetme confirm
forgetme-done = Done: Kibitz has forgotten you.
forgetme-conflict = One of your games changed just now; nothing was deleted. Try again.
deleted-player = deleted player
lang-current = I speak { $language } to you. Choose with lang and one of: { $languages }, or lang auto to follow your app.
lang-unknown = I don't speak "{ $language }" yet. Choose one of: { $languages }.
lang-set = From now on I speak English to you.
lang-auto = I follow your app's language again ({ $language }).
settings-language-set = Messages for everyone in this chat are now in English; lang sets your own.
settings-language-auto = Messages for everyone in this chat follow the language of whoever speaks.
ambit-conflict = Your puzzle changed while your command was on its way; nothing was applied. Look at the board and try again.

## Captions (under pictures, and in the picture's header)

caption-to-move = Game #{ $id } · { $player } to move
caption-last-move = { $player } played { $turn }.
caption-over = Game #{ $id } · { $result }
result-win = { $winner } wins
result-draw = Draw
reason-no-moves = no moves left
reason-resignation = resignation
reason-agreement = agreement
reason-checkmate = checkmate
reason-stalemate = stalemate
reason-white-king-frozen = the white king froze
reason-black-king-frozen = the black king froze
reason-both-kings-frozen = both kings froze
reason-half-move-limit = 150 half-moves without a capture or pawn move
note-check = Check!
note-ice-age-in = { $count ->
    [1] The Ice Age comes with Black's next move.
   *[other] Ice Age in { $count } Black moves.
}
note-ice-age = Ice Age! { $count ->
    [0] No empty square froze over.
    [1] 1 empty square froze over.
   *[other] { $count } empty squares froze over.
}
note-ice-age-pieces = Frozen pieces: { $pieces }.
note-king-would-freeze = { $side ->
    [white] White's
   *[black] Black's
} king on { $square } has no neighbour: it freezes in the Ice Age { $count ->
    [1] after Black's next move
   *[other] in { $count } Black moves
} unless a piece stands beside it.
note-king-froze = { $side ->
    [white] The white
   *[black] The black
} king froze on { $square }.
score-line = { $white } { $white-score } : { $black-score } { $black }

## Why a move was refused (keys come from the rules core)

move-illegal = { $move } is not a legal move here.
move-game-over = The game is already over.
kf-move-malformed = "{ $move }" is not a Knight Fight move.
kf-place-home-rank = Your first move places your knight on rank { $rank }; { $square } is not on it.
kf-not-a-jump = { $square } is not a knight's jump from { $from }.
kf-occupied = { $square } is taken by the other knight.
kf-blocked = { $square } is blocked.
kf-attacked = { $square } is attacked by the knight on { $knight }.
kf-double-required = { $square } holds the double { $number }: choose another double to block, e.g. { $square }/{ $first }. Free doubles: { $choices }.
kf-double-not-allowed = Landing on { $square } blocks no double of your choice: write just { $square }.
kf-double-unavailable = { $double } is not a free double. Free doubles: { $choices }.
position-malformed = The position text is malformed: { $reason }.
position-bad-seed = "{ $seed }" is not a seed number.
glacier-move-malformed = "{ $move }" is not a chess move: write it as h2g3, hxg3, Nxf3, O-O or e7e8q.
glacier-ambiguous = { $move } could be several moves: { $candidates }. Say which, e.g. with the from-square.
glacier-must-capture = { $move } is not possible: ice blocks it, and every move you have is a capture. A pawn takes ice diagonally (e.g. hxg3), a piece by moving onto it (e.g. Nxf3). At the start every empty square is ice, so the first move always captures.
glacier-blocked-by-ice = { $move } is blocked by the ice on { $square }. Capture the ice first, or go around it.
glacier-in-check = { $move } leaves your king in check.
glacier-king-exposed = { $move } would expose your king to check.
glacier-castling-through-check = { $move } is not possible: the king may not castle out of, through or into check.
glacier-promotion-needed = { $move } reaches the last rank: add the piece to promote to, e.g. { $square }=Q.
glacier-not-a-promotion = { $move } is not a promotion: leave out the piece letter.
glacier-promotion-piece = A pawn promotes to a queen, rook, bishop or knight.
glacier-no-piece-on = You have no piece on { $square }.
glacier-no-such-piece = You have no { $piece } left.

## AMBIT

ambit-footprint-malformed = "{ $footprint }" is not an AMBIT footprint: write 8 ranks from 8 down to 1, separated by /, each 8 characters: # for a footprint square, . for the others.
ambit-footprint-empty = That footprint has no squares: there is nothing to cover.
ambit-placement-malformed = "{ $placement }" is not a placement: write a piece letter (K, Q, R, B or N) and a square, e.g. Nf3.
ambit-state-malformed = "{ $state }" is not an AMBIT puzzle state: write the footprint, the pieces placed (e.g. Nf3 Bc4) and the lives left (0 to 3).
ambit-state-invalid-placement = The puzzle state is damaged: { $placement } does not fit inside the footprint.
ambit-occupied = { $square } already holds your { $piece ->
    [K] king
    [Q] queen
    [R] rook
    [B] bishop
   *[N] knight
}: choose an empty square. No life lost.
ambit-already-solved = This puzzle is already solved: no more pieces.
ambit-no-lives = No lives left: this puzzle is over.
ambit-invalid = The { $piece ->
    [K] king
    [Q] queen
    [R] rook
    [B] bishop
   *[N] knight
} on { $square } would reach outside the footprint: { $squares }. It was not placed, and you lost a life ({ $lives } left).
ambit-game-over = Game over: all three lives are gone.
ambit-unanchored = The { $piece ->
    [K] king
    [Q] queen
    [R] rook
    [B] bishop
   *[N] knight
} on { $square } is not anchored: no other piece covers { $square }.
ambit-solved = Solved! You keep { $stars } of 3 stars.
ambit-unsolvable = No set of pieces solves that footprint.
ambit-level-unknown = "{ $level }" is not a level: choose easy, medium or hard.
ambit-date-malformed = "{ $date }" is not a date: write it as YYYY-MM-DD, e.g. 2027-03-14.

## Slash command names (Discord; lowercase, no spaces)

slash-help = help
slash-rules = rules
slash-play = play
slash-challenge = challenge
slash-accept = accept
slash-decline = decline
slash-move = move
slash-board = board
slash-resign = resign
slash-draw = draw
slash-games = games
slash-ambit = ambit
slash-daily = daily
slash-place = place
slash-giveup = giveup
slash-hint = hint
slash-leaderboard = leaderboard
slash-stats = stats
slash-settings = settings
slash-tournament = tournament
slash-forgetme = forgetme
slash-lang = lang

## Chesimals

game-name-chesimals-1 = Chesimals I
game-name-chesimals-2 = Chesimals II
game-name-critters = Critters
rules-chesimals-1 =
    Chesimals I (by Joe Joyce) — chess with "chess animals" on a 12x16 board.
    • Each side has four chesimals of 7 or 9 units in one colour: White yellow, white, grey, orange; Black green, blue, red, purple. Each has a Chief (C, ringed).
    • In your turn pick one chesimal and move as many of its units as you like, one at a time, each at most once: move b3-b5 a3-a4 c3-c4 (a whole turn), or unit by unit (move b3-b5, …, then move done).
    • A unit may move only while a chain of touching units of its colour joins it to its Chief. A chesimal whose Chief is captured is leaderless (greyed) and never moves again.
    • Units: Chief two king steps (C), Knight (N), Warmachine one step or a two-square leap straight (W), Elephant the same diagonally (E), Guard one king step (G).
    • Capture both enemy royal Chiefs (White's white and grey, Black's blue and red) to win.
rules-chesimals-2 =
    Chesimals II (by Joe Joyce) — Chesimals I with stronger units on the same 12x16 board.
    • Turns as in Chesimals I: one chesimal a turn, any of its units joined to its Chief, each once: move b3-b5 b1-b3, or unit by unit then move done.
    • Warmachines (W) and Elephants (E) reach 1, 2 or 3 squares along a line (step, leap, or both), Guards (G) slide 1 or 2 squares in any direction; Chief (C) and Knight (N) as in Chesimals I.
    • Capture both enemy royal Chiefs (White's white and grey, Black's blue and red) to win.
rules-critters =
    Critters (Chesimals III, by Joe Joyce) — two critters a side on a 20x20 board.
    • Move any of your units in a turn, one at a time, each at most once: move d4-d5 f4-f6, or unit by unit then move done.
    • A unit may move only within reach of one of your brains (C): 3 squares for knights (N) and sliding generals (G), 5 for oliphants (E) and lightning warmachines (W); a brain moves at most 24 units a turn. Brains move freely.
    • Win by killing every enemy brain, or by holding 3 of the 4 green squares at the start of your turn.
    • Options when you challenge: growth, promotion, brains:3 or brains:4 (e.g. challenge @bob critters growth).
move-usage-chesimals = move <unit moves> — e.g. move b3-b5 a3-a4: the units of one chesimal move, and your turn stays open for more of them until move done (or end the line with done: move b3-b5 a3-a4 done); moves e3 shows where the unit on e3 may go. pass only when no unit can move.
move-usage-critters = move <unit moves> — e.g. move d4-d5 f4-f6: your turn stays open for more units until move done (or end the line with done: move d4-d5 f4-f6 done); move pass moves none of your units; o4-o5@p4 charges the brain on p4, end e5=N promotes; moves d4 shows where the unit on d4 may go.
game-with-options = { $game } ({ $options }, { $time })
game-with-time = { $game } ({ $time })
challenge-options-critters = { $options }: only Critters has game options (growth, promotion, brains:3, brains:4).
challenge-bad-option = "{ $option }" is not a Critters option: use growth, promotion, brains:3 or brains:4.
unit-moves-list = { $square } can go to { $count ->
    [1] 1 square:
   *[other] { $count } squares:
} { $targets }. Play one with: { $example }
unit-moves-none = Nothing of { $player }'s on { $square } can move now.
unit-moves-bad-square = { $square } is not a square of this board.
unit-moves-not-running = Game #{ $id } is not running.
note-chesimals-amp-moving = The { $colour } chesimal is moving ({ $count ->
    [1] 1 unit so far
   *[other] { $count } units so far
}): your turn is still open. Move more of its units, or end the turn with: move done
note-critters-turn-open = { $count ->
    [1] 1 unit has moved
   *[other] { $count } units have moved
}: your turn is still open. Move more units, or end the turn with: move done
reason-royal-chiefs-captured = both royal Chiefs captured
reason-brains-killed = every brain killed
reason-green-squares = three green squares held
reason-both-passed = both sides passed
reason-no-capture-limit = 50 turns without a capture
chesimals-turn-refused = Move { $number } ({ $move }) of your turn: { $reason } Nothing was played.
chesimals-game-over = The game is over: { $result }.
chesimals-bad-move = “{ $text }” is not a move. Write it like b3-b5, e3xe5, end or pass.
chesimals-bad-square = { $square } is not a square on this board.
chesimals-no-unit = There is no unit on { $square }.
chesimals-not-yours = The { $unit } on { $square } is not yours.
chesimals-moved-already = The { $unit } on { $square } has already moved this turn.
chesimals-other-amp = The { $colour } unit on { $square } cannot move: the { $amp } chesimal is moving this turn.
chesimals-leaderless = The { $colour } unit on { $square } is leaderless: its Chief was captured.
chesimals-not-joined = The unit on { $square } is not joined to its Chief by a chain of { $colour } units.
chesimals-no-brain-naming = Only Critters units are charged to a brain; leave out the @.
chesimals-brain-not-charged = The brain on { $square } moves freely; don't name a brain for it.
chesimals-not-a-brain = There is no brain of yours on { $square }.
chesimals-out-of-range = The { $unit } on { $square } is more than { $range } squares from the brain on { $brain }.
chesimals-no-brain-in-range = The { $unit } on { $square } is not within { $range } squares of any of your brains.
chesimals-brain-full = The brain on { $brain } has already activated { $capacity } units this turn.
chesimals-own-unit = Your own unit stands on { $square }.
chesimals-bad-path = A { $unit } cannot move from { $from } to { $to }.
chesimals-blocked = The { $unit } on { $from } is blocked on its way to { $to }.
chesimals-end-before-move = Move at least one unit before ending your turn.
chesimals-pass-not-allowed = You can pass only at the start of a turn (in Chesimals I and II only when none of your units can move).
chesimals-promotion-off = Promotion is not switched on in this game.
chesimals-cannot-promote = There is no still sliding general next to a still brain on the green square { $square }.
chesimals-promotion-limit = You can't promote to a { $unit }: you would have more than at the start.
chesimals-empty-turn = Write the moves of your turn, e.g. b1-b3 a2-a4.
chesimals-after-turn = Move { $number } ({ $move }) comes after your turn has ended.
chesimals-position-empty = The position text is empty.
chesimals-position-field = The { $field } field of the position text is wrong: “{ $text }”.
chesimals-position-fields = The position text needs { $expected } fields, not { $found }.
chesimals-position-ranks = The board needs { $expected } ranks, not { $found }.
chesimals-position-rank = Rank { $rank } of the position text is malformed.
chesimals-position-unit = “{ $text }” is not a unit.
chesimals-position-chiefs = There are two { $colour } Chiefs.
chesimals-position-brains = A side may have at most { $most } brains.
chesimals-position-moved-enemy = Only the side to move can have units marked as moved.
chesimals-position-turn = The turn state “{ $text }” does not fit the board.

# Games against the computer
computer-name = Kibitz · level { $level }
computer-thinking = { $computer } is thinking…
computer-bad-level = There is no computer level "{ $level }": choose level:1 (a beginner can win) to level:8 (the strongest).
computer-not-allowed = Games against the computer are switched off in this chat (an admin can turn them on with: settings computer on).
computer-too-many = This chat already has { $max } games against the computer going: finish or resign one first.
computer-declines-draw = { $computer } declines the draw in game #{ $id }: it thinks it stands better. Play on!
settings-tournaments-members = Members may make tournaments here (settings tournaments admins to leave it to admins).
settings-tournaments-admins = Only admins make tournaments here (settings tournaments members to let members make them too).
settings-computer-on = Members may play the computer here (settings computer off to stop new games).
settings-computer-off = Games against the computer are off here (settings computer on to allow them).
stats-computer = { $game } against the computer: { $results }.
stats-computer-level = beat level { $level }: { $wins } of { $games }

## Clocks (time controls, reminders, timeouts)
time-control-unreadable = "{ $time }" is not a time control. Use time:3d (days a move, 1 to 14), time:10m or time:10m+5s (minutes for the game, 1 to 180, plus seconds a move, 0 to 60), or time:none.
time-control-days = { $time }: a correspondence game gives 1 to 14 days a move, e.g. time:3d.
time-control-minutes = { $time }: a live game gives 1 to 180 minutes, e.g. time:10m+5s.
time-control-increment = { $time }: the increment is 0 to 60 seconds a move, e.g. time:10m+5s.
time-control-correspondence = { $days ->
    [one] { $days } day a move
   *[other] { $days } days a move
}
time-control-live = { $minutes } min + { $increment } s
time-control-none = no clock
time-left-days = { $days } d { $hours } h
time-left-hours = { $hours } h { $minutes } min
time-left-minutes = { $minutes }:{ $seconds }
caption-time-left = { $left } left
timeout = Game #{ $id }: { $player } ran out of time. { $winner } wins.
timeout-move-late = Your time in game #{ $id } ran out just as you moved: the game is lost on time.
reminder = Game #{ $id }: { $player }, it is your move, with { $left } left on your clock.
reason-timeout = on time
computer-no-clock = Games against the computer have no clock: leave out time:.

## Takebacks and aborts
cmd-takeback = takeback [#id] — ask to take your last move back
menu-takeback = Ask to take your last move back
slash-takeback = takeback
cmd-abort = abort [#id] — end a game before each side's second move, unrated
menu-abort = End a game that has barely begun, unrated
slash-abort = abort
button-accept-takeback = Allow takeback
takeback-asked = { $user } asks to take back their last move in game #{ $id }. { $opponent }: takeback { $id } to allow it, or decline { $id }.
takeback-already-asked = You have asked already in game #{ $id }: { $opponent } has to answer (or play on).
takeback-nothing = You have no move to take back in game #{ $id }.
takeback-mid-turn = Finish your turn in game #{ $id } first: a takeback goes back over whole turns.
takeback-too-long = The last turn in game #{ $id } is too long to take back.
takeback-done = { $moves ->
    [one] Game #{ $id }: one move taken back, at { $player }'s request.
   *[other] Game #{ $id }: { $moves } moves taken back, at { $player }'s request.
}
takeback-declined = { $user } declines the takeback in game #{ $id }; the move stands.
abort-too-late = Game #{ $id } is past aborting: both sides have moved twice. You may resign or offer a draw.
aborted = Game #{ $id } was aborted by { $user }. It is not rated.
game-aborted = Game #{ $id } was aborted.
caption-aborted = Game #{ $id } · aborted

## Turn pings
cmd-pings = pings [on|off] — be mentioned when it is your move
menu-pings = Be mentioned when it is your move, or not
slash-pings = pings
pings-on = You will be mentioned when it is your move.
pings-off = You will not be mentioned when it is your move any more (pings on to undo).
pings-are-on = You are mentioned when it is your move (pings off to stop).
pings-are-off = You are not mentioned when it is your move (pings on to be).

## History
cmd-history = history [#id] — a game's moves (your game here, or your last finished one)
menu-history = A game's moves
slash-history = history
help-more = More: { $commands } (help <command> says how).
history-head = Game #{ $id } · { $game } · { $white } (White) against { $black } (Black) · { $status }
history-to-move = { $player } to move
history-aborted = aborted
history-no-moves = No moves yet.
history-cut = … and more moves: the game is too long to list whole.
history-ice-age = ❄ an Ice Age came after this move.
history-marks = ?! inaccuracy, ? mistake, ?? blunder: from the engine's review (analysis #{ $id }).

cmd-export = export [#id] — a game's record as a file (PGN for Glacier Chess)
menu-export = A game's record as a file
slash-export = export
export-caption = Game #{ $id } · { $game } · { $white } (White) against { $black } (Black): the record.
export-nothing = Game #{ $id } has no moves to export yet.
export-too-long = Game #{ $id } is too long to export.
cmd-replay = replay [#id] — a game's moves as an animation
menu-replay = A game as an animation
slash-replay = replay
cmd-analysis = analysis [#id] — the engine's review of a finished game: accuracy, mistakes, the best moves
menu-analysis = The engine's review of a finished game
slash-analysis = analysis
replay-caption = Game #{ $id } · { $game } · { $white } (White) against { $black } (Black): the replay.
replay-nothing = Game #{ $id } has no moves to replay yet.
replay-too-long = Game #{ $id } is too long to replay (at most { $turns } moves); export gives its record.
analysis-not-finished = Game #{ $id } is still being played: the engine reviews a game once it is over (fair play).
analysis-nothing = Game #{ $id } has no moves to review.
analysis-too-long = Game #{ $id } is too long to review (at most { $turns } moves).
analysis-busy = The engine is reviewing game #{ $id } for this chat; one review at a time here. Ask again when it is posted.
analysis-queued = Reviewing game #{ $id } ({ $turns } moves): the engine looks at every position and posts the review here when it is done (analysis #{ $id } shows how far it is).
analysis-under-way = The review of game #{ $id } is { $percent } % done; it is posted here when finished.
analysis-progress = 🔍 Analysing game #{ $id }… { $percent } %
analysis-progress-done = 🔍 Analysis of game #{ $id } done in { $seconds } s: the review follows.
analysis-title = Review of game #{ $id } · { $game }
analysis-side = { $player }: accuracy { $accuracy } % · ?! { $inaccuracies } · ? { $mistakes } · ?? { $blunders }
analysis-worst = The biggest swing: { $turn } (the engine preferred { $best }).
analysis-worst-no-best = The biggest swing: { $turn }.
analysis-clean = No inaccuracies, mistakes or blunders: a clean game.
analysis-how = Marks by the winning chance a move gave away: ?! from 5 percentage points, ? from 10, ?? from 15. history, replay and export show them too.
analysis-legend = Light: White's winning chance; dots: ?! blue, ? orange, ?? red.
button-analysis = 🔍 Analysis
games-finished-none = No finished games in this chat yet.
games-finished-header = Finished games in this chat, the latest first:
games-line-finished = #{ $id } { $game }: { $white } (White) against { $black } (Black), { $result }

## Vacations
cmd-vacation = vacation [days] — pause your correspondence clocks (7 days a month)
menu-vacation = Stand your correspondence clocks still for a few days
slash-vacation = vacation
vacation-on = You are on vacation until { $until }: your correspondence clocks stand still. { $left ->
    [one] One vacation day is left this month.
   *[other] { $left } vacation days are left this month.
}
vacation-off = You are not on vacation. { $left ->
    [one] One vacation day is left this month: vacation 1.
   *[other] { $left } vacation days are left this month: vacation <days>.
}
vacation-taken = You are on vacation until { $until }: your correspondence clocks stand still ({ $games ->
    [one] one game where it is your move
   *[other] { $games } games where it is your move
}). { $left ->
    [one] One vacation day is left this month.
   *[other] { $left } vacation days are left this month.
}
vacation-too-many = You have { $left } vacation days left this month (at most { $max } a month): vacation 1 to vacation { $left }.

settings-threads-on = An accepted challenge here opens a thread for its game: the moves go there, and this channel sees the start and the result (settings threads off to keep games in the channel).
settings-threads-off = Games are played right here in the channel (settings threads on to give each accepted challenge a thread of its own).
settings-threads-elsewhere = Threads are a Discord setting: here a game stays where it was started (in a Telegram forum group, in its topic).
thread-name = { $game } #{ $id }: { $white } vs { $black }
thread-welcome = Game #{ $id } is played in this thread: moves, draw offers and takebacks here; the channel sees the result.
game-result-notice = Game #{ $id } of { $game } is over: { $result }.
puzzle-no-game = { $game } has no daily puzzle: a turn moves many units, and one winning turn is almost never the only one. Try daily glacier or daily kf.
puzzle-title = { $game } puzzle #{ $number } ({ $difficulty })
puzzle-task = { $side } to move and win.
puzzle-how = One move wins clearly, no other comes close. One try: daily { $game } <move> (your answer is shown only to you where the platform allows).
puzzle-solved = ✅ { $move } is right!
puzzle-missed = ❌ { $move } is not it: { $solution } wins.
puzzle-rating = Your puzzle rating here: { $rating } · streak { $streak }
puzzle-share = { $game } puzzle #{ $number } { $mark } · streak { $streak }
puzzle-standings-none = Nobody here has answered a { $game } puzzle in the last 30 days: daily { $name } shows today's.
puzzle-standings-head = { $game } puzzles here, the last 30 days (solved / answered, rating):
puzzle-standings-row = { $rank }. { $player }: { $solved } / { $answered }, { $rating }
puzzle-being-made = Today's { $game } puzzle is being made right now: ask again in half a minute.
puzzle-post-yesterday = Yesterday's #{ $number }: { $solved } of { $answered } here solved it.
puzzle-post-yesterday-none = Nobody here answered yesterday's #{ $number }.
puzzle-post-solution = Yesterday's winning move: { $solution }
puzzle-answer-private = Typed here, your move would show to everyone. Answer in your private chat with me (the button): it counts for this group.
puzzle-linked = Your answer counts for the group you came from.

## Tournaments
tournament-none = There is no tournament here. An admin makes one with: tournament create glacier swiss rounds:5 Winter Cup
tournament-unknown = There is no tournament #{ $id } in this chat.
tournament-usage = Usage: tournament create <game> [swiss|rr|double|arena] [rounds:N] [duration:60m] [time:1d|time:10m+5s] [start:hh:mm] [name], then tournament join|leave|start|cancel|standings|pairings [#N].
tournament-not-admin = Only the chat's admins make tournaments here (an admin can let members make them too: settings tournaments members).
tournament-not-maker = Only the one who made tournament #{ $id }, or an admin, may start or cancel it.
tournament-bad-game = { $game } is no game for a tournament. Games: { $games }.
tournament-bad-rounds = A Swiss has 1 to { $max } rounds, e.g. rounds:5.
tournament-robin-rounds = A round robin's rounds follow from its players: leave out rounds:.
tournament-no-clock = A tournament's games need a clock, or one player could hold up a round for ever: leave out time: for 3 days a move, or say e.g. time:1d or time:10m+5s.
tournament-name-long = That name is too long: at most { $max } characters.
tournament-too-many = This chat has { $max } tournaments open already: finish or cancel one first.
tournament-default-name = { $game } tournament
tournament-created = 🏆 Tournament #{ $id } “{ $name }”: { $game }, { $format }, { $time }. Join with the button or tournament join { $id }; { $creator } starts it with tournament start { $id }.
tournament-bad-start = { $start } names no start time: say e.g. start:18:00 or start:"sat 18:00" (UTC).
tournament-starts-at = It starts by itself at { $start }.
tournament-cancelled-few = Tournament #{ $id } “{ $name }” was cancelled: fewer than 2 players had joined by its start.
tournament-format-arena = arena of { $minutes } minutes
tournament-arena-rounds = An arena runs for a time, not rounds: leave out rounds: and say e.g. duration:60m.
tournament-bad-duration = { $duration } is no arena length: say e.g. duration:45m or duration:2h (10 minutes to a day).
tournament-duration-arena = Only an arena has a duration: a Swiss has rounds:, a round robin a round for each opponent.
tournament-arena-live = An arena is live play: give it a live clock, e.g. time:3m+2s (the default).
tournament-arena-started = 🏁 Arena #{ $id } “{ $name }” has begun with { $players } players: finish a game and you are paired again at once, until { $end }.
tournament-arena-post = 🏆 { $name } (#{ $id }), arena until { $end }: new games
tournament-arena-pairings = { $name } (#{ $id }): the arena's games under way
tournament-arena-title = { $name }: arena until { $end }
tournament-arena-scoring = A win 2, a draw 1; after two wins in a row (🔥) each game counts double. Ties: more wins.
tournament-state-arena = arena until { $end }
tournament-column-wins = Wins
berserk-done = ⚔ { $player } goes berserk in game #{ $id }: half the time, and a win scores one point more.
berserk-not-yours = You are not playing game #{ $id }.
berserk-not-arena = Game #{ $id } is not an arena game under way: berserk is for arenas only.
berserk-too-late = Too late for berserk in game #{ $id }: it is only before your first move, once.
berserk-no-game = You have no game under way here to go berserk in.
berserk-which = You have several games here: say which, e.g. tournament berserk #{ $first }.
tournament-format-swiss = Swiss of { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
tournament-format-round-robin = round robin
tournament-format-double = double round robin
button-standings = 🏆 Standings
button-pairings = Pairings
button-join = Join
button-leave = Leave
tournament-begun = Tournament #{ $id } has begun: it takes no more players, and it cannot be started again.
tournament-over = Tournament #{ $id } is over.
tournament-computer-in = { $computer } is in tournament #{ $id } already: each level plays once.
tournament-already-in = You are in tournament #{ $id } already.
tournament-full = Tournament #{ $id } is full: { $max } players.
tournament-joined = { $player } joined tournament #{ $id } ({ $count ->
    [one] { $count } player
   *[other] { $count } players
}).
tournament-joined-late = { $player } joined tournament #{ $id } late: paired from round 2, with no points for round 1.
tournament-left = { $player } left tournament #{ $id }.
tournament-withdrew = { $player } withdrew from tournament #{ $id }: they are paired no more, and their finished games stand. A game still under way counts: play it out or resign it.
tournament-not-in = You are not playing in tournament #{ $id }.
tournament-too-few = Tournament #{ $id } needs at least 2 players to start; it has { $count }.
tournament-started = 🏁 Tournament #{ $id } “{ $name }” has begun: { $players } players, { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}. The pairings follow.
tournament-cancelled = Tournament #{ $id } was cancelled. Games under way go on as ordinary games.
tournament-round-post = 🏆 { $name } (#{ $id }), round { $round } of { $rounds }:
tournament-board = Board { $board }: { $white } (White) – { $black } (Black), game #{ $game }
tournament-game-result = { $white } – { $black }, game #{ $game }: { $result }
tournament-board-result = Board { $board }: { $white } – { $black }, game #{ $game }: { $result }
tournament-bye = Bye (a point): { $player }
tournament-playing = playing
tournament-list-title = Tournaments here:
tournament-list-how = tournament #N shows one; tournament join N enters one.
tournament-summary = #{ $id } { $name } — { $game }, { $format } — { $state }
tournament-state-signup = taking players
tournament-state-running = round { $round } of { $rounds }
tournament-state-finished = finished
tournament-state-cancelled = cancelled
tournament-no-players = Nobody has joined yet.
tournament-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}: { $names }
tournament-withdrawn-mark = (withdrew)
tournament-column-points = Pts
tournament-column-games = Games
tournament-column-buchholz = Bh
tournament-column-sb = SB
tournament-standings-title = { $name }: standings in round { $round } of { $rounds }
tournament-final-title = { $name }: final standings
tournament-tie-breaks = Ties: Buchholz (cut 1), then Sonneborn-Berger
tournament-podium-shared = 🏆 { $name } (#{ $id }) is over. First place is shared, equal on every tie-break: { $names }!
tournament-podium = 🏆 { $name } (#{ $id }) is over. The winner: { $first }! 🥈 { $second } 🥉 { $third }
tournament-no-pairings = Tournament #{ $id } has not begun: no round is paired yet.
tournament-pairings-title = { $name } (#{ $id }), round { $round } of { $rounds }:
abort-tournament = Game #{ $id } is a game of tournament #{ $tournament }: it cannot be aborted. You may resign or offer a draw.
board-session-refused = The board could not tell who you are: open it again from the chat.
board-session-expired = Your board has been open too long: open it again from the chat.
board-link-stale = This board link has run out: press the game's Board button again.
board-word-channel-games = Games in this channel
board-word-no-channel-games = No game is being played in this channel. Start one in the chat with /challenge.
board-word-place-piece = Pick a piece, then its square
board-word-solved = Solved!
board-word-puzzle-over = The puzzle is over
board-word-lives = Lives:
board-word-footprint = to cover
board-word-covered = covered
discord-board-link = Your board for game #{ $game }: the link is yours alone and opens for 10 minutes.
discord-board-link-puzzle = Your board for this puzzle: the link is yours alone and opens for 10 minutes.
board-no-such-game = There is no such game for you to see.
board-no-such-puzzle = There is no such puzzle of yours.
board-unavailable = The bot cannot answer just now: try again in a moment.
board-not-set-up = The board is not set up on this bot.
board-launch-stale = This board was opened over an hour ago: open it again from the chat.
board-launch-refused = This board was not opened from the chat app: open it from the chat.
board-not-your-move = It is not your move.
board-illegal-move = That move is not legal here.
board-bad-request = The board sent something the bot does not understand.
board-game-changed = The game changed meanwhile: here it is as it is now.
board-word-loading = Loading…
board-word-your-move = Your move
board-word-waiting = Waiting for the opponent
board-word-watching = Watching
board-word-challenge = Waiting for the challenge to be accepted
board-word-done = Done
board-word-pass = Pass
board-word-undo = Undo
board-word-resign = Resign
board-word-resign-sure = Resign this game?
board-word-draw = Offer a draw
board-word-takeback = Take back
board-word-abort = Abort
board-word-yes = Yes
board-word-no = No
board-word-white-wins = White wins
board-word-black-wins = Black wins
board-word-drawn = Draw
board-word-ice-age = Moves to the Ice Age:
board-word-white = White
board-word-black = Black
board-word-no-game = Open a game's board from the chat.
board-word-open-from-chat = Open this board from the chat: a game's picture has a button for it.
button-open-board = ♟ Open board
board-word-king = king
board-word-queen = queen
board-word-rook = rook
board-word-bishop = bishop
board-word-knight = knight
board-word-pawn = pawn
board-word-chief = chief
board-word-warmachine = warmachine
board-word-elephant = elephant
board-word-guard = guard
board-word-abort-sure = Abort this game? It ends unrated.
board-word-ice = ice
board-word-blocked = blocked
