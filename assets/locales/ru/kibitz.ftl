## Kibitz — каталог сообщений на русском.
## Здесь все тексты, которые видит пользователь; другие языки — в файлах рядом с этим.

## Справка

help-intro = Kibitz играет в настольные игры в этом чате. Команды (с / в начале или без):
help-footer = help <команда> — как пользоваться одной командой. Игры: { $games }.
help-game = Как записывать ходы в { $game }:
help-game-rules = Полные правила: rules { $name }
help-unknown-command = Команды «{ $command }» нет. Напишите help, чтобы увидеть список.
console-ready = Консольный чат Kibitz: одна строка — одно сообщение; `@alice help` говорит от имени alice и показывает список команд. Конец ввода (Ctrl-D) или Ctrl-C завершает работу.
console-not-utf8 = Эта строка — не текст в UTF-8, поэтому она не прочитана. Наберите её ещё раз обычным текстом.
cmd-help = help [команда] — этот список или описание одной команды
cmd-rules = rules <игра> — краткие правила игры
cmd-play = play <игра> [@user|computer] | play ambit [уровень] | play daily — партия, головоломка AMBIT или задача дня
cmd-challenge = challenge [@user|computer] <игра> [white|black|random] [level:1-8] [time:3d|10m+5s|none] [seed:N] — вызвать кого-то, любого или компьютер
cmd-accept = accept [#id] — принять вызов
cmd-decline = decline [#id] — отклонить вызов или отозвать свой
cmd-move = move <ход> [#id] — сделать ход; можно и просто ход, например d3 или d3/g7
cmd-board = board [#id] [flip] — показать доску (flip: со стороны чёрных)
cmd-resign = resign [confirm] [#id] — сдаться
cmd-draw = draw [#id] — предложить ничью или принять предложенную
cmd-games = games [finished] [страница] — партии и вызовы этого чата (или оконченные)
cmd-ambit = ambit [easy|medium|hard] — тренировочная задача AMBIT
cmd-daily = daily [игра] — задача дня: AMBIT или игры (daily kf, затем daily kf <ход>)
cmd-place = place <фигура><поле> — поставить фигуру на доску AMBIT: place Nf3 или просто Nf3
cmd-giveup = giveup — завершить задачу AMBIT и посмотреть решение
cmd-hint = hint — в задаче AMBIT показать одну фигуру из кратчайшего решения (в задаче дня стоит звезду)
cmd-leaderboard = leaderboard [ambit|<игра>] [week|month|all] [страница] — задачи дня AMBIT или рейтинги в игре здесь
cmd-stats = stats [@игрок] — задачи дня AMBIT, серии и рейтинги здесь
cmd-settings = settings daily [glacier|kf] [on|off] [hh:mm] [level] — публиковать задачу дня здесь в заданное время UTC · settings language|computer|threads|tournaments … (админы)
cmd-tournament = tournament [create <игра> [swiss|rr|double|arena] [rounds:N] [duration:60m] [time:1d] [start:hh:mm] [название]|join|leave|add computer [level:N]|berserk|start|cancel|standings|pairings] [#N] — турниры этого чата
cmd-forgetme = forgetme — удалить всё, что Kibitz хранит о вас
cmd-lang = lang [en|ru|nb|auto] — язык, на котором Kibitz говорит с вами (auto — язык вашего приложения)

## Меню команд (список / в Telegram): по одной короткой строке

menu-help = Список команд или описание одной команды
menu-rules = Правила игры с картинкой
menu-play = Играть: партия, задача AMBIT или задача дня
menu-challenge = Вызвать кого-то (или любого) на партию
menu-accept = Принять вызов
menu-decline = Отклонить вызов или отозвать свой
menu-move = Сделать ход
menu-board = Показать доску
menu-resign = Сдаться
menu-draw = Предложить ничью или принять предложенную
menu-games = Партии и вызовы в этом чате
menu-ambit = Тренировка AMBIT — головоломки на узор
menu-daily = Задача дня AMBIT
menu-place = Поставить фигуру в задаче AMBIT
menu-leaderboard = Таблица лидеров этого чата
menu-stats = Ваши результаты и рейтинги
menu-settings = Настройки ежедневной публикации (для админов)
menu-tournament = Турниры: создать, вступить, таблица
menu-forgetme = Удалить ваши данные
menu-lang = Выбрать язык
menu-giveup = Сдаться в задаче AMBIT и посмотреть решение
menu-hint = Подсказка в задаче AMBIT (в задаче дня стоит звезду)

## Правила

rules-knight-fight =
    Бой коней (автор — Andy Lewicki) — два коня на доске 10x10 с числами 00–99.
    • Белые ставят коня на 1-ю горизонталь, затем чёрные — на 10-ю; дальше каждый ход — прыжок конём.
    • Вы получаете столько очков, какое число стоит на поле, куда вы встали. Поле, с которого вы ушли, блокируется навсегда.
    • Ход на 57 блокирует 75 (зеркальное число). Ход на дубль (00, 11 … 99) блокирует другой дубль на ваш выбор: d3/g7 — ход на d3 с блокировкой g7.
    • Нельзя вставать на заблокированное поле, на коня соперника и на поле, которое бьёт конь соперника.
    • Игра заканчивается, как только у одного из коней нет хода; побеждает тот, у кого больше очков.
rules-ambit =
    AMBIT — головоломка для одного игрока на пустой шахматной доске.
    • Жёлтые поля — это узор задачи. Расставьте фигуры (K Q R B N, сколько угодно) так, чтобы вместе они били ровно эти поля: place Nf3.
    • Фигура бьёт как в шахматах на пустой доске (фигуры никогда не загораживают друг друга) и никогда не бьёт своё собственное поле.
    • Фигура, которая била бы поле вне узора, не ставится, а вы теряете одну из 3 жизней. Поставленные фигуры остаются на месте.
    • Фигура на жёлтом поле должна быть под боем другой фигуры (прикрыта).
    • Задача решена, когда все жёлтые поля под боем и все фигуры прикрыты; оставшиеся жизни — ваши звёзды. Задача дня одна для всех и решается на время.
rules-usage = Формат: rules <игра>. Игры: { $games }.
rules-glacier =
    Ледниковые шахматы («Шахматы ледникового периода», автор — Köksal Karakus) — шахматы на замёрзшей доске.
    • В начале каждое пустое поле покрыто льдом. Лёд загораживает путь, как фигура; любая сторона может взять его, как фигуру соперника (пешка — только по диагонали). Поэтому первый ход каждой стороны — взятие.
    • После каждого 20-го хода чёрных наступает Ледниковый период: замерзает каждое пустое поле, если только все его соседи сверху, снизу, слева и справа не заняты фигурами (край доски тоже считается), а также каждая фигура, на восьми соседних полях которой нет ни одной фигуры.
    • Замёрзший король проигрывает (замёрзли оба — ничья). В остальном это шахматы: мат — победа; пат и 150 полуходов без взятий и ходов пешкой — ничья. Ничьей из-за повторения позиции нет.

## Игры и вызовы

game-name-knight-fight = Бой коней
game-name-glacier = Ледниковые шахматы
game-name-ambit = AMBIT
side-white = Белые
side-black = Чёрные
challenge-open = { $challenger } бросает открытый вызов: { $game } (#{ $id }). Принять может любой: accept { $id }.
challenge-direct = { $challenger } вызывает { $invitee } на партию: { $game } (#{ $id }). { $invitee }: accept { $id } или decline { $id }.
challenge-usage = Как: challenge [@user|computer] <игра> [white|black|random] [level:1-8] [time:3d|time:10m+5s|time:none] [seed:N]. Игры: { $games }.
challenge-unknown-game = Я не знаю игры «{ $game }». Игры: { $games }.
challenge-self = Нельзя вызвать самого себя. Вызовите кого-то другого или уберите @игрок, чтобы бросить открытый вызов.
challenge-unknown-user = Я пока не знаю { $handle }: сначала этому игроку нужно написать в чате со мной.
challenge-bad-seed = «{ $seed }» — не сид: напишите seed: и целое число, например seed:42.
button-accept = Принять
button-decline = Отклонить
button-accept-draw = Согласиться на ничью
accept-none = Здесь нет вызова, который вы могли бы принять. Бросьте свой: challenge [@игрок] <игра>.
accept-own = Это ваш собственный вызов: подождите, пока его примет кто-то другой, или отзовите его командой decline { $id }.
accept-not-yours = Вызов #{ $id } адресован не вам.
accept-several = Вас ждут несколько вызовов: { $ids }. Укажите нужный, например accept { $first }.
game-started = Начинается партия #{ $id } ({ $game }): { $white } (белые) против { $black } (чёрные).
decline-none = Здесь нет вызова, который вы могли бы отклонить.
decline-several = Подходят несколько вызовов: { $ids }. Укажите нужный, например decline { $first }.
declined = { $user } отклоняет вызов #{ $id }.
withdrawn = { $user } отзывает вызов #{ $id }.
no-such-game = В этом чате нет партии #{ $id }.
game-id-malformed = «{ $text }» — не номер партии: используйте # и цифры, например #12.
not-a-player = Вы не играете в партии #{ $id }: это могут сделать только двое её участников.
no-game = У вас нет текущей партии в этом чате. Начните: challenge [@игрок] <игра>.
bare-move-several = { $move } — допустимый ход сразу в нескольких ваших партиях: { $ids }. Уточните, например: { $example }.
bare-move-nowhere = { $move } — недопустимый ход во всех партиях, где сейчас ваш ход ({ $ids }). Посмотрите доску: { $example }.
bare-placement-or-move = { $text } подходит и к вашей задаче AMBIT, и к партии #{ $id }. Уточните: { $place } или { $move }.
several-games = У вас здесь несколько партий: { $ids }. Добавьте номер партии, например { $example }.
game-not-started = Партия #{ $id } ещё не началась: это пока вызов.
game-finished = Партия #{ $id } окончена ({ $result }). Начните новую: challenge [@игрок] <игра>.
not-your-turn = В партии #{ $id } сейчас не ваш ход: ходит { $player }.
move-usage = Формат: { $usage }
move-usage-knight-fight = move <поле>[/<дубль>] — например move d3, или d3/g7, если вы встали на дубль и должны заблокировать другой.
move-usage-glacier = move <ход> — в нотации UCI или SAN, например move h2g3, move hxg3, move Nxf3, move O-O, move e7e8q.
move-conflict = Партия #{ $id } изменилась, пока ваша команда была в пути; ничего не применено. Посмотрите на доску и попробуйте снова.
games-none = В этом чате нет ни партий, ни вызовов. Начните: challenge [@игрок] <игра>.
games-header = Партии в этом чате:
games-line-ongoing = #{ $id } { $game }: { $white } (белые) против { $black } (чёрные), ходит { $player }
games-line-challenge-open = #{ $id } { $game }: открытый вызов от { $challenger }
games-line-challenge = #{ $id } { $game }: { $challenger } вызывает { $invitee }
games-page = (страница { $page })
games-page-empty = Страницы { $page } со списком партий здесь нет. Напишите games, чтобы увидеть первую.
challenge-too-many = Открытых вызовов у вас здесь уже предельное число ({ $max }): { $ids }. Отзовите один (например, decline { $first }) или подождите, пока его примут или он истечёт (через 24 часа).
challenge-expired = Вызов #{ $id } истёк: за 24 часа его никто не принял. Начните новый: challenge [@игрок] <игра>.
rate-limited = Помедленнее, пожалуйста: от одного человека я принимаю не больше { $commands } команд за { $seconds } секунд. Следующие строки ненадолго пропущу.
group-share-limited = Помедленнее, пожалуйста: в группе я отвечаю каждому не больше чем на { $commands } команд в минуту, чтобы очередь дошла до всех. Следующие ваши строки здесь ненадолго пропущу.
line-too-long = Эта строка для меня слишком длинная: я читаю не больше { $max } символов. Ничего не сделано.
resigned = { $user } сдаётся в партии #{ $id }. Побеждает { $winner }.
draw-offered = { $user } предлагает ничью в партии #{ $id }. { $opponent }: draw { $id }, чтобы согласиться; любой ход — отказ.
draw-already-offered = Вы уже предложили ничью в партии #{ $id }; теперь слово за { $opponent }.
draw-agreed = Партия #{ $id } закончилась вничью по соглашению.
internal-error = У меня что-то пошло не так, ничего не изменилось. Попробуйте ещё раз чуть позже.

## AMBIT в чате

ambit-level-easy = лёгкий
ambit-level-medium = средний
ambit-level-hard = сложный
ambit-practice-start = Новая задача AMBIT (уровень: { $level }).
ambit-practice-short = Тренировка AMBIT
ambit-daily-title = Задача дня AMBIT #{ $number } (уровень: { $level }).
ambit-daily-short = Задача дня AMBIT #{ $number }
ambit-pick-file = { $piece }: какая вертикаль?
ambit-pick-rank = { $piece } на вертикали { $file }: какое поле?
ambit-file-full = Все поля вертикали { $file } заняты: выберите другую.
ambit-how = Расставьте шахматные фигуры так, чтобы вместе они били ровно жёлтые поля: place Кf3 (Кр Ф Л С К — или английские K Q R B N). Фигура, которая бьёт за пределы узора, стоит жизни.
ambit-hint-tip = Застряли? hint покажет одну фигуру кратчайшего решения.
ambit-hint-tip-daily = Застряли? hint покажет одну фигуру кратчайшего решения за одну из ваших звёзд.
ambit-set-aside = Ваша незаконченная тренировочная задача отложена.
ambit-daily-done = Вы уже сыграли сегодняшнюю задачу; новая появится в полночь по UTC.
ambit-daily-forgotten = Вы сыграли сегодняшнюю задачу до того, как Kibitz вас забыл, поэтому она остаётся сыгранной; новая появится в полночь по UTC.
ambit-no-puzzle = У вас здесь нет открытой задачи AMBIT. Начните: ambit, или daily для задачи дня.
ambit-placed = Поставлено: { $placement }.
ambit-given-up = Задача завершена.
ambit-hint = Подсказка: { $placement } входит в кратчайшее решение. Она бледно показана на своей клетке.
ambit-hint-cost = Подсказка стоила звезду: { $stars ->
    [one] осталась { $stars } звезда
    [few] осталось { $stars } звезды
    [many] осталось { $stars } звёзд
   *[other] осталось { $stars } звезды
}.
ambit-hint-last-star = Подсказка стоила бы последней звезды, поэтому её не будет. Вы ещё можете решить сами!
ambit-hint-none = Подсказать нечего: каждая фигура кратчайшего решения стоит там, где уже стоит другая.
ambit-solution = Решение с наименьшим числом фигур: { $solution }
ambit-lives = Жизни: { $stars }
ambit-share = AMBIT #{ $number } { $result } { $time } · { $pieces ->
    [one] { $pieces } фигура
    [few] { $pieces } фигуры
    [many] { $pieces } фигур
   *[other] { $pieces } фигуры
}{ $hints }
ambit-share-unsolved = ✗
ambit-share-public = { $player }: { $share }
ambit-level-auto = по дню недели
ambit-daily-elsewhere = Вы начали сегодняшнюю задачу в другом чате — продолжайте там.
daily-link-unknown = Эта ссылка на задачу дня ведёт в незнакомую мне группу. Напишите daily в группе — или здесь, если нужна задача, которая не засчитывается ни одной группе.
daily-link-private-only = Ссылка на задачу дня открывает задачу группы в личном чате со мной, поэтому здесь она ничего не делает. Напишите daily.
daily-link-not-member = Эта ссылка на задачу дня ведёт в группу, в которой вас нет, поэтому результат там не засчитается. Напишите здесь daily — будет задача, которая не засчитывается ни одной группе.
daily-link-unverified = Не удалось проверить, что вы состоите в этой группе, поэтому задача не начата. Попробуйте ссылку ещё раз через минуту.

## Ежедневные публикации, таблицы лидеров, статистика

daily-post-title = Вышла задача дня AMBIT #{ $number } (уровень: { $level })!
daily-post-how = У всех одна и та же задача, одна попытка, на время. Играйте кнопкой или командой daily: вашу доску видите только вы.
daily-post-yesterday = Вчерашняя задача #{ $number }: решили { $solved } из { $played }.
daily-post-yesterday-none = Вчерашнюю задачу #{ $number } здесь никто не пробовал.
daily-post-solution = Решение вчерашней задачи: { $solution }
button-play-daily = Решить задачу дня
button-answer-private = 🔒 Ответить лично
daily-in-private = Задача дня AMBIT решается в личном чате со мной, чтобы ничья доска не раскрыла решение; ваш результат засчитывается этой группе.
button-previous = ◀ Назад
button-next = Далее ▶
button-forget-me = Да, забудьте меня
draw-declined = { $user } отклоняет ничью в партии #{ $id }; игра продолжается.
button-decline-draw = Отклонить ничью
button-turn-done = ✔ Готово (завершить ход)
button-turn-pass = Пас (не ходить)
resign-confirm = Точно сдаться? Это нельзя отменить.
button-resign-confirm = Да, сдаюсь
period-week = за эту неделю
period-month = за этот месяц
period-all = за всё время
leaderboard-ambit-title = Таблица лидеров задач дня AMBIT { $period }:
leaderboard-game-title = { $game }: рейтинги { $period }:
leaderboard-empty = Пока никого. Сыграйте, чтобы попасть в таблицу!
leaderboard-page = Страница { $page } из { $pages }.
leaderboard-rating-note = Рейтинги Glicko-2; ? — рейтинг ещё не устоялся. В-Н-П: выигрыши, ничьи, проигрыши.
leaderboard-unknown-word = «{ $word }» — не игра, не период (week, month, all) и не номер страницы.
table-rank = #
table-player = Игрок
table-stars = ★
table-solved = Решено
table-time = Время
table-streak = Серия
table-rating = Рейтинг
table-wdl = В-Н-П
stats-title = { $player }:
stats-unknown-user = Я пока не знаю здесь @{ $user }.
stats-ambit-none = Задачи дня AMBIT: ещё не сыграно ни одной.
stats-ambit = Задачи дня AMBIT: решено { $solved } из { $played } ({ $rate } %), { $stars ->
    [one] { $stars } звезда
    [few] { $stars } звезды
    [many] { $stars } звёзд
   *[other] { $stars } звезды
}, лучшее время { $best }; серия { $streak } (рекорд { $longest }).
stats-game = { $game }: рейтинг { $rating } (±{ $deviation }), { $wins ->
    [one] { $wins } победа
    [few] { $wins } победы
    [many] { $wins } побед
   *[other] { $wins } победы
}, { $draws ->
    [one] { $draws } ничья
    [few] { $draws } ничьи
    [many] { $draws } ничьих
   *[other] { $draws } ничьей
}, { $losses ->
    [one] { $losses } поражение
    [few] { $losses } поражения
    [many] { $losses } поражений
   *[other] { $losses } поражения
}.
stats-game-none = { $game }: рейтинговых партий здесь пока нет.
settings-daily-on = Задача дня AMBIT публикуется здесь каждый день в { $time } UTC (уровень: { $level }).
settings-daily-off = Задача дня AMBIT здесь не публикуется.
settings-daily-soon = Время сегодняшней публикации уже наступило: она появится в течение минуты.
settings-daily-game-on = Задача { $game } публикуется здесь каждый день в { $time } UTC.
settings-daily-game-off = Задача { $game } здесь не публикуется.
settings-daily-game-level = У задачи дня игры нет уровня: она усложняется к концу недели (лёгкая в понедельник и вторник, трудная с пятницы). Например: settings daily glacier on 09:00.
settings-not-admin = Менять настройки могут только админы чата (в Discord — с правом «Управлять сервером»).
settings-unknown = Настройки «{ $word }» нет.
settings-bad-word = «{ $word }» — это не on, не off, не время (hh:mm, UTC) и не уровень (auto, easy, medium, hard).
forgetme-explain = Это навсегда удалит из Kibitz ваши результаты AMBIT, рейтинги и имя. { $games ->
    [0] Открытых партий у вас нет.
    [1] Сначала завершится ваша открытая партия или вызов (партия засчитывается как сдача).
    [one] Сначала завершится { $games } ваша открытая партия или вызов (партии засчитываются как сдача).
    [few] Сначала завершатся { $games } ваши открытые партии и вызовы (партии засчитываются как сдача).
    [many] Сначала завершатся { $games } ваших открытых партий и вызовов (партии засчитываются как сдача).
   *[other] Сначала завершатся ваши открытые партии и вызовы ({ $games }; партии засчитываются как сдача).
} Завершённые партии останутся у соперников под именем «удалённый игрок». Уверены? forgetme confirm
forgetme-done = Готово: Kibitz вас забыл.
forgetme-conflict = Одна из ваших партий только что изменилась; ничего не удалено. Попробуйте снова.
deleted-player = удалённый игрок
lang-current = Я говорю с вами на языке: { $language }. Выберите: lang и один из { $languages }, или lang auto — язык приложения.
lang-unknown = Я пока не говорю на «{ $language }». Выберите один из: { $languages }.
lang-set = Теперь я говорю с вами по-русски.
lang-auto = Снова использую язык вашего приложения ({ $language }).
settings-language-set = Сообщения для всех в этом чате теперь на русском; lang задаёт ваш собственный язык.
settings-language-auto = Сообщения для всех в этом чате снова на языке того, кто пишет.
ambit-conflict = Ваша задача изменилась, пока ваша команда была в пути; ничего не применено. Посмотрите на доску и попробуйте снова.

## Подписи (под картинками и в заголовке картинки)

caption-to-move = Партия #{ $id } · ходит { $player }
caption-last-move = Ход { $player }: { $turn }.
caption-over = Партия #{ $id } · { $result }
result-win = Побеждает { $winner }
result-draw = Ничья
reason-no-moves = не осталось ходов
reason-resignation = сдача
reason-agreement = по соглашению
reason-checkmate = мат
reason-stalemate = пат
reason-white-king-frozen = белый король замёрз
reason-black-king-frozen = чёрный король замёрз
reason-both-kings-frozen = оба короля замёрзли
reason-half-move-limit = 150 полуходов без взятий и ходов пешкой
note-check = Шах!
note-ice-age-in = { $count ->
    [1] Ледниковый период наступит со следующим ходом чёрных.
    [one] Ледниковый период — через { $count } ход чёрных.
    [few] Ледниковый период — через { $count } хода чёрных.
    [many] Ледниковый период — через { $count } ходов чёрных.
   *[other] Ледниковый период — через { $count } хода чёрных.
}
note-ice-age = Ледниковый период! { $count ->
    [0] Ни одно пустое поле не замёрзло.
    [1] Замёрзло 1 пустое поле.
    [one] Замёрзло { $count } пустое поле.
    [few] Замёрзли { $count } пустых поля.
    [many] Замёрзло { $count } пустых полей.
   *[other] Замёрзло { $count } пустого поля.
}
note-ice-age-pieces = Замёрзшие фигуры: { $pieces }.
note-king-would-freeze = { $side ->
    [white] У белого короля
   *[black] У чёрного короля
} на { $square } нет соседей: он замёрзнет в ледниковый период { $count ->
    [1] после следующего хода чёрных
    [few] через { $count } хода чёрных
   *[other] через { $count } ходов чёрных
}, если рядом не встанет фигура.
note-king-froze = { $side ->
    [white] Белый
   *[black] Чёрный
} король замёрз на { $square }.
score-line = { $white } { $white-score } : { $black-score } { $black }

## Почему ход отклонён (ключи приходят из ядра правил)

move-illegal = Ход { $move } здесь невозможен.
move-game-over = Партия уже окончена.
kf-move-malformed = «{ $move }» — не ход в игре «Бой коней».
kf-place-home-rank = Первым ходом вы ставите коня на горизонталь { $rank }; поле { $square } не на ней.
kf-not-a-jump = С { $from } конь не может прыгнуть на { $square }.
kf-occupied = На { $square } стоит конь соперника.
kf-blocked = Поле { $square } заблокировано.
kf-attacked = Поле { $square } бьёт конь на { $knight }.
kf-double-required = На { $square } стоит дубль { $number }: выберите другой дубль для блокировки, например { $square }/{ $first }. Свободные дубли: { $choices }.
kf-double-not-allowed = Ход на { $square } не даёт заблокировать дубль: напишите просто { $square }.
kf-double-unavailable = { $double } — не свободный дубль. Свободные дубли: { $choices }.
position-malformed = Ошибка в записи позиции: { $reason }.
position-bad-seed = «{ $seed }» — не номер сида.
glacier-move-malformed = «{ $move }» — не шахматный ход: запишите его как h2g3, hxg3, Nxf3, O-O или e7e8q.
glacier-ambiguous = { $move } может означать несколько ходов: { $candidates }. Уточните, например, указав исходное поле.
glacier-must-capture = Ход { $move } невозможен: путь закрыт льдом, а все ваши ходы — взятия. Пешка берёт лёд по диагонали (например hxg3), фигура — вставая на него (например Nxf3). В начале каждое пустое поле покрыто льдом, поэтому первый ход — всегда взятие.
glacier-blocked-by-ice = Ходу { $move } мешает лёд на { $square }. Сначала возьмите лёд или обойдите его.
glacier-in-check = После хода { $move } ваш король остаётся под шахом.
glacier-king-exposed = Ход { $move } подставит вашего короля под шах.
glacier-castling-through-check = Ход { $move } невозможен: король не может рокироваться из-под шаха, через битое поле или под шах.
glacier-promotion-needed = Ход { $move } ведёт на последнюю горизонталь: добавьте фигуру для превращения, например { $square }=Q.
glacier-not-a-promotion = { $move } — не превращение: уберите букву фигуры.
glacier-promotion-piece = Пешка превращается в ферзя, ладью, слона или коня.
glacier-no-piece-on = У вас нет фигуры на { $square }.
glacier-no-such-piece = У вас не осталось { $piece ->
    [pawn] пешек
    [knight] коней
    [bishop] слонов
    [rook] ладей
    [queen] ферзей
    [king] короля
   *[other] фигур «{ $piece }»
}.

## AMBIT

ambit-footprint-malformed = «{ $footprint }» — не узор AMBIT: запишите 8 горизонталей, с 8-й по 1-ю, через /, по 8 символов в каждой: # — поле узора, . — остальные поля.
ambit-footprint-empty = В этом узоре нет полей: покрывать нечего.
ambit-placement-malformed = «{ $placement }» — не расстановка: напишите букву фигуры (K, Q, R, B или N) и поле, например Nf3.
ambit-state-malformed = «{ $state }» — не состояние задачи AMBIT: запишите узор, поставленные фигуры (например Nf3 Bc4) и число оставшихся жизней (от 0 до 3).
ambit-state-invalid-placement = Состояние задачи повреждено: { $placement } не помещается в узор.
ambit-occupied = На { $square } уже стоит { $piece ->
    [K] ваш король
    [Q] ваш ферзь
    [R] ваша ладья
    [B] ваш слон
   *[N] ваш конь
}: выберите пустое поле. Жизнь не потеряна.
ambit-already-solved = Эта задача уже решена: больше фигур не нужно.
ambit-no-lives = Жизней не осталось: задача окончена.
ambit-invalid = { $piece ->
    [K] Король
    [Q] Ферзь
    [R] Ладья
    [B] Слон
   *[N] Конь
} на { $square } бьёт за пределы узора: { $squares }. Фигура не поставлена, и вы теряете жизнь (осталось: { $lives }).
ambit-game-over = Игра окончена: все три жизни потеряны.
ambit-unanchored = { $piece ->
    [K] Король
    [Q] Ферзь
    [R] Ладья
    [B] Слон
   *[N] Конь
} на { $square } без прикрытия: ни одна другая фигура не бьёт { $square }.
ambit-solved = Решено! Сохранено звёзд: { $stars } из 3.
ambit-unsolvable = Этот узор не решается никаким набором фигур.
ambit-level-unknown = «{ $level }» — не уровень: выберите easy, medium или hard.
ambit-date-malformed = «{ $date }» — не дата: запишите её как ГГГГ-ММ-ДД, например 2027-03-14.

## Slash command names (Discord; lowercase, no spaces)

slash-help = помощь
slash-rules = правила
slash-play = играть
slash-challenge = вызов
slash-accept = принять
slash-decline = отклонить
slash-move = ход
slash-board = доска
slash-resign = сдаться
slash-draw = ничья
slash-games = партии
slash-ambit = ambit
slash-daily = задача-дня
slash-place = поставить
slash-giveup = сдать-задачу
slash-hint = подсказка
slash-leaderboard = рейтинг
slash-stats = статистика
slash-settings = настройки
slash-tournament = турнир
slash-forgetme = забыть-меня
slash-lang = язык

## Chesimals

game-name-chesimals-1 = Chesimals I
game-name-chesimals-2 = Chesimals II
game-name-critters = Critters
rules-chesimals-1 =
    Chesimals I (автор — Joe Joyce) — шахматы с «шахматными животными» на доске 12x16.
    • У каждой стороны четыре чесимала по 7 или 9 юнитов одного цвета: у белых — жёлтый, белый, серый и оранжевый, у чёрных — зелёный, синий, красный и фиолетовый. У каждого чесимала есть вождь (C, в кольце).
    • В свой ход выберите один чесимал и ходите сколькими угодно его юнитами по очереди, каждым не больше одного раза: move b3-b5 a3-a4 c3-c4 (весь ход сразу) или по одному юниту (move b3-b5, …, затем move done).
    • Юнит может ходить, только пока его соединяет с вождём цепочка соприкасающихся юнитов его цвета. Чесимал, чей вождь взят, остаётся без вождя (становится серым) и больше никогда не ходит.
    • Юниты: вождь — два шага короля (C), конь (N), боевая машина — один шаг или прыжок на два поля по прямой (W), слон — то же по диагонали (E), страж — один шаг короля (G).
    • Чтобы победить, возьмите обоих королевских вождей соперника (у белых — белого и серого, у чёрных — синего и красного).
rules-chesimals-2 =
    Chesimals II (автор — Joe Joyce) — Chesimals I с более сильными юнитами на той же доске 12x16.
    • Ходы — как в Chesimals I: за ход один чесимал, любые его юниты, соединённые с вождём, каждый по одному разу: move b3-b5 b1-b3 или по одному юниту, затем move done.
    • Боевые машины (W) и слоны (E) достают на 1, 2 или 3 поля по линии (шагом, прыжком или и тем и другим), стражи (G) скользят на 1 или 2 поля в любом направлении; вождь (C) и конь (N) — как в Chesimals I.
    • Чтобы победить, возьмите обоих королевских вождей соперника (у белых — белого и серого, у чёрных — синего и красного).
rules-critters =
    Critters (Chesimals III, автор — Joe Joyce) — по два существа у каждой стороны на доске 20x20.
    • За ход можно сходить любыми своими юнитами по очереди, каждым не больше одного раза: move d4-d5 f4-f6 или по одному юниту, затем move done.
    • Юнит может ходить, только если он в зоне действия одного из ваших мозгов (C): 3 поля для коней (N) и скользящих генералов (G), 5 — для олифантов (E) и молниеносных машин (W); один мозг приводит в движение не больше 24 юнитов за ход. Мозги ходят свободно.
    • Победа — если убиты все мозги соперника или если в начале вашего хода вы удерживаете 3 из 4 зелёных полей.
    • Параметры при вызове: growth, promotion, brains:3 или brains:4 (например challenge @bob critters growth).
move-usage-chesimals = move <ходы юнитов> — например move b3-b5 a3-a4: ходят юниты одного чесимала, и ход остаётся открытым для других его юнитов до move done (или закончите строку словом done: move b3-b5 a3-a4 done); moves e3 покажет, куда может пойти юнит с e3. pass — только если ни один юнит не может ходить.
move-usage-critters = move <ходы юнитов> — например move d4-d5 f4-f6: ход остаётся открытым для других юнитов до move done (или закончите строку словом done: move d4-d5 f4-f6 done); move pass — ход без движения юнитов; o4-o5@p4 — ход за счёт мозга на p4, end e5=N — превращение; moves d4 покажет, куда может пойти юнит с d4.
game-with-options = { $game } ({ $options }, { $time })
game-with-time = { $game } ({ $time })
challenge-options-critters = { $options }: параметры игры есть только у Critters (growth, promotion, brains:3, brains:4).
challenge-bad-option = «{ $option }» — не параметр Critters: используйте growth, promotion, brains:3 или brains:4.
unit-moves-list = С { $square } можно пойти на поля ({ $count }): { $targets }. Сходить: { $example }
unit-moves-none = На поле { $square } нет фигуры игрока { $player }, которая может сейчас ходить.
unit-moves-bad-square = { $square } — не поле этой доски.
unit-moves-not-running = Партия #{ $id } не идёт.
note-chesimals-amp-moving = Ходит чесимал цвета { $colour } (юнитов сходило: { $count }): ход ещё не завершён. Сходите другими его юнитами или завершите ход командой: move done
note-critters-turn-open = Юнитов сходило: { $count }; ход ещё не завершён. Сходите другими юнитами или завершите ход командой: move done
reason-royal-chiefs-captured = взяты оба королевских вождя
reason-brains-killed = убиты все мозги
reason-green-squares = удержаны три зелёных поля
reason-both-passed = обе стороны спасовали
reason-no-capture-limit = 50 ходов без взятий
chesimals-turn-refused = Ход юнита № { $number } ({ $move }): { $reason } Ничего не сыграно.
chesimals-game-over = Партия окончена: { $result }.
chesimals-bad-move = «{ $text }» — не ход. Пишите так: b3-b5, e3xe5, end или pass.
chesimals-bad-square = На этой доске нет поля { $square }.
chesimals-no-unit = На { $square } нет юнита.
chesimals-not-yours = Юнит на { $square } ({ $unit }) не ваш.
chesimals-moved-already = Юнит на { $square } ({ $unit }) уже ходил в этом ходу.
chesimals-other-amp = Юнит цвета { $colour } на { $square } не может ходить: в этом ходу ходит чесимал цвета { $amp }.
chesimals-leaderless = Юнит цвета { $colour } на { $square } остался без вождя: его вождь взят.
chesimals-not-joined = Юнит на { $square } не соединён со своим вождём цепочкой юнитов цвета { $colour }.
chesimals-no-brain-naming = За счёт мозга ходят только юниты в Critters; уберите @.
chesimals-brain-not-charged = Мозг на { $square } ходит свободно; не указывайте для него мозг.
chesimals-not-a-brain = На { $square } нет вашего мозга.
chesimals-out-of-range = Юнит на { $square } ({ $unit }) дальше чем в { $range } полях от мозга на { $brain }.
chesimals-no-brain-in-range = Ни один ваш мозг не находится в пределах { $range } полей от юнита на { $square } ({ $unit }).
chesimals-brain-full = Мозг на { $brain } уже привёл в движение в этом ходу максимум юнитов ({ $capacity }).
chesimals-own-unit = На { $square } стоит ваш собственный юнит.
chesimals-bad-path = Юнит ({ $unit }) не может пойти с { $from } на { $to }.
chesimals-blocked = Путь юнита на { $from } ({ $unit }) к { $to } загорожен.
chesimals-end-before-move = Прежде чем завершить ход, сходите хотя бы одним юнитом.
chesimals-pass-not-allowed = Пасовать можно только в начале хода (в Chesimals I и II — только если ни один ваш юнит не может ходить).
chesimals-promotion-off = В этой партии превращение не включено.
chesimals-cannot-promote = На зелёном поле { $square } нет неподвижного скользящего генерала рядом с неподвижным мозгом.
chesimals-promotion-limit = Превратить в юнит ({ $unit }) нельзя: таких юнитов у вас стало бы больше, чем в начале.
chesimals-empty-turn = Напишите ходы юнитов за ваш ход, например b1-b3 a2-a4.
chesimals-after-turn = Ход юнита № { $number } ({ $move }) идёт уже после конца вашего хода.
chesimals-position-empty = Запись позиции пуста.
chesimals-position-field = Ошибка в части «{ $field }» записи позиции: «{ $text }».
chesimals-position-fields = Частей в записи позиции: { $found }, а нужно { $expected }.
chesimals-position-ranks = На доске должно быть горизонталей: { $expected }, а не { $found }.
chesimals-position-rank = Горизонталь { $rank } в записи позиции записана неверно.
chesimals-position-unit = «{ $text }» — не юнит.
chesimals-position-chiefs = В позиции два вождя цвета { $colour }.
chesimals-position-brains = У одной стороны может быть не больше { $most } мозгов.
chesimals-position-moved-enemy = Пометку «уже ходил» могут иметь только юниты стороны, которая ходит.
chesimals-position-turn = Состояние хода «{ $text }» не подходит к доске.

# Games against the computer
computer-name = Kibitz · уровень { $level }
computer-thinking = { $computer } думает…
computer-bad-level = Нет уровня компьютера «{ $level }»: выберите от level:1 (новичок может выиграть) до level:8 (сильнейший).
computer-not-allowed = Партии с компьютером в этом чате выключены (админ может включить: settings computer on).
computer-too-many = В этом чате уже идёт { $max } партий с компьютером: сначала доиграйте или сдайте одну.
computer-declines-draw = { $computer } отклоняет ничью в партии #{ $id }: считает, что стоит лучше. Играем дальше!
settings-tournaments-members = Здесь турниры может создавать любой участник (settings tournaments admins — только админы).
settings-tournaments-admins = Здесь турниры создают только админы (settings tournaments members — разрешить и участникам).
settings-computer-on = Здесь можно играть с компьютером (settings computer off, чтобы запретить новые партии).
settings-computer-off = Партии с компьютером здесь выключены (settings computer on, чтобы разрешить).
stats-computer = { $game } против компьютера: { $results }.
stats-computer-level = победы над уровнем { $level }: { $wins } из { $games }

## Clocks (time controls, reminders, timeouts)
time-control-unreadable = «{ $time }» — не контроль времени. Пишите time:3d (дней на ход, от 1 до 14), time:10m или time:10m+5s (минут на партию, от 1 до 180, и секунд добавки за ход, от 0 до 60) или time:none.
time-control-days = { $time }: в партии по переписке на ход даётся от 1 до 14 дней, например time:3d.
time-control-minutes = { $time }: в живой партии даётся от 1 до 180 минут, например time:10m+5s.
time-control-increment = { $time }: добавка — от 0 до 60 секунд за ход, например time:10m+5s.
time-control-correspondence = { $days ->
    [one] { $days } день на ход
    [few] { $days } дня на ход
   *[other] { $days } дней на ход
}
time-control-live = { $minutes } мин + { $increment } с
time-control-none = без часов
time-left-days = { $days } д { $hours } ч
time-left-hours = { $hours } ч { $minutes } мин
time-left-minutes = { $minutes }:{ $seconds }
caption-time-left = осталось { $left }
timeout = Партия #{ $id }: у { $player } кончилось время. Побеждает { $winner }.
timeout-move-late = Ваше время в партии #{ $id } кончилось в тот миг, когда вы пошли: партия проиграна по времени.
reminder = Партия #{ $id }: { $player }, ваш ход; на часах осталось { $left }.
reason-timeout = по времени
computer-no-clock = В партиях с компьютером нет часов: уберите time:.

## Takebacks and aborts
cmd-takeback = takeback [#id] — попросить вернуть свой последний ход
menu-takeback = Попросить вернуть последний ход
slash-takeback = вернуть_ход
cmd-abort = abort [#id] — прервать партию до второго хода каждой стороны, без рейтинга
menu-abort = Прервать только что начатую партию, без рейтинга
slash-abort = прервать
button-accept-takeback = Разрешить
takeback-asked = { $user } просит вернуть свой последний ход в партии #{ $id }. { $opponent }: takeback { $id } — разрешить, decline { $id } — отказать.
takeback-already-asked = Вы уже попросили в партии #{ $id }: ответ за { $opponent } (или играйте дальше).
takeback-nothing = В партии #{ $id } у вас нет хода, который можно вернуть.
takeback-mid-turn = Сначала закончите свой ход в партии #{ $id }: возвращаются только целые ходы.
takeback-too-long = Последний ход в партии #{ $id } слишком длинный, чтобы его вернуть.
takeback-done = { $moves ->
    [one] Партия #{ $id }: возвращён { $moves } ход по просьбе { $player }.
    [few] Партия #{ $id }: возвращено { $moves } хода по просьбе { $player }.
   *[other] Партия #{ $id }: возвращено { $moves } ходов по просьбе { $player }.
}
takeback-declined = { $user } не разрешает вернуть ход в партии #{ $id }; ход остаётся.
abort-too-late = Партию #{ $id } прервать уже нельзя: обе стороны сделали по два хода. Можно сдаться или предложить ничью.
aborted = Партию #{ $id } прервал(а) { $user }. Она не идёт в рейтинг.
game-aborted = Партия #{ $id } прервана.
caption-aborted = Партия #{ $id } · прервана

## Turn pings
cmd-pings = pings [on|off] — упоминать ли вас, когда ваш ход
menu-pings = Упоминать ли вас, когда ваш ход
slash-pings = упоминания
pings-on = Теперь вас будут упоминать, когда ваш ход.
pings-off = Вас больше не будут упоминать, когда ваш ход (pings on — вернуть).
pings-are-on = Вас упоминают, когда ваш ход (pings off — перестать).
pings-are-off = Вас не упоминают, когда ваш ход (pings on — начать).

## History
cmd-history = history [#id] — ходы партии (вашей здесь или последней оконченной)
menu-history = Ходы партии
slash-history = история
help-more = Ещё: { $commands } (help <команда> — как).
history-head = Партия #{ $id } · { $game } · { $white } (белые) против { $black } (чёрные) · { $status }
history-to-move = ходит { $player }
history-aborted = прервана
history-no-moves = Ходов ещё нет.
history-cut = … и ещё ходы: партия слишком длинная, чтобы показать её целиком.
history-ice-age = ❄ после этого хода пришёл ледниковый период.
history-marks = ?! неточность, ? ошибка, ?? грубая ошибка: из разбора движком (analysis #{ $id }).

cmd-export = export [#id] — запись партии файлом (PGN для ледниковых шахмат)
menu-export = Запись партии файлом
slash-export = экспорт
export-caption = Партия #{ $id } · { $game } · { $white } (белые) против { $black } (чёрные): запись.
export-nothing = В партии #{ $id } ещё нет ходов для записи.
export-too-long = Партия #{ $id } слишком длинная для записи.
cmd-replay = replay [#id] — ходы партии анимацией
menu-replay = Партия анимацией
slash-replay = повтор
cmd-analysis = analysis [#id] — разбор оконченной партии движком: точность, ошибки, лучшие ходы
menu-analysis = Разбор оконченной партии движком
slash-analysis = анализ
replay-caption = Партия #{ $id } · { $game } · { $white } (белые) против { $black } (чёрные): повтор.
replay-nothing = В партии #{ $id } ещё нет ходов для повтора.
replay-too-long = Партия #{ $id } слишком длинная для повтора (не больше { $turns } ходов); export даёт её запись.
analysis-not-finished = Партия #{ $id } ещё идёт: движок разбирает партию, когда она окончена (честная игра).
analysis-nothing = В партии #{ $id } нет ходов для разбора.
analysis-too-long = Партия #{ $id } слишком длинная для разбора (не больше { $turns } ходов).
analysis-busy = Движок уже разбирает партию #{ $id } для этого чата; здесь по одному разбору за раз. Спросите снова, когда он выйдет.
analysis-queued = Разбираю партию #{ $id } (ходов: { $turns }): движок смотрит каждую позицию и пришлёт разбор сюда, когда закончит (analysis #{ $id } покажет, сколько сделано).
analysis-under-way = Разбор партии #{ $id } готов на { $percent } %; он придёт сюда, когда будет закончен.
analysis-progress = 🔍 Анализ партии #{ $id }… { $percent } %
analysis-progress-done = 🔍 Анализ партии #{ $id } готов за { $seconds } с: обзор ниже.
analysis-title = Разбор партии #{ $id } · { $game }
analysis-side = { $player }: точность { $accuracy } % · ?! { $inaccuracies } · ? { $mistakes } · ?? { $blunders }
analysis-worst = Самый большой перелом: { $turn } (движок предпочёл { $best }).
analysis-worst-no-best = Самый большой перелом: { $turn }.
analysis-clean = Ни неточностей, ни ошибок, ни грубых ошибок: чистая партия.
analysis-how = Отметки по шансам на победу, которые ход отдал: ?! от 5 процентных пунктов, ? от 10, ?? от 15. history, replay и export тоже их показывают.
analysis-legend = Светлое: шансы белых; точки: ?! синие, ? оранжевые, ?? красные.
button-analysis = 🔍 Разбор
games-finished-none = В этом чате ещё нет оконченных партий.
games-finished-header = Оконченные партии этого чата, последние первыми:
games-line-finished = #{ $id } { $game }: { $white } (белые) против { $black } (чёрные), { $result }

## Vacations
cmd-vacation = vacation [дни] — остановить свои часы по переписке (7 дней в месяц)
menu-vacation = Остановить часы по переписке на несколько дней
slash-vacation = отпуск
vacation-on = Вы в отпуске до { $until }: ваши часы по переписке стоят. Дней отпуска в этом месяце осталось: { $left }.
vacation-off = Вы не в отпуске. Дней отпуска в этом месяце осталось: { $left } (vacation <дни>).
vacation-taken = Вы в отпуске до { $until }: ваши часы по переписке стоят (партий, где ваш ход: { $games }). Дней отпуска в этом месяце осталось: { $left }.
vacation-too-many = Дней отпуска в этом месяце у вас осталось { $left } (не больше { $max } в месяц): от vacation 1 до vacation { $left }.

settings-threads-on = Принятый вызов здесь открывает ветку для партии: ходы идут туда, а этот канал видит начало и результат (settings threads off, чтобы партии оставались в канале).
settings-threads-off = Партии играются прямо здесь, в канале (settings threads on, чтобы у каждого принятого вызова была своя ветка).
settings-threads-elsewhere = Ветки — это настройка Discord: здесь партия остаётся там, где начата (в группе-форуме Telegram — в своей теме).
thread-name = { $game } #{ $id }: { $white } против { $black }
thread-welcome = Партия #{ $id } играется в этой ветке: ходы, предложения ничьей и отмены ходов — здесь; канал увидит результат.
game-result-notice = Партия #{ $id } ({ $game }) окончена: { $result }.
puzzle-no-game = У игры { $game } нет задачи дня: ход двигает много фигур, и единственный выигрывающий ход почти не встречается. Попробуйте daily glacier или daily kf.
puzzle-title = Задача { $game } #{ $number } ({ $difficulty })
puzzle-task = { $side }: ход и выигрыш.
puzzle-how = Один ход явно выигрывает, остальные и близко нет. Одна попытка: daily { $game } <ход> (ответ видите только вы, где платформа это позволяет).
puzzle-solved = ✅ { $move } — верно!
puzzle-missed = ❌ { $move } — не то: выигрывает { $solution }.
puzzle-rating = Ваш рейтинг в задачах здесь: { $rating } · серия { $streak }
puzzle-share = Задача { $game } #{ $number } { $mark } · серия { $streak }
puzzle-standings-none = Здесь никто не решал задачи { $game } за последние 30 дней: daily { $name } покажет сегодняшнюю.
puzzle-standings-head = Задачи { $game } здесь за последние 30 дней (решено / ответов, рейтинг):
puzzle-standings-row = { $rank }. { $player }: { $solved } / { $answered }, { $rating }
puzzle-being-made = Сегодняшняя задача { $game } как раз составляется: спросите снова через полминуты.
puzzle-post-yesterday = Вчерашняя #{ $number }: решили { $solved } из { $answered } здесь.
puzzle-post-yesterday-none = Вчерашнюю #{ $number } здесь никто не решал.
puzzle-post-solution = Выигрывающий ход вчерашней задачи: { $solution }
puzzle-answer-private = Здесь ваш ход увидят все. Ответьте в личном чате со мной (кнопка): ответ засчитается этой группе.
puzzle-linked = Ваш ответ засчитается группе, из которой вы пришли.

## Турниры
tournament-none = Здесь нет турниров. Админ создаёт турнир так: tournament create glacier swiss rounds:5 Зимний кубок
tournament-unknown = В этом чате нет турнира #{ $id }.
tournament-usage = Как: tournament create <игра> [swiss|rr|double|arena] [rounds:N] [duration:60m] [time:1d|time:10m+5s] [start:hh:mm] [название], затем tournament join|leave|start|cancel|standings|pairings [#N].
tournament-not-admin = Здесь турниры создают только админы чата (админ может разрешить это участникам: settings tournaments members).
tournament-not-maker = Начать или отменить турнир #{ $id } может только тот, кто его создал, или админ.
tournament-bad-game = { $game } — не игра для турнира. Игры: { $games }.
tournament-bad-rounds = В швейцарке от 1 до { $max } туров, например rounds:5.
tournament-robin-rounds = Число туров круговика следует из числа игроков: уберите rounds:.
tournament-no-clock = Партиям турнира нужны часы, иначе один игрок может задержать тур навсегда: без time: будет 3 дня на ход, или укажите, например, time:1d или time:10m+5s.
tournament-name-long = Слишком длинное название: не больше { $max } символов.
tournament-too-many = В этом чате уже { $max } открытых турнира: сначала завершите или отмените один.
tournament-default-name = Турнир: { $game }
tournament-created = 🏆 Турнир #{ $id } «{ $name }»: { $game }, { $format }, { $time }. Вступайте кнопкой или tournament join { $id }; { $creator } начинает турнир командой tournament start { $id }.
tournament-bad-start = { $start } — не время начала: укажите, например, start:18:00 или start:"sat 18:00" (UTC).
tournament-starts-at = Он начнётся сам в { $start }.
tournament-cancelled-few = Турнир #{ $id } «{ $name }» отменён: к началу вступило меньше 2 игроков.
tournament-format-arena = арена на { $minutes } мин
tournament-arena-rounds = Арена идёт по времени, а не по турам: уберите rounds: и укажите, например, duration:60m.
tournament-bad-duration = { $duration } — не длительность арены: укажите, например, duration:45m или duration:2h (от 10 минут до суток).
tournament-duration-arena = Длительность бывает только у арены: у швейцарки — rounds:, у круговика — по туру на соперника.
tournament-arena-live = Арена — живая игра: дайте ей живые часы, например time:3m+2s (по умолчанию).
tournament-arena-started = 🏁 Арена #{ $id } «{ $name }» началась, игроков — { $players }: закончили партию — сразу получаете новую, до { $end }.
tournament-arena-post = 🏆 { $name } (#{ $id }), арена до { $end }: новые партии
tournament-arena-pairings = { $name } (#{ $id }): идущие партии арены
tournament-arena-title = { $name }: арена до { $end }
tournament-arena-scoring = Победа 2, ничья 1; после двух побед подряд (🔥) каждая партия идёт вдвойне. При равенстве — больше побед.
tournament-state-arena = арена до { $end }
tournament-column-wins = Победы
berserk-done = ⚔ { $player } идёт ва-банк в партии #{ $id }: вдвое меньше времени, а победа приносит очко сверху.
berserk-not-yours = Вы не играете в партии #{ $id }.
berserk-not-arena = Партия #{ $id } — не идущая партия арены: ва-банк бывает только на арене.
berserk-too-late = Для ва-банка в партии #{ $id } поздно: только до вашего первого хода и один раз.
berserk-no-game = У вас здесь нет идущей партии для ва-банка.
berserk-which = У вас здесь несколько партий: укажите, какую, например tournament berserk #{ $first }.
tournament-format-swiss = швейцарка, { $rounds ->
    [one] { $rounds } тур
    [few] { $rounds } тура
   *[other] { $rounds } туров
}
tournament-format-round-robin = круговой турнир
tournament-format-double = двухкруговой турнир
button-standings = 🏆 Таблица
button-pairings = Пары
button-join = Вступить
button-leave = Выйти
tournament-begun = Турнир #{ $id } уже начался: новых игроков он не принимает, и начать его снова нельзя.
tournament-over = Турнир #{ $id } окончен.
tournament-computer-in = { $computer } уже в турнире #{ $id }: каждый уровень играет один раз.
tournament-already-in = Вы уже в турнире #{ $id }.
tournament-full = В турнире #{ $id } нет мест: { $max } игроков.
tournament-joined = { $player } вступает в турнир #{ $id } ({ $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[other] { $count } игроков
}).
tournament-joined-late = { $player } вступает в турнир #{ $id } с опозданием: пары со 2-го тура, за 1-й тур очков нет.
tournament-left = { $player } выходит из турнира #{ $id }.
tournament-withdrew = { $player } выбывает из турнира #{ $id }: в пары больше не попадает, сыгранные партии остаются в силе. Незаконченная партия засчитывается: доиграйте её или сдайтесь.
tournament-not-in = Вы не играете в турнире #{ $id }.
tournament-too-few = Для начала турнира #{ $id } нужно хотя бы 2 игрока; сейчас { $count }.
tournament-started = 🏁 Турнир #{ $id } «{ $name }» начался: игроков — { $players }, туров — { $rounds }. Пары ниже.
tournament-cancelled = Турнир #{ $id } отменён. Начатые партии продолжаются как обычные.
tournament-round-post = 🏆 { $name } (#{ $id }), тур { $round } из { $rounds }:
tournament-board = Доска { $board }: { $white } (белые) – { $black } (чёрные), партия #{ $game }
tournament-game-result = { $white } – { $black }, партия #{ $game }: { $result }
tournament-board-result = Доска { $board }: { $white } – { $black }, партия #{ $game }: { $result }
tournament-bye = Без пары (очко): { $player }
tournament-playing = идёт игра
tournament-list-title = Турниры этого чата:
tournament-list-how = tournament #N — показать турнир; tournament join N — вступить.
tournament-summary = #{ $id } { $name } — { $game }, { $format } — { $state }
tournament-state-signup = идёт запись
tournament-state-running = тур { $round } из { $rounds }
tournament-state-finished = окончен
tournament-state-cancelled = отменён
tournament-no-players = Пока никто не вступил.
tournament-players = Игроков — { $count }: { $names }
tournament-withdrawn-mark = (выбыл)
tournament-column-points = Очки
tournament-column-games = Партии
tournament-column-buchholz = Бх
tournament-column-sb = ЗБ
tournament-standings-title = { $name }: таблица, тур { $round } из { $rounds }
tournament-final-title = { $name }: итоговая таблица
tournament-tie-breaks = При равенстве: Бухгольц (без худшего), затем Зонненборн-Бергер
tournament-podium-shared = 🏆 Турнир «{ $name }» (#{ $id }) окончен. Первое место делят, вровень по всем дополнительным показателям: { $names }!
tournament-podium = 🏆 Турнир «{ $name }» (#{ $id }) окончен. Победитель: { $first }! 🥈 { $second } 🥉 { $third }
tournament-no-pairings = Турнир #{ $id } ещё не начался: пар пока нет.
tournament-pairings-title = { $name } (#{ $id }), тур { $round } из { $rounds }:
abort-tournament = Партия #{ $id } — партия турнира #{ $tournament }: прервать её нельзя. Можно сдаться или предложить ничью.
board-session-refused = Доска не смогла узнать, кто вы: откройте её снова из чата.
board-session-expired = Доска открыта слишком давно: откройте её снова из чата.
board-link-stale = Ссылка на доску устарела: нажмите кнопку доски партии ещё раз.
board-word-channel-games = Партии в этом канале
board-word-no-channel-games = В этом канале никто не играет. Начните партию в чате командой /challenge.
board-word-place-piece = Выберите фигуру, затем её поле
board-word-solved = Решено!
board-word-puzzle-over = Задача окончена
board-word-lives = Жизни:
board-word-footprint = нужно покрыть
board-word-covered = покрыто
discord-board-link = Ваша доска партии #{ $game }: ссылка только для вас и открывается в течение 10 минут.
discord-board-link-puzzle = Ваша доска этой задачи: ссылка только для вас и открывается в течение 10 минут.
board-no-such-game = Такой партии, которую вы могли бы посмотреть, нет.
board-no-such-puzzle = У вас нет такой задачи.
board-unavailable = Бот сейчас не может ответить: попробуйте чуть позже.
board-not-set-up = Доска у этого бота не настроена.
board-launch-stale = Доска открыта больше часа назад: откройте её снова из чата.
board-launch-refused = Доска открыта не из приложения чата: откройте её из чата.
board-not-your-move = Сейчас не ваш ход.
board-illegal-move = Здесь так ходить нельзя.
board-bad-request = Доска прислала то, что бот не понимает.
board-game-changed = Партия тем временем изменилась: вот она сейчас.
board-word-loading = Загрузка…
board-word-your-move = Ваш ход
board-word-waiting = Ход соперника
board-word-watching = Вы наблюдаете
board-word-challenge = Вызов ещё не принят
board-word-done = Готово
board-word-pass = Пас
board-word-undo = Отменить
board-word-resign = Сдаться
board-word-resign-sure = Сдать эту партию?
board-word-draw = Предложить ничью
board-word-takeback = Вернуть ход
board-word-abort = Прервать
board-word-yes = Да
board-word-no = Нет
board-word-white-wins = Победа белых
board-word-black-wins = Победа чёрных
board-word-drawn = Ничья
board-word-ice-age = Ходов до ледникового периода:
board-word-white = Белые
board-word-black = Чёрные
board-word-no-game = Откройте доску партии из чата.
board-word-open-from-chat = Откройте доску из чата: под картинкой партии есть для этого кнопка.
button-open-board = ♟ Открыть доску
board-word-king = король
board-word-queen = ферзь
board-word-rook = ладья
board-word-bishop = слон
board-word-knight = конь
board-word-pawn = пешка
board-word-chief = вождь
board-word-warmachine = боевая машина
board-word-elephant = слон
board-word-guard = страж
board-word-abort-sure = Прервать партию? Она не пойдёт в рейтинг.
board-word-ice = лёд
board-word-blocked = занято
