// The Santorini board as players know it: each level a block stacked on the
// one below (nested squares, smaller as they rise), a dome as a blue cap,
// workers in their players' colours; the steps of the turn being built drawn
// on it (a worker moving, blocks added), and the spaces the next step may
// click marked.

import { el } from './page.js';
import { distance, kindOf, preview, spaceOf } from './santorini_turns.js';

/** The board is drawn 5 by 5; the names of its spaces are the API's (`spaces`, row by row from the top). */
export const SIZE = 5;

/** The blocks of a level (1 to 3) as nested squares; a dome (level 4) is a cap. */
function tower(level) {
  let inner = null;
  for (let k = Math.min(level, 3); k >= 1; k--) inner = el('span', { class: `tier t${k}` }, inner);
  return inner;
}

/**
 * Draws the board into `board`. o: {data, workerAt(space), playerName(p),
 * me, steps, next, marks: {best, last, moveTo, dist}, onClick(space)}.
 */
export function drawBoard(board, o) {
  const { data, steps, next, marks } = o;
  board.className = 'sant';
  const look = preview(steps);
  const worker = steps.length && kindOf(steps[0]) === 'select' ? spaceOf(steps[0]) : null;
  // The worker that moves next (Hermes' second one): the last selected.
  const selected = [...steps].reverse().find((s) => kindOf(s) === 'select');
  const mover = selected ? spaceOf(selected) : worker;
  const taken = new Set(steps.map(spaceOf).filter(Boolean));
  const kinds = new Map([...next].filter(spaceOf).map((s) => [spaceOf(s), kindOf(s)]));
  const ends = new Set(look.moved.values());
  const maxDist = marks.dist ? Math.max(1, ...marks.dist.filter((d) => d !== null)) : 1;
  for (let row = 0; row < SIZE; row++) {
    // The rank of the row, from the name of its first space (`A5`: 5).
    board.append(el('div', { class: 'lab' }, data.spaces[row * SIZE].slice(1)));
    for (let col = 0; col < SIZE; col++) {
      const i = row * SIZE + col;
      const name = data.spaces[i];
      const level = data.levels[i];
      const owner = o.workerAt(name);
      const kind = kinds.get(name);
      const target = (kind === 'move' || kind === 'place' || kind === 'force' || (kind === 'select' && steps.length > 0));
      const cls = [`l${level}`, taken.has(name) ? 'sel' : '',
        target ? 'target' : '', target && kind === 'move' && mover && distance(mover, name) > 1 ? 'far' : '',
        kind === 'build' || kind === 'dome' || kind === 'remove' || kind === 'act' ? 'build' : '',
        marks.best.has(name) ? 'best' : '', marks.last.has(name) && !marks.best.has(name) ? 'lastmove' : '',
        marks.moveTo.has(name) ? 'moveto' : ''].filter(Boolean).join(' ');
      const b = el('button', {
        type: 'button', class: cls, 'data-space': name, 'data-level': level, 'data-worker': owner || null,
        'aria-label': `${name}, ${level === 4 ? 'dome' : `level ${level}`}${owner ? `, worker of ${o.playerName(owner)}` : ''}`,
        onclick: () => o.onClick(name),
      }, level === 4 ? el('span', { class: 'dome' }) : tower(level), el('span', { class: 'lvl' }, level === 4 ? '' : level));
      if (marks.dist) {
        const d = marks.dist[i];
        if (d !== null && d > 0) b.style.setProperty('--heat', `hsl(${200 - 180 * (d / maxDist)}, 80%, ${78 - 20 * (d / maxDist)}%)`);
        if (d !== null && d > 0) b.classList.add('heat');
        b.append(el('span', { class: 'dist', 'data-distance': d === null ? 'inf' : d }, d === null ? '∞' : d));
      }
      const added = look.built.get(name);
      if (added) b.append(el('span', { class: 'added', 'data-added': added }, added > 0 ? `+${added}` : `${added}`));
      if (look.domed === name) b.append(el('span', { class: 'dome ghost' }));
      // A space a god's state marks (Europa's talus, Clio's coins), in its player's colour.
      for (const p of ['1', '2']) {
        if (data.marked && data.marked[p].includes(name)) b.append(el('span', { class: `token p${p}`, 'data-token': p, title: `${data.gods[p - 1]}'s token` }));
      }
      if (owner) b.append(el('span', { class: `worker p${owner}${look.moved.has(name) ? ' leaving' : ''}` }));
      if (ends.has(name)) b.append(el('span', { class: `worker p${o.me} ghost` }));
      board.append(b);
    }
  }
  board.append(el('div'));
  // The files, from the names of the bottom row's spaces (`A1`: A).
  for (let col = 0; col < SIZE; col++) board.append(el('div', { class: 'lab' }, data.spaces[(SIZE - 1) * SIZE + col][0]));
}
