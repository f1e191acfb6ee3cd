// bitgames web page: play and analyse tic-tac-toe, Connect Four and Santorini
// against the engines of `bitgames serve`, through its JSON API under /api.
// Plain JavaScript, no build step, no network beyond the server itself.
'use strict';

const $ = (selector) => document.querySelector(selector);

/** Creates an element: el('td', {class: 'on', title: 'x'}, 'text', child...). */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

const GAME_NAMES = { tictactoe: 'Tic-tac-toe', connect4: 'Connect Four', santorini: 'Santorini' };

const state = {
  game: 'tictactoe',
  moves: [],
  mode: 'engine', // or 'humans'
  side: 1, // the human's player number against the engine
  think: 1000, // engine time in ms (Santorini, Connect Four budget)
  analysis: false,
  bits: false,
  overlay: 'both', // Santorini: 'none' | 'moveto' | 'distances' | 'both'
  sel: {}, // Santorini selection: {first} while placing, {from, to, inspect}
  start: null, // Santorini: a start position other than the empty board (URL `position`)
  line: [], // the moves of the line played: step back and forward within it
  hold: false, // the engine waits (a shared link, or stepping through the moves)
  playNow: false, // the engine plays the side to move once (the Engine move button)
};

let data = null; // the API's answer for the current position
let extra = {}; // per-position extras fetched later (engine analysis, overlays)
let token = 0; // increases on every change: stale answers are dropped

class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

async function api(path, params) {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`/api/${path}${query ? '?' + query : ''}`);
  let body = null;
  try { body = await response.json(); } catch (_) { body = null; }
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

/** Reads an NDJSON answer line by line as it arrives: onLine(object) per line. */
async function apiLines(path, params, onLine, signal) {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`/api/${path}?${query}`, { signal });
  if (!response.ok) {
    let body = null;
    try { body = await response.json(); } catch (_) { body = null; }
    throw new ApiError(response.status, body);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line) onLine(JSON.parse(line));
    }
  }
}

// ---------------------------------------------------------------- URL

function movesText() {
  return state.game === 'santorini' ? state.moves.join(' ') : state.moves.join('');
}

function readUrl() {
  const q = new URLSearchParams(location.search);
  const game = q.get('game');
  if (GAME_NAMES[game]) state.game = game;
  const moves = (q.get('moves') || '').trim();
  if (state.game === 'santorini') state.moves = moves ? moves.split(/[\s;]+/).filter(Boolean) : [];
  else state.moves = moves.replace(/[^0-9a-cA-C]/g, '').match(state.game === 'tictactoe' ? /[a-cA-C][1-3]|[1-9]/g : /./g) || [];
  state.line = state.moves.slice();
  // A link to a position shows exactly that position: the engine waits for
  // the reader to play or to ask it, and Connect Four opens in analysis mode.
  if (state.moves.length) {
    state.hold = true;
    if (state.game === 'connect4') state.analysis = true;
  }
  if (q.get('mode') === 'humans') state.mode = 'humans';
  if (state.game === 'santorini' && q.get('position')) state.start = q.get('position').trim();
  if (q.get('side') === '2') state.side = 2;
  if (q.get('analysis') === '1') state.analysis = true;
  if (q.get('bits') === '1') state.bits = true;
  const think = Number(q.get('think'));
  if (think >= 50 && think <= 10000) state.think = think;
}

function writeUrl() {
  const q = new URLSearchParams();
  q.set('game', state.game);
  if (state.start) q.set('position', state.start);
  if (state.moves.length) q.set('moves', movesText());
  if (state.mode !== 'engine') q.set('mode', state.mode);
  if (state.side !== 1) q.set('side', String(state.side));
  if (state.analysis) q.set('analysis', '1');
  if (state.bits) q.set('bits', '1');
  if (state.think !== 1000) q.set('think', String(state.think));
  history.replaceState(null, '', `${location.pathname}?${q}`);
}

// ---------------------------------------------------------------- flow

function setIdle(idle) {
  document.body.dataset.idle = idle ? 'true' : 'false';
}

const SANTORINI_START = '0000000000000000000000000/1/mortal/mortal';

/** The player to move after `n` of the moves, from the start position's player to move. */
function moverAfter(n) {
  const first = state.game === 'santorini' && state.start && state.start.split('/')[1] === '2' ? 2 : 1;
  return ((first - 1 + n) % 2) + 1;
}

function toMove() {
  return data && !data.failed ? data.to_move : moverAfter(state.moves.length);
}

function isOver() {
  return data && data.winner !== undefined && (data.winner !== null || data.status === 'draw');
}

function engineToMove() {
  return state.mode === 'engine' && data && !isOver() && toMove() !== state.side && !data.failed;
}

function humanCanMove() {
  return data && !data.failed && !isOver() && document.body.dataset.idle === 'true' && (state.hold || !engineToMove());
}

function setStatus(text, isError) {
  const s = $('#status');
  s.textContent = text;
  s.classList.toggle('error', !!isError);
}

async function refresh(options) {
  const my = ++token;
  setIdle(false);
  // The page opened from a link keeps that link until the reader acts.
  if (!(options && options.keepUrl)) writeUrl();
  syncControls();
  if (extra.abort) extra.abort.abort();
  extra = {};
  document.body.dataset.analysis = 'pending';
  const game = GAMES[state.game];
  const mover = moverAfter(state.moves.length);
  if (((state.mode === 'engine' && mover !== state.side && !state.hold) || state.playNow) && !(data && data.failed)) {
    setStatus(`${game.playerName(mover)} (engine) is thinking...`);
  }
  try {
    data = await game.load();
  } catch (e) {
    if (my !== token) return;
    data = { failed: true, error: e.message };
    setIdle(true);
    render();
    setStatus(e.message, true);
    return;
  }
  if (my !== token) return;
  render();
  const engineNow = data && !data.failed && !isOver() && (state.playNow || (engineToMove() && !state.hold));
  state.playNow = false;
  if (engineNow) {
    setStatus(`${game.playerName(toMove())} (engine) is thinking...`);
    let move;
    try {
      move = await game.engineMove();
    } catch (e) {
      if (my !== token) return;
      setStatus(`engine: ${e.message}`, true);
      setIdle(true);
      return;
    }
    if (my !== token) return;
    pushMove(String(move));
    state.sel = {};
    refresh();
    return;
  }
  setIdle(true);
  if (game.after) game.after(my);
}

/** Plays a move on the shown position: the line follows it (a new move cuts the line there). */
function pushMove(move) {
  const n = state.moves.length;
  state.moves.push(move);
  if (state.line[n] !== move) state.line = state.moves.slice();
}

function play(move) {
  if (!humanCanMove()) return;
  GAMES[state.game].note = null;
  state.hold = false;
  pushMove(String(move));
  state.sel = {};
  refresh();
}

function undo() {
  if (!state.moves.length) return;
  GAMES[state.game].note = null;
  state.moves.pop();
  if (state.mode === 'engine' && !state.hold && state.moves.length && moverAfter(state.moves.length) !== state.side) state.moves.pop();
  state.line = state.moves.slice();
  state.sel = {};
  refresh();
}

/** One move back through the line played; the engine waits. */
function stepBack() {
  if (!state.moves.length) return;
  GAMES[state.game].note = null;
  state.moves.pop();
  state.hold = true;
  state.sel = {};
  refresh();
}

/** One move forward through the line played; the engine waits. */
function stepForward() {
  const n = state.moves.length;
  if (n >= state.line.length) return;
  GAMES[state.game].note = null;
  state.moves.push(state.line[n]);
  state.hold = true;
  state.sel = {};
  refresh();
}

/** The engine plays the side to move now (and, against the engine, goes on from there). */
function engineGo() {
  if (!data || data.failed || isOver()) return;
  state.hold = false;
  state.playNow = true;
  refresh();
}

function newGame() {
  GAMES[state.game].note = null;
  state.start = null;
  state.moves = [];
  state.line = [];
  state.hold = false;
  state.sel = {};
  refresh();
}

/** The board control that has the keyboard focus, to give it back after a redraw. */
function focusedCell() {
  const a = document.activeElement;
  if (!a || !a.dataset || !$('#board').contains(a)) return null;
  for (const k of ['space', 'col', 'square']) if (a.dataset[k]) return `[data-${k}="${a.dataset[k]}"]`;
  return null;
}

function refocus(selector) {
  if (!selector) return;
  const b = $('#board').querySelector(selector);
  if (b && !b.disabled) b.focus();
}

function render() {
  const game = GAMES[state.game];
  const focus = focusedCell();
  $('#board').replaceChildren();
  $('#above').replaceChildren();
  $('#under').replaceChildren();
  $('#progress').replaceChildren();
  $('#board').className = '';
  document.body.dataset.analysis = 'off';
  // A refused position (a bad link) has no board from the server: Connect
  // Four draws its stones itself, the others show only the error.
  if (!data.failed || game.drawsItself) game.render();
  refocus(focus);
  setStatus(data.failed ? data.error : game.statusText(), !!data.failed);
  $('#help').textContent = game.help;
  renderPanels();
  const line = $('#moves-line');
  line.replaceChildren(...[
    state.moves.length ? `Moves: ${movesText()}  ·  ` : 'No moves yet  ·  ',
    el('a', { href: location.href, id: 'share' }, 'link to this position'),
    game.note ? el('span', { id: 'note', class: game.noteClass || null }, `  ·  ${game.note}`) : null,
  ].filter((x) => x !== null));
}

function renderPanels() {
  const game = GAMES[state.game];
  const ap = $('#analysis-panel');
  const bp = $('#bits-panel');
  ap.hidden = !state.analysis;
  bp.hidden = !state.bits;
  ap.replaceChildren();
  bp.replaceChildren();
  if (!data || data.failed) return;
  if (state.analysis) game.analysisPanel(ap);
  if (state.bits) game.bitsPanel(bp);
}

function syncControls() {
  for (const b of document.querySelectorAll('#games button')) {
    b.setAttribute('aria-pressed', String(b.dataset.game === state.game));
  }
  $('#mode').value = state.mode;
  $('#side').value = String(state.side);
  $('#think').value = String(state.think);
  if (!$('#think').value) $('#think').value = '1000';
  $('#analysis').checked = state.analysis;
  $('#back').disabled = !state.moves.length;
  $('#forward').disabled = state.moves.length >= state.line.length;
  $('#bits').checked = state.bits;
  $('#side-label').hidden = state.mode !== 'engine';
  $('#think-label').hidden = state.game === 'tictactoe' || state.mode !== 'engine';
  document.title = `bitgames: ${GAME_NAMES[state.game]}`;
}

// ---------------------------------------------------------------- bitboards

/** Draws a bitboard as a grid of bit numbers. layout: rows of bit indices (null = blank). */
function bitboard(name, value, layout, options) {
  const v = BigInt(value);
  const opts = options || {};
  const table = el('table', { 'aria-label': name });
  for (const row of layout) {
    const tr = el('tr');
    for (const bit of row) {
      if (bit === null) { tr.append(el('td', { class: 'pad' })); continue; }
      const on = (v >> BigInt(bit)) & 1n;
      const cls = [on ? 'on' : '', opts.pad && opts.pad(bit) ? 'pad' : '', opts.spare && opts.spare(bit) ? 'spare' : ''].join(' ').trim();
      tr.append(el('td', { class: cls || null, title: `bit ${bit}` }, bit));
    }
    table.append(tr);
  }
  const width = opts.width || 0;
  const binary = v.toString(2).padStart(width, '0');
  return el('div', { class: 'bb', 'data-bitboard': name, 'data-value': v.toString() },
    el('div', { class: 'name' }, name), table,
    el('div', { class: 'value' }, `${opts.hex ? '0x' + v.toString(16) : v.toString()}`),
    opts.binary ? el('div', { class: 'value' }, binary) : null);
}

function resultClass(value) {
  return value > 0 ? 'win' : value < 0 ? 'loss' : 'draw';
}

// ---------------------------------------------------------------- tic-tac-toe

const MARKS = { 1: 'X', 2: 'O' };

const tictactoe = {
  help: 'Click a square or type 1-9 (row by row from the top left). u: undo, n: new game.',
  playerName: (p) => MARKS[p],
  load: () => api('tictactoe/analyze', { moves: movesText() }),
  engineMove: async () => data.best,
  statusText() {
    if (data.winner) return `${MARKS[data.winner]} wins (${data.winning_line.name})`;
    if (data.status === 'draw') return 'Draw';
    const who = state.mode === 'engine' ? (toMove() === state.side ? ' (you)' : ' (engine)') : '';
    return `${data.mark}${who} to move${state.analysis ? `: ${data.result}` : ''}`;
  },
  render() {
    const board = $('#board');
    board.className = 'ttt';
    const line = data.winning_line ? data.winning_line.squares : [];
    for (let i = 0; i < 9; i++) {
      const cell = data.cells[i];
      const sq = data.squares[i];
      const b = el('button', {
        type: 'button',
        'data-square': i + 1,
        'aria-label': `square ${i + 1}${cell ? ', ' + MARKS[cell] : ''}`,
        class: [cell ? MARKS[cell] : '', line.includes(i + 1) ? 'line' : ''].join(' ').trim() || null,
        onclick: () => { if (!cell) play(i + 1); },
      }, cell ? MARKS[cell] : '');
      if (!cell) b.append(el('span', { class: 'num' }, i + 1));
      if (state.analysis && sq) {
        b.append(el('span', { class: `val ${resultClass(sq.value)}`, 'data-value': sq.value }, sq.result));
      }
      board.append(b);
    }
  },
  analysisPanel(p) {
    p.append(el('h2', {}, 'Analysis'));
    const dl = el('dl', { class: 'kv' },
      el('dt', {}, 'to move'), el('dd', {}, data.mark),
      el('dt', {}, 'value'), el('dd', { class: resultClass(data.value) }, data.result),
      el('dt', {}, 'best'), el('dd', {}, data.best_moves.join(', ') || '-'));
    p.append(dl);
    const list = el('ul', { class: 'legal' });
    for (const sq of data.squares) {
      if (sq) list.append(el('li', { class: resultClass(sq.value) }, `${sq.square} (${sq.name}): ${sq.result}${sq.best ? '  best' : ''}`));
    }
    p.append(list);
  },
  bitsPanel(p) {
    p.append(el('h2', {}, 'Bitboards'));
    p.append(el('p', { class: 'help' }, 'Two 9-bit boards (bit = square index 0..8); a win is a win mask fully inside a board.'));
    const grid = [[0, 1, 2], [3, 4, 5], [6, 7, 8]];
    p.append(el('div', { class: 'bitboards' },
      bitboard('x', data.bits.x, grid, { binary: true, width: 9 }),
      bitboard('o', data.bits.o, grid, { binary: true, width: 9 }),
      bitboard('x | o', data.bits.occupied, grid, { binary: true, width: 9 })));
    p.append(el('h3', {}, 'Win-line words (32 bits: a 4-bit group per line, a win is b & b<<1 & b>>1)'));
    const groups = [['row a', 'row b', 'row c', 'col 1'], ['col 2', 'col 3', 'diag', 'anti']];
    const words = el('div', { class: 'bitboards' });
    for (const [name, value] of [['winlines X', data.bits.winlines_x], ['winlines O', data.bits.winlines_o]]) {
      const layout = [0, 1, 2, 3, 4, 5, 6, 7].map((g) => [4 * g, 4 * g + 1, 4 * g + 2, 4 * g + 3]);
      const b = bitboard(name, value, layout, { hex: true, spare: (bit) => bit % 4 === 3 });
      const rows = b.querySelectorAll('tr');
      rows.forEach((tr, g) => tr.append(el('td', { class: 'label' }, groups[Math.floor(g / 4)][g % 4])));
      words.append(b);
    }
    p.append(words);
  },
  key(e) {
    if (/^[1-9]$/.test(e.key)) { const i = Number(e.key); if (data && !data.cells[i - 1]) play(i); return true; }
    if (e.key === 'ArrowLeft') { stepBack(); return true; }
    if (e.key === 'ArrowRight') { stepForward(); return true; }
    return false;
  },
};

// ---------------------------------------------------------------- Connect Four

const C4 = { W: 7, H: 6 };

/** The grid of a move string: grid[col][row] = 0/1/2, row 0 at the bottom. */
function c4grid(moves) {
  const grid = Array.from({ length: C4.W }, () => Array(C4.H).fill(0));
  const heights = Array(C4.W).fill(0);
  moves.forEach((m, i) => {
    const c = Number(m) - 1;
    if (c >= 0 && c < C4.W && heights[c] < C4.H) grid[c][heights[c]++] = (i % 2) + 1;
  });
  return { grid, heights };
}

/** The first analysis budget, then what "Keep thinking" asks for (ms; the server allows 60 s). */
const C4_BUDGETS = [6000, 30000, 60000];

/** The grid of the API's board (rows top first, X/O/.): grid[col][row], row 0 at the bottom. */
function c4gridOf(board) {
  const grid = Array.from({ length: C4.W }, () => Array(C4.H).fill(0));
  const heights = Array(C4.W).fill(0);
  board.forEach((row, i) => {
    const r = C4.H - 1 - i;
    [...row].forEach((ch, c) => {
      if (ch === 'X' || ch === 'O') { grid[c][r] = ch === 'X' ? 1 : 2; heights[c] = Math.max(heights[c], r + 1); }
    });
  });
  return { grid, heights };
}

const connect4 = {
  drawsItself: true,
  help: 'Click a column, or type 1-7. Left and right arrows step back and forward through the moves; e: engine move, u: undo, n: new game. Scores: positive = the player to move wins (22 - the winner\'s stones at the end).',
  playerName: (p) => (p === 1 ? 'Red' : 'Yellow'),
  load: () => api('connect4/state', { moves: movesText() }),
  note: null,
  noteClass: null,
  async engineMove() {
    const answer = await api('connect4/bestmove', { moves: movesText(), time_ms: String(state.think) });
    // Say plainly whether the move is exact, in the library's words.
    this.note = `Engine played column ${answer.best}: ${answer.note}`;
    this.noteClass = answer.exact ? null : 'inexact';
    return answer.best;
  },
  /** What the analysis knows: the stream's columns and its summary. */
  analysis() {
    return extra.c4 || { columns: {}, done: null, error: null };
  },
  statusText() {
    const name = this.playerName;
    if (data.winner) return `${name(data.winner)} wins`;
    if (data.status === 'draw') return 'Draw: the board is full';
    const mine = state.mode === 'engine' && toMove() === state.side;
    const who = state.mode === 'engine' ? (mine ? ' (you)' : ' (engine)') : '';
    let s = `${name(toMove())}${who} to move`;
    if (state.analysis) {
      const a = this.analysis();
      if (a.done && a.done.complete) s += `: ${a.done.score_text}`;
      else if (a.error) s += ` (${a.error})`;
      else if (a.done) {
        // Every column's result known, not yet how soon: the result itself is exact.
        const signs = (data.playable || []).map((open, c) => (open ? a.done.signs[c] : undefined)).filter((x) => x !== undefined);
        const result = signs.every((x) => x !== null) ? ['loss', 'draw', 'win'][Math.max(...signs) + 1] : null;
        s += result ? `: ${result} (how soon: not solved yet)` : ': not solved yet';
      } else s += ': analysing...';
    }
    if (state.hold && state.mode === 'engine' && !mine) s += ' · the engine waits: play, or press Engine move';
    return s;
  },
  /** Starts the streamed analysis of the shown position, unless one is running. */
  async after(my) {
    if (!state.analysis || isOver() || extra.c4) return;
    await this.analyse(my, 0);
  },
  async analyse(my, step) {
    const budget = C4_BUDGETS[Math.min(step, C4_BUDGETS.length - 1)];
    const a = { columns: {}, done: null, error: null, step, budget, started: Date.now() };
    extra.c4 = a;
    this.redraw();
    // Stepping quickly through the moves starts no search per step.
    await new Promise((resolve) => setTimeout(resolve, 120));
    if (my !== token) return;
    const abort = new AbortController();
    extra.abort = abort;
    try {
      await apiLines('connect4/analyze', { moves: movesText(), time_ms: String(budget), stream: '1' }, (line) => {
        if (my !== token) return;
        if (line.type === 'column') a.columns[line.column] = line;
        if (line.type === 'done') a.done = line;
        this.redraw();
      }, abort.signal);
    } catch (e) {
      if (my !== token || e.name === 'AbortError') return;
      a.error = e.status === 503 ? `${e.message}` : `analysis failed: ${e.message}`;
    }
    if (my !== token) return;
    if (!a.done && !a.error) a.error = 'the analysis stopped early';
    this.redraw();
  },
  redraw() {
    if (!data || data.failed) return;
    const focus = focusedCell();
    $('#board').replaceChildren();
    $('#above').replaceChildren();
    $('#under').replaceChildren();
    $('#progress').replaceChildren();
    this.render();
    refocus(focus);
    setStatus(this.statusText());
    renderPanels();
  },
  render() {
    const { grid, heights } = data.failed ? c4grid(state.moves) : c4gridOf(data.board);
    const four = new Set((data.winning_cells || []).map(([c, r]) => `${c - 1},${r - 1}`));
    const last = state.moves.length ? Number(state.moves[state.moves.length - 1]) - 1 : -1;
    const a = this.analysis();
    const best = new Set(a.done && a.done.complete ? a.done.best_columns : []);
    const above = $('#above');
    if (state.analysis && !data.failed && !isOver()) {
      for (let c = 0; c < C4.W; c++) {
        const line = a.columns[c + 1];
        const full = heights[c] >= C4.H;
        const exact = line && line.exact;
        const cls = ['score', line ? resultClass(line.score) : '', line && !exact ? 'weak' : '', !line && !full ? 'unknown' : '', best.has(c + 1) ? 'best' : ''];
        const cell = el('div', {
          class: cls.filter(Boolean).join(' '),
          'data-col': c + 1,
          'data-score': exact ? line.score : '',
          'data-exact': line ? String(exact) : null,
          title: line && !exact ? 'win/draw/loss only so far: the exact score is still being solved' : null,
        });
        if (line && exact) cell.append(el('b', {}, line.score > 0 ? `+${line.score}` : line.score), el('span', { class: 'words' }, line.words));
        else if (line) cell.append(el('b', {}, line.words), el('span', { class: 'words' }, a.done ? 'not exact' : '...'));
        else if (!full) cell.append(el('b', {}, a.done || a.error ? '?' : '...'), el('span', { class: 'words' }, ''));
        above.append(cell);
      }
    }
    const board = $('#board');
    board.className = 'c4';
    for (let c = 0; c < C4.W; c++) {
      const full = heights[c] >= C4.H;
      const col = el('button', {
        type: 'button',
        class: ['col', state.analysis && best.has(c + 1) ? 'best' : ''].join(' ').trim(),
        'data-col': c + 1,
        'aria-label': `column ${c + 1}${full ? ', full' : ''}`,
        disabled: full || isOver() ? true : null,
        onclick: () => play(c + 1),
      });
      for (let r = 0; r < C4.H; r++) {
        const p = grid[c][r];
        const cls = ['disc', p ? `p${p}` : '', r === heights[c] ? 'landing' : '', c === last && r === heights[c] - 1 ? 'last' : '',
          four.has(`${c},${r}`) ? 'four' : ''].join(' ').trim();
        col.append(el('div', { class: 'cell' }, el('div', { class: cls, 'data-cell': `${c + 1},${r + 1}`, 'data-player': p || null })));
      }
      board.append(col);
    }
    const under = $('#under');
    for (let c = 1; c <= C4.W; c++) under.append(el('span', { 'data-col': c }, c));
    if (state.analysis && !data.failed && !isOver()) this.progress(a);
    // For tests and for the eye: where the analysis of this position stands.
    const where = a.error ? 'error' : a.done ? (a.done.complete ? 'done' : 'partial') : extra.c4 ? 'running' : 'pending';
    document.body.dataset.analysis = state.analysis && !data.failed && !isOver() ? where : 'off';
  },
  /** Under the board: how far the analysis is, and "Keep thinking" when it stopped short. */
  progress(a) {
    const p = $('#progress');
    const exact = Object.values(a.columns).filter((l) => l.exact).length;
    const open = (data.playable || []).filter(Boolean).length;
    if (a.error) {
      p.append(a.error, el('button', { type: 'button', id: 'keep-thinking', onclick: () => this.analyse(token, a.step) }, 'Try again'));
    } else if (!a.done) {
      p.append(`Analysing: ${exact} of ${open} columns exact...`);
    } else if (!a.done.complete) {
      const more = C4_BUDGETS[Math.min(a.step + 1, C4_BUDGETS.length - 1)];
      p.append(`${exact} of ${open} columns exact after ${(a.done.time_ms / 1000).toFixed(1)} s (the others: win/draw/loss where shown).`,
        el('button', { type: 'button', id: 'keep-thinking', onclick: () => this.analyse(token, a.step + 1) }, `Keep thinking (${more / 1000} s)`));
    } else {
      p.append(`All ${open} columns exact in ${(a.done.time_ms / 1000).toFixed(2)} s${a.done.best_columns.length > 1 ? `; best columns ${a.done.best_columns.join(', ')}` : ''}.`);
    }
  },
  analysisPanel(p) {
    p.append(el('h2', {}, 'Analysis'));
    if (isOver()) { p.append(el('p', {}, `Game over: ${data.status}.`)); return; }
    const a = this.analysis();
    const d = a.done;
    p.append(el('dl', { class: 'kv' },
      el('dt', {}, 'to move'), el('dd', {}, this.playerName(toMove())),
      el('dt', {}, 'score'), d && d.complete ? el('dd', { class: resultClass(d.score) }, `${d.score} (${d.score_text})`) : el('dd', {}, d ? 'not solved exactly yet' : 'analysing...'),
      el('dt', {}, 'best columns'), el('dd', { id: 'best-columns' }, d && d.complete ? d.best_columns.join(', ') : '-'),
      el('dt', {}, d && d.complete ? 'solved in' : 'searched'), el('dd', {}, d ? `${d.time_ms} ms` : '-')));
  },
  bitsPanel(p) {
    p.append(el('h2', {}, 'Bitboards'));
    p.append(el('p', { class: 'help' }, 'Bit of (column, row) = column*7 + row, row 0 at the bottom; the top row of each column is a spare bit. position = stones of the player to move, mask = all stones, key = position + mask + bottom row.'));
    const layout = [];
    for (let r = C4.H; r >= 0; r--) layout.push([0, 1, 2, 3, 4, 5, 6].map((c) => c * (C4.H + 1) + r));
    const spare = (bit) => bit % (C4.H + 1) === C4.H;
    const b = data.bits || {};
    p.append(el('div', { class: 'bitboards' },
      ['position', 'mask', 'key'].map((name) => bitboard(name, b[name] || 0, layout, { spare, hex: true }))));
  },
  key(e) {
    if (/^[1-7]$/.test(e.key)) { play(Number(e.key)); return true; }
    // As on connect4.gamesolver.org: the arrows step through the moves played.
    if (e.key === 'ArrowLeft') { stepBack(); return true; }
    if (e.key === 'ArrowRight') { stepForward(); return true; }
    return false;
  },
};

// ---------------------------------------------------------------- Santorini

const FILES = 'ABCDE';

function spaceName(i) {
  return FILES[i % 5] + (5 - Math.floor(i / 5));
}

/** A legal move string as parts: {text, place: [a, b]} or {text, from, to, build, win}. */
function parseMove(text) {
  if (text.includes(',')) return { text, place: text.split(',') };
  const m = /^([A-E][1-5])>([A-E][1-5])(?:\^([A-E][1-5])|(#))$/.exec(text);
  return m ? { text, from: m[1], to: m[2], build: m[3] || null, win: !!m[4] } : { text };
}

/** The padded 7x7 layout of the tutorial: bit 7*row + col, frame = padding. */
const PADDED = Array.from({ length: 7 }, (_, r) => Array.from({ length: 7 }, (_, c) => 7 * r + c));
const isPadding = (bit) => bit % 7 === 0 || bit % 7 === 6 || bit < 7 || bit > 41;

const santorini = {
  help: 'Placement: click two free spaces. Then click a worker, where it goes, and where it builds. Keyboard: arrows and Enter; Escape cancels; u: undo, n: new game.',
  playerName: (p) => (p === 1 ? 'Red' : 'Yellow'),
  load: () => api('santorini/state', { position: state.start || SANTORINI_START, moves: movesText() }),
  async engineMove() {
    const answer = await api('santorini/bestmove', { position: state.start || SANTORINI_START, moves: movesText(), time_ms: String(state.think) });
    return answer.best;
  },
  legal() {
    return (data.legal_moves || []).map(parseMove);
  },
  workerAt(space) {
    for (const p of [1, 2]) if (data.workers[p].includes(space)) return p;
    return 0;
  },
  statusText() {
    if (data.winner) return `${this.playerName(data.winner)} wins`;
    const who = state.mode === 'engine' ? (toMove() === state.side ? ' (you)' : ' (engine)') : '';
    const what = data.phase === 'place' ? 'place both workers' : 'move and build';
    let s = `${this.playerName(toMove())}${who} to ${what}`;
    const sel = state.sel;
    if (sel.first) s += `: first worker on ${sel.first}`;
    else if (sel.from && sel.to) s += `: ${sel.from}>${sel.to}, now click where to build`;
    else if (sel.from && !sel.inspect) s += `: worker ${sel.from} selected, click where it moves`;
    if (state.analysis && extra.best) s += `  ·  engine: ${extra.best.best} (${evalText(extra.best.score_text)})`;
    return s;
  },
  click(space) {
    if (!data || data.failed) return;
    const sel = state.sel;
    const mine = toMove();
    const canMove = humanCanMove();
    const legal = this.legal();
    if (data.phase === 'place') {
      if (!canMove) return;
      if (!sel.first) {
        if (legal.some((m) => m.place && m.place.includes(space))) state.sel = { first: space };
      } else if (sel.first === space) {
        state.sel = {};
      } else {
        const m = legal.find((x) => x.place && x.place.includes(sel.first) && x.place.includes(space));
        if (m) { play(m.text); return; }
      }
      this.redraw();
      return;
    }
    const owner = this.workerAt(space);
    if (sel.from && sel.to && canMove) {
      const m = legal.find((x) => x.from === sel.from && x.to === sel.to && x.build === space);
      if (m) { play(m.text); return; }
    }
    if (sel.from && !sel.to && !sel.inspect && canMove) {
      const win = legal.find((x) => x.from === sel.from && x.to === space && x.win);
      if (win) { play(win.text); return; }
      if (legal.some((x) => x.from === sel.from && x.to === space)) { state.sel = { from: sel.from, to: space }; this.redraw(); return; }
    }
    if (owner && !(sel.from === space && !sel.to)) {
      state.sel = { from: space, inspect: owner !== mine || !canMove };
    } else {
      state.sel = {};
    }
    this.redraw();
  },
  redraw() {
    const focus = focusedCell();
    $('#board').replaceChildren();
    this.render();
    refocus(focus);
    setStatus(this.statusText());
    renderPanels();
    this.overlays(token);
  },
  /** Fetches what the analysis mode shows: the engine's move and the selected worker's sets. */
  async after(my) {
    if (state.analysis && !isOver() && !extra.best && !extra.bestPending) {
      extra.bestPending = true;
      try {
        const best = await api('santorini/bestmove', { position: state.start || SANTORINI_START, moves: movesText(), time_ms: String(state.think) });
        if (my !== token) return;
        extra.best = best;
      } catch (e) {
        if (my !== token) return;
        extra.bestError = e.message;
      }
      this.redraw();
    }
    this.overlays(my);
  },
  async overlays(my) {
    const from = state.sel.from;
    if (!state.analysis || !from || (extra.overlayFor === from)) return;
    extra.overlayFor = from;
    try {
      const [mt, dist] = await Promise.all([
        api('santorini/move-to', { moves: movesText(), position: state.start || SANTORINI_START, space: from }),
        api('santorini/distances', { moves: movesText(), position: state.start || SANTORINI_START, space: from }),
      ]);
      if (my !== token || state.sel.from !== from) return;
      extra.moveTo = mt;
      extra.distances = dist;
      const focus = focusedCell();
      $('#board').replaceChildren();
      this.render();
      refocus(focus);
      renderPanels();
    } catch (e) {
      extra.overlayFor = null;
    }
  },
  render() {
    const board = $('#board');
    board.className = 'sant';
    const sel = state.sel;
    const legal = this.legal();
    const targets = new Set();
    const builds = new Set();
    if (sel.from && !sel.to && !sel.inspect) legal.filter((m) => m.from === sel.from).forEach((m) => targets.add(m.to));
    if (sel.from && sel.to) legal.filter((m) => m.from === sel.from && m.to === sel.to).forEach((m) => builds.add(m.build));
    if (sel.first) legal.filter((m) => m.place && m.place.includes(sel.first)).forEach((m) => m.place.forEach((s) => s !== sel.first && targets.add(s)));
    const best = state.analysis && extra.best ? parseMove(extra.best.best) : null;
    const bestCells = best ? new Set([best.from, best.to, best.build, ...(best.place || [])].filter(Boolean)) : new Set();
    const last = state.moves.length ? parseMove(state.moves[state.moves.length - 1]) : null;
    const lastCells = last ? new Set([last.to, last.build, ...(last.place || [])].filter(Boolean)) : new Set();
    const overlay = state.analysis && sel.from && extra.overlayFor === sel.from ? state.overlay : 'none';
    const moveTo = new Set(overlay !== 'none' && overlay !== 'distances' && extra.moveTo ? extra.moveTo.move_to_spaces : []);
    const dist = (overlay === 'distances' || overlay === 'both') && extra.distances ? extra.distances.distances : null;
    const maxDist = dist ? Math.max(1, ...dist.filter((d) => d !== null)) : 1;
    for (let row = 0; row < 5; row++) {
      board.append(el('div', { class: 'lab' }, 5 - row));
      for (let col = 0; col < 5; col++) {
        const i = row * 5 + col;
        const name = spaceName(i);
        const level = data.levels[i];
        const owner = this.workerAt(name);
        const cls = [`l${level}`,
          sel.from === name || sel.first === name || sel.to === name ? 'sel' : '',
          targets.has(name) ? 'target' : '', builds.has(name) ? 'build' : '',
          bestCells.has(name) ? 'best' : '', lastCells.has(name) && !bestCells.has(name) ? 'lastmove' : '',
          moveTo.has(name) ? 'moveto' : ''].join(' ').replace(/\s+/g, ' ').trim();
        const b = el('button', {
          type: 'button', class: cls, 'data-space': name, 'data-level': level, 'data-worker': owner || null,
          'aria-label': `${name}, level ${level}${owner ? `, worker of ${this.playerName(owner)}` : ''}`,
          onclick: () => this.click(name),
        }, el('span', { class: 'lvl' }, level === 4 ? '' : level));
        if (dist) {
          const d = dist[i];
          if (d !== null && d > 0) b.style.background = `hsl(${200 - 180 * (d / maxDist)}, 80%, ${78 - 20 * (d / maxDist)}%)`;
          b.append(el('span', { class: 'dist', 'data-distance': d === null ? 'inf' : d }, d === null ? '∞' : d));
        }
        if (level === 4) b.append(el('span', { class: 'dome' }));
        if (owner) b.append(el('span', { class: `worker p${owner}` }));
        board.append(b);
      }
    }
    board.append(el('div'));
    for (const f of FILES) board.append(el('div', { class: 'lab' }, f));
  },
  analysisPanel(p) {
    p.append(el('h2', {}, 'Analysis'));
    const dl = el('dl', { class: 'kv' },
      el('dt', {}, 'to move'), el('dd', {}, this.playerName(toMove())),
      el('dt', {}, 'legal moves'), el('dd', {}, data.legal_moves.length));
    if (extra.best) {
      dl.append(el('dt', {}, 'engine'), el('dd', { id: 'engine-best', 'data-move': extra.best.best },
        `${extra.best.best}, ${evalText(extra.best.score_text)} (depth ${extra.best.depth}, ${extra.best.nodes.toLocaleString()} nodes, ${extra.best.time_ms} ms)`));
    } else if (!isOver()) {
      dl.append(el('dt', {}, 'engine'), el('dd', {}, extra.bestError || 'thinking...'));
    }
    p.append(dl);
    const from = state.sel.from;
    if (!from) { p.append(el('p', { class: 'help' }, 'Select a worker to see its legal moves, its move-to set M(i) and the BFS distances from it.')); return; }
    const own = legalFrom(this.legal(), from);
    p.append(el('h3', {}, `Worker ${from}: ${own.length} legal moves`));
    p.append(el('p', { class: 'legal', id: 'worker-moves' }, own.join('  ') || 'none (not its turn, or blocked)'));
    const choice = el('div', { class: 'overlay-choice', role: 'radiogroup', 'aria-label': 'Board overlay' });
    for (const [value, label] of [['both', 'move-to + distances'], ['moveto', 'move-to set'], ['distances', 'distance heat map'], ['none', 'none']]) {
      choice.append(el('label', {}, el('input', {
        type: 'radio', name: 'overlay', value, checked: state.overlay === value ? true : null,
        onchange: () => { state.overlay = value; $('#board').replaceChildren(); this.render(); },
      }), ' ', label));
    }
    p.append(choice);
    if (extra.moveTo && extra.overlayFor === from) {
      p.append(el('h3', {}, 'Tutorial: M(i) and distances (other workers count as level 4)'));
      p.append(el('p', { class: 'legal', id: 'move-to' }, `move-to ${extra.moveTo.worker}: ${extra.moveTo.text}`));
      p.append(el('p', { class: 'legal', id: 'distances' }, `distances: ${extra.distances.text}`));
    }
  },
  bitsPanel(p) {
    p.append(el('h2', {}, 'Bitboards'));
    p.append(el('p', { class: 'help' }, 'The tutorial\'s 7x7 padded board: space (row x, col y) is bit 7x + y; the grey frame is padding, never set. L0..L3: spaces at exactly that level; L4: domes.'));
    const box = el('div', { class: 'bitboards' });
    data.bits.level.forEach((v, k) => box.append(bitboard(`L${k}`, v, PADDED, { pad: isPadding, hex: true })));
    box.append(bitboard('workers 1 (red)', data.bits.workers[0], PADDED, { pad: isPadding, hex: true }));
    box.append(bitboard('workers 2 (yellow)', data.bits.workers[1], PADDED, { pad: isPadding, hex: true }));
    if (extra.moveTo && state.sel.from === extra.overlayFor) {
      box.append(bitboard(`M(${state.sel.from})`, extra.moveTo.bitboard, PADDED, { pad: isPadding, hex: true }));
    }
    p.append(box);
  },
  key(e) {
    if (e.key === 'Escape') { state.sel = {}; this.redraw(); return true; }
    const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
    if (step) {
      // Arrows move the focus over the spaces; Enter or Space clicks the focused one.
      const current = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.space : null;
      let row = 2;
      let col = 2;
      if (current) {
        row = 5 - Number(current[1]);
        col = FILES.indexOf(current[0]);
        row = Math.min(4, Math.max(0, row + step[0]));
        col = Math.min(4, Math.max(0, col + step[1]));
      }
      const b = document.querySelector(`.sant button[data-space="${spaceName(row * 5 + col)}"]`);
      if (b) b.focus();
      return true;
    }
    return false;
  },
};

/** The engine's score in words: `win in 3`, or the evaluation with its sign. */
function evalText(text) {
  return /^-?\d+$/.test(text) ? `eval ${Number(text) > 0 ? '+' : ''}${text}` : text;
}

function legalFrom(legal, from) {
  return legal.filter((m) => m.from === from).map((m) => m.text);
}

const GAMES = { tictactoe, connect4, santorini };

// ---------------------------------------------------------------- wiring

function init() {
  readUrl();
  for (const b of document.querySelectorAll('#games button')) {
    b.addEventListener('click', () => {
      if (state.game === b.dataset.game) return;
      state.game = b.dataset.game;
      state.start = null;
      state.moves = [];
      state.line = [];
      state.hold = false;
      state.sel = {};
      data = null;
      refresh();
    });
  }
  $('#mode').addEventListener('change', (e) => { state.mode = e.target.value; refresh(); });
  $('#side').addEventListener('change', (e) => { state.side = Number(e.target.value); refresh(); });
  $('#think').addEventListener('change', (e) => { state.think = Number(e.target.value); refresh(); });
  $('#new').addEventListener('click', newGame);
  $('#undo').addEventListener('click', undo);
  $('#back').addEventListener('click', stepBack);
  $('#forward').addEventListener('click', stepForward);
  $('#engine-go').addEventListener('click', engineGo);
  $('#analysis').addEventListener('change', (e) => { state.analysis = e.target.checked; refresh(); });
  $('#bits').addEventListener('change', (e) => { state.bits = e.target.checked; writeUrl(); renderPanels(); });
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return;
    if (e.key === 'u') { undo(); e.preventDefault(); return; }
    if (e.key === 'n') { newGame(); e.preventDefault(); return; }
    if (e.key === 'e') { engineGo(); e.preventDefault(); return; }
    if (GAMES[state.game].key(e)) e.preventDefault();
  });
  refresh({ keepUrl: true });
}

init();
