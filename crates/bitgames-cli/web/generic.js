// The generic view: any registered game, through the routes every game has
// (/api/{game}/legal and /api/{game}/bestmove). The board as the API draws
// it, the position in the game's notation, the legal moves as buttons. A game
// that has no page module of its own gets this view with no edit to the page;
// `view=generic` in the URL shows it for the others too.

import { api } from './api.js';
import { $, el, state, page, actions, focusedCell, isOver, levelParams, movesText, refocus, setStatus, toMove, whoText } from './page.js';

/** The generic view of the registry's game `info` ({game, title, start, engine}). */
export function genericView(info) {
  const name = info.game;
  const playerName = (p) => (info.players && info.players[p - 1]) || `Player ${p}`;
  /** The position of a request: the link's start (if any) and the moves played, separated by blanks. */
  const params = (more) => ({ ...(state.start ? { position: state.start } : {}), moves: movesText(), ...more });
  // The engine's answer is /api/{game}/bestmove's, the same keys for every
  // game: `best`, `exact`, and the score in words (`score_text`).
  const words = (r) => r.score_text ?? null;
  const engineText = (r) => [words(r), r.exact ? 'exact' : 'not exact'].filter((x) => x !== null && x !== '').join(', ');
  const engineDetails = (r) => [r.engine, r.depth !== undefined ? `depth ${r.depth}` : null,
    r.nodes !== undefined ? `${r.nodes.toLocaleString()} nodes` : null,
    r.time_ms !== undefined ? `${Math.round(r.time_ms)} ms` : null].filter(Boolean).join(', ');
  return {
    generic: true,
    takesStart: true, // a link may name a start position (`position=`, in the game's notation)
    usesThink: true,
    help: `${info.title} in the generic view: the board as the API draws it and the legal moves as buttons. e: engine move, u: undo, n: new game; the arrows step through the moves.`,
    /** The moves of a URL, separated by blanks (a move may hold a comma). */
    splitMoves: (text) => text.split(/\s+/).filter(Boolean),
    joinMoves: (moves) => moves.join(' '),
    playerName,
    note: null,
    noteClass: null,
    load: () => api(`${name}/legal`, params()),
    async engineMove(signal) {
      const r = await api(`${name}/bestmove`, params({ time_ms: String(state.think), ...levelParams() }), signal);
      this.note = `Engine played ${r.best}: ${engineText(r)}`;
      this.noteClass = r.exact ? null : 'inexact';
      return String(r.best);
    },
    statusText() {
      const { data, extra } = page;
      if (isOver()) return data.winner ? `${playerName(data.winner)} wins` : 'Draw';
      let s = `${playerName(toMove())}${whoText()} to move`;
      if (state.analysis) {
        if (extra.best) s += `  ·  engine: ${extra.best.best} (${engineText(extra.best)})`;
        else if (extra.bestError) s += `  ·  engine: ${extra.bestError}`;
        else s += '  ·  engine: thinking...';
      }
      return s;
    },
    render() {
      const { data } = page;
      const board = $('#board');
      board.className = 'generic';
      board.append(el('pre', { class: 'board-text', id: 'board-text', 'aria-label': `${info.title} board` }, data.board));
      board.append(el('p', { class: 'help' }, 'Position: ', el('code', { id: 'position' }, data.position)));
      const moves = el('div', { class: 'moves', id: 'legal-moves', role: 'group', 'aria-label': 'Legal moves' });
      data.legal_moves.forEach((m, i) => {
        moves.append(el('button', { type: 'button', 'data-move': m, 'data-action': data.actions[i], onclick: () => actions.play(m) }, m));
      });
      if (!data.legal_moves.length) moves.append(el('span', { class: 'help' }, 'No legal move: the game is over.'));
      board.append(moves);
    },
    redraw() {
      if (!page.data || page.data.failed) return;
      const focus = focusedCell();
      $('#board').replaceChildren();
      this.render();
      refocus(focus);
      setStatus(this.statusText());
      actions.renderPanels();
    },
    /** In analysis mode, asks the engine about the position shown. */
    async after(my) {
      const { extra } = page;
      if (!state.analysis || isOver() || extra.best || extra.bestPending) return;
      extra.bestPending = true;
      try {
        const best = await api(`${name}/bestmove`, params({ time_ms: String(state.think) }));
        if (my !== page.token) return;
        extra.best = best;
      } catch (e) {
        if (my !== page.token) return;
        extra.bestError = e.message;
      }
      this.redraw();
    },
    analysisPanel(p) {
      const { data, extra } = page;
      p.append(el('h2', {}, 'Analysis'));
      const dl = el('dl', { class: 'kv' },
        el('dt', {}, 'position'), el('dd', {}, el('code', {}, data.position)),
        el('dt', {}, 'to move'), el('dd', {}, playerName(data.to_move)),
        el('dt', {}, 'status'), el('dd', {}, data.status),
        el('dt', {}, 'returns'), el('dd', {}, data.returns.join(', ')),
        el('dt', {}, 'legal moves'), el('dd', {}, data.legal_moves.length));
      if (extra.best) {
        const r = extra.best;
        const details = engineDetails(r);
        dl.append(el('dt', {}, 'engine'), el('dd', { id: 'engine-best', 'data-move': String(r.best) },
          `${r.best}, ${engineText(r)}${details ? ` (${details})` : ''}`));
        if (Array.isArray(r.ties) && r.ties.length > 1) dl.append(el('dt', {}, 'as good'), el('dd', {}, r.ties.join(' ')));
      } else if (!isOver()) {
        dl.append(el('dt', {}, 'engine'), el('dd', {}, extra.bestError || 'thinking...'));
      }
      p.append(dl);
    },
    bitsPanel(p) {
      const { data } = page;
      p.append(el('h2', {}, 'Actions'));
      p.append(el('p', { class: 'help' }, `The generic view draws no bitboards. The dense action index of each legal move (of ${data.num_actions} actions):`));
      p.append(el('p', { class: 'legal', id: 'actions' }, data.legal_moves.map((m, i) => `${m}: ${data.actions[i]}`).join('  ') || 'none'));
    },
    key(e) {
      if (e.key === 'ArrowLeft') { actions.stepBack(); return true; }
      if (e.key === 'ArrowRight') { actions.stepForward(); return true; }
      return false;
    },
  };
}
