// Connect Four: the board of /api/connect4/state, the score of every column
// streamed by /api/connect4/analyze, the engine's move of the generic
// /api/connect4/bestmove (exact or not, and why not), on any board size of
// /api/connect4/sizes (the picker; `size=8x5` in the link and the API).

import { api, apiLines } from './api.js';
import { $, el, state, page, actions, bitboard, focusedCell, isOver, levelParams, movesText, refocus, clearBoard, playerNameOf, resultClass, setStatus, toMove, whoText } from './page.js';

/** The board size of a link: columns x rows; the API says whether it is one. */
const SIZE = /^\d{1,2}x\d{1,2}$/;

/** The board size's width (columns). */
function width() {
  return Number(state.size.split('x')[0]);
}

/** The API's parameter of the board size: none at 7x6. */
function sizeParams() {
  return state.size === '7x6' ? {} : { size: state.size };
}

/** The moves of a move list: one digit a move, or numbers separated by commas (10 columns or more). */
function splitMoves(text) {
  if (text.includes(',')) return text.split(',').map((t) => t.trim()).filter(Boolean);
  return text.replace(/[^0-9]/g, '').match(/./g) || [];
}

/** The sizes of /api/connect4/sizes, asked once: [{size, value_text}] (7x6 alone if the API does not answer). */
let sizes = null;
async function loadSizes() {
  if (!sizes) {
    sizes = api('connect4/sizes', {}).then((a) => a.sizes, () => [{ size: '7x6', value_text: 'first player wins' }]);
  }
  return sizes;
}

/** The first analysis budget, then what "Keep thinking" asks for (ms; the server allows 60 s). */
const BUDGETS = [6000, 30000, 60000];

/**
 * The position to draw: the API's answer, or for a refused link the
 * position before the refused move (the API's `before_refused`); null if none.
 */
function shown() {
  const { data } = page;
  if (!data) return null;
  return data.failed ? data.body.before_refused || null : data;
}

/** The grid of the API's board (rows top first, X/O/.): grid[col][row], row 0 at the bottom. */
function gridOf(view) {
  const grid = Array.from({ length: view.width }, () => Array(view.height).fill(0));
  const heights = Array(view.width).fill(0);
  view.board.forEach((row, i) => {
    const r = view.height - 1 - i;
    [...row].forEach((ch, c) => {
      if (ch === 'X' || ch === 'O') { grid[c][r] = ch === 'X' ? 1 : 2; heights[c] = Math.max(heights[c], r + 1); }
    });
  });
  return { grid, heights };
}

export const connect4 = {
  drawsItself: true, // a refused link still shows the stones before the refused move
  linkOpensAnalysis: true,
  usesThink: true,
  levels: 'From random to perfect: a column drawn among all, weighted by their exact scores, the better ones likelier as the level rises.',
  get help() {
    const w = width();
    const keys = w <= 9 ? `1-${w}` : `1-9, 0 for 10`;
    return `${state.size} board. Click a column, or type ${keys}. Left and right arrows step back and forward through the moves; e: engine move, u: undo, n: new game. Scores: positive = the player to move wins (${Math.floor(this.cells() / 2) + 1} - the winner's stones at the end).`;
  },
  /** The number of cells of the board. */
  cells() {
    const [w, h] = state.size.split('x').map(Number);
    return w * h;
  },
  /** The moves of a URL and of the API: one digit a move up to 9 columns, numbers separated by commas beyond. */
  splitMoves,
  joinMoves: (moves) => moves.join(width() <= 9 ? '' : ','),
  readUrl(q) {
    const size = (q.get('size') || '').trim().toLowerCase();
    if (SIZE.test(size)) state.size = size;
  },
  writeUrl(q) {
    if (state.size !== '7x6') q.set('size', state.size);
  },
  /** Fills the size picker (once the sizes came) and shows the board's size. */
  sizePicker(select) {
    const fill = (list) => {
      const known = list.some((s) => s.size === state.size);
      const all = known ? list : [...list, { size: state.size, value_text: 'not in the list' }];
      if (select.options.length !== all.length) {
        select.replaceChildren(...all.map((s) => el('option', { value: s.size }, `${s.size}${s.value_text ? ` (${s.value_text})` : ''}`)));
      }
      select.value = state.size;
    };
    select.value = state.size;
    loadSizes().then(fill);
  },
  playerName: (p) => playerNameOf('connect4', p),
  load: () => api('connect4/state', { moves: movesText(), ...sizeParams() }),
  note: null,
  noteClass: null,
  async engineMove(signal) {
    const answer = await api('connect4/bestmove', { moves: state.moves.join(' '), ...sizeParams(), time_ms: String(state.think), ...levelParams() }, signal);
    // Say plainly whether the move is exact, and why not, in the library's
    // words (`note`; below level 10: the level's words).
    this.note = `Engine played column ${answer.best}: ${answer.level !== null && answer.level < 10 ? answer.score_text : (answer.note ?? answer.score_text)}`;
    this.noteClass = answer.exact ? null : 'inexact';
    return answer.best;
  },
  /** What the analysis knows: the stream's columns and its summary. */
  analysis() {
    return page.extra.c4 || { columns: {}, done: null, error: null };
  },
  statusText() {
    const { data } = page;
    const name = this.playerName;
    if (data.winner) return `${name(data.winner)} wins`;
    if (data.status === 'draw') return 'Draw: the board is full';
    let s = `${name(toMove())}${whoText()} to move`;
    if (state.analysis) {
      const a = this.analysis();
      if (a.done && a.done.complete) s += `: ${a.done.score_text}`;
      else if (a.error) s += ` (${a.error})`;
      // Every column's result known, not yet how soon: the result itself is exact.
      else if (a.done) s += a.done.result ? `: ${a.done.result} (how soon: not solved in time)` : ': not solved in time (not every column is exact)';
      else s += ': analysing...';
    }
    if (state.hold && state.mode === 'engine' && toMove() !== state.side) s += ' · the engine waits: play, or press Engine move';
    return s;
  },
  /** Starts the streamed analysis of the shown position, unless one is running. */
  async after(my) {
    if (!state.analysis || isOver() || page.extra.c4) return;
    await this.analyse(my, 0);
  },
  async analyse(my, step) {
    const budget = BUDGETS[Math.min(step, BUDGETS.length - 1)];
    const a = { columns: {}, done: null, error: null, step, budget, started: Date.now() };
    page.extra.c4 = a;
    this.redraw();
    // Stepping quickly through the moves starts no search per step.
    await new Promise((resolve) => setTimeout(resolve, 120));
    if (my !== page.token) return;
    const abort = new AbortController();
    page.extra.abort = abort;
    try {
      await apiLines('connect4/analyze', { moves: movesText(), ...sizeParams(), time_ms: String(budget), stream: '1' }, (line) => {
        if (my !== page.token) return;
        if (line.type === 'column') a.columns[line.column] = line;
        if (line.type === 'done') a.done = line;
        this.redraw();
      }, abort.signal);
    } catch (e) {
      if (my !== page.token || e.name === 'AbortError') return;
      a.error = e.status === 503 ? `${e.message}` : `analysis failed: ${e.message}`;
    }
    if (my !== page.token) return;
    if (!a.done && !a.error) a.error = 'the analysis stopped early';
    this.redraw();
  },
  redraw() {
    if (!page.data || page.data.failed) return;
    const focus = focusedCell();
    clearBoard();
    this.render();
    refocus(focus);
    setStatus(this.statusText());
    actions.renderPanels();
  },
  render() {
    const { data } = page;
    const view = shown();
    if (!view) return;
    const { grid, heights } = gridOf(view);
    const four = new Set((view.winning_cells || []).map(([c, r]) => `${c - 1},${r - 1}`));
    const played = splitMoves(view.moves);
    const last = played.length ? Number(played[played.length - 1]) - 1 : -1;
    // The grid's columns, and cells small enough for 8 columns and more.
    const wrap = $('#board-wrap');
    wrap.style.setProperty('--c4cols', String(view.width));
    if (view.width > 7) wrap.style.setProperty('--c4cell', `min(${(84 / view.width).toFixed(1)}vw, ${Math.floor(470 / view.width)}px)`);
    else wrap.style.removeProperty('--c4cell');
    const a = this.analysis();
    const best = new Set(a.done && a.done.complete ? a.done.best_columns : []);
    const analysing = state.analysis && !data.failed && !isOver();
    const above = $('#above');
    if (analysing) {
      for (let c = 0; c < view.width; c++) {
        const line = a.columns[c + 1];
        const open = view.playable[c];
        const exact = line && line.exact;
        const cls = ['score', line ? resultClass(line.score) : '', line && !exact ? 'weak' : '', !line && open ? 'unknown' : '', best.has(c + 1) ? 'best' : ''];
        const cell = el('div', {
          class: cls.filter(Boolean).join(' '),
          'data-col': c + 1,
          'data-score': exact ? line.score : '',
          'data-exact': line ? String(exact) : null,
          title: line && !exact ? (a.done ? 'not exact: win/draw/loss only, the exact score was not solved in time' : 'win/draw/loss only so far: the exact score is still being solved')
            : !line && open && (a.done || a.error) ? 'not exact: not solved in time' : null,
        });
        if (line && exact) cell.append(el('b', {}, line.score > 0 ? `+${line.score}` : line.score), el('span', { class: 'words' }, line.words));
        else if (line) cell.append(el('b', {}, line.words), el('span', { class: 'words' }, a.done ? 'not exact' : '...'));
        else if (open) cell.append(el('b', {}, a.done || a.error ? '?' : '...'), el('span', { class: 'words' }, a.done || a.error ? 'not in time' : ''));
        above.append(cell);
      }
    }
    const board = $('#board');
    board.className = 'c4';
    for (let c = 0; c < view.width; c++) {
      const full = heights[c] >= view.height;
      const col = el('button', {
        type: 'button',
        class: ['col', state.analysis && best.has(c + 1) ? 'best' : ''].join(' ').trim(),
        'data-col': c + 1,
        'aria-label': `column ${c + 1}${full ? ', full' : ''}`,
        // A column the API says cannot be played (full, or the game is over).
        disabled: view.playable[c] ? null : true,
        onclick: () => actions.play(c + 1),
      });
      for (let r = 0; r < view.height; r++) {
        const p = grid[c][r];
        const cls = ['disc', p ? `p${p}` : '', r === heights[c] ? 'landing' : '', c === last && r === heights[c] - 1 ? 'last' : '',
          four.has(`${c},${r}`) ? 'four' : ''].join(' ').trim();
        col.append(el('div', { class: 'cell' }, el('div', { class: cls, 'data-cell': `${c + 1},${r + 1}`, 'data-player': p || null })));
      }
      board.append(col);
    }
    const under = $('#under');
    for (let c = 1; c <= view.width; c++) under.append(el('span', { 'data-col': c }, c));
    if (analysing) this.progress(a);
    // For tests and for the eye: where the analysis of this position stands.
    const where = a.error ? 'error' : a.done ? (a.done.complete ? 'done' : 'partial') : page.extra.c4 ? 'running' : 'pending';
    document.body.dataset.analysis = analysing ? where : 'off';
  },
  /** Under the board: how far the analysis is, and "Keep thinking" when it stopped short. */
  progress(a) {
    const p = $('#progress');
    const exact = Object.values(a.columns).filter((l) => l.exact).length;
    const open = (page.data.playable || []).filter(Boolean).length;
    if (a.error) {
      p.append(a.error, el('button', { type: 'button', id: 'keep-thinking', onclick: () => this.analyse(page.token, a.step) }, 'Try again'));
    } else if (!a.done) {
      p.append(`Analysing: ${exact} of ${open} columns exact...`);
    } else if (!a.done.complete) {
      const more = BUDGETS[Math.min(a.step + 1, BUDGETS.length - 1)];
      p.append(`${exact} of ${open} columns exact after ${(a.done.time_ms / 1000).toFixed(1)} s: not complete, the others were not solved in time (win/draw/loss where shown).`,
        el('button', { type: 'button', id: 'keep-thinking', onclick: () => this.analyse(page.token, a.step + 1) }, `Keep thinking (${more / 1000} s)`));
    } else {
      p.append(`All ${open} columns exact in ${(a.done.time_ms / 1000).toFixed(2)} s${a.done.best_columns.length > 1 ? `; best columns ${a.done.best_columns.join(', ')}` : ''}.`);
    }
  },
  analysisPanel(p) {
    const { data } = page;
    p.append(el('h2', {}, 'Analysis'));
    if (isOver()) { p.append(el('p', {}, `Game over: ${data.status}.`)); return; }
    const a = this.analysis();
    const d = a.done;
    p.append(el('dl', { class: 'kv' },
      el('dt', {}, 'to move'), el('dd', {}, this.playerName(toMove())),
      el('dt', {}, 'score'), d && d.complete ? el('dd', { class: resultClass(d.score) }, `${d.score} (${d.score_text})`) : el('dd', {}, d ? 'not exact: not every column solved in time' : 'analysing...'),
      el('dt', {}, 'best columns'), el('dd', { id: 'best-columns' }, d && d.complete ? d.best_columns.join(', ') : '-'),
      el('dt', {}, d && d.complete ? 'solved in' : 'searched'), el('dd', {}, d ? `${d.time_ms} ms` : '-')));
  },
  bitsPanel(p) {
    const { data } = page;
    p.append(el('h2', {}, 'Bitboards'));
    // Each column is height + 1 bits (the spare bit on top).
    const stride = data.height + 1;
    p.append(el('p', { class: 'help' }, `Bit of (column, row) = column*${stride} + row, row 0 at the bottom; the top row of each column is a spare bit. position = stones of the player to move, mask = all stones, key = position + mask + bottom row.`));
    const layout = [];
    for (let r = data.height; r >= 0; r--) layout.push(Array.from({ length: data.width }, (_, c) => c * stride + r));
    const spare = (bit) => bit % stride === data.height;
    const b = data.bits || {};
    p.append(el('div', { class: 'bitboards' },
      // The API sends them as decimal strings (past 53 bits a number would lose bits).
    ['position', 'mask', 'key'].map((name) => bitboard(name, b[name] || '0', layout, { spare, hex: true }))));
  },
  key(e) {
    // Digits 1-9 (and 0 for column 10 on a wider board).
    const col = e.key === '0' ? 10 : /^[1-9]$/.test(e.key) ? Number(e.key) : 0;
    if (col && col <= width()) { actions.play(col); return true; }
    // As on connect4.gamesolver.org: the arrows step through the moves played.
    if (e.key === 'ArrowLeft') { actions.stepBack(); return true; }
    if (e.key === 'ArrowRight') { actions.stepForward(); return true; }
    return false;
  },
};
