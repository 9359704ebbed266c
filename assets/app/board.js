// Kibitz's board app: the game drawn as SVG, a move made by tapping. The rules stay on the
// server: the page is sent every legal move as the squares to tap, and sends back the
// move's text, which the bot says in the game's chat for the player.
'use strict';

(() => {
  const SVG = 'http://www.w3.org/2000/svg';
  const GLYPHS = { k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F' };
  const state = {
    token: null, words: {}, gameId: null, game: null, board: null,
    taps: [], pending: [], busy: false, events: null, clockTimer: null, receivedAt: 0,
    // `/api/games/12` or `/api/puzzles/7`: what the page shows.
    path: null,
  };

  const $ = (role) => document.querySelector(`[data-role="${role}"]`);
  const word = (key) => state.words[key] || key;

  // --- How the page was opened: Telegram's launch data in the URL's fragment, a Discord
  // Activity's frame in the query, or a Discord board link's ticket in the fragment. ---
  function launch() {
    const hash = new URLSearchParams(location.hash.slice(1));
    const query = new URLSearchParams(location.search);
    return {
      initData: hash.get('tgWebAppData'),
      theme: hash.get('tgWebAppThemeParams'),
      ticket: hash.get('launch'),
      discordFrame: query.get('frame_id'),
      game: query.get('game'),
      puzzle: query.get('puzzle'),
    };
  }

  function tellTelegram(type, data) {
    const body = JSON.stringify(data || {});
    try {
      if (window.TelegramWebviewProxy) {
        window.TelegramWebviewProxy.postEvent(type, body);
      } else if (window.parent !== window) {
        window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data || {} }), '*');
      }
    } catch (ignored) { /* not inside Telegram */ }
  }

  function applyTheme(text) {
    const root = document.documentElement;
    let params = null;
    try { params = text ? JSON.parse(text) : null; } catch (ignored) { params = null; }
    if (!params) return;
    const map = { bg_color: '--bg', text_color: '--text', hint_color: '--hint',
      button_color: '--button', button_text_color: '--button-text',
      secondary_bg_color: '--panel' };
    for (const [key, name] of Object.entries(map)) {
      if (/^#[0-9a-fA-F]{6}$/.test(params[key] || '')) root.style.setProperty(name, params[key]);
    }
    const bg = params.bg_color;
    if (/^#[0-9a-fA-F]{6}$/.test(bg || '')) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16));
      root.dataset.scheme = (0.299 * r + 0.587 * g + 0.114 * b) < 128 ? 'dark' : 'light';
    }
  }

  // --- The server. ---
  async function api(method, path, body) {
    const headers = { 'Content-Type': 'application/json' };
    if (state.token) headers.Authorization = `Bearer ${state.token}`;
    const response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      const error = new Error(data.error || response.statusText);
      error.status = response.status;
      throw error;
    }
    return data;
  }

  function say(text, kind) {
    const status = $('status');
    status.textContent = text;
    status.dataset.kind = kind || '';
  }

  // --- Drawing. ---
  function el(name, attrs, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }

  function squareLabel(cell) {
    const piece = cell.piece;
    let text = cell.square;
    // The piece, then its side in brackets: "король (Белые)" reads right in every language,
    // where an adjective would have to agree with the piece.
    if (piece) text += `, ${word(`piece_${piece.letter}`)} (${word(piece.side)})`;
    if (cell.ground === 'ice') text += `, ${word('ice')}`;
    if (cell.ground === 'blocked') text += `, ${word('blocked')}`;
    if (cell.ground === 'footprint') text += `, ${word('footprint')}`;
    if (cell.ground === 'covered') text += `, ${word('covered')}`;
    if (cell.number !== undefined) text += `, ${cell.number}`;
    return text;
  }

  function options() {
    const board = state.board;
    if (!board) return [];
    return board.choices.filter((choice) => choice.taps.length > state.taps.length
      && state.taps.every((tap, i) => choice.taps[i] === tap));
  }

  function drawBoard() {
    const game = state.game;
    const board = state.board;
    const holder = $('board');
    holder.textContent = '';
    if (!game || !board) return;
    const flip = game.you === 'black';
    const svg = el('svg', {
      viewBox: `0 0 ${board.files * 10} ${board.ranks * 10}`, class: `board ${game.kind}`,
      role: 'grid', 'aria-label': game.kind,
    }, holder);
    const next = new Set(options().map((choice) => choice.taps[state.taps.length]));
    const marked = new Set(board.marked);
    const chosen = new Set(state.taps);
    for (const cell of board.cells) {
      const x = (flip ? board.files - 1 - cell.file : cell.file) * 10;
      const y = (flip ? cell.rank : board.ranks - 1 - cell.rank) * 10;
      const group = el('g', {
        class: `square ${cell.ground}`, 'data-square': cell.square, role: 'button',
        tabindex: next.has(cell.square) || cell.piece ? '0' : '-1',
        'aria-label': squareLabel(cell),
      }, svg);
      el('rect', { x, y, width: 10, height: 10, class: 'ground' }, group);
      if (marked.has(cell.square)) el('rect', { x, y, width: 10, height: 10, class: 'marked' }, group);
      if (chosen.has(cell.square)) el('rect', { x, y, width: 10, height: 10, class: 'chosen' }, group);
      if (cell.number !== undefined) {
        const number = el('text', { x: x + 9.3, y: y + 3.2, class: 'number' }, group);
        number.textContent = String(cell.number % 100);
      }
      const piece = cell.piece;
      if (piece) drawPiece(group, piece, x, y, game.kind);
      if (next.has(cell.square) && state.taps.length === 0) {
        // A piece that may move: tappable, not marked (every piece would be).
        group.classList.add('movable');
      } else if (next.has(cell.square)) {
        el('circle', { cx: x + 5, cy: y + 5, r: piece ? 4.6 : 1.6, class: piece ? 'target take' : 'target' }, group);
        group.classList.add('can-go');
      }
      group.addEventListener('click', () => tap(cell.square));
      group.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); tap(cell.square); }
      });
    }
  }

  // AMBIT's rack: a piece is the first tap of a placement, a square the second.
  function drawRack() {
    const holder = $('rack');
    const rack = (state.board && state.board.rack) || [];
    holder.hidden = rack.length === 0 || !state.game.your_move;
    // The same pieces as drawn: only which one is picked changes (a button replaced under a
    // finger would lose its tap).
    const drawn = [...holder.children].map((button) => button.dataset.piece);
    if (drawn.join() === rack.join()) {
      for (const button of holder.children) {
        button.setAttribute('aria-pressed', String(state.taps[0] === button.dataset.piece));
      }
      return;
    }
    holder.textContent = '';
    for (const letter of rack) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'piece-choice white';
      button.dataset.piece = letter;
      button.textContent = GLYPHS[letter.toLowerCase()];
      button.setAttribute('aria-label', word(`piece_${letter.toLowerCase()}`));
      button.setAttribute('aria-pressed', String(state.taps[0] === letter));
      button.addEventListener('click', () => tap(letter));
      holder.appendChild(button);
    }
  }

  function drawPiece(group, piece, x, y, kind) {
    if (kind === 'knight-fight' || kind === 'glacier' || kind === 'ambit') {
      const glyph = el('text', { x: x + 5, y: y + 8.4, class: `piece ${piece.side}` }, group);
      glyph.textContent = GLYPHS[piece.letter] || piece.letter;
      return;
    }
    const colour = piece.colour ? `c-${piece.colour}` : `c-${piece.side}`;
    const classes = ['unit', colour, piece.side];
    if (piece.moved) classes.push('moved');
    if (piece.leaderless) classes.push('leaderless');
    el('circle', { cx: x + 5, cy: y + 5, r: 4, class: classes.join(' ') }, group);
    if (piece.letter === 'C') el('circle', { cx: x + 5, cy: y + 5, r: 4.6, class: 'chief-ring' }, group);
    const letter = el('text', { x: x + 5, y: y + 6.6, class: `unit-letter ${piece.side}` }, group);
    letter.textContent = piece.letter;
  }

  function clockText(ms) {
    const seconds = Math.max(0, Math.floor(ms / 1000));
    const days = Math.floor(seconds / 86400);
    if (days > 0) return `${days}d ${Math.floor((seconds % 86400) / 3600)}h`;
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = String(seconds % 60).padStart(2, '0');
    return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
  }

  function drawClocks() {
    const game = state.game;
    for (const side of ['white', 'black']) {
      const node = document.querySelector(`[data-clock="${side}"]`);
      if (!node) continue;
      if (!game || !game.clocks) { node.textContent = ''; continue; }
      let ms = game.clocks[`${side}_ms`];
      if (game.clocks.running === side) ms -= Date.now() - state.receivedAt;
      node.textContent = clockText(ms);
      node.classList.toggle('running', game.clocks.running === side);
    }
  }

  function drawPlayers() {
    const game = state.game;
    for (const side of ['white', 'black']) {
      const node = document.querySelector(`[data-player="${side}"]`);
      const player = game[side];
      node.textContent = player ? player.name : '…';
      // A puzzle has one player.
      node.parentElement.hidden = !player && game.kind === 'ambit';
      node.classList.toggle('to-move', game.state === 'ongoing' && game.turn === side);
      node.classList.toggle('you', Boolean(player && player.you));
    }
    // The viewer's side at the bottom, as the board is drawn.
    $('players').classList.toggle('flipped', game.you === 'black');
  }

  function statusText() {
    const game = state.game;
    if (game.kind === 'ambit') {
      if (!game.result) return word('place_piece');
      return game.result.winner ? `${word('solved')} ${'★'.repeat(game.board.lives)}`
        : word('puzzle_over');
    }
    if (game.result) {
      const winner = game.result.winner;
      const head = winner ? word(`${winner}_wins`) : word('drawn');
      return `${head} (${game.result.reason})`;
    }
    if (game.state === 'challenge') return word('challenge');
    if (!game.you) return word('watching');
    return game.your_move ? word('your_move') : word('waiting');
  }

  function drawControls() {
    const game = state.game;
    const board = state.board;
    const buttons = board ? board.choices.filter((choice) => choice.taps.length === 0) : [];
    const ending = buttons.find((choice) => choice.text === 'end' || choice.text === 'done');
    const passing = buttons.find((choice) => choice.text === 'pass');
    const done = $('done');
    done.hidden = !(ending && state.pending.length > 0);
    $('pass').hidden = !(passing && state.pending.length === 0);
    $('undo').hidden = state.pending.length === 0;
    const playing = game.state === 'ongoing' && Boolean(game.you) && game.kind !== 'ambit';
    for (const role of ['resign', 'draw', 'takeback', 'abort']) $(role).hidden = !playing;
    const extra = [];
    if (game.last_move) extra.push(game.last_move);
    if (board && board.ice_age_in !== undefined && game.state === 'ongoing') {
      extra.push(`${word('ice_age')} ${board.ice_age_in}`);
    }
    if (board && board.scores) extra.push(`${board.scores[0]} : ${board.scores[1]}`);
    if (board && board.lives !== undefined) extra.push(`${word('lives')} ${'★'.repeat(board.lives)}`);
    drawRack();
    $('detail').textContent = extra.join(' · ');
  }

  function draw() {
    if (!state.game) return;
    drawPlayers();
    drawBoard();
    drawControls();
    drawClocks();
  }

  function show(game, message) {
    const changed = !state.game || state.game.version !== game.version;
    state.game = game;
    state.receivedAt = Date.now();
    if (changed) {
      state.board = game.board;
      state.taps = [];
      state.pending = [];
    }
    draw();
    if (message) say(message, 'said'); else if (changed) say(statusText());
  }

  // --- Moving. ---
  function tap(square) {
    if (state.busy || !state.game || !state.game.your_move) return;
    $('promotion').hidden = true;
    const prefix = state.taps;
    const going = state.board.choices.filter((choice) => choice.taps.length > prefix.length
      && prefix.every((t, i) => choice.taps[i] === t) && choice.taps[prefix.length] === square);
    if (going.length === 0) {
      // Another piece of one's own, or a tap off the targets: start again from it.
      const starts = state.board.choices.some((choice) => choice.taps[0] === square);
      state.taps = starts && !(prefix.length === 1 && prefix[0] === square) ? [square] : [];
      draw();
      return;
    }
    state.taps = prefix.concat([square]);
    const complete = going.filter((choice) => choice.taps.length === state.taps.length);
    const longer = going.filter((choice) => choice.taps.length > state.taps.length);
    if (complete.length === 1 && longer.length === 0 && (complete[0].also || []).length) {
      draw();
      askPromotion(complete[0]);
    } else if (complete.length === 1 && longer.length === 0) {
      play(complete[0].text);
    } else {
      draw();
    }
  }

  // A pawn on the last rank: which piece it becomes (the queen first), by the moves' texts,
  // whose last letter is the piece.
  function askPromotion(choice) {
    const holder = $('promotion');
    holder.textContent = '';
    const side = state.game.you || 'white';
    // As chess sets them out: queen, rook, bishop, knight.
    const rank = (text) => 'qrbn'.indexOf(text.slice(-1));
    for (const text of [choice.text].concat(choice.also).sort((a, b) => rank(a) - rank(b))) {
      const letter = text.slice(-1);
      const button = document.createElement('button');
      button.type = 'button';
      button.className = `piece-choice ${side}`;
      button.dataset.piece = letter;
      button.textContent = GLYPHS[letter] || letter;
      button.setAttribute('aria-label', word(`piece_${letter}`));
      button.addEventListener('click', () => {
        holder.hidden = true;
        play(text);
      });
      holder.appendChild(button);
    }
    holder.hidden = false;
  }

  function isTurnBuilt() {
    const kind = state.game.kind;
    return kind !== 'glacier' && kind !== 'knight-fight' && kind !== 'ambit';
  }

  async function play(text) {
    if (!isTurnBuilt()) {
      await send({ action: 'move', move: text });
      return;
    }
    // A Chesimals turn: unit by unit on the page, sent whole with Done. A choice that ends
    // the turn itself (a promotion's end) goes at once.
    if (/^(end|done|pass)\b/.test(text)) {
      await send({ action: 'move', move: state.pending.concat([text]).join(' ') });
      return;
    }
    state.busy = true;
    try {
      const moves = state.pending.concat([text]);
      const board = await api('POST', `${state.path}/preview`, { moves });
      state.pending = moves;
      state.board = board;
      state.taps = [];
      if (board.choices.length === 0) {
        // The turn ended by itself (no unit may move any more), or the game did.
        state.busy = false;
        await send({ action: 'move', move: moves.join(' ') });
        return;
      }
      const left = board.choices.filter((choice) => choice.taps.length > 0);
      const ending = board.choices.find((choice) => choice.text === 'end' || choice.text === 'done');
      if (left.length === 0 && ending) {
        state.busy = false;
        await send({ action: 'move', move: moves.concat([ending.text]).join(' ') });
        return;
      }
      draw();
    } catch (error) {
      say(error.message, 'error');
      state.taps = [];
      draw();
    } finally {
      state.busy = false;
    }
  }

  async function send(ask) {
    state.busy = true;
    say('…');
    try {
      const answer = await api('POST', `${state.path}/say`,
        Object.assign({ version: state.game.version }, ask));
      show(answer.game, (answer.said || []).join('\n') || statusText());
    } catch (error) {
      say(error.message, 'error');
      state.taps = [];
      if (error.status === 409) await reload();
      else draw();
    } finally {
      state.busy = false;
    }
  }

  function finishTurn(choiceText) {
    const moves = state.pending.concat([choiceText]);
    send({ action: 'move', move: moves.join(' ') });
  }

  async function reload() {
    try {
      show(await api('GET', state.path));
    } catch (error) {
      say(error.message, 'error');
    }
  }

  function listen() {
    if (state.events) state.events.close();
    const url = `${state.path}/events?token=${encodeURIComponent(state.token)}`;
    state.events = new EventSource(url);
    state.events.addEventListener('game', (event) => {
      try {
        const game = JSON.parse(event.data);
        if (!state.busy && (!state.game || game.version !== state.game.version)) show(game);
      } catch (ignored) { /* the next event will do */ }
    });
  }

  function confirmThen(question, action) {
    const bar = $('confirm');
    bar.hidden = false;
    $('confirm-text').textContent = question;
    $('confirm-yes').onclick = () => { bar.hidden = true; action(); };
    $('confirm-no').onclick = () => { bar.hidden = true; };
  }

  function wireControls() {
    $('done').addEventListener('click', () => {
      const ending = state.board.choices.find((c) => c.text === 'end' || c.text === 'done');
      if (ending) finishTurn(ending.text);
    });
    $('pass').addEventListener('click', () => send({ action: 'move', move: 'pass' }));
    $('undo').addEventListener('click', () => {
      state.pending = [];
      state.taps = [];
      state.board = state.game.board;
      draw();
    });
    $('resign').addEventListener('click', () => confirmThen(word('resign_sure'), () => send({ action: 'resign' })));
    $('draw').addEventListener('click', () => send({ action: 'draw' }));
    $('takeback').addEventListener('click', () => send({ action: 'takeback' }));
    $('abort').addEventListener('click', () => confirmThen(word('abort_sure'), () => send({ action: 'abort' })));
  }

  function label() {
    for (const node of document.querySelectorAll('[data-word]')) {
      node.textContent = word(node.dataset.word);
    }
  }

  // --- Discord's side: the Embedded App SDK, loaded only inside an Activity. ---
  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = () => reject(new Error(src));
      document.head.appendChild(script);
    });
  }

  // The Activity's player, as Discord vouches for them: the SDK asks them to authorise the
  // app, and the server swaps the code for who they are. The channel comes along.
  async function discordSession() {
    const app = await api('GET', '/api/discord');
    await loadScript('/app/discord-sdk.js');
    const sdk = new window.KibitzDiscord.DiscordSDK(app.client_id,
      { disableConsoleLogOverride: true });
    await sdk.ready();
    const { code } = await sdk.commands.authorize({
      client_id: app.client_id, response_type: 'code', state: '', prompt: 'none',
      scope: ['identify'],
    });
    const session = await api('POST', '/api/session', { discord_code: code });
    session.channel = sdk.channelId;
    return session;
  }

  async function openSession(params) {
    if (params.initData) return api('POST', '/api/session', { init_data: params.initData });
    if (params.ticket) {
      // The ticket opens one session; it leaves the address so that no copy of it does.
      history.replaceState(null, '', location.pathname + location.search);
      return api('POST', '/api/session', { launch: params.ticket });
    }
    if (params.discordFrame) return discordSession();
    return null;
  }

  // The channel's games, the viewer's own first: one opens at once, more are listed.
  async function pickGame(channel) {
    const games = await api('GET', `/api/chats/${encodeURIComponent(channel)}/games`);
    const own = games.filter((game) => game.your_move);
    if (games.length === 1) return games[0].id;
    if (games.length === 0) {
      say(word('no_channel_games'), 'error');
      return null;
    }
    const list = $('games');
    list.textContent = '';
    const heading = document.createElement('h2');
    heading.textContent = word('channel_games');
    list.appendChild(heading);
    for (const game of (own.length ? own.concat(games.filter((g) => !g.your_move)) : games)) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.game = String(game.id);
      button.textContent = `#${game.id} ${game.title}: ${game.players.join(' – ')}`;
      if (game.your_move) button.classList.add('yours');
      list.appendChild(button);
    }
    list.hidden = false;
    say('');
    return new Promise((resolve) => {
      list.addEventListener('click', (event) => {
        const button = event.target.closest('button[data-game]');
        if (!button) return;
        list.hidden = true;
        resolve(Number(button.dataset.game));
      });
    });
  }

  async function start() {
    const params = launch();
    applyTheme(params.theme);
    tellTelegram('web_app_ready');
    tellTelegram('web_app_expand');
    wireControls();
    try {
      const session = await openSession(params);
      if (!session) {
        // Opened outside the chat apps: say so in the browser's language.
        const found = await api('GET', `/api/words?locale=${encodeURIComponent(navigator.language || 'en')}`);
        state.words = found.words || {};
        document.documentElement.lang = found.language || 'en';
        label();
        $('players').hidden = true;
        say(word('open_from_chat'), 'error');
        return;
      }
      state.token = session.token;
      state.words = session.words || {};
      document.documentElement.lang = session.language || 'en';
      label();
      const puzzle = session.puzzle || Number(params.puzzle) || null;
      state.gameId = session.game || Number(params.game) || null;
      if (!state.gameId && !puzzle && session.channel) {
        state.gameId = await pickGame(session.channel);
      }
      if (!state.gameId && !puzzle) {
        $('players').hidden = true;
        if (!session.channel) say(word('no_game'), 'error');
        return;
      }
      state.path = puzzle ? `/api/puzzles/${puzzle}` : `/api/games/${state.gameId}`;
      say(word('loading'));
      await reload();
      // A puzzle changes only by its player's own taps: nothing to watch.
      if (!puzzle) listen();
      state.clockTimer = setInterval(drawClocks, 250);
    } catch (error) {
      say(error.message, 'error');
    }
  }

  document.addEventListener('DOMContentLoaded', start);
})();
