// End-to-end test of the bitgames page in Debian's Chromium (headless), driven
// by playwright-core. Run by crates/bitgames-cli/tests/browser.rs, which starts
// `bitgames serve` and passes its URL:
//
//   node e2e/browser.mjs http://127.0.0.1:PORT ARTIFACTS_DIR
//
// Exits non-zero on the first failed check; screenshots go to ARTIFACTS_DIR.

import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const [base, artifacts = 'artifacts'] = process.argv.slice(2);
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

async function check(name, body) {
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
const page = await context.newPage();
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(e.message));

await check('the page loads, and every game can be chosen', async () => {
  await page.goto(`${base}/`);
  await idle(page);
  assert.equal(await page.title(), 'bitgames: Tic-tac-toe');
  for (const [game, title] of [['connect4', 'Connect Four'], ['santorini', 'Santorini'], ['tictactoe', 'Tic-tac-toe']]) {
    await page.click(`#games button[data-game="${game}"]`);
    await idle(page);
    assert.equal(await page.title(), `bitgames: ${title}`);
    assert.equal(new URL(page.url()).searchParams.get('game'), game);
  }
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
  assert.deepEqual(await shownWords(fresh), cli.results, 'in the same words');
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

await check('Connect Four: a slow position shows what is known and offers to keep thinking', async () => {
  const slow = await context.newPage();
  // Three stones, past the built-in book: not every column is exact in the first budget.
  await slow.goto(`${base}/?game=connect4&moves=445&mode=humans`);
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

await check('a position is shared by link, and bad links show the API error', async () => {
  const other = await context.newPage();
  await other.goto(`${base}/?game=connect4&moves=44455554221&analysis=1&mode=humans`);
  await analysed(other);
  assert.deepEqual(await shownScores(other), [-15, -15, -15, -15, -15, -15, -15]);
  assert.deepEqual(await shownWords(other), Array(7).fill('loss in 1'));
  await other.goto(`${base}/?game=connect4&moves=4444444`);
  await idle(other);
  assert.match(await other.textContent('#status'), /column 4 is full/);
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

await check('phone-sized screen: the board fits the width', async () => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  for (const [game, moves] of [['tictactoe', '15'], ['santorini', 'B3,D3 C4,C2'], ['connect4', '44455554221']]) {
    await phone.goto(`${base}/?game=${game}&moves=${encodeURIComponent(moves)}&analysis=1&bits=1&mode=humans&think=300`);
    await idle(phone);
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `${game}: the page is ${width} px wide`);
    const board = await phone.$eval('#board', (b) => b.getBoundingClientRect().right);
    assert.ok(board <= 390, `${game}: the board reaches ${board} px`);
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
  for (const game of ['tictactoe', 'connect4', 'santorini']) {
    await page.goto(`${base}/?game=${game}&analysis=1&bits=1&mode=humans`);
    await idle(page);
    const text = await page.textContent('body');
    assert.ok(!/null|undefined|NaN/.test(text), `${game}: ${text.match(/.{0,40}(null|undefined|NaN).{0,20}/)}`);
  }
});

await check('no script errors on the page', async () => {
  assert.deepEqual(pageErrors, []);
});

await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
