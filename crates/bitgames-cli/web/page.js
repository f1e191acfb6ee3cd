// What the shell (app.js) and the game modules share: the page's settings,
// the API's answer for the position shown, the shell's actions, and DOM
// helpers. The game modules import this, never the shell.

export const $ = (selector) => document.querySelector(selector);

/** Creates an element: el('td', {class: 'on', title: 'x'}, 'text', child...). */
export function el(tag, attrs, ...children) {
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

/** The settings of the page (most of them in its URL) and the moves played. */
export const state = {
  game: null, // the registry's name of the game shown
  view: 'page', // 'generic': the generic view even for a game that has a page module (URL `view=generic`)
  moves: [],
  mode: 'engine', // or 'humans'
  side: 1, // the human's player number against the engine
  think: 1000, // engine time in ms (the games whose engine takes a budget)
  level: 10, // the engine's level: 0 a random move .. 10 full strength (URL `level`)
  analysis: false,
  bits: false,
  overlay: 'both', // Santorini: 'none' | 'moveto' | 'distances' | 'both'
  sel: {}, // Santorini selection: {steps, from} of the turn being built, or {from, inspect}
  size: '7x6', // Connect Four: the board, columns x rows (URL `size`, absent at 7x6)
  gods: null, // Santorini: the gods of a game from the start, `apollo,pan` (URL `gods`)
  start: null, // a start position other than the game's start (URL `position`)
  line: [], // the moves of the line played: step back and forward within it
  hold: false, // the engine waits (a shared link, or stepping through the moves)
  playNow: false, // the engine plays the side to move once (the Engine move button)
};

/** The level of the engine's moves as bestmove's parameters (none at full strength). */
export function levelParams() {
  return state.level < 10 ? { level: String(state.level) } : {};
}

/** What is shown now. */
export const page = {
  games: [], // /api/games: [{game, title, start, engine}], in the registry's order
  game: null, // the module (or generic view) of the game shown
  data: null, // the API's answer for the position shown ({failed, error, body} when refused)
  extra: {}, // per-position extras fetched later (engine analysis, overlays)
  token: 0, // increases on every change: stale answers are dropped
};

/** The shell's actions, set by app.js: play(move), stepBack(), stepForward(), renderPanels(). */
export const actions = {};

/** The registry's entry of a game: {game, title, start, engine}, or undefined. */
export function gameInfo(name) {
  return page.games.find((g) => g.game === name);
}

/** What the registry calls player `p` (1 or 2) of the game `name`: the command's words too. */
export function playerNameOf(name, p) {
  const info = gameInfo(name);
  return (info && info.players && info.players[p - 1]) || `Player ${p}`;
}

/** The moves played, in the URL's and the API's notation of the game shown. */
export function movesText() {
  return page.game.joinMoves(state.moves);
}

/** The player to move in the position shown (1 or 2), as the API says. */
export function toMove() {
  return page.data && !page.data.failed ? page.data.to_move : undefined;
}

/** Whether the game shown is over: the API's status is no longer `ongoing`. */
export function isOver() {
  const d = page.data;
  return !!d && !d.failed && d.status !== 'ongoing';
}

export function engineToMove() {
  const d = page.data;
  return state.mode === 'engine' && !!d && !d.failed && !isOver() && toMove() !== state.side;
}

export function humanCanMove() {
  const d = page.data;
  return !!d && !d.failed && !isOver() && document.body.dataset.idle === 'true' && (state.hold || !engineToMove());
}

/** ' (you)' or ' (engine)' after the name of the player to move, against the engine. */
export function whoText() {
  if (state.mode !== 'engine') return '';
  return toMove() === state.side ? ' (you)' : ' (engine)';
}

export function setStatus(text, isError) {
  const s = $('#status');
  s.textContent = text;
  s.classList.toggle('error', !!isError);
}

/** The board control that has the keyboard focus, to give it back after a redraw. */
export function focusedCell() {
  const a = document.activeElement;
  if (!a || !a.dataset || !$('#board').contains(a)) return null;
  for (const k of ['space', 'col', 'square', 'move']) if (a.dataset[k]) return `[data-${k}="${CSS.escape(a.dataset[k])}"]`;
  return null;
}

export function refocus(selector) {
  if (!selector) return;
  const b = $('#board').querySelector(selector);
  if (b && !b.disabled) b.focus();
}

/** Empties the board and what is drawn around it. */
export function clearBoard() {
  for (const id of ['#board', '#steps', '#above', '#under', '#progress']) $(id).replaceChildren();
}

/** The CSS class of a value for the player to move: win, loss or draw. */
export function resultClass(value) {
  return value > 0 ? 'win' : value < 0 ? 'loss' : 'draw';
}

/** Draws a bitboard as a grid of bit numbers. layout: rows of bit indices (null = blank). */
export function bitboard(name, value, layout, options) {
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
