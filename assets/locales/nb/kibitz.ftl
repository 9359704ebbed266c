## Kibitz — meldingskatalog på norsk bokmål.
## All tekst en bruker kan se, ligger her; andre språk ligger i filer ved siden av denne.

## Hjelp

help-intro = Kibitz spiller brettspill i denne chatten. Kommandoer (med eller uten / foran):
help-footer = help <kommando> — hvordan én kommando brukes. Spill: { $games }.
help-game = Slik skrives trekk i { $game }:
help-game-rules = Hele reglene: rules { $name }
help-unknown-command = Det finnes ingen kommando «{ $command }». Skriv help for å se listen.
console-ready = Kibitz' konsollchat: én linje er én melding; `@alice help` snakker som alice og viser kommandoene. Slutt på inndata (Ctrl-D) eller Ctrl-C avslutter.
console-not-utf8 = Den linjen er ikke UTF-8-tekst, så den ble ikke lest. Skriv den på nytt som vanlig tekst.
cmd-help = help [kommando] — denne listen, eller hvordan én kommando brukes
cmd-rules = rules <spill> — reglene for et spill, kort fortalt
cmd-play = play <spill> [@user|computer] | play ambit [nivå] | play daily — et parti, en øvingsoppgave eller dagens
cmd-challenge = challenge [@user|computer] <spill> [white|black|random] [level:1-8] [time:3d|10m+5s|none] [seed:N] — utfordre noen, alle eller datamaskinen
cmd-accept = accept [#id] — godta en utfordring
cmd-decline = decline [#id] — avslå en utfordring, eller trekk tilbake din egen
cmd-move = move <trekk> [#id] — gjør et trekk; bare trekket, som d3 eller d3/g7, virker også
cmd-board = board [#id] [flip] — vis brettet (flip: fra svarts side)
cmd-resign = resign [confirm] [#id] — gi opp partiet
cmd-draw = draw [#id] — tilby remis, eller godta et remistilbud
cmd-games = games [finished] [side] — chattens partier og utfordringer (eller de avsluttede)
cmd-ambit = ambit [easy|medium|hard] — en AMBIT-oppgave til øving
cmd-daily = daily [spill] — dagens oppgave: AMBIT eller et spills (daily kf, så daily kf <trekk>)
cmd-place = place <brikke><felt> — sett en brikke på AMBIT-brettet: place Nf3 eller bare Nf3
cmd-giveup = giveup — avslutt AMBIT-oppgaven og se en løsning
cmd-hint = hint — vis én brikke fra en korteste løsning (koster en stjerne i dagens oppgave)
cmd-leaderboard = leaderboard [ambit|<spill>] [week|month|all] [side] — dagens AMBIT eller spillets ratinger her
cmd-stats = stats [@bruker] — dagens AMBIT, serier og ratinger her
cmd-settings = settings daily [glacier|kf] [on|off] [hh:mm] [level] — en daglig oppgave her (UTC) · settings language|computer|threads|tournaments … (admin)
cmd-tournament = tournament [create <spill> [swiss|rr|double|arena] [rounds:N] [duration:60m] [time:1d] [start:hh:mm] [navn]|join|leave|add computer [level:N]|berserk|start|cancel|standings|pairings] [#N] — turneringene i denne chatten
cmd-forgetme = forgetme — slett alt Kibitz lagrer om deg
cmd-lang = lang [en|ru|nb|auto] — språket Kibitz bruker med deg (auto: appens)

## Kommandomenyen (/-listen i Telegram): én kort linje hver

menu-help = Kommandolisten, eller hvordan én kommando brukes
menu-rules = Reglene for et spill, med bilde
menu-play = Spill: et parti, en AMBIT-oppgave eller dagens oppgave
menu-challenge = Utfordre noen (eller hvem som helst) til et parti
menu-accept = Godta en utfordring
menu-decline = Avslå en utfordring, eller trekk tilbake din egen
menu-move = Gjør et trekk
menu-board = Vis brettet
menu-resign = Gi opp partiet
menu-draw = Tilby remis, eller godta et remistilbud
menu-games = Partiene og utfordringene i denne chatten
menu-ambit = Øv på AMBIT, mønsteroppgaven
menu-daily = Dagens AMBIT-oppgave
menu-place = Sett en brikke i AMBIT-oppgaven din
menu-leaderboard = Stillingen i denne chatten
menu-stats = Dine resultater og ratinger
menu-settings = Innstillinger for daglig innlegg (administratorer)
menu-tournament = Turneringer: opprett, bli med, tabell
menu-forgetme = Slett dataene dine
menu-lang = Velg språk
menu-giveup = Gi opp AMBIT-oppgaven og se en løsning
menu-hint = Et hint i AMBIT-oppgaven (koster en stjerne i dagens oppgave)

## Regler

rules-knight-fight =
    Springerkamp (av Andy Lewicki) — to springere på et 10x10-brett med tallene 00–99.
    • Hvit setter en springer på rad 1, deretter svart på rad 10; etter det er hvert trekk et springerhopp.
    • Du får like mange poeng som tallet du lander på. Feltet du forlater, er sperret for godt.
    • Lander du på 57, sperres 75 (speiltallet). Lander du på et dobbeltall (00, 11 … 99), sperrer du et annet dobbeltall etter eget valg: d3/g7 lander på d3 og sperrer g7.
    • Du kan ikke lande på et sperret felt, på den andre springeren eller på et felt den andre springeren angriper.
    • Spillet slutter så snart en av springerne ikke har noe trekk; høyest poengsum vinner.
rules-ambit =
    AMBIT — en oppgave for én spiller på et tomt sjakkbrett.
    • De gule feltene er oppgavens mønster. Sett ut brikker (K Q R B N, så mange du vil) slik at de til sammen angriper nøyaktig de feltene: place Nf3.
    • En brikke angriper som i sjakk på et tomt brett (brikkene stenger aldri for hverandre), og aldri sitt eget felt.
    • En brikke som ville angripe et felt utenfor mønsteret, blir ikke satt ut, og du mister ett av dine 3 liv. Brikkene blir stående der de er satt.
    • En brikke som står på et gult felt, må angripes av en annen brikke (være dekket).
    • Løst når alle gule felt er angrepet og alle brikker er dekket; livene du har igjen, er stjernene dine. Dagens oppgave er lik for alle og på tid.
rules-usage = Bruk: rules <spill>. Spill: { $games }.
rules-glacier =
    Isbresjakk (Istidssjakk, av Köksal Karakus) — sjakk på et frossent brett.
    • Alle tomme felt starter som is. Is stenger som en brikke; begge sider kan slå den som en motstanderbrikke (en bonde bare diagonalt). Derfor er hver sides første trekk et slag.
    • Etter hvert 20. trekk av svart kommer istid: hvert tomt felt fryser til, med mindre alle naboene over, under, til venstre og til høyre er brikker (brettkanten teller med), og hver brikke som ikke har noen brikke på de åtte nabofeltene, fryser også.
    • En frossen konge taper (begge frosne: remis). Ellers er det vanlig sjakk: sjakkmatt vinner; patt og 150 halvtrekk uten slag eller bondetrekk gir remis. Ingen remis ved gjentakelse.

## Spill og utfordringer

game-name-knight-fight = Springerkamp
game-name-glacier = Isbresjakk
game-name-ambit = AMBIT
side-white = Hvit
side-black = Svart
challenge-open = { $challenger } legger ut en åpen utfordring i { $game } (#{ $id }). Hvem som helst kan godta den: accept { $id }.
challenge-direct = { $challenger } utfordrer { $invitee } til { $game } (#{ $id }). { $invitee }: accept { $id } eller decline { $id }.
challenge-usage = Bruk: challenge [@user|computer] <spill> [white|black|random] [level:1-8] [time:3d|time:10m+5s|time:none] [seed:N]. Spill: { $games }.
challenge-unknown-game = Jeg kjenner ikke spillet «{ $game }». Spill: { $games }.
challenge-self = Du kan ikke utfordre deg selv. Utfordre noen andre, eller dropp @bruker for en åpen utfordring.
challenge-unknown-user = Jeg kjenner ikke { $handle } ennå: vedkommende må skrive i en chat med meg først.
challenge-bad-seed = «{ $seed }» er ikke et seed: skriv seed: fulgt av et heltall, f.eks. seed:42.
button-accept = Godta
button-decline = Avslå
button-accept-draw = Godta remis
accept-none = Det finnes ingen utfordring her som du kan godta. Start en: challenge [@bruker] <spill>.
accept-own = Det er din egen utfordring: vent til noen andre godtar den, eller trekk den tilbake med decline { $id }.
accept-not-yours = Utfordring #{ $id } er ment for noen andre.
accept-several = Flere utfordringer venter på deg: { $ids }. Si hvilken, f.eks. accept { $first }.
game-started = Parti #{ $id } i { $game } begynner: { $white } (hvit) mot { $black } (svart).
decline-none = Det finnes ingen utfordring her som du kan avslå.
decline-several = Det kan være snakk om flere utfordringer: { $ids }. Si hvilken, f.eks. decline { $first }.
declined = { $user } avslo utfordring #{ $id }.
withdrawn = { $user } trakk tilbake utfordring #{ $id }.
no-such-game = Det finnes ikke noe parti #{ $id } i denne chatten.
game-id-malformed = «{ $text }» er ikke et partinummer: bruk # og sifre, f.eks. #12.
not-a-player = Du spiller ikke i parti #{ $id }: bare de to spillerne kan gjøre det.
no-game = Du har ikke noe pågående parti i denne chatten. Start et: challenge [@bruker] <spill>.
bare-move-several = { $move } er et lovlig trekk i flere av partiene dine: { $ids }. Si hvilket, f.eks. { $example }.
bare-move-nowhere = { $move } er ikke et lovlig trekk i noen av partiene der det er ditt trekk ({ $ids }). Se et med { $example }.
bare-placement-or-move = { $text } passer både til AMBIT-oppgaven din og parti #{ $id }. Si hvilket: { $place } eller { $move }.
several-games = Du har flere partier her: { $ids }. Legg til partinummeret, f.eks. { $example }.
game-not-started = Parti #{ $id } har ikke startet: det er fortsatt en utfordring.
game-finished = Parti #{ $id } er over ({ $result }). Start et nytt: challenge [@bruker] <spill>.
not-your-turn = Det er ikke din tur i parti #{ $id }: { $player } er i trekket.
move-usage = Bruk: { $usage }
move-usage-knight-fight = move <felt>[/<dobbeltall>] — f.eks. move d3, eller d3/g7 når du lander på et dobbeltall og må sperre et annet.
move-usage-glacier = move <trekk> — UCI eller SAN, f.eks. move h2g3, move hxg3, move Nxf3, move O-O, move e7e8q.
move-conflict = Parti #{ $id } ble endret mens kommandoen din var på vei; ingenting ble utført. Se på brettet og prøv igjen.
games-none = Ingen partier eller utfordringer i denne chatten. Start et: challenge [@bruker] <spill>.
games-header = Partier i denne chatten:
games-line-ongoing = #{ $id } { $game }: { $white } (hvit) mot { $black } (svart), { $player } er i trekket
games-line-challenge-open = #{ $id } { $game }: åpen utfordring fra { $challenger }
games-line-challenge = #{ $id } { $game }: { $challenger } utfordrer { $invitee }
games-page = (side { $page })
games-page-empty = Det finnes ingen side { $page } med partier her. Skriv games for den første siden.
challenge-too-many = Du har allerede { $max } åpne utfordringer her: { $ids }. Trekk én tilbake (f.eks. decline { $first }) eller vent til én blir godtatt eller går ut (etter 24 timer).
challenge-expired = Utfordring #{ $id } har gått ut: ingen godtok den innen 24 timer. Start en ny: challenge [@bruker] <spill>.
rate-limited = Rolig nå: jeg svarer på høyst { $commands } kommandoer per { $seconds } sekunder fra én person. De neste linjene dine hopper jeg over en liten stund.
group-share-limited = Rolig nå: i en gruppe svarer jeg hver person på høyst { $commands } kommandoer i minuttet, så alle her får sin tur. De neste linjene dine her hopper jeg over en liten stund.
line-too-long = Den linjen er for lang for meg: jeg leser høyst { $max } tegn. Ingenting ble gjort.
resigned = { $user } gir opp parti #{ $id }. { $winner } vinner.
draw-offered = { $user } tilbyr remis i parti #{ $id }. { $opponent }: draw { $id } for å godta; et hvilket som helst trekk avslår.
draw-already-offered = Du har allerede tilbudt remis i parti #{ $id }; nå er det opp til { $opponent }.
draw-agreed = Parti #{ $id } endte med remis etter avtale.
internal-error = Noe gikk galt hos meg, og ingenting ble endret. Prøv igjen om litt.

## AMBIT i chatten

ambit-level-easy = lett
ambit-level-medium = middels
ambit-level-hard = vanskelig
ambit-practice-start = En ny AMBIT-oppgave ({ $level }).
ambit-practice-short = AMBIT-øving
ambit-daily-title = Dagens AMBIT #{ $number } ({ $level }).
ambit-daily-short = Dagens AMBIT #{ $number }
ambit-pick-file = { $piece }: hvilken linje?
ambit-pick-rank = { $piece } på { $file }-linjen: hvilket felt?
ambit-file-full = Alle feltene på { $file }-linjen er tatt: velg en annen linje.
ambit-how = Sett ut sjakkbrikker slik at de til sammen angriper nøyaktig de gule feltene: place Sf3 (K D T L S — eller engelske K Q R B N). En brikke som når utenfor, koster et liv.
ambit-hint-tip = Står du fast? hint viser én brikke fra en korteste løsning.
ambit-hint-tip-daily = Står du fast? hint viser én brikke fra en korteste løsning, for én av stjernene dine.
ambit-set-aside = Den uferdige øvingsoppgaven din ble lagt til side.
ambit-daily-done = Du har allerede spilt dagens oppgave; en ny kommer ved midnatt UTC.
ambit-daily-forgotten = Du spilte dagens oppgave før Kibitz glemte deg, så den regnes fortsatt som spilt; en ny kommer ved midnatt UTC.
ambit-no-puzzle = Du har ingen åpen AMBIT-oppgave her. Start en: ambit, eller daily for dagens oppgave.
ambit-placed = { $placement } er satt ut.
ambit-given-up = Oppgaven er avsluttet.
ambit-hint = Hint: { $placement } hører til en korteste løsning. Den vises svakt på sin rute.
ambit-hint-cost = Hintet kostet en stjerne: { $stars ->
    [one] 1 stjerne
   *[other] { $stars } stjerner
} igjen å vinne.
ambit-hint-last-star = Et hint ville koste din siste stjerne, så du får ikke noe. Du kan fortsatt løse den selv!
ambit-hint-none = Det finnes ikke noe hint å gi: hver brikke i en korteste løsning står der en annen brikke står.
ambit-solution = En løsning med færrest mulig brikker: { $solution }
ambit-lives = Liv: { $stars }
ambit-share = AMBIT #{ $number } { $result } { $time } · { $pieces ->
    [one] { $pieces } brikke
   *[other] { $pieces } brikker
}{ $hints }
ambit-share-unsolved = ✗
ambit-share-public = { $player }: { $share }
ambit-level-auto = etter ukedag
ambit-daily-elsewhere = Du startet dagens oppgave i en annen chat; fortsett der.
daily-link-unknown = Den lenken til dagens oppgave gjelder en gruppe jeg ikke kjenner. Skriv daily i gruppen, eller her for en oppgave som ikke teller for noen gruppe.
daily-link-private-only = En lenke til dagens oppgave åpner gruppens oppgave i en privat chat med meg, så her gjør den ingenting. Skriv daily i stedet.
daily-link-not-member = Den lenken til dagens oppgave gjelder en gruppe du ikke er med i, så resultatet ditt kan ikke telle der. Skriv daily her for en oppgave som ikke teller for noen gruppe.
daily-link-unverified = Jeg fikk ikke sjekket at du er med i den gruppen, så ingenting ble startet. Prøv lenken igjen om et minutt.

## Daglige innlegg, topplister, statistikk

daily-post-title = Dagens AMBIT #{ $number } er ute ({ $level })!
daily-post-how = Alle får samme oppgave, ett forsøk, på tid. Spill den med knappen eller daily: brettet ditt vises bare for deg.
daily-post-yesterday = Gårsdagens #{ $number }: { $solved } av { $played } løste den.
daily-post-yesterday-none = Ingen her spilte gårsdagens #{ $number }.
daily-post-solution = Gårsdagens løsning: { $solution }
button-play-daily = Spill dagens oppgave
button-answer-private = 🔒 Svar privat
daily-in-private = Dagens AMBIT-oppgave spilles i en privat chat med meg, så ingen andres brett avslører den; resultatet ditt teller for denne gruppen.
button-previous = ◀ Forrige
button-next = Neste ▶
button-forget-me = Ja, glem meg
draw-declined = { $user } avslår remis i parti #{ $id }; spillet fortsetter.
button-decline-draw = Avslå remis
button-turn-done = ✔ Ferdig (avslutt turen)
button-turn-pass = Pass (flytt ingenting)
resign-confirm = Vil du virkelig gi opp? Det kan ikke angres.
button-resign-confirm = Ja, gi opp
period-week = denne uken
period-month = denne måneden
period-all = gjennom tidene
leaderboard-ambit-title = Toppliste for dagens AMBIT, { $period }:
leaderboard-game-title = Ratinger i { $game }, { $period }:
leaderboard-empty = Ingen ennå. Spill for å komme på listen!
leaderboard-page = Side { $page } av { $pages }.
leaderboard-rating-note = Glicko-2-ratinger; ? markerer en rating som ikke har stabilisert seg ennå. S-R-T: seire, remiser, tap.
leaderboard-unknown-word = «{ $word }» er verken et spill, en periode (week, month, all) eller et sidenummer.
table-rank = #
table-player = Spiller
table-stars = ★
table-solved = Løst
table-time = Tid
table-streak = Serie
table-rating = Rating
table-wdl = S-R-T
stats-title = { $player }:
stats-unknown-user = Jeg kjenner ikke @{ $user } her ennå.
stats-ambit-none = Dagens AMBIT: ikke spilt ennå.
stats-ambit = Dagens AMBIT: { $solved } av { $played } løst ({ $rate } %), { $stars ->
    [one] { $stars } stjerne
   *[other] { $stars } stjerner
}, beste tid { $best }; serie { $streak } (lengste { $longest }).
stats-game = { $game }: rating { $rating } (±{ $deviation }), { $wins ->
    [one] { $wins } seier
   *[other] { $wins } seire
}, { $draws ->
    [one] { $draws } remis
   *[other] { $draws } remiser
}, { $losses ->
    [one] { $losses } tap
   *[other] { $losses } tap
}.
stats-game-none = { $game }: ingen ratede partier her ennå.
settings-daily-on = Dagens AMBIT legges ut her hver dag kl. { $time } UTC ({ $level }).
settings-daily-off = Dagens AMBIT legges ikke ut her.
settings-daily-soon = Dagens innlegg skulle allerede vært ute: det kommer innen ett minutt.
settings-daily-game-on = { $game }-oppgaven legges ut her hver dag kl. { $time } UTC.
settings-daily-game-off = { $game }-oppgaven legges ikke ut her.
settings-daily-game-level = Et spills dagens oppgave har ikke noe nivå å velge: den blir vanskeligere gjennom uka (lett mandag og tirsdag, vanskelig fra fredag). Si for eksempel settings daily glacier on 09:00.
settings-not-admin = Bare administratorene i chatten (Discord: Administrer server) kan endre innstillinger.
settings-unknown = Det finnes ingen innstilling «{ $word }».
settings-bad-word = «{ $word }» er verken on, off, et klokkeslett (hh:mm, UTC) eller et nivå (auto, easy, medium, hard).
forgetme-explain = Dette sletter AMBIT-resultatene, ratingene og navnet ditt fra Kibitz for godt. { $games ->
    [0] Du har ingen åpne partier.
    [one] Det åpne partiet eller utfordringen din avsluttes først (et parti teller som oppgitt).
   *[other] De { $games } åpne partiene og utfordringene dine avsluttes først (partier teller som oppgitt).
} Ferdige partier blir værende hos motstanderne dine, under «slettet spiller». Sikker? forgetme confirm
forgetme-done = Ferdig: Kibitz har glemt deg.
forgetme-conflict = Et av partiene dine ble endret akkurat nå; ingenting ble slettet. Prøv igjen.
deleted-player = slettet spiller
lang-current = Jeg snakker { $language } med deg. Velg med lang og ett av: { $languages }, eller lang auto for å følge appen.
lang-unknown = Jeg snakker ikke «{ $language }» ennå. Velg ett av: { $languages }.
lang-set = Fra nå av snakker jeg norsk med deg.
lang-auto = Jeg følger appens språk igjen ({ $language }).
settings-language-set = Meldinger til alle i denne chatten er nå på norsk; lang velger ditt eget språk.
settings-language-auto = Meldinger til alle i denne chatten følger språket til den som skriver.
ambit-conflict = Oppgaven din ble endret mens kommandoen din var på vei; ingenting ble utført. Se på brettet og prøv igjen.

## Bildetekster (under bilder, og i bildets topptekst)

caption-to-move = Parti #{ $id } · { $player } er i trekket
caption-last-move = { $player } spilte { $turn }.
caption-over = Parti #{ $id } · { $result }
result-win = { $winner } vinner
result-draw = Remis
reason-no-moves = ingen trekk igjen
reason-resignation = oppgitt
reason-agreement = etter avtale
reason-checkmate = sjakkmatt
reason-stalemate = patt
reason-white-king-frozen = den hvite kongen frøs
reason-black-king-frozen = den svarte kongen frøs
reason-both-kings-frozen = begge kongene frøs
reason-half-move-limit = 150 halvtrekk uten slag eller bondetrekk
note-check = Sjakk!
note-ice-age-in = { $count ->
    [1] Istiden kommer med svarts neste trekk.
   *[other] Istid om { $count } trekk av svart.
}
note-ice-age = Istid! { $count ->
    [0] Ingen tomme felt frøs til.
    [1] 1 tomt felt frøs til.
   *[other] { $count } tomme felt frøs til.
}
note-ice-age-pieces = Frosne brikker: { $pieces }.
note-king-would-freeze = { $side ->
    [white] Den hvite kongen
   *[black] Den svarte kongen
} på { $square } har ingen nabo: den fryser i istiden { $count ->
    [1] etter svarts neste trekk
   *[other] om { $count } svarte trekk
} med mindre en brikke står ved siden av den.
note-king-froze = { $side ->
    [white] Den hvite kongen
   *[black] Den svarte kongen
} frøs på { $square }.
score-line = { $white } { $white-score } : { $black-score } { $black }

## Hvorfor et trekk ble avvist (nøklene kommer fra regelkjernen)

move-illegal = { $move } er ikke et lovlig trekk her.
move-game-over = Partiet er allerede over.
kf-move-malformed = «{ $move }» er ikke et trekk i Springerkamp.
kf-place-home-rank = Det første trekket ditt setter springeren på rad { $rank }; { $square } ligger ikke der.
kf-not-a-jump = { $square } er ikke et springerhopp fra { $from }.
kf-occupied = { $square } er opptatt av den andre springeren.
kf-blocked = { $square } er sperret.
kf-attacked = { $square } er angrepet av springeren på { $knight }.
kf-double-required = { $square } har dobbeltallet { $number }: velg et annet dobbeltall å sperre, f.eks. { $square }/{ $first }. Ledige dobbeltall: { $choices }.
kf-double-not-allowed = Å lande på { $square } lar deg ikke sperre noe dobbeltall: skriv bare { $square }.
kf-double-unavailable = { $double } er ikke et ledig dobbeltall. Ledige dobbeltall: { $choices }.
position-malformed = Stillingsteksten er feilformatert: { $reason }.
position-bad-seed = «{ $seed }» er ikke et seed-tall.
glacier-move-malformed = «{ $move }» er ikke et sjakktrekk: skriv det som h2g3, hxg3, Nxf3, O-O eller e7e8q.
glacier-ambiguous = { $move } kan være flere trekk: { $candidates }. Si hvilket, f.eks. ved å ta med fra-feltet.
glacier-must-capture = { $move } er ikke mulig: isen stenger, og alle trekkene du har, er slag. En bonde slår is diagonalt (f.eks. hxg3), en annen brikke ved å flytte inn på den (f.eks. Nxf3). Ved start er alle tomme felt is, så det første trekket er alltid et slag.
glacier-blocked-by-ice = { $move } stenges av isen på { $square }. Slå isen først, eller gå rundt den.
glacier-in-check = { $move } lar kongen din stå i sjakk.
glacier-king-exposed = { $move } ville sette kongen din i sjakk.
glacier-castling-through-check = { $move } er ikke mulig: kongen kan ikke rokere ut av, gjennom eller inn i sjakk.
glacier-promotion-needed = { $move } når siste rad: legg til brikken bonden skal forvandles til, f.eks. { $square }=Q.
glacier-not-a-promotion = { $move } er ingen forvandling: ta bort brikkebokstaven.
glacier-promotion-piece = En bonde forvandles til dronning, tårn, løper eller springer.
glacier-no-piece-on = Du har ingen brikke på { $square }.
glacier-no-such-piece = Du har { $piece ->
    [pawn] ingen bønder
    [knight] ingen springere
    [bishop] ingen løpere
    [rook] ingen tårn
    [queen] ingen dronning
    [king] ingen konge
   *[other] ingen { $piece }
} igjen.

## AMBIT

ambit-footprint-malformed = «{ $footprint }» er ikke et AMBIT-mønster: skriv 8 rader fra 8 ned til 1, atskilt med /, hver på 8 tegn: # for et mønsterfelt, . for de andre.
ambit-footprint-empty = Det mønsteret har ingen felt: det er ingenting å dekke.
ambit-placement-malformed = «{ $placement }» er ikke en plassering: skriv en brikkebokstav (K, Q, R, B eller N) og et felt, f.eks. Nf3.
ambit-state-malformed = «{ $state }» er ikke en AMBIT-oppgavetilstand: skriv mønsteret, brikkene som er satt ut (f.eks. Nf3 Bc4), og livene som er igjen (0 til 3).
ambit-state-invalid-placement = Oppgavetilstanden er skadet: { $placement } passer ikke innenfor mønsteret.
ambit-occupied = På { $square } står allerede { $piece ->
    [K] kongen din
    [Q] dronningen din
    [R] tårnet ditt
    [B] løperen din
   *[N] springeren din
}: velg et tomt felt. Du mistet ikke noe liv.
ambit-already-solved = Denne oppgaven er allerede løst: ikke flere brikker.
ambit-no-lives = Ingen liv igjen: denne oppgaven er over.
ambit-invalid = { $piece ->
    [K] Kongen
    [Q] Dronningen
    [R] Tårnet
    [B] Løperen
   *[N] Springeren
} på { $square } ville nå utenfor mønsteret: { $squares }. Brikken ble ikke satt ut, og du mistet et liv ({ $lives } igjen).
ambit-game-over = Spillet er over: alle tre livene er brukt opp.
ambit-unanchored = { $piece ->
    [K] Kongen
    [Q] Dronningen
    [R] Tårnet
    [B] Løperen
   *[N] Springeren
} på { $square } er ikke dekket: ingen annen brikke angriper { $square }.
ambit-solved = Løst! Du beholder { $stars } av 3 stjerner.
ambit-unsolvable = Ingen kombinasjon av brikker løser det mønsteret.
ambit-level-unknown = «{ $level }» er ikke et nivå: velg easy, medium eller hard.
ambit-date-malformed = «{ $date }» er ikke en dato: skriv den som ÅÅÅÅ-MM-DD, f.eks. 2027-03-14.

## Slash command names (Discord; lowercase, no spaces)

slash-help = hjelp
slash-rules = regler
slash-play = spill
slash-challenge = utfordre
slash-accept = godta
slash-decline = avslå
slash-move = trekk
slash-board = brett
slash-resign = gi-opp
slash-draw = remis
slash-games = partier
slash-ambit = ambit
slash-daily = dagens
slash-place = plasser
slash-giveup = avslutt
slash-hint = hint
slash-leaderboard = tabell
slash-stats = statistikk
slash-settings = innstillinger
slash-tournament = turnering
slash-forgetme = glem-meg
slash-lang = språk

## Chesimals

game-name-chesimals-1 = Chesimals I
game-name-chesimals-2 = Chesimals II
game-name-critters = Critters
rules-chesimals-1 =
    Chesimals I (av Joe Joyce) — sjakk med «sjakkdyr» på et 12x16-brett.
    • Hver side har fire chesimaler på 7 eller 9 enheter i én farge: hvit har gul, hvit, grå og oransje, svart har grønn, blå, rød og lilla. Hver av dem har en høvding (C, med ring).
    • I din tur velger du én chesimal og flytter så mange av enhetene dens du vil, én om gangen, hver høyst én gang: move b3-b5 a3-a4 c3-c4 (en hel tur), eller enhet for enhet (move b3-b5, …, og så move done).
    • En enhet kan bare flytte så lenge en kjede av enheter i dens farge som berører hverandre, forbinder den med høvdingen. En chesimal som har mistet høvdingen sin, er høvdingløs (gråtonet) og flytter aldri mer.
    • Enheter: høvding to kongesteg (C), springer (N), krigsmaskin ett steg eller et hopp på to felt i rett linje (W), elefant det samme diagonalt (E), vakt ett kongesteg (G).
    • Slå begge motstanderens kongelige høvdinger (hvits hvite og grå, svarts blå og røde) for å vinne.
rules-chesimals-2 =
    Chesimals II (av Joe Joyce) — Chesimals I med sterkere enheter på det samme 12x16-brettet.
    • Turene går som i Chesimals I: én chesimal per tur, alle enhetene dens som er forbundet med høvdingen, hver én gang: move b3-b5 b1-b3, eller enhet for enhet og så move done.
    • Krigsmaskiner (W) og elefanter (E) når 1, 2 eller 3 felt langs en linje (steg, hopp eller begge deler), vakter (G) glir 1 eller 2 felt i alle retninger; høvding (C) og springer (N) som i Chesimals I.
    • Slå begge motstanderens kongelige høvdinger (hvits hvite og grå, svarts blå og røde) for å vinne.
rules-critters =
    Critters (Chesimals III, av Joe Joyce) — to skapninger på hver side på et 20x20-brett.
    • Flytt hvilke som helst av enhetene dine i en tur, én om gangen, hver høyst én gang: move d4-d5 f4-f6, eller enhet for enhet og så move done.
    • En enhet kan bare flytte innenfor rekkevidden til en av hjernene dine (C): 3 felt for springere (N) og glidende generaler (G), 5 for olifanter (E) og lynkrigsmaskiner (W); en hjerne flytter høyst 24 enheter per tur. Hjerner flytter fritt.
    • Du vinner ved å drepe alle motstanderens hjerner, eller ved å holde 3 av de 4 grønne feltene ved starten av turen din.
    • Valg når du utfordrer: growth, promotion, brains:3 eller brains:4 (f.eks. challenge @bob critters growth).
move-usage-chesimals = move <enhetstrekk> — f.eks. move b3-b5 a3-a4: enhetene i én chesimal flytter, og turen er åpen for flere av dem til move done (eller avslutt linjen med done: move b3-b5 a3-a4 done); moves e3 viser hvor enheten på e3 kan gå. pass bare når ingen enhet kan flytte.
move-usage-critters = move <enhetstrekk> — f.eks. move d4-d5 f4-f6: turen er åpen for flere enheter til move done (eller avslutt linjen med done: move d4-d5 f4-f6 done); move pass flytter ingen av enhetene dine; o4-o5@p4 føres på hjernen på p4, end e5=N forvandler; moves d4 viser hvor enheten på d4 kan gå.
game-with-options = { $game } ({ $options }, { $time })
game-with-time = { $game } ({ $time })
challenge-options-critters = { $options }: bare Critters har spillvalg (growth, promotion, brains:3, brains:4).
challenge-bad-option = «{ $option }» er ikke et valg i Critters: bruk growth, promotion, brains:3 eller brains:4.
unit-moves-list = { $square } kan gå til { $count ->
    [1] 1 felt:
   *[other] { $count } felt:
} { $targets }. Spill ett med: { $example }
unit-moves-none = Ingenting av { $player } på { $square } kan flytte nå.
unit-moves-bad-square = { $square } er ikke et felt på dette brettet.
unit-moves-not-running = Parti #{ $id } pågår ikke.
note-chesimals-amp-moving = Chesimalen med fargen { $colour } flytter ({ $count ->
    [1] 1 enhet så langt
   *[other] { $count } enheter så langt
}): turen din er fortsatt åpen. Flytt flere av enhetene, eller avslutt turen med: move done
note-critters-turn-open = { $count ->
    [1] 1 enhet har flyttet
   *[other] { $count } enheter har flyttet
}: turen din er fortsatt åpen. Flytt flere enheter, eller avslutt turen med: move done
reason-royal-chiefs-captured = begge de kongelige høvdingene slått
reason-brains-killed = alle hjerner drept
reason-green-squares = tre grønne felt holdt
reason-both-passed = begge sider passet
reason-no-capture-limit = 50 turer uten slag
chesimals-turn-refused = Trekk { $number } ({ $move }) i turen din: { $reason } Ingenting ble spilt.
chesimals-game-over = Partiet er over: { $result }.
chesimals-bad-move = «{ $text }» er ikke et trekk. Skriv det som b3-b5, e3xe5, end eller pass.
chesimals-bad-square = { $square } er ikke et felt på dette brettet.
chesimals-no-unit = Det står ingen enhet på { $square }.
chesimals-not-yours = Enheten på { $square } ({ $unit }) er ikke din.
chesimals-moved-already = Enheten på { $square } ({ $unit }) har allerede flyttet denne turen.
chesimals-other-amp = Enheten med fargen { $colour } på { $square } kan ikke flytte: chesimalen med fargen { $amp } flytter denne turen.
chesimals-leaderless = Enheten med fargen { $colour } på { $square } er høvdingløs: høvdingen dens er slått.
chesimals-not-joined = Enheten på { $square } er ikke forbundet med høvdingen sin gjennom en kjede av enheter med fargen { $colour }.
chesimals-no-brain-naming = Bare enheter i Critters føres på en hjerne; dropp @.
chesimals-brain-not-charged = Hjernen på { $square } flytter fritt; ikke oppgi noen hjerne for den.
chesimals-not-a-brain = Du har ingen hjerne på { $square }.
chesimals-out-of-range = Enheten på { $square } ({ $unit }) står mer enn { $range } felt fra hjernen på { $brain }.
chesimals-no-brain-in-range = Enheten på { $square } ({ $unit }) står ikke innenfor { $range } felt fra noen av hjernene dine.
chesimals-brain-full = Hjernen på { $brain } har allerede aktivert { $capacity } enheter denne turen.
chesimals-own-unit = Din egen enhet står på { $square }.
chesimals-bad-path = En enhet av typen { $unit } kan ikke flytte fra { $from } til { $to }.
chesimals-blocked = Enheten på { $from } ({ $unit }) blir stengt på veien til { $to }.
chesimals-end-before-move = Flytt minst én enhet før du avslutter turen.
chesimals-pass-not-allowed = Du kan bare passe i starten av en tur (i Chesimals I og II bare når ingen av enhetene dine kan flytte).
chesimals-promotion-off = Forvandling er ikke slått på i dette partiet.
chesimals-cannot-promote = Det står ingen stillestående glidende general ved siden av en stillestående hjerne på det grønne feltet { $square }.
chesimals-promotion-limit = Du kan ikke forvandle til en enhet av typen { $unit }: da ville du fått flere enn ved start.
chesimals-empty-turn = Skriv trekkene i turen din, f.eks. b1-b3 a2-a4.
chesimals-after-turn = Trekk { $number } ({ $move }) kommer etter at turen din er slutt.
chesimals-position-empty = Stillingsteksten er tom.
chesimals-position-field = Delen «{ $field }» av stillingsteksten er feil: «{ $text }».
chesimals-position-fields = Stillingsteksten trenger { $expected } deler, ikke { $found }.
chesimals-position-ranks = Brettet trenger { $expected } rader, ikke { $found }.
chesimals-position-rank = Rad { $rank } i stillingsteksten er feilformatert.
chesimals-position-unit = «{ $text }» er ikke en enhet.
chesimals-position-chiefs = Det er to høvdinger med fargen { $colour }.
chesimals-position-brains = En side kan ha høyst { $most } hjerner.
chesimals-position-moved-enemy = Bare siden som er i trekket, kan ha enheter merket som flyttet.
chesimals-position-turn = Turtilstanden «{ $text }» passer ikke til brettet.

# Games against the computer
computer-name = Kibitz · nivå { $level }
computer-thinking = { $computer } tenker…
computer-bad-level = Det finnes ikke noe datamaskinnivå «{ $level }»: velg level:1 (en nybegynner kan vinne) til level:8 (det sterkeste).
computer-not-allowed = Partier mot datamaskinen er slått av i denne chatten (en admin kan slå dem på med: settings computer on).
computer-too-many = Denne chatten har allerede { $max } partier mot datamaskinen i gang: fullfør eller gi opp ett først.
computer-declines-draw = { $computer } avslår remis i parti #{ $id }: den mener den står bedre. Spill videre!
settings-tournaments-members = Medlemmer kan lage turneringer her (settings tournaments admins for å overlate det til admins).
settings-tournaments-admins = Bare admins lager turneringer her (settings tournaments members for å la medlemmer lage dem også).
settings-computer-on = Medlemmer kan spille mot datamaskinen her (settings computer off for å stoppe nye partier).
settings-computer-off = Partier mot datamaskinen er slått av her (settings computer on for å tillate dem).
stats-computer = { $game } mot datamaskinen: { $results }.
stats-computer-level = slo nivå { $level }: { $wins } av { $games }

## Clocks (time controls, reminders, timeouts)
time-control-unreadable = «{ $time }» er ingen tidskontroll. Bruk time:3d (dager per trekk, 1 til 14), time:10m eller time:10m+5s (minutter for partiet, 1 til 180, pluss sekunder per trekk, 0 til 60), eller time:none.
time-control-days = { $time }: et korrespondanseparti gir 1 til 14 dager per trekk, f.eks. time:3d.
time-control-minutes = { $time }: et levende parti gir 1 til 180 minutter, f.eks. time:10m+5s.
time-control-increment = { $time }: tillegget er 0 til 60 sekunder per trekk, f.eks. time:10m+5s.
time-control-correspondence = { $days ->
    [one] { $days } dag per trekk
   *[other] { $days } dager per trekk
}
time-control-live = { $minutes } min + { $increment } s
time-control-none = uten klokke
time-left-days = { $days } d { $hours } t
time-left-hours = { $hours } t { $minutes } min
time-left-minutes = { $minutes }:{ $seconds }
caption-time-left = { $left } igjen
timeout = Parti #{ $id }: { $player } gikk tom for tid. { $winner } vinner.
timeout-move-late = Tiden din i parti #{ $id } gikk ut idet du trakk: partiet er tapt på tid.
reminder = Parti #{ $id }: { $player }, det er ditt trekk, og du har { $left } igjen på klokken.
reason-timeout = på tid
computer-no-clock = Partier mot datamaskinen har ingen klokke: ta bort time:.

## Takebacks and aborts
cmd-takeback = takeback [#id] — be om å ta tilbake ditt siste trekk
menu-takeback = Be om å ta tilbake ditt siste trekk
slash-takeback = angre
cmd-abort = abort [#id] — avbryt et parti før hver sides andre trekk, uten rating
menu-abort = Avbryt et parti som så vidt har begynt, uten rating
slash-abort = avbryt
button-accept-takeback = Tillat angring
takeback-asked = { $user } ber om å ta tilbake sitt siste trekk i parti #{ $id }. { $opponent }: takeback { $id } for å tillate det, eller decline { $id }.
takeback-already-asked = Du har alt spurt i parti #{ $id }: { $opponent } må svare (eller spille videre).
takeback-nothing = Du har ikke noe trekk å ta tilbake i parti #{ $id }.
takeback-mid-turn = Fullfør turen din i parti #{ $id } først: en angring går tilbake over hele turer.
takeback-too-long = Den siste turen i parti #{ $id } er for lang til å tas tilbake.
takeback-done = { $moves ->
    [one] Parti #{ $id }: ett trekk tatt tilbake, etter ønske fra { $player }.
   *[other] Parti #{ $id }: { $moves } trekk tatt tilbake, etter ønske fra { $player }.
}
takeback-declined = { $user } avslår angringen i parti #{ $id }; trekket står.
abort-too-late = Parti #{ $id } kan ikke avbrytes lenger: begge sider har trukket to ganger. Du kan gi opp eller tilby remis.
aborted = Parti #{ $id } ble avbrutt av { $user }. Det teller ikke i ratingen.
game-aborted = Parti #{ $id } ble avbrutt.
caption-aborted = Parti #{ $id } · avbrutt

## Turn pings
cmd-pings = pings [on|off] — bli nevnt når det er ditt trekk
menu-pings = Bli nevnt når det er ditt trekk, eller ikke
slash-pings = varsler
pings-on = Du blir nevnt når det er ditt trekk.
pings-off = Du blir ikke lenger nevnt når det er ditt trekk (pings on for å angre).
pings-are-on = Du blir nevnt når det er ditt trekk (pings off for å slutte).
pings-are-off = Du blir ikke nevnt når det er ditt trekk (pings on for å bli det).

## History
cmd-history = history [#id] — trekkene i et parti (ditt parti her, eller ditt siste avsluttede)
menu-history = Trekkene i et parti
slash-history = historikk
help-more = Mer: { $commands } (help <kommando> forteller hvordan).
history-head = Parti #{ $id } · { $game } · { $white } (hvit) mot { $black } (svart) · { $status }
history-to-move = { $player } er i trekket
history-aborted = avbrutt
history-no-moves = Ingen trekk ennå.
history-cut = … og flere trekk: partiet er for langt til å vises helt.
history-ice-age = ❄ en istid kom etter dette trekket.
history-marks = ?! unøyaktighet, ? feil, ?? bukk: fra motorens gjennomgang (analysis #{ $id }).

cmd-export = export [#id] — et partis protokoll som fil (PGN for isbresjakk)
menu-export = Et partis protokoll som fil
slash-export = eksport
export-caption = Parti #{ $id } · { $game } · { $white } (hvit) mot { $black } (svart): protokollen.
export-nothing = Parti #{ $id } har ingen trekk å eksportere ennå.
export-too-long = Parti #{ $id } er for langt til å eksporteres.
cmd-replay = replay [#id] — et partis trekk som animasjon
menu-replay = Et parti som animasjon
slash-replay = avspilling
cmd-analysis = analysis [#id] — motorens gjennomgang av et avsluttet parti
menu-analysis = Motorens gjennomgang av et avsluttet parti
slash-analysis = analyse
replay-caption = Parti #{ $id } · { $game } · { $white } (hvit) mot { $black } (svart): avspillingen.
replay-nothing = Parti #{ $id } har ingen trekk å spille av ennå.
replay-too-long = Parti #{ $id } er for langt til å spilles av (høyst { $turns } trekk); export gir protokollen.
analysis-not-finished = Parti #{ $id } spilles fortsatt: motoren går gjennom et parti når det er over (fair play).
analysis-nothing = Parti #{ $id } har ingen trekk å gå gjennom.
analysis-too-long = Parti #{ $id } er for langt til å gås gjennom (høyst { $turns } trekk).
analysis-busy = Motoren går gjennom parti #{ $id } for denne chatten; én gjennomgang om gangen her. Spør igjen når den er lagt ut.
analysis-queued = Går gjennom parti #{ $id } ({ $turns } trekk): motoren ser på hver stilling og legger gjennomgangen ut her når den er ferdig (analysis #{ $id } viser hvor langt den er kommet).
analysis-under-way = Gjennomgangen av parti #{ $id } er { $percent } % ferdig; den legges ut her når den er klar.
analysis-progress = 🔍 Analyserer parti #{ $id }… { $percent } %
analysis-progress-done = 🔍 Analysen av parti #{ $id } ble ferdig på { $seconds } s: gjennomgangen følger.
analysis-title = Gjennomgang av parti #{ $id } · { $game }
analysis-side = { $player }: presisjon { $accuracy } % · ?! { $inaccuracies } · ? { $mistakes } · ?? { $blunders }
analysis-worst = Det største omslaget: { $turn } (motoren foretrakk { $best }).
analysis-worst-no-best = Det største omslaget: { $turn }.
analysis-clean = Ingen unøyaktigheter, feil eller bukker: et rent parti.
analysis-how = Merker etter vinnersjansen et trekk ga bort: ?! fra 5 prosentpoeng, ? fra 10, ?? fra 15. history, replay og export viser dem også.
analysis-legend = Lyst: hvits vinnersjanse; prikker: ?! blå, ? oransje, ?? røde.
button-analysis = 🔍 Analyse
games-finished-none = Ingen avsluttede partier i denne chatten ennå.
games-finished-header = Avsluttede partier i denne chatten, de siste først:
games-line-finished = #{ $id } { $game }: { $white } (hvit) mot { $black } (svart), { $result }

## Vacations
cmd-vacation = vacation [dager] — stopp klokkene i korrespondansepartier (7 dager i måneden)
menu-vacation = Stopp korrespondanseklokkene dine noen dager
slash-vacation = ferie
vacation-on = Du har ferie til { $until }: korrespondanseklokkene dine står stille. Feriedager igjen denne måneden: { $left }.
vacation-off = Du har ikke ferie. Feriedager igjen denne måneden: { $left } (vacation <dager>).
vacation-taken = Du har ferie til { $until }: korrespondanseklokkene dine står stille (partier der det er ditt trekk: { $games }). Feriedager igjen denne måneden: { $left }.
vacation-too-many = Du har { $left } feriedager igjen denne måneden (høyst { $max } i måneden): vacation 1 til vacation { $left }.

settings-threads-on = En godtatt utfordring her åpner en tråd for partiet: trekkene går dit, og denne kanalen ser starten og resultatet (settings threads off for å beholde partiene i kanalen).
settings-threads-off = Partiene spilles rett her i kanalen (settings threads on for å gi hver godtatte utfordring sin egen tråd).
settings-threads-elsewhere = Tråder er en Discord-innstilling: her blir et parti der det ble startet (i en Telegram-forumgruppe, i sitt emne).
thread-name = { $game } #{ $id }: { $white } mot { $black }
thread-welcome = Parti #{ $id } spilles i denne tråden: trekk, remistilbud og angringer her; kanalen ser resultatet.
game-result-notice = Parti #{ $id } i { $game } er over: { $result }.
puzzle-no-game = { $game } har ingen dagens oppgave: et trekk flytter mange brikker, og ett vinnende trekk er nesten aldri det eneste. Prøv daily glacier eller daily kf.
puzzle-title = { $game }-oppgave #{ $number } ({ $difficulty })
puzzle-task = { $side } i trekket og vinner.
puzzle-how = Ett trekk vinner klart, ingen andre er i nærheten. Ett forsøk: daily { $game } <trekk> (svaret ditt vises bare for deg der plattformen tillater det).
puzzle-solved = ✅ { $move } er riktig!
puzzle-missed = ❌ { $move } er det ikke: { $solution } vinner.
puzzle-rating = Oppgaveratingen din her: { $rating } · rekke { $streak }
puzzle-share = { $game }-oppgave #{ $number } { $mark } · rekke { $streak }
puzzle-standings-none = Ingen her har svart på en { $game }-oppgave de siste 30 dagene: daily { $name } viser dagens.
puzzle-standings-head = { $game }-oppgaver her, siste 30 dager (løst / svart, rating):
puzzle-standings-row = { $rank }. { $player }: { $solved } / { $answered }, { $rating }
puzzle-being-made = Dagens { $game }-oppgave lages akkurat nå: spør igjen om et halvt minutt.
puzzle-post-yesterday = Gårsdagens #{ $number }: { $solved } av { $answered } her løste den.
puzzle-post-yesterday-none = Ingen her svarte på gårsdagens #{ $number }.
puzzle-post-solution = Gårsdagens vinnende trekk: { $solution }
puzzle-answer-private = Skrevet her ser alle trekket ditt. Svar i den private chatten med meg (knappen): det teller for denne gruppen.
puzzle-linked = Svaret ditt teller for gruppen du kom fra.

## Turneringer
tournament-none = Det er ingen turnering her. En admin lager en med: tournament create glacier swiss rounds:5 Vintercupen
tournament-unknown = Det finnes ingen turnering #{ $id } i denne chatten.
tournament-usage = Bruk: tournament create <spill> [swiss|rr|double|arena] [rounds:N] [duration:60m] [time:1d|time:10m+5s] [start:hh:mm] [navn], deretter tournament join|leave|start|cancel|standings|pairings [#N].
tournament-not-admin = Bare chattens admins lager turneringer her (en admin kan la medlemmer gjøre det også: settings tournaments members).
tournament-not-maker = Bare den som laget turnering #{ $id }, eller en admin, kan starte eller avlyse den.
tournament-bad-game = { $game } er ikke et spill for en turnering. Spill: { $games }.
tournament-bad-rounds = En sveitser har 1 til { $max } runder, f.eks. rounds:5.
tournament-robin-rounds = Antall runder i en alle-mot-alle følger av antall spillere: utelat rounds:.
tournament-no-clock = Partiene i en turnering trenger klokke, ellers kan én spiller holde igjen en runde for alltid: utelat time: for 3 dager per trekk, eller skriv f.eks. time:1d eller time:10m+5s.
tournament-name-long = Navnet er for langt: høyst { $max } tegn.
tournament-too-many = Denne chatten har allerede { $max } åpne turneringer: fullfør eller avlys én først.
tournament-default-name = Turnering i { $game }
tournament-created = 🏆 Turnering #{ $id } «{ $name }»: { $game }, { $format }, { $time }. Bli med med knappen eller tournament join { $id }; { $creator } starter den med tournament start { $id }.
tournament-bad-start = { $start } er ikke et starttidspunkt: skriv f.eks. start:18:00 eller start:"sat 18:00" (UTC).
tournament-starts-at = Den starter av seg selv { $start }.
tournament-cancelled-few = Turnering #{ $id } «{ $name }» ble avlyst: færre enn 2 spillere hadde meldt seg på til starten.
tournament-format-arena = arena på { $minutes } minutter
tournament-arena-rounds = En arena varer en tid, ikke et antall runder: utelat rounds: og skriv f.eks. duration:60m.
tournament-bad-duration = { $duration } er ingen arenalengde: skriv f.eks. duration:45m eller duration:2h (10 minutter til et døgn).
tournament-duration-arena = Bare en arena har en varighet: en sveitser har rounds:, en alle-mot-alle en runde per motstander.
tournament-arena-live = En arena er levende spill: gi den en levende klokke, f.eks. time:3m+2s (standard).
tournament-arena-started = 🏁 Arena #{ $id } «{ $name }» har begynt med { $players } spillere: fullfør et parti, så blir du paret igjen med en gang, til { $end }.
tournament-arena-post = 🏆 { $name } (#{ $id }), arena til { $end }: nye partier
tournament-arena-pairings = { $name } (#{ $id }): arenaens partier som pågår
tournament-arena-title = { $name }: arena til { $end }
tournament-arena-scoring = Seier 2, remis 1; etter to seire på rad (🔥) teller hvert parti dobbelt. Ved likhet: flest seire.
tournament-state-arena = arena til { $end }
tournament-column-wins = Seire
berserk-done = ⚔ { $player } går berserk i parti #{ $id }: halve tiden, og en seier gir ett poeng ekstra.
berserk-not-yours = Du spiller ikke parti #{ $id }.
berserk-not-arena = Parti #{ $id } er ikke et arenaparti som pågår: berserk er bare for arenaer.
berserk-too-late = For sent for berserk i parti #{ $id }: det er bare før ditt første trekk, én gang.
berserk-no-game = Du har ikke noe parti som pågår her å gå berserk i.
berserk-which = Du har flere partier her: si hvilket, f.eks. tournament berserk #{ $first }.
tournament-format-swiss = sveitser, { $rounds ->
    [one] { $rounds } runde
   *[other] { $rounds } runder
}
tournament-format-round-robin = alle mot alle
tournament-format-double = dobbel alle mot alle
button-standings = 🏆 Tabell
button-pairings = Paringer
button-join = Bli med
button-leave = Gå ut
tournament-begun = Turnering #{ $id } har begynt: den tar ikke inn flere spillere, og den kan ikke startes på nytt.
tournament-over = Turnering #{ $id } er over.
tournament-computer-in = { $computer } er allerede med i turnering #{ $id }: hvert nivå spiller én gang.
tournament-already-in = Du er allerede med i turnering #{ $id }.
tournament-full = Turnering #{ $id } er full: { $max } spillere.
tournament-joined = { $player } ble med i turnering #{ $id } ({ $count ->
    [one] { $count } spiller
   *[other] { $count } spillere
}).
tournament-joined-late = { $player } ble med i turnering #{ $id } for sent til runde 1: parres fra runde 2, uten poeng for runde 1.
tournament-left = { $player } gikk ut av turnering #{ $id }.
tournament-withdrew = { $player } trakk seg fra turnering #{ $id }: de parres ikke mer, og ferdige partier står. Et parti som pågår teller: spill det ferdig eller gi opp.
tournament-not-in = Du spiller ikke i turnering #{ $id }.
tournament-too-few = Turnering #{ $id } trenger minst 2 spillere for å starte; den har { $count }.
tournament-started = 🏁 Turnering #{ $id } «{ $name }» har begynt: { $players } spillere, { $rounds ->
    [one] { $rounds } runde
   *[other] { $rounds } runder
}. Paringene følger.
tournament-cancelled = Turnering #{ $id } ble avlyst. Partier som pågår, fortsetter som vanlige partier.
tournament-round-post = 🏆 { $name } (#{ $id }), runde { $round } av { $rounds }:
tournament-board = Bord { $board }: { $white } (hvit) – { $black } (svart), parti #{ $game }
tournament-game-result = { $white } – { $black }, parti #{ $game }: { $result }
tournament-board-result = Bord { $board }: { $white } – { $black }, parti #{ $game }: { $result }
tournament-bye = Fri runde (ett poeng): { $player }
tournament-playing = pågår
tournament-list-title = Turneringer her:
tournament-list-how = tournament #N viser én; tournament join N melder deg på.
tournament-summary = #{ $id } { $name } — { $game }, { $format } — { $state }
tournament-state-signup = påmelding pågår
tournament-state-running = runde { $round } av { $rounds }
tournament-state-finished = ferdig
tournament-state-cancelled = avlyst
tournament-no-players = Ingen har meldt seg på ennå.
tournament-players = { $count ->
    [one] { $count } spiller
   *[other] { $count } spillere
}: { $names }
tournament-withdrawn-mark = (trakk seg)
tournament-column-points = Poeng
tournament-column-games = Partier
tournament-column-buchholz = Bh
tournament-column-sb = SB
tournament-standings-title = { $name }: tabellen i runde { $round } av { $rounds }
tournament-final-title = { $name }: sluttabell
tournament-tie-breaks = Ved likhet: Buchholz (uten laveste), så Sonneborn-Berger
tournament-podium-shared = 🏆 { $name } (#{ $id }) er over. Førsteplassen deles, likt på alle kriterier: { $names }!
tournament-podium = 🏆 { $name } (#{ $id }) er over. Vinneren: { $first }! 🥈 { $second } 🥉 { $third }
tournament-no-pairings = Turnering #{ $id } har ikke begynt: ingen runde er paret ennå.
tournament-pairings-title = { $name } (#{ $id }), runde { $round } av { $rounds }:
abort-tournament = Parti #{ $id } er et parti i turnering #{ $tournament }: det kan ikke avbrytes. Du kan gi opp eller tilby remis.
board-session-refused = Brettet kunne ikke se hvem du er: åpne det igjen fra chatten.
board-session-expired = Brettet har vært åpent for lenge: åpne det igjen fra chatten.
board-link-stale = Lenken til brettet har gått ut: trykk på partiets brettknapp igjen.
board-word-channel-games = Partier i denne kanalen
board-word-no-channel-games = Ingen spiller i denne kanalen. Start et parti i chatten med /challenge.
board-word-place-piece = Velg en brikke, så feltet dens
board-word-solved = Løst!
board-word-puzzle-over = Oppgaven er over
board-word-lives = Liv:
board-word-footprint = skal dekkes
board-word-covered = dekket
discord-board-link = Ditt brett for parti #{ $game }: lenken er bare din og virker i 10 minutter.
discord-board-link-puzzle = Ditt brett for denne oppgaven: lenken er bare din og virker i 10 minutter.
board-no-such-game = Det finnes ikke noe slikt parti du kan se.
board-no-such-puzzle = Du har ingen slik oppgave.
board-unavailable = Boten kan ikke svare akkurat nå: prøv igjen om litt.
board-not-set-up = Brettet er ikke satt opp for denne boten.
board-launch-stale = Brettet ble åpnet for over en time siden: åpne det igjen fra chatten.
board-launch-refused = Brettet ble ikke åpnet fra chat-appen: åpne det fra chatten.
board-not-your-move = Det er ikke ditt trekk.
board-illegal-move = Det trekket er ikke lovlig her.
board-bad-request = Brettet sendte noe boten ikke forstår.
board-game-changed = Partiet endret seg i mellomtiden: slik står det nå.
board-word-loading = Laster…
board-word-your-move = Ditt trekk
board-word-waiting = Venter på motstanderen
board-word-watching = Du ser på
board-word-challenge = Venter på at utfordringen blir godtatt
board-word-done = Ferdig
board-word-pass = Pass
board-word-undo = Angre
board-word-resign = Gi opp
board-word-resign-sure = Gi opp dette partiet?
board-word-draw = Tilby remis
board-word-takeback = Ta tilbake
board-word-abort = Avbryt
board-word-yes = Ja
board-word-no = Nei
board-word-white-wins = Hvit vinner
board-word-black-wins = Svart vinner
board-word-drawn = Remis
board-word-ice-age = Trekk til istiden:
board-word-white = Hvit
board-word-black = Svart
board-word-no-game = Åpne et partis brett fra chatten.
board-word-open-from-chat = Åpne brettet fra chatten: bildet av et parti har en knapp for det.
button-open-board = ♟ Åpne brettet
board-word-king = konge
board-word-queen = dronning
board-word-rook = tårn
board-word-bishop = løper
board-word-knight = springer
board-word-pawn = bonde
board-word-chief = høvding
board-word-warmachine = krigsmaskin
board-word-elephant = elefant
board-word-guard = vakt
board-word-abort-sure = Avbryte dette partiet? Det blir ikke ratet.
board-word-ice = is
board-word-blocked = sperret
