// Tic-tac-toe: the board of /api/tictactoe/analyze (the solved table), the
// value of every legal square, the bitboards and win-line words.

import { api } from './api.js';
import { $, el, state, page, actions, bitboard, levelParams, movesText, playerNameOf, resultClass, whoText } from './page.js';

/** The marks drawn for the players the API numbers 1 and 2. */
const MARKS = { 1: 'X', 2: 'O' };

export const tictactoe = {
  help: 'Click a square or type 1-9 (row by row from the top left). u: undo, n: new game.',
  usesThink: false, // the engine is the solved table: no time to choose
  /** The moves of a URL: squares 1-9 or a1-c3, with or without separators. */
  splitMoves: (text) => text.replace(/[^0-9a-cA-C]/g, '').match(/[a-cA-C][1-3]|[1-9]/g) || [],
  joinMoves: (moves) => moves.join(''),
  playerName: (p) => playerNameOf('tictactoe', p),
  load: () => api('tictactoe/analyze', { moves: movesText() }),
  levels: 'From random to perfect: a move drawn among all, the better ones likelier as the level rises.',
  note: null,
  /** The solved table's best, or below level 10 the engine's draw (/api/tictactoe/bestmove). */
  async engineMove(signal) {
    this.note = null;
    if (state.level >= 10) return page.data.best;
    const answer = await api('tictactoe/bestmove', { position: movesText() || '-', ...levelParams() }, signal);
    this.note = `Engine played ${answer.best}: ${answer.score_text}`;
    return answer.best;
  },
  statusText() {
    const { data } = page;
    if (data.winner) return `${data.status} (${data.winning_line.name})`;
    if (data.status === 'draw') return 'Draw';
    return `${data.mark}${whoText()} to move${state.analysis ? `: ${data.result}` : ''}`;
  },
  render() {
    const { data } = page;
    const board = $('#board');
    board.className = 'ttt';
    const line = data.winning_line ? data.winning_line.squares : [];
    data.cells.forEach((cell, i) => {
      // The API analyses exactly the legal squares: a square with an entry is a move.
      const sq = data.squares[i];
      const b = el('button', {
        type: 'button',
        'data-square': i + 1,
        'aria-label': `square ${i + 1}${cell ? ', ' + MARKS[cell] : ''}`,
        class: [cell ? MARKS[cell] : '', line.includes(i + 1) ? 'line' : ''].join(' ').trim() || null,
        onclick: () => { if (sq) actions.play(i + 1); },
      }, cell ? MARKS[cell] : '');
      if (!cell) b.append(el('span', { class: 'num' }, i + 1));
      if (state.analysis && sq) {
        b.append(el('span', { class: `val ${resultClass(sq.value)}`, 'data-value': sq.value }, sq.result));
      }
      board.append(b);
    });
  },
  analysisPanel(p) {
    const { data } = page;
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
    const { data } = page;
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
    if (/^[1-9]$/.test(e.key)) {
      const d = page.data;
      if (d && !d.failed && d.squares[Number(e.key) - 1]) actions.play(Number(e.key));
      return true;
    }
    if (e.key === 'ArrowLeft') { actions.stepBack(); return true; }
    if (e.key === 'ArrowRight') { actions.stepForward(); return true; }
    return false;
  },
};
