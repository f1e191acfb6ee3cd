// End-to-end test of the bitgames page in Debian's Chromium (headless), driven
// by playwright-core. Run by crates/bitgames-cli/tests/browser.rs, which starts
// `bitgames serve` and passes its URL, and the URL of a second server whose
// Connect Four book stops at 3 stones (where slow analyses are tested):
//
//   node e2e/browser.mjs http://127.0.0.1:PORT ARTIFACTS_DIR [SHALLOW_URL]
//
// Exits non-zero on the first failed check; screenshots go to ARTIFACTS_DIR.

import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { godChecks } from './santorini_gods.mjs';
import { levelChecks } from './levels.mjs';
import { sizeChecks } from './sizes.mjs';

const [base, artifacts = 'artifacts', shallow] = process.argv.slice(2);
if (!base) {
  console.error('usage: node e2e/browser.mjs http://127.0.0.1:PORT [ARTIFACTS_DIR]');
  process.exit(2);
}
mkdirSync(artifacts, { recursive: true });
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
// The command, to compare the page with `bitgames connect4 analyze --json`.
const bitgames = process.env.BITGAMES_BIN;
if (!bitgames) {
  console.error('set BITGAMES_BIN to the bitgames binary (crates/bitgames-cli/tests/browser.rs does)');
  process.exit(2);
}

function cliAnalysis(moves) {
  return JSON.parse(execFileSync(bitgames, ['connect4', 'analyze', moves, '--json'], { encoding: 'utf8' }));
}

let passed = 0;
let failed = 0;

async function api(route, params) {
  const url = `${base}/api/${route}?${new URLSearchParams(params)}`;
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

async function idle(page) {
  await page.waitForSelector('body[data-idle="true"]', { timeout: 60_000 });
}

/** Waits until the page's Connect Four analysis of the shown position is complete. */
async function analysed(page) {
  await idle(page);
  await page.waitForSelector('body[data-analysis="done"]', { timeout: 60_000 });
}

async function shownScores(page) {
  return page.$$eval('#above .score', (cells) => cells.map((c) => (c.dataset.score === '' ? null : Number(c.dataset.score))));
}

async function shownWords(page) {
  return page.$$eval('#above .score', (cells) => cells.map((c) => (c.querySelector('.words') ? c.querySelector('.words').textContent : null) || null));
}

async function stones(page) {
  return page.$$eval('.c4 .disc[data-player]', (ds) => ds.length);
}

function movesOf(page) {
  return new URL(page.url()).searchParams.get('moves') || '';
}

// Every console error and uncaught page error, on every page, fails the run
// (the last check). The one exception: a check that asks the API for an error
// on purpose (a bad link, a refused list of games) declares it, and there
// only the browser's own "Failed to load resource" lines for /api/ requests
// are expected.
const problems = [];
let current = { name: '(start)', apiErrors: false };
/** The page's JavaScript modules as the browser received them: [{file, status, type}]. */
const modules = [];

function watch(p) {
  p.on('pageerror', (e) => problems.push(`${current.name}: page error: ${e.message}`));
  p.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = (msg.location() && msg.location().url) || '';
    const apiRequest = where.startsWith(`${base}/api/`);
    if (current.apiErrors && apiRequest && /^Failed to load resource: /.test(msg.text())) return;
    problems.push(`${current.name}: console error: ${msg.text()} (${where || 'no location'})`);
  });
  p.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) {
      modules.push({ file: url.pathname.slice('/assets/'.length), status: r.status(), type: r.headers()['content-type'] || '' });
    }
  });
}

async function check(name, options, body) {
  if (typeof options === 'function') [options, body] = [{}, options];
  current = { name, apiErrors: !!options.apiErrors };
  const started = Date.now();
  try {
    await body();
    passed += 1;
    console.log(`ok: ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    failed += 1;
    console.log(`FAILED: ${name}: ${e.stack || e}`);
  }
}

const browser = await chromium.launch({
  executablePath,
  headless: true,
  // The machine's network is closed: keep Chromium from reaching out on its own.
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
context.on('page', watch);
const page = await context.newPage();

/** The registry's games, as the server lists them. */
const registry = (await api('games', {})).body.games;

await check('the page loads its modules, and every game can be chosen', async () => {
  await page.goto(`${base}/`);
  await idle(page);
  assert.equal(await page.title(), 'bitgames: Tic-tac-toe');
  // The shell and every module it imports arrived, as JavaScript.
  const files = [...new Set(modules.map((m) => m.file))].sort();
  assert.deepEqual(files, ['api.js', 'app.js', 'connect4.js', 'generic.js', 'page.js', 'santorini.js', 'santorini_board.js', 'santorini_gods.js',
    'santorini_turns.js', 'tictactoe.js']);
  for (const m of modules) {
    assert.equal(m.status, 200, m.file);
    assert.match(m.type, /^text\/javascript/, `${m.file} is served as ${m.type}`);
  }
  assert.equal(await page.$eval('script[src="/assets/app.js"]', (s) => s.type), 'module');
  for (const { game, title } of [...registry.slice(1), registry[0]]) {
    await page.click(`#games button[data-game="${game}"]`);
    await idle(page);
    assert.equal(await page.title(), `bitgames: ${title}`);
    assert.equal(new URL(page.url()).searchParams.get('game'), game);
  }
});

await check('the game menu is the registry: the names and titles of /api/games, in order', async () => {
  await page.goto(`${base}/`);
  await idle(page);
  const shown = await page.$$eval('#games button', (bs) => bs.map((b) => ({ game: b.dataset.game, title: b.textContent })));
  assert.deepEqual(shown, registry.map(({ game, title }) => ({ game, title })));
  assert.ok(shown.length >= 3, 'the three games at least');
  assert.deepEqual(await page.$$eval('#games button[aria-pressed="true"]', (bs) => bs.map((b) => b.dataset.game)), [registry[0].game]);
});

await check('tic-tac-toe: a move by click, the engine answers, values match the API', async () => {
  await page.goto(`${base}/?game=tictactoe&analysis=1`);
  await idle(page);
  await page.click('.ttt button[data-square="1"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('moves')?.length === 2);
  await idle(page);
  const moves = movesOf(page);
  assert.equal(moves[0], '1');
  assert.equal(moves[1], '5', 'the engine answers a corner with the centre');
  const { body } = await api('tictactoe/analyze', { moves });
  const shown = await page.$$eval('.ttt button', (bs) => bs.map((b) => {
    const v = b.querySelector('.val');
    return v ? Number(v.dataset.value) : null;
  }));
  assert.deepEqual(shown, body.scores);
  // Keyboard: type a square.
  await page.keyboard.press('9');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('moves')?.length === 4);
  await idle(page);
  await page.keyboard.press('u');
  await idle(page);
  assert.equal(movesOf(page), '15', 'undo takes back the engine reply and my move');
});

await check('Connect Four: a game against the engine by clicking, scores shown = the API', async () => {
  // A middle-game position of Pons' test sets (Test_L2_R1), the human (red) to move.
  const start = '175617344365477255';
  await page.goto(`${base}/?game=connect4&moves=${start}&analysis=1&bits=1`);
  let plies = 0;
  for (let turn = 0; turn < 20; turn += 1) {
    await idle(page);
    const status = await page.textContent('#status');
    if (/wins|Draw/.test(status)) break;
    await analysed(page);
    const moves = movesOf(page);
    const { status: code, body } = await api('connect4/analyze', { moves, time_ms: '3000' });
    assert.equal(code, 200, body.error);
    assert.deepEqual(await shownScores(page), body.scores, `scores above the board after ${moves}`);
    assert.deepEqual(await shownWords(page), body.texts, 'the scores in words, as the API writes them');
    const marked = await page.$$eval('#above .score.best', (cells) => cells.map((c) => Number(c.dataset.col)));
    assert.deepEqual(marked.sort(), [...body.best_columns].sort(), 'every best column is marked');
    const mask = await page.getAttribute('[data-bitboard="mask"]', 'data-value');
    assert.equal(mask, String(body.bits.mask), 'the bits view shows the mask');
    // Play the best column, by clicking it.
    await page.click(`.c4 .col[data-col="${body.best}"]`);
    await page.waitForFunction((n) => {
      const m = new URL(location.href).searchParams.get('moves') || '';
      return m.length > n || /wins|Draw/.test(document.querySelector('#status').textContent);
    }, moves.length);
    await idle(page);
    plies = movesOf(page).length - start.length;
    if (movesOf(page).length === moves.length + 2) {
      const note = await page.textContent('#note');
      assert.match(note, /Engine played column \d: exact: (win|loss|draw)/, 'the engine says its move is exact');
    }
  }
  const status = await page.textContent('#status');
  assert.match(status, /Red wins/, 'perfect play from a won position wins');
  assert.ok(plies >= 2, 'the engine moved too');
  const four = await page.$$eval('.c4 .disc.four', (ds) => ds.length);
  assert.ok(four >= 4, 'the winning four is marked');
  await page.screenshot({ path: path.join(artifacts, 'connect4.png'), fullPage: true });
});

await check('Connect Four link: exactly that position, no engine move; numbers; steps; scores = the CLI', async () => {
  // Eleven stones, Yellow to move: the engine's turn (the reader plays Red), yet it waits.
  const moves = '44444333325';
  const link = `${base}/?game=connect4&moves=${moves}`;
  const fresh = await context.newPage();
  await fresh.goto(link);
  await analysed(fresh);
  assert.equal(fresh.url(), link, 'the link is not rewritten');
  assert.equal(await stones(fresh), 11, 'the stones of the link, no more');
  assert.match(await fresh.textContent('#status'), /^Yellow \(engine\) to move: (win|loss|draw)/);
  assert.equal(await fresh.isChecked('#analysis'), true, 'a link opens in analysis mode');
  assert.deepEqual(await fresh.$$eval('#under span', (s) => s.map((x) => x.textContent)), ['1', '2', '3', '4', '5', '6', '7']);
  const cli = cliAnalysis(moves);
  assert.deepEqual(await shownScores(fresh), cli.scores, 'the page shows the scores of `bitgames connect4 analyze --json`');
  assert.deepEqual(await shownWords(fresh), cli.texts, 'in the same words');
  const best = Math.max(...cli.scores.filter((x) => x !== null));
  const bestCols = cli.scores.map((x, i) => (x === best ? i + 1 : null)).filter(Boolean);
  const marked = await fresh.$$eval('.c4 .col.best', (cols) => cols.map((c) => Number(c.dataset.col)));
  assert.deepEqual(marked.sort(), bestCols.sort(), 'every best column is marked');
  await fresh.waitForTimeout(1500);
  assert.equal(await stones(fresh), 11, 'the engine did not move');
  assert.equal(fresh.url(), link);
  // Step back and forward: buttons, then the arrow keys.
  await fresh.click('#back');
  await analysed(fresh);
  assert.equal(await stones(fresh), 10);
  assert.equal(movesOf(fresh), moves.slice(0, 10));
  assert.deepEqual(await shownScores(fresh), cliAnalysis(moves.slice(0, 10)).scores);
  await fresh.keyboard.press('ArrowLeft');
  await idle(fresh);
  assert.equal(await stones(fresh), 9);
  await fresh.keyboard.press('ArrowRight');
  await idle(fresh);
  assert.equal(await stones(fresh), 10);
  await fresh.click('#forward');
  await analysed(fresh);
  assert.equal(await stones(fresh), 11);
  assert.equal(movesOf(fresh), moves);
  assert.equal(await fresh.isDisabled('#forward'), true, 'nothing after the last move');
  await fresh.keyboard.press('ArrowRight');
  await idle(fresh);
  assert.equal(await stones(fresh), 11, 'no step past the end');
  // Asked to, the engine moves (Yellow), and then waits for the reader (Red).
  await fresh.click('#engine-go');
  await fresh.waitForFunction((n) => (new URL(location.href).searchParams.get('moves') || '').length === n, moves.length + 1);
  await idle(fresh);
  assert.equal(await stones(fresh), 12);
  assert.match(await fresh.textContent('#note'), /^\s*·\s*Engine played column \d: (exact|not exact)/);
  assert.match(await fresh.textContent('#status'), /^Red \(you\) to move/);
  await fresh.close();
});

await check('Connect Four links of 2 to 7 stones: all 7 exact scores, equal to the CLI\'s, each in under 1 s', async () => {
  // Random-looking openings, one of each number of stones; the built-in book
  // (layers 0..=3 and 10) answers them at once on a fresh server.
  const fresh = await context.newPage();
  for (const moves of ['35', '436', '2463', '17445', '443632', '5264137']) {
    const cli = cliAnalysis(moves);
    const started = Date.now();
    await fresh.goto(`${base}/?game=connect4&moves=${moves}`);
    await analysed(fresh);
    const took = Date.now() - started;
    assert.equal(await stones(fresh), moves.length);
    const scores = await shownScores(fresh);
    assert.ok(scores.every((x) => Number.isInteger(x)), `${moves}: every column exact: ${scores}`);
    assert.deepEqual(scores, cli.scores, `${moves}: the scores of \`bitgames connect4 analyze --json\``);
    assert.ok(took < 1000, `${moves}: all 7 exact scores after ${took} ms`);
  }
  await fresh.close();
});

await check('Connect Four: a slow position shows what is known and offers to keep thinking', async () => {
  assert.ok(shallow, 'the URL of a server with the 3-stone book is the third argument');
  const slow = await context.newPage();
  // Three stones, past the 3-stone book: not every column is exact in the first budget.
  await slow.goto(`${shallow}/?game=connect4&moves=445&mode=humans`);
  await idle(slow);
  await slow.waitForSelector('body[data-analysis="partial"], body[data-analysis="done"]', { timeout: 60_000 });
  const where = await slow.getAttribute('body', 'data-analysis');
  if (where === 'partial') {
    assert.match(await slow.textContent('#progress'), /of 7 columns exact after/);
    assert.ok(await slow.isVisible('#keep-thinking'), 'a Keep thinking button, not a bare timeout');
    assert.doesNotMatch(await slow.textContent('#status'), /timed out|503/);
  }
  await slow.close();
});

await check('Santorini: place, then a turn (select worker, move, build) against the engine', async () => {
  await page.goto(`${base}/?game=santorini&think=300`);
  await idle(page);
  await page.click('.sant button[data-space="B3"]');
  await page.click('.sant button[data-space="D3"]');
  await page.waitForFunction(() => (new URL(location.href).searchParams.get('moves') || '').split(' ').length === 2);
  await idle(page);
  let moves = movesOf(page).split(' ');
  assert.equal(moves[0], 'B3,D3');
  assert.match(moves[1], /^[A-E][1-5],[A-E][1-5]$/, 'the engine placed its workers');
  assert.equal(await page.getAttribute('.sant button[data-space="B3"]', 'data-worker'), '1');
  // Select the worker on B3, move it, build: the first legal build of the API.
  const { body } = await api('santorini/state', { moves: moves.join(' ') });
  const move = body.legal_moves.find((m) => m.startsWith('B3>') && m.includes('^'));
  const [, to, build] = /^B3>([A-E][1-5])\^([A-E][1-5])$/.exec(move);
  await page.click('.sant button[data-space="B3"]');
  await page.waitForSelector('.sant button.target');
  await page.click(`.sant button[data-space="${to}"]`);
  await page.waitForSelector('.sant button.build');
  await page.click(`.sant button[data-space="${build}"]`);
  await page.waitForFunction(() => (new URL(location.href).searchParams.get('moves') || '').split(' ').length === 4);
  await idle(page);
  moves = movesOf(page).split(' ');
  assert.equal(moves[2], move);
  assert.equal(await page.getAttribute(`.sant button[data-space="${to}"]`, 'data-worker'), '1');
  assert.ok(Number(await page.getAttribute(`.sant button[data-space="${build}"]`, 'data-level')) >= 1);
});

await check('Santorini by keyboard: arrows and Enter place the workers', async () => {
  await page.goto(`${base}/?game=santorini&mode=humans`);
  await idle(page);
  await page.keyboard.press('ArrowUp'); // the first arrow focuses C3
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('moves') === 'C3,D3');
  await idle(page);
  assert.equal(await page.getAttribute('.sant button[data-space="D3"]', 'data-worker'), '1');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.space), 'D3', 'the focus stays on the board');
});

await check('Santorini from a shared position: climbing onto level 3 wins', async () => {
  const start = '0300002000000000000000000/1/mortal:B4,E1/mortal:C2,D2';
  await page.goto(`${base}/?game=santorini&mode=humans&position=${encodeURIComponent(start)}`);
  await idle(page);
  assert.equal(await page.getAttribute('.sant button[data-space="B5"]', 'data-level'), '3');
  await page.click('.sant button[data-space="B4"]');
  await page.click('.sant button[data-space="B5"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('moves') === 'B4>B5#');
  await idle(page);
  assert.equal(await page.textContent('#status'), 'Red wins');
  assert.equal(new URL(page.url()).searchParams.get('position'), start);
  await page.click('#undo');
  await idle(page);
  assert.equal(new URL(page.url()).searchParams.get('moves'), null);
  assert.match(await page.textContent('#status'), /^Red to move and build/);
});

await check('Santorini analysis: legal moves, engine move, move-to set and distances of a worker', async () => {
  await page.goto(`${base}/?game=santorini&mode=humans&analysis=1&bits=1&think=300&moves=${encodeURIComponent('B3,D3 C4,C2 B3>B4^A3')}`);
  await idle(page);
  await page.waitForSelector('#engine-best', { timeout: 20_000 });
  await page.click('.sant button[data-space="C4"]');
  await page.waitForSelector('#move-to');
  const moves = 'B3,D3 C4,C2 B3>B4^A3';
  const params = { moves, position: '0000000000000000000000000/1/mortal/mortal', space: 'C4' };
  const mt = (await api('santorini/move-to', params)).body;
  const dist = (await api('santorini/distances', params)).body;
  assert.equal(await page.textContent('#move-to'), `move-to ${mt.worker}: ${mt.text}`);
  assert.equal(await page.textContent('#distances'), `distances: ${dist.text}`);
  const outlined = await page.$$eval('.sant button.moveto', (bs) => bs.map((b) => b.dataset.space).sort());
  assert.deepEqual(outlined, [...mt.move_to_spaces].sort());
  const heat = await page.$$eval('.sant .dist', (ds) => ds.map((d) => d.dataset.distance));
  assert.deepEqual(heat, dist.distances.map((d) => (d === null ? 'inf' : String(d))));
  const state = (await api('santorini/state', { moves })).body;
  const listed = (await page.textContent('#worker-moves')).split(/\s+/).filter(Boolean);
  assert.deepEqual(listed, state.legal_moves.filter((m) => m.startsWith('C4>')));
  const l1 = await page.getAttribute('[data-bitboard="L1"]', 'data-value');
  assert.equal(l1, String(state.bits.level[1]));
  await page.screenshot({ path: path.join(artifacts, 'santorini.png'), fullPage: true });
});

await godChecks({ check, page, base, api, idle, context });
await levelChecks({ check, page, base, idle });
await sizeChecks({ check, page, base, idle, analysed, shownScores, api, bitgames });

await check('a position is shared by link, and bad links show the API error', { apiErrors: true }, async () => {
  const other = await context.newPage();
  await other.goto(`${base}/?game=connect4&moves=44455554221&analysis=1&mode=humans`);
  await analysed(other);
  assert.deepEqual(await shownScores(other), [-15, -15, -15, -15, -15, -15, -15]);
  assert.deepEqual(await shownWords(other), Array(7).fill('loss in 1'));
  await other.goto(`${base}/?game=connect4&moves=4444444`);
  await idle(other);
  assert.match(await other.textContent('#status'), /column 4 is full/);
  // The stones before the refused move, as the API describes them.
  const { body: refused } = await api('connect4/state', { moves: '4444444' });
  assert.equal(refused.before_refused.moves, '444444');
  assert.equal(await stones(other), 6);
  assert.deepEqual(await other.$$eval('.c4 .col', (cs) => cs.map((c) => c.disabled)), refused.before_refused.playable.map((p) => !p));
  await other.goto(`${base}/?game=tictactoe&mode=humans&moves=15972634`);
  await idle(other);
  assert.equal(await other.textContent('#status'),
    'bad tic-tac-toe position `15972634`: move 8 `4` (character 8): the game is already over (X has won)');
  await other.click('#undo');
  await idle(other);
  assert.equal(await other.textContent('#status'), 'X wins (row a)');
  const bad = `${base}/?game=santorini&mode=humans&moves=${encodeURIComponent('B3,D3 C4,C2 B3>B5^A3')}`;
  await other.goto(bad);
  await idle(other);
  assert.equal(await other.textContent('#status'), 'move 3 `B3>B5^A3`: B5 is not next to B3');
  await other.close();
});

/** The legal moves the generic view offers as buttons. */
async function shownMoves(p) {
  return p.$$eval('#legal-moves button', (bs) => bs.map((b) => b.dataset.move));
}

/** Waits until the URL names `n` moves (separated by blanks, as the generic view writes them). */
async function movesAre(p, n) {
  await p.waitForFunction((k) => (new URL(location.href).searchParams.get('moves') || '').split(' ').filter(Boolean).length === k, n);
  await idle(p);
  return movesOf(p).split(' ').filter(Boolean);
}

/** The generic view shows what /api/{game}/legal says of the position after `moves`. */
async function showsLegal(p, game, moves) {
  const { status, body } = await api(`${game}/legal`, { moves: moves.join(' ') });
  assert.equal(status, 200, body.error);
  assert.equal(await p.textContent('#position'), body.position, 'the position in notation');
  assert.equal(await p.textContent('#board-text'), body.board, 'the board as the API draws it');
  assert.deepEqual(await shownMoves(p), body.legal_moves, 'the legal moves, as buttons');
  return body;
}

await check('the generic view (tic-tac-toe, view=generic): a legal move, the engine answers, Engine move, undo', async () => {
  await page.goto(`${base}/?game=tictactoe&view=generic&analysis=1&bits=1`);
  await idle(page);
  assert.equal(await page.title(), 'bitgames: Tic-tac-toe');
  assert.equal(await page.$$eval('.ttt', (b) => b.length), 0, 'not the tic-tac-toe page module');
  await showsLegal(page, 'tictactoe', []);
  assert.match(await page.textContent('#status'), /^X \(you\) to move/);
  // The analysis panel: the engine's report on the start position.
  await page.waitForSelector('#engine-best');
  const first = (await api('tictactoe/bestmove', {})).body;
  assert.equal(await page.getAttribute('#engine-best', 'data-move'), first.best);
  assert.match(await page.textContent('#engine-best'), new RegExp(`^${first.best}, ${first.score_text}, exact \\(perfect, `));
  const start = (await api('tictactoe/legal', {})).body;
  assert.equal(await page.textContent('#actions'), start.legal_moves.map((m, i) => `${m}: ${start.actions[i]}`).join('  '));
  // A legal move by click; the engine answers with /api/tictactoe/bestmove's move.
  await page.click('#legal-moves button[data-move="1"]');
  let moves = await movesAre(page, 2);
  assert.equal(moves[0], '1');
  const reply = (await api('tictactoe/bestmove', { moves: '1' })).body;
  assert.equal(moves[1], reply.best, 'the engine played the API\'s best move');
  assert.equal(new URL(page.url()).searchParams.get('view'), 'generic', 'the view stays in the URL');
  await showsLegal(page, 'tictactoe', moves);
  assert.equal((await page.textContent('#note')).trim(), `·  Engine played ${reply.best}: ${reply.score_text}, exact`);
  assert.match(await page.textContent('#status'), /^X \(you\) to move/);
  // Engine move: the engine plays my side, then answers itself.
  await page.click('#engine-go');
  moves = await movesAre(page, 4);
  for (const n of [2, 3]) {
    const best = (await api('tictactoe/bestmove', { moves: moves.slice(0, n).join(' ') })).body.best;
    assert.equal(moves[n], best, `move ${n + 1} is the engine's`);
  }
  await showsLegal(page, 'tictactoe', moves);
  // Undo takes back the engine's reply and the move it answered.
  await page.keyboard.press('u');
  await idle(page);
  assert.deepEqual(movesOf(page).split(' '), moves.slice(0, 2));
  await showsLegal(page, 'tictactoe', moves.slice(0, 2));
});

await check('the generic view of Santorini: moves with commas, a click and an engine move between humans', async () => {
  await page.goto(`${base}/?game=santorini&view=generic&mode=humans&think=300`);
  await idle(page);
  const start = await showsLegal(page, 'santorini', []);
  assert.equal(start.legal_moves.length, 300);
  await page.click('#legal-moves button[data-move="B3,D3"]');
  let moves = await movesAre(page, 1);
  assert.deepEqual(moves, ['B3,D3']);
  const after = await showsLegal(page, 'santorini', moves);
  assert.equal(after.to_move, 2);
  assert.match(await page.textContent('#status'), /^Yellow to move/);
  await page.click('#engine-go');
  moves = await movesAre(page, 2);
  assert.ok(after.legal_moves.includes(moves[1]), `the engine's ${moves[1]} is a legal move`);
  await showsLegal(page, 'santorini', moves);
});

await check('a registered game with no page module is listed, and plays in the generic view', async () => {
  // The server's registry with one more game, answered here: a pile of five
  // stones, take one or two, who takes the last one wins. The page has no
  // module for it: it must list it and play it through the generic routes.
  const pile = { game: 'pile', title: 'Pile of stones', start: '5', engine: 'toy' };
  const asked = [];
  const pileState = (moves) => {
    const left = 5 - moves.reduce((n, m) => n + Number(m), 0);
    const winner = left === 0 ? 2 - (moves.length % 2) : null;
    const legal = left === 0 ? [] : ['1', '2'].filter((m) => Number(m) <= left);
    return {
      game: 'pile', position: `${left}`, board: `${'o '.repeat(left)}(${left} left)`, to_move: 1 + (moves.length % 2),
      status: winner ? `player ${winner} wins` : 'ongoing', winner, returns: winner ? (winner === 1 ? [1, -1] : [-1, 1]) : [0, 0],
      legal_moves: legal, actions: legal.map((m) => Number(m) - 1), num_actions: 2,
    };
  };
  const toy = await context.newPage();
  await toy.route('**/api/games', (r) => r.fulfill({ json: { games: [...registry, pile] } }));
  await toy.route(/\/api\/pile\/(legal|bestmove)\?/, (r) => {
    const url = new URL(r.request().url());
    const moves = (url.searchParams.get('moves') || '').split(' ').filter(Boolean);
    asked.push(`${url.pathname} ${moves.join(' ')}`);
    const s = pileState(moves);
    if (url.pathname.endsWith('/legal')) return r.fulfill({ json: s });
    const left = Number(s.position);
    const best = left % 3 === 0 ? '1' : String(left % 3);
    return r.fulfill({ json: { game: 'pile', position: s.position, engine: 'toy', best, ties: [best], score: 0, score_text: 'draw', exact: false, depth: 1, nodes: 2, time_ms: 0 } });
  });
  await toy.goto(`${base}/`);
  await idle(toy);
  const menu = await toy.$$eval('#games button', (bs) => bs.map((b) => [b.dataset.game, b.textContent]));
  assert.deepEqual(menu, [...registry, pile].map((g) => [g.game, g.title]));
  await toy.click('#games button[data-game="pile"]');
  await idle(toy);
  assert.equal(await toy.title(), 'bitgames: Pile of stones');
  assert.equal(await toy.textContent('#board-text'), 'o o o o o (5 left)');
  assert.deepEqual(await shownMoves(toy), ['1', '2']);
  await toy.click('#legal-moves button[data-move="2"]');
  assert.deepEqual(await movesAre(toy, 2), ['2', '1'], 'my move, and the engine\'s answer');
  assert.equal(await toy.textContent('#board-text'), 'o o (2 left)');
  await toy.click('#legal-moves button[data-move="2"]');
  await toy.waitForFunction(() => document.querySelector('#status').textContent === 'Player 1 wins');
  await idle(toy);
  assert.deepEqual(await shownMoves(toy), []);
  assert.equal(new URL(toy.url()).searchParams.get('moves'), '2 1 2');
  assert.ok(asked.includes('/api/pile/legal 2 1 2'), asked.join('; '));
  assert.ok(asked.includes('/api/pile/bestmove 2'), asked.join('; '));
  await toy.close();
});

await check('when /api/games fails, the page says so plainly (no blank page)', { apiErrors: true }, async () => {
  const broken = await context.newPage();
  await broken.route('**/api/games', (r) => r.fulfill({ status: 500, json: { error: 'the registry is out to lunch' } }));
  await broken.goto(`${base}/?game=connect4&moves=44`);
  await broken.waitForSelector('body[data-start="failed"]');
  assert.equal(await broken.textContent('#status'),
    'The page cannot start: the list of games did not load from /api/games: the registry is out to lunch. Is `bitgames serve` running? Reload to try again.');
  assert.equal(await broken.$eval('#status', (s) => s.classList.contains('error')), true);
  assert.equal(await broken.isVisible('#status'), true);
  assert.equal(await broken.isDisabled('#new'), true, 'no control acts on a page that did not start');
  assert.equal(await broken.$$eval('#games button', (bs) => bs.length), 0);
  // No server at all behind /api/games: the browser's own words.
  await broken.unroute('**/api/games');
  await broken.route('**/api/games', (r) => r.abort('connectionrefused'));
  await broken.goto(`${base}/`);
  await broken.waitForSelector('body[data-start="failed"]');
  assert.match(await broken.textContent('#status'), /^The page cannot start: the list of games did not load from \/api\/games: Failed to fetch\./);
  await broken.close();
});

await check('phone-sized screen: the board fits the width', async () => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  watch(phone);
  for (const [game, moves, view] of [['tictactoe', '15', ''], ['santorini', 'B3,D3 C4,C2', ''], ['connect4', '44455554221', ''],
    ['connect4', '4 4 4 5 5', '&view=generic'], ['santorini', 'B3,D3 C4,C2', '&view=generic'],
    ['santorini', 'B3,D3 C4,C2', '&gods=atlas,pan']]) {
    await phone.goto(`${base}/?game=${game}&moves=${encodeURIComponent(moves)}&analysis=1&bits=1&mode=humans&think=300${view}`);
    await idle(phone);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${game}${view}: the page is ${width} px wide`);
    const board = await phone.$eval('#board', (b) => b.getBoundingClientRect().right);
    assert.ok(board <= 390, `${game}${view}: the board reaches ${board} px`);
  }
  await phone.screenshot({ path: path.join(artifacts, 'phone.png') });
  await phone.close();
});

await check('the README screenshot', async () => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto(`${base}/?game=connect4&moves=175617344365477255&analysis=1&bits=1&mode=humans`);
  await analysed(page);
  await page.screenshot({ path: path.join(artifacts, 'screenshot.png') });
});

await check('no stray "null" or "undefined" text on any page', async () => {
  for (const view of ['', '&view=generic']) {
    for (const { game } of registry) {
      await page.goto(`${base}/?game=${game}&analysis=1&bits=1&mode=humans&think=300${view}`);
      await idle(page);
      const text = await page.textContent('body');
      assert.ok(!/null|undefined|NaN/.test(text), `${game}${view}: ${text.match(/.{0,40}(null|undefined|NaN).{0,20}/)}`);
    }
  }
});

await check('no console error and no page error on any page', async () => {
  assert.deepEqual(problems, []);
});

await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
