// Santorini: the board and legal moves of /api/santorini/state, a move built
// from clicks (worker, where it goes, where it builds) out of the API's legal
// moves, the engine of the generic /api/santorini/bestmove, and the tutorial's move-to
// sets and BFS distances (/api/santorini/move-to, /api/santorini/distances).

import { api } from './api.js';
import { $, el, state, page, actions, bitboard, focusedCell, gameInfo, humanCanMove, isOver, movesText, playerNameOf, refocus, setStatus, toMove, whoText } from './page.js';

/** The board is drawn 5 by 5; the names of its spaces are the API's (`spaces`, row by row from the top). */
const SIZE = 5;

/**
 * A legal move of the API as its parts, to build a move from clicks:
 * {text, place: [a, b]} or {text, from, to, build, win}. The page never
 * decides what is legal: it only picks among the API's `legal_moves`.
 */
function parseMove(text) {
  if (text.includes(',')) return { text, place: text.split(',') };
  const m = /^([A-E][1-5])>([A-E][1-5])(?:\^([A-E][1-5])|(#))$/.exec(text);
  return m ? { text, from: m[1], to: m[2], build: m[3] || null, win: !!m[4] } : { text };
}

/** The padded 7x7 layout of the tutorial: bit 7*row + col. */
const PADDED = Array.from({ length: 7 }, (_, r) => Array.from({ length: 7 }, (_, c) => 7 * r + c));

/** The start position of the page: the link's, or the registry's start. */
function start() {
  return state.start || gameInfo('santorini').start;
}

function legalFrom(legal, from) {
  return legal.filter((m) => m.from === from).map((m) => m.text);
}

/** The engine's score in words: the forced result, or the evaluation with its sign. */
function scoreWords(answer) {
  if (answer.exact) return answer.score_text;
  return answer.score > 0 ? `eval +${answer.score}` : `eval ${answer.score}`;
}

export const santorini = {
  takesStart: true, // a link may name a start position (`position=`)
  usesThink: true,
  help: 'Placement: click two free spaces. Then click a worker, where it goes, and where it builds. Keyboard: arrows and Enter; Escape cancels; u: undo, n: new game.',
  /** The moves of a URL, separated by blanks or `;`. */
  splitMoves: (text) => (text ? text.split(/[\s;]+/).filter(Boolean) : []),
  joinMoves: (moves) => moves.join(' '),
  playerName: (p) => playerNameOf('santorini', p),
  load: () => api('santorini/state', { position: start(), moves: movesText() }),
  async engineMove() {
    const answer = await api('santorini/bestmove', { position: start(), moves: movesText(), time_ms: String(state.think) });
    return answer.best;
  },
  legal() {
    return (page.data.legal_moves || []).map(parseMove);
  },
  workerAt(space) {
    for (const p of [1, 2]) if (page.data.workers[p].includes(space)) return p;
    return 0;
  },
  statusText() {
    const { data, extra } = page;
    if (data.winner) return `${this.playerName(data.winner)} wins`;
    const what = data.phase === 'place' ? 'place both workers' : 'move and build';
    let s = `${this.playerName(toMove())}${whoText()} to ${what}`;
    const sel = state.sel;
    if (sel.first) s += `: first worker on ${sel.first}`;
    else if (sel.from && sel.to) s += `: ${sel.from}>${sel.to}, now click where to build`;
    else if (sel.from && !sel.inspect) s += `: worker ${sel.from} selected, click where it moves`;
    if (state.analysis && extra.best) s += `  ·  engine: ${extra.best.best} (${scoreWords(extra.best)})`;
    return s;
  },
  click(space) {
    const { data } = page;
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
        if (m) { actions.play(m.text); return; }
      }
      this.redraw();
      return;
    }
    const owner = this.workerAt(space);
    if (sel.from && sel.to && canMove) {
      const m = legal.find((x) => x.from === sel.from && x.to === sel.to && x.build === space);
      if (m) { actions.play(m.text); return; }
    }
    if (sel.from && !sel.to && !sel.inspect && canMove) {
      const win = legal.find((x) => x.from === sel.from && x.to === space && x.win);
      if (win) { actions.play(win.text); return; }
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
    actions.renderPanels();
    this.overlays(page.token);
  },
  /** Fetches what the analysis mode shows: the engine's move and the selected worker's sets. */
  async after(my) {
    const { extra } = page;
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
    for (let row = 0; row < SIZE; row++) {
      // The rank of the row, from the name of its first space (`A5`: 5).
      board.append(el('div', { class: 'lab' }, data.spaces[row * SIZE].slice(1)));
      for (let col = 0; col < SIZE; col++) {
        const i = row * SIZE + col;
        const name = data.spaces[i];
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
    // The files, from the names of the bottom row's spaces (`A1`: A).
    for (let col = 0; col < SIZE; col++) board.append(el('div', { class: 'lab' }, data.spaces[(SIZE - 1) * SIZE + col][0]));
  },
  analysisPanel(p) {
    const { data, extra } = page;
    p.append(el('h2', {}, 'Analysis'));
    const dl = el('dl', { class: 'kv' },
      el('dt', {}, 'to move'), el('dd', {}, this.playerName(toMove())),
      el('dt', {}, 'legal moves'), el('dd', {}, data.legal_moves.length));
    if (extra.best) {
      dl.append(el('dt', {}, 'engine'), el('dd', { id: 'engine-best', 'data-move': extra.best.best },
        `${extra.best.best}, ${extra.best.score_words} (depth ${extra.best.depth}, ${extra.best.nodes.toLocaleString()} nodes, ${extra.best.time_ms} ms)`));
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
