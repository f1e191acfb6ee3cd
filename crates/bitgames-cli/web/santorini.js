// Santorini: the board and legal turns of /api/santorini/state, a turn built
// from clicks step by step out of the API's legal turns (santorini_turns.js),
// the board drawn with its blocks (santorini_board.js), the gods
// (santorini_gods.js), the engine of the generic /api/santorini/bestmove, and
// the tutorial's move-to sets and BFS distances (/api/santorini/move-to,
// /api/santorini/distances).

import { api } from './api.js';
import { $, el, state, page, actions, bitboard, focusedCell, gameInfo, humanCanMove, isOver, levelParams, movesText, playerNameOf, refocus, setStatus, toMove, whoText } from './page.js';
import { kindOf, spaceOf, stepsAt, turnPaths } from './santorini_turns.js';
import { SIZE, drawBoard } from './santorini_board.js';
import { godPanel, godStart, godSuffix, loadGods, newGodGame } from './santorini_gods.js';

/** The padded 7x7 layout of the tutorial: bit 7*row + col. */
const PADDED = Array.from({ length: 7 }, (_, r) => Array.from({ length: 7 }, (_, c) => 7 * r + c));

/** The start position of the page: the link's, the gods', or the registry's start. */
let godsStart = null;
function start() {
  return state.start || (state.gods && godsStart) || gameInfo('santorini').start;
}

/** The spaces a legal turn's steps name but its worker's start: what the engine's move changes. */
function cellsOf(paths, text) {
  const turn = paths.find((t) => t.text === text);
  return new Set(turn ? turn.path.filter((s) => kindOf(s) !== 'select').map(spaceOf).filter(Boolean) : []);
}

/** The engine's score in words: the forced result, or the evaluation with its sign. */
function scoreWords(answer) {
  if (answer.exact) return answer.score_text;
  return answer.score > 0 ? `eval +${answer.score}` : `eval ${answer.score}`;
}

/** What the next step may be, in words, for the status line. */
function hint(steps, next, act) {
  const kinds = new Set([...next].map(kindOf));
  const last = kindOf(steps[steps.length - 1]);
  const workers = steps.filter((s) => kindOf(s) === 'select');
  const placed = steps.filter((s) => kindOf(s) === 'place').map(spaceOf);
  if (kinds.has('place') && placed.length) return `: ${placed.length === 1 ? 'first worker' : 'workers'} on ${placed.join(' and ')}`;
  if (last === 'place') return `: the worker put on ${placed[0]}: click where it builds`;
  if (last === 'build-first') return ': click where it builds before moving (it may not move up after)';
  if (last === 'stay') return ': click where a worker builds (none moves)';
  if (kinds.has('move')) {
    const too = workers.length > 1 ? ' too' : '';
    const pre = kinds.has('build-first') ? ', or build before moving' : '';
    return `: worker ${spaceOf(workers[workers.length - 1])} selected${too}, click where it moves${pre}`;
  }
  if (last === 'move') {
    const ends = steps.filter((s) => kindOf(s) === 'move').map(spaceOf).join(' and ');
    return `: to ${ends}, now click where to build${kinds.has('select') ? ', or your other worker to move it too' : ''}`;
  }
  if (kinds.has('force')) {
    const also = kinds.has('move') ? ', or click where the worker moves' : kinds.has('build') ? ', or click where it builds' : '';
    return `: an opponent worker may be forced on (click it)${also}`;
  }
  if (kinds.has('keep')) return ': click the opponent worker that stays where it is';
  if (kinds.has('female')) return last === 'swap-all' ? ': click where the opponent\'s female worker goes' : ': click the female worker';
  if (kinds.has('swap-all')) return ': every worker may swap with the opponent\'s, or Done';
  if (kinds.has('act')) return `: ${act || 'the god acts'}: click a space, or Done`;
  if (kinds.has('remove')) return ': a block beside your other worker may be removed (click it), or Done';
  if (kinds.has('dome')) {
    return [...next].some(spaceOf) ? ': a dome may follow on any free space (click it), or Done' : ': a dome may replace the block, or Done';
  }
  if (kinds.has('build')) return ': one more build may follow (click it), or Done';
  return '';
}

export const santorini = {
  takesStart: true, // a link may name a start position (`position=`)
  usesThink: true,
  levels: 'Level n searches n plies ahead (within the engine time); 10 thinks for the whole engine time.',
  help: 'Placement: click two free spaces (the Graeae three). Then click a worker, where it goes (a ring: two or more steps away), and where it builds; a god\'s optional steps are offered as buttons and extra clicks, and Done skips them. Keyboard: arrows and Enter; Escape cancels; u: undo, n: new game.',
  /**
   * The moves of a URL and of the API, separated by blanks; once a turn holds
   * a blank (Prometheus' `^C3 A1>B2^C4`), each ends with `;` instead.
   */
  splitMoves: (text) => (text ? (text.includes(';') ? text.split(';') : text.split(/\s+/)).map((t) => t.trim()).filter(Boolean) : []),
  joinMoves: (moves) => (moves.some((m) => m.includes(' ')) ? moves.map((m) => `${m};`).join(' ') : moves.join(' ')),
  playerName: (p) => playerNameOf('santorini', p),
  readUrl(q) {
    const gods = (q.get('gods') || '').trim().toLowerCase();
    if (gods) state.gods = gods;
  },
  writeUrl(q) {
    if (state.gods && !state.start) q.set('gods', state.gods);
  },
  onNewGame: newGodGame,
  async load() {
    const [, first] = await Promise.all([loadGods(), state.gods && !state.start ? godStart() : null]);
    godsStart = first;
    return api('santorini/state', { position: start(), moves: movesText() });
  },
  async engineMove(signal) {
    const answer = await api('santorini/bestmove', { position: start(), moves: movesText(), time_ms: String(state.think), ...levelParams() }, signal);
    return answer.best;
  },
  /** Every legal turn with the paths of clicks that make it (once a position). */
  paths() {
    const { data, extra } = page;
    if (!extra.paths) {
      extra.paths = turnPaths(data.turns || []);
    }
    return extra.paths;
  },
  workerAt(space) {
    for (const p of [1, 2]) if (page.data.workers[p].includes(space)) return p;
    return 0;
  },
  /** The steps taken, and what may follow them (nothing when it is not the reader's turn). */
  turn() {
    const steps = state.sel.steps || [];
    if (!humanCanMove()) return { steps, next: new Set(), done: null };
    return { steps, ...stepsAt(this.paths(), steps) };
  },
  statusText() {
    const { data, extra } = page;
    if (data.winner) return `${this.playerName(data.winner)} wins`;
    const what = data.phase === 'place' ? 'place both workers' : 'move and build';
    let s = `${this.playerName(toMove())}${godSuffix(toMove())}${whoText()} to ${what}`;
    const { steps, next } = this.turn();
    if (steps.length) s += hint(steps, next, page.data.act);
    if (state.analysis && extra.best) s += `  ·  engine: ${extra.best.best} (${scoreWords(extra.best)})`;
    return s;
  },
  /** Takes one more step of the turn; plays the turn when nothing else may follow. */
  step(step) {
    const steps = [...(state.sel.steps || []), step];
    const at = stepsAt(this.paths(), steps);
    if (at.only) { actions.play(at.only); return; }
    const first = steps.find((s) => kindOf(s) === 'select');
    state.sel = { steps, from: first ? spaceOf(first) : null };
    this.redraw();
  },
  click(space) {
    const { data } = page;
    if (!data || data.failed) return;
    const { steps, next } = this.turn();
    if (humanCanMove()) {
      const step = [...next].find((s) => spaceOf(s) === space);
      if (step) { this.step(step); return; }
      if (steps.length && spaceOf(steps[steps.length - 1]) === space) {
        // The space of the last step again: that step is taken back.
        const back = steps.slice(0, -1);
        const first = back.find((s) => kindOf(s) === 'select');
        state.sel = { steps: back, from: first ? spaceOf(first) : null };
        this.redraw();
        return;
      }
      if (this.workerAt(space) === toMove() && stepsAt(this.paths(), [`select:${space}`]).valid) {
        state.sel = { steps: [`select:${space}`], from: space };
        this.redraw();
        return;
      }
    }
    // Another worker: selected to be inspected (the analysis' overlays).
    state.sel = this.workerAt(space) && state.sel.from !== space ? { from: space, inspect: true } : {};
    this.redraw();
  },
  /** The buttons of the turn's steps: a god's optional step, Done (skip what may follow), Cancel. */
  renderSteps() {
    const bar = $('#steps');
    bar.replaceChildren();
    const { steps, next, done } = this.turn();
    for (const s of next) {
      const words = page.data.buttons && page.data.buttons[s];
      if (words) bar.append(el('button', { type: 'button', 'data-step': s, onclick: () => this.step(s) }, words));
    }
    if (done && next.size) {
      bar.append(el('button', { type: 'button', id: 'turn-done', 'data-move': done, title: `Play ${done}, skipping the optional step`, onclick: () => actions.play(done) }, `Done: ${done}`));
    }
    if (steps.length) bar.append(el('button', { type: 'button', id: 'turn-cancel', onclick: () => { state.sel = {}; this.redraw(); } }, 'Cancel'));
  },
  redraw() {
    const focus = focusedCell();
    $('#board').replaceChildren();
    this.render();
    refocus(focus);
    setStatus(this.statusText());
    actions.renderPanels();
    this.overlays(page.token);
  },
  /** Fetches what the analysis mode shows: the engine's move and the selected worker's sets. */
  async after(my) {
    const { extra } = page;
    // The reader's turn now (the page is idle): the steps a turn may start with (Hermes' build without moving).
    this.renderSteps();
    if (state.analysis && !isOver() && !extra.best && !extra.bestPending) {
      extra.bestPending = true;
      try {
        const best = await api('santorini/bestmove', { position: start(), moves: movesText(), time_ms: String(state.think) });
        if (my !== page.token) return;
        extra.best = best;
      } catch (e) {
        if (my !== page.token) return;
        extra.bestError = e.message;
      }
      this.redraw();
    }
    this.overlays(my);
  },
  async overlays(my) {
    const { extra } = page;
    const from = state.sel.from;
    if (!state.analysis || !from || (extra.overlayFor === from)) return;
    extra.overlayFor = from;
    try {
      const [mt, dist] = await Promise.all([
        api('santorini/move-to', { moves: movesText(), position: start(), space: from }),
        api('santorini/distances', { moves: movesText(), position: start(), space: from }),
      ]);
      if (my !== page.token || state.sel.from !== from) return;
      extra.moveTo = mt;
      extra.distances = dist;
      const focus = focusedCell();
      $('#board').replaceChildren();
      this.render();
      refocus(focus);
      actions.renderPanels();
    } catch (e) {
      extra.overlayFor = null;
    }
  },
  render() {
    const { data, extra } = page;
    const { steps, next } = this.turn();
    const best = state.analysis && extra.best ? cellsOf(this.paths(), extra.best.best) : new Set();
    const last = new Set(data.last_move ? data.last_move.spaces : []);
    const overlay = state.analysis && state.sel.from && extra.overlayFor === state.sel.from ? state.overlay : 'none';
    const moveTo = new Set(overlay !== 'none' && overlay !== 'distances' && extra.moveTo ? extra.moveTo.move_to_spaces : []);
    const dist = (overlay === 'distances' || overlay === 'both') && extra.distances ? extra.distances.distances : null;
    drawBoard($('#board'), {
      data, steps, next, me: toMove(),
      workerAt: (s) => this.workerAt(s),
      playerName: (p) => this.playerName(p),
      marks: { best, last, moveTo, dist },
      onClick: (s) => this.click(s),
    });
    this.renderSteps();
  },
  gamePanel(p) {
    godPanel(p, (pl) => this.playerName(pl));
  },
  analysisPanel(p) {
    const { data, extra } = page;
    p.append(el('h2', {}, 'Analysis'));
    const dl = el('dl', { class: 'kv' },
      el('dt', {}, 'to move'), el('dd', {}, this.playerName(toMove())),
      el('dt', {}, 'legal moves'), el('dd', {}, data.legal_moves.length));
    if (extra.best) {
      dl.append(el('dt', {}, 'engine'), el('dd', { id: 'engine-best', 'data-move': extra.best.best },
        `${extra.best.best}, ${scoreWords(extra.best)} (depth ${extra.best.depth}, ${extra.best.nodes.toLocaleString()} nodes, ${extra.best.time_ms} ms)`));
    } else if (!isOver()) {
      dl.append(el('dt', {}, 'engine'), el('dd', {}, extra.bestError || 'thinking...'));
    }
    p.append(dl);
    const from = state.sel.from;
    if (!from) { p.append(el('p', { class: 'help' }, 'Select a worker to see its legal moves, its move-to set M(i) and the BFS distances from it.')); return; }
    const own = [...new Set(this.paths().filter((t) => t.path[0] === `select:${from}`).map((t) => t.text))];
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
    const { data, extra } = page;
    // The frame of padding bits: those outside the API's `valid` board.
    const valid = BigInt(data.bits.valid);
    const pad = (bit) => ((valid >> BigInt(bit)) & 1n) === 0n;
    const opts = { pad, hex: true };
    p.append(el('h2', {}, 'Bitboards'));
    p.append(el('p', { class: 'help' }, 'The tutorial\'s 7x7 padded board: space (row x, col y) is bit 7x + y; the grey frame is padding, never set. L0..L3: spaces at exactly that level; L4: domes.'));
    const box = el('div', { class: 'bitboards' });
    data.bits.level.forEach((v, k) => box.append(bitboard(`L${k}`, v, PADDED, opts)));
    box.append(bitboard('workers 1 (red)', data.bits.workers[0], PADDED, opts));
    box.append(bitboard('workers 2 (yellow)', data.bits.workers[1], PADDED, opts));
    if (extra.moveTo && state.sel.from === extra.overlayFor) {
      box.append(bitboard(`M(${state.sel.from})`, extra.moveTo.bitboard, PADDED, opts));
    }
    p.append(box);
  },
  key(e) {
    if (e.key === 'Escape') { state.sel = {}; this.redraw(); return true; }
    const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
    if (step) {
      // Arrows move the focus over the spaces; Enter or Space clicks the focused one.
      const spaces = page.data && page.data.spaces ? page.data.spaces : [];
      const a = document.activeElement;
      const current = a && a.dataset ? spaces.indexOf(a.dataset.space) : -1;
      let row = Math.floor(SIZE / 2);
      let col = Math.floor(SIZE / 2);
      if (current >= 0) {
        row = Math.min(SIZE - 1, Math.max(0, Math.floor(current / SIZE) + step[0]));
        col = Math.min(SIZE - 1, Math.max(0, (current % SIZE) + step[1]));
      }
      const b = document.querySelector(`.sant button[data-space="${spaces[row * SIZE + col]}"]`);
      if (b) b.focus();
      return true;
    }
    return false;
  },
};
