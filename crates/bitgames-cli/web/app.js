// bitgames web page: play and analyse the games of `bitgames serve` against
// their engines, through its JSON API under /api. The shell: the list of
// games (from the registry, /api/games), the URL, the controls, and the game
// shown, drawn by its module (tictactoe.js, connect4.js, santorini.js) or, for
// a game that has none, by the generic view (generic.js). ES modules, no
// build step, no network beyond the server itself.

import { api, backend } from './api.js';
import { $, el, state, page, actions, clearBoard, engineToMove, focusedCell, gameInfo, humanCanMove, isOver, movesText, refocus, setStatus, toMove } from './page.js';
import { tictactoe } from './tictactoe.js';
import { connect4 } from './connect4.js';
import { santorini } from './santorini.js';
import { genericView } from './generic.js';

/** The games that have a page module of their own; every other registered game gets the generic view. */
const MODULES = { tictactoe, connect4, santorini };
const generics = new Map();

/** The module that draws `name` in the view asked for. */
function moduleOf(name) {
  if (state.view !== 'generic' && MODULES[name]) return MODULES[name];
  if (!generics.has(name)) generics.set(name, genericView(gameInfo(name)));
  return generics.get(name);
}

/** Shows the game `name` (its position is reset by the caller). */
function choose(name) {
  state.game = name;
  page.game = moduleOf(name);
}

// ---------------------------------------------------------------- URL

function readUrl() {
  const q = new URLSearchParams(location.search);
  if (q.get('view') === 'generic') state.view = 'generic';
  const name = q.get('game');
  choose(gameInfo(name) ? name : page.games[0].game);
  const game = page.game;
  state.moves = game.splitMoves((q.get('moves') || '').trim());
  state.line = state.moves.slice();
  // A link to a position shows exactly that position: the engine waits for
  // the reader to play or to ask it, and Connect Four opens in analysis mode.
  if (state.moves.length) {
    state.hold = true;
    if (game.linkOpensAnalysis) state.analysis = true;
  }
  if (q.get('mode') === 'humans') state.mode = 'humans';
  if (game.takesStart && q.get('position')) state.start = q.get('position').trim();
  if (game.readUrl) game.readUrl(q);
  if (q.get('side') === '2') state.side = 2;
  if (q.get('analysis') === '1') state.analysis = true;
  if (q.get('bits') === '1') state.bits = true;
  const think = Number(q.get('think'));
  if (think >= 50 && think <= 10000) state.think = think;
  const level = Number(q.get('level'));
  if (q.get('level') && Number.isInteger(level) && level >= 0 && level <= 10) state.level = level;
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
  if (state.level !== 10) q.set('level', String(state.level));
  if (state.view === 'generic') q.set('view', 'generic');
  if (page.game.writeUrl) page.game.writeUrl(q);
  history.replaceState(null, '', `${location.pathname}?${q}`);
}

// ---------------------------------------------------------------- flow

function setIdle(idle) {
  document.body.dataset.idle = idle ? 'true' : 'false';
}

/** What names the position shown: an answer of the API is for this key. */
function positionKey() {
  return JSON.stringify([state.game, state.view, state.start, state.size, state.moves]);
}

async function refresh(options) {
  const my = ++page.token;
  setIdle(false);
  // The page opened from a link keeps that link until the reader acts.
  if (!(options && options.keepUrl)) writeUrl();
  syncControls();
  if (page.extra.abort) page.extra.abort.abort();
  page.extra = {};
  document.body.dataset.analysis = 'pending';
  const game = page.game;
  const key = positionKey();
  // The same position again (Engine move, another mode or side): whose turn it is is known.
  const same = page.data && !page.data.failed && page.data.key === key;
  if (same && !isOver() && (state.playNow || (engineToMove() && !state.hold))) {
    setStatus(`${game.playerName(toMove())} (engine) is thinking...`);
  }
  let answer;
  try {
    answer = await game.load();
  } catch (e) {
    if (my !== page.token) return;
    page.data = { failed: true, error: e.message, body: e.body || {}, key };
    setIdle(true);
    render();
    setStatus(e.message, true);
    return;
  }
  if (my !== page.token) return;
  answer.key = key;
  page.data = answer;
  render();
  const engineNow = !isOver() && (state.playNow || (engineToMove() && !state.hold));
  state.playNow = false;
  if (engineNow) {
    setStatus(`${game.playerName(toMove())} (engine) is thinking...`);
    let move;
    // A new position (new game, undo, a step) stops the engine's search: in
    // the worker, the worker is terminated (api.js).
    const stop = new AbortController();
    page.extra.abort = stop;
    try {
      move = await game.engineMove(stop.signal);
    } catch (e) {
      if (my !== page.token || e.name === 'AbortError') return;
      setStatus(`engine: ${e.message}`, true);
      setIdle(true);
      return;
    }
    if (my !== page.token) return;
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
  if (!page.game || !humanCanMove()) return;
  page.game.note = null;
  state.hold = false;
  pushMove(String(move));
  state.sel = {};
  refresh();
}

function undo() {
  if (!page.game || !state.moves.length) return;
  page.game.note = null;
  // Against the engine, undo takes back the engine's reply with the move it
  // answered: when it is the human's turn in the position shown (the API's
  // `to_move`), the last move was the engine's (the players alternate).
  const d = page.data;
  const twice = state.mode === 'engine' && !state.hold && d && !d.failed && d.to_move === state.side;
  state.moves.pop();
  if (twice && state.moves.length) state.moves.pop();
  state.line = state.moves.slice();
  state.sel = {};
  refresh();
}

/** One move back through the line played; the engine waits. */
function stepBack() {
  if (!page.game || !state.moves.length) return;
  page.game.note = null;
  state.moves.pop();
  state.hold = true;
  // An Engine move asked for and not yet begun is called off too.
  state.playNow = false;
  state.sel = {};
  refresh();
}

/** One move forward through the line played; the engine waits. */
function stepForward() {
  const n = state.moves.length;
  if (!page.game || n >= state.line.length) return;
  page.game.note = null;
  state.moves.push(state.line[n]);
  state.hold = true;
  state.playNow = false;
  state.sel = {};
  refresh();
}

/** The engine plays the side to move now (and, against the engine, goes on from there). */
function engineGo() {
  if (!page.data || page.data.failed || isOver()) return;
  state.hold = false;
  state.playNow = true;
  refresh();
}

function newGame() {
  if (!page.game) return;
  page.game.note = null;
  if (page.game.onNewGame) page.game.onNewGame();
  state.start = null;
  state.moves = [];
  state.line = [];
  state.hold = false;
  state.sel = {};
  refresh();
}

function render() {
  const game = page.game;
  const { data } = page;
  const focus = focusedCell();
  clearBoard();
  $('#board').className = '';
  document.body.dataset.analysis = 'off';
  // A refused position (a bad link) has no board from the server: only the
  // error is shown, but Connect Four draws the stones before the refused move.
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
  const game = page.game;
  const ap = $('#analysis-panel');
  const bp = $('#bits-panel');
  const gp = $('#game-panel');
  gp.hidden = !game.gamePanel || !page.data || !!page.data.failed;
  gp.replaceChildren();
  ap.hidden = !state.analysis;
  bp.hidden = !state.bits;
  ap.replaceChildren();
  bp.replaceChildren();
  if (!page.data || page.data.failed) return;
  if (game.gamePanel) game.gamePanel(gp);
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
  $('#think-label').hidden = !page.game.usesThink || state.mode !== 'engine';
  $('#level').value = String(state.level);
  $('#level-label').hidden = state.mode !== 'engine';
  $('#level-label').title = `${page.game.levels || 'Each level plays better than the one below.'} 0: a random legal move; 10: full strength.`;
  // A game with board sizes (Connect Four) fills and shows the size picker.
  $('#size-label').hidden = !page.game.sizePicker;
  if (page.game.sizePicker) page.game.sizePicker($('#size'));
  document.title = `bitgames: ${gameInfo(state.game).title}`;
}

Object.assign(actions, { play, stepBack, stepForward, renderPanels, newGame });

// ---------------------------------------------------------------- wiring

/** The game menu: one button a registered game, in the registry's order, titled by the API. */
function buildMenu() {
  const nav = $('#games');
  nav.replaceChildren(...page.games.map((g) => el('button', {
    type: 'button',
    'data-game': g.game,
    title: MODULES[g.game] ? null : `${g.title}: the generic view (no page module for this game yet)`,
    onclick: () => {
      if (state.game === g.game) return;
      choose(g.game);
      state.start = null;
      state.moves = [];
      state.line = [];
      state.hold = false;
      state.sel = {};
      page.data = null;
      refresh();
    },
  }, g.title)));
}

/** The page cannot start without the list of games: say so, plainly, and leave the controls off. */
function failStart(message) {
  for (const c of document.querySelectorAll('#controls button, #controls select, #controls input')) c.disabled = true;
  const why = document.body.dataset.backend === 'worker'
    ? `the engines' WebAssembly worker did not answer: ${message}. Reload to try again.`
    : `the list of games did not load from /api/games: ${message}. Is \`bitgames serve\` running? Reload to try again.`;
  setStatus(`The page cannot start: ${why}`, true);
  document.body.dataset.start = 'failed';
  setIdle(true);
}

function wireControls() {
  $('#mode').addEventListener('change', (e) => { state.mode = e.target.value; refresh(); });
  $('#side').addEventListener('change', (e) => { state.side = Number(e.target.value); refresh(); });
  $('#think').addEventListener('change', (e) => { state.think = Number(e.target.value); refresh(); });
  $('#level').addEventListener('change', (e) => { state.level = Number(e.target.value); refresh(); });
  // Another board size: a new game on it.
  $('#size').addEventListener('change', (e) => { state.size = e.target.value; page.data = null; newGame(); });
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
    if (page.game.key(e)) e.preventDefault();
  });
}

async function init() {
  setIdle(false);
  try {
    const engines = await backend();
    document.body.dataset.backend = engines.name;
    if (engines.name === 'worker') {
      $('footer').textContent = 'Static page: the engines run in your browser, in WebAssembly (a Web Worker); no server computes anything.';
    }
    const answer = await api('games');
    if (!answer || !Array.isArray(answer.games) || !answer.games.length) throw new Error('the answer lists no game');
    page.games = answer.games;
  } catch (e) {
    failStart(e.message);
    return;
  }
  buildMenu();
  readUrl();
  wireControls();
  document.body.dataset.start = 'ok';
  refresh({ keepUrl: true });
}

init();
