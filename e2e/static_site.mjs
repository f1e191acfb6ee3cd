// End-to-end test of the page built as static files (scripts/build-site),
// served by `python3 -m http.server`: the engines run in WebAssembly in a
// Web Worker, and no request may go to /api. Run by
// crates/bitgames-cli/tests/browser.rs, which builds the site and serves it:
//
//   node e2e/static_site.mjs http://127.0.0.1:PORT ARTIFACTS_DIR
//
// The Connect Four scores shown are compared with `bitgames connect4 analyze
// --json` (BITGAMES_BIN). Exits non-zero if a check failed.

import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const [base, artifacts = 'artifacts'] = process.argv.slice(2);
const bitgames = process.env.BITGAMES_BIN;
if (!base || !bitgames) {
  console.error('usage: BITGAMES_BIN=... node e2e/static_site.mjs http://127.0.0.1:PORT [ARTIFACTS_DIR]');
  process.exit(2);
}
mkdirSync(artifacts, { recursive: true });

const cliAnalysis = (moves) =>
  JSON.parse(execFileSync(bitgames, ['connect4', 'analyze', moves, '--json'], { encoding: 'utf8' }));

let passed = 0;
let failed = 0;
const problems = [];
/** Every URL the pages asked for. */
const requests = [];
let current = '(start)';

function watch(p) {
  p.on('pageerror', (e) => problems.push(`${current}: page error: ${e.message}`));
  p.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`${current}: console error: ${msg.text()}`);
  });
}

async function check(name, body) {
  current = name;
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

const idle = (page) => page.waitForSelector('body[data-idle="true"]', { timeout: 60_000 });
async function analysed(page) {
  await idle(page);
  await page.waitForSelector('body[data-analysis="done"]', { timeout: 60_000 });
}
const movesOf = (page) => new URL(page.url()).searchParams.get('moves') || '';
const shownScores = (page) =>
  page.$$eval('#above .score', (cells) => cells.map((c) => (c.dataset.score === '' ? null : Number(c.dataset.score))));
const stones = (page) => page.$$eval('.c4 .disc[data-player]', (ds) => ds.length);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 1200, height: 860 } });
// Requests of the pages and of their workers alike.
context.on('request', (r) => requests.push(r.url()));
context.on('page', watch);
const page = await context.newPage();

await check('the static page starts on the worker and lists the three games', async () => {
  await page.goto(`${base}/`);
  await idle(page);
  assert.equal(await page.getAttribute('body', 'data-backend'), 'worker');
  assert.equal(await page.getAttribute('body', 'data-start'), 'ok');
  const games = await page.$$eval('#games button', (bs) => bs.map((b) => b.dataset.game));
  assert.deepEqual(games, ['tictactoe', 'connect4', 'santorini']);
  assert.match(await page.textContent('footer'), /WebAssembly/);
});

await check('tic-tac-toe: the engine answers a corner with the centre; undo', async () => {
  await page.goto(`${base}/?game=tictactoe&analysis=1`);
  await idle(page);
  await page.click('.ttt button[data-square="1"]');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('moves')?.length === 2);
  await idle(page);
  assert.equal(movesOf(page), '15');
  const values = await page.$$eval('.ttt button .val', (vs) => vs.map((v) => Number(v.dataset.value)));
  assert.equal(values.length, 7, 'a value on every empty square');
  assert.ok(values.every((v) => v <= 0), 'after 1 5 no move wins for X');
  await page.keyboard.press('u');
  await idle(page);
  assert.equal(movesOf(page), '');
});

await check('Connect Four links: every column exact, equal to the CLI; 2 to 7 stones each in under 3 s from the link', async () => {
  const fresh = await context.newPage();
  for (const moves of ['4', '35', '2463', '17445', '443632', '5264137', '44444333325']) {
    const cli = cliAnalysis(moves);
    const started = Date.now();
    await fresh.goto(`${base}/?game=connect4&moves=${moves}`);
    await analysed(fresh);
    const took = Date.now() - started;
    assert.equal(await stones(fresh), moves.length);
    assert.deepEqual(await shownScores(fresh), cli.scores, `${moves}: the scores of \`bitgames connect4 analyze --json\``);
    // From the link: the page, a fresh worker, its module and the 5 MB book
    // included (the analysis alone is timed by e2e/wasm_bench.mjs); past the
    // book's 10 stones the search takes its time.
    if (moves.length >= 2 && moves.length <= 7) assert.ok(took < 3000, `${moves}: all exact scores after ${took} ms`);
  }
  await fresh.close();
});

await check('Connect Four on 8x5 from the link, then 10x4 from the picker, on the worker', async () => {
  const fresh = await context.newPage();
  const moves = '1234567812345678';
  const cli = JSON.parse(execFileSync(bitgames, ['connect4', 'analyze', '--width', '8', '--height', '5', '--json', moves], { encoding: 'utf8' }));
  await fresh.goto(`${base}/?game=connect4&mode=humans&size=8x5&moves=${moves}`);
  await analysed(fresh);
  assert.equal(await fresh.$$eval('.c4 .col', (cs) => cs.length), 8);
  assert.deepEqual(await shownScores(fresh), cli.scores);
  await fresh.selectOption('#size', '10x4');
  await idle(fresh);
  assert.equal(new URL(fresh.url()).searchParams.get('size'), '10x4');
  assert.equal(await fresh.$$eval('.c4 .col', (cs) => cs.length), 10);
  await fresh.click('.c4 .col[data-col="10"]');
  await idle(fresh);
  assert.equal(movesOf(fresh), '10');
  assert.equal(await fresh.getAttribute('[data-cell="10,1"]', 'data-player'), '1');
  await fresh.close();
});

await check('the first paint does not wait for the book; the analysis waits for it, then is exact', async () => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  const hold = async (route) => { await held; await route.continue(); };
  await context.route('**/7x6-standard.book', hold);
  const fresh = await context.newPage();
  await fresh.goto(`${base}/?game=connect4&moves=4453`);
  await fresh.waitForSelector('.c4 .disc[data-player]', { timeout: 10_000 });
  assert.equal(await stones(fresh), 4, 'the board is drawn while the book is held back');
  await fresh.waitForTimeout(500);
  assert.notEqual(await fresh.getAttribute('body', 'data-analysis'), 'done', 'no analysis without the book yet');
  release();
  await analysed(fresh);
  assert.deepEqual(await shownScores(fresh), cliAnalysis('4453').scores);
  await context.unroute('**/7x6-standard.book', hold);
  await fresh.close();
});

await check('Connect Four: a game against the engine, which plays exact moves, to the win', async () => {
  const start = '175617344365477255';
  await page.goto(`${base}/?game=connect4&moves=${start}&analysis=1&bits=1`);
  for (let turn = 0; turn < 20; turn += 1) {
    await idle(page);
    if (/wins|Draw/.test(await page.textContent('#status'))) break;
    await analysed(page);
    const moves = movesOf(page);
    const cli = cliAnalysis(moves);
    assert.deepEqual(await shownScores(page), cli.scores, `scores after ${moves}`);
    const best = cli.scores.indexOf(Math.max(...cli.scores.filter((x) => x !== null))) + 1;
    await page.click(`.c4 .col[data-col="${best}"]`);
    await page.waitForFunction((n) => {
      const m = new URL(location.href).searchParams.get('moves') || '';
      return m.length > n || /wins|Draw/.test(document.querySelector('#status').textContent);
    }, moves.length);
    await idle(page);
    if (movesOf(page).length === moves.length + 2) {
      assert.match(await page.textContent('#note'), /Engine played column \d: exact/);
    }
  }
  assert.match(await page.textContent('#status'), /Red wins/);
  await page.screenshot({ path: path.join(artifacts, 'static-connect4.png'), fullPage: true });
});

await check('Connect Four: a new position stops the analysis under way (the worker restarts)', async () => {
  // Past the book with a short budget the worker is busy; stepping on must not wait for it.
  await page.goto(`${base}/?game=connect4&moves=4455&analysis=1&mode=humans`);
  await page.waitForTimeout(300);
  await page.click('#back');
  await analysed(page);
  assert.equal(movesOf(page), '445');
  assert.deepEqual(await shownScores(page), cliAnalysis('445').scores);
});

await check('Santorini: place against the engine, then a turn (worker, move, build)', async () => {
  await page.goto(`${base}/?game=santorini&think=300`);
  await idle(page);
  await page.click('.sant button[data-space="B3"]');
  await page.click('.sant button[data-space="D3"]');
  await page.waitForFunction(() => (new URL(location.href).searchParams.get('moves') || '').split(' ').length === 2);
  await idle(page);
  let moves = movesOf(page).split(' ');
  assert.equal(moves[0], 'B3,D3');
  assert.match(moves[1], /^[A-E][1-5],[A-E][1-5]$/, 'the engine placed its workers');
  await page.click('.sant button[data-space="B3"]');
  await page.waitForSelector('.sant button.target');
  const to = await page.$eval('.sant button.target', (b) => b.dataset.space);
  await page.click(`.sant button[data-space="${to}"]`);
  await page.waitForSelector('.sant button.build');
  const build = await page.$eval('.sant button.build', (b) => b.dataset.space);
  await page.click(`.sant button[data-space="${build}"]`);
  await page.waitForFunction(() => (new URL(location.href).searchParams.get('moves') || '').split(' ').length === 4);
  await idle(page);
  moves = movesOf(page).split(' ');
  assert.equal(moves[2], `B3>${to}^${build}`);
  assert.match(moves[3], /^[A-E][1-5]>[A-E][1-5]/, 'the engine played its turn');
  assert.equal(await page.getAttribute(`.sant button[data-space="${to}"]`, 'data-worker'), '1');
  await page.screenshot({ path: path.join(artifacts, 'static-santorini.png'), fullPage: true });
});

await check('Santorini analysis: the engine\'s move and a worker\'s move-to set and distances', async () => {
  await page.goto(`${base}/?game=santorini&mode=humans&analysis=1&bits=1&think=300&moves=${encodeURIComponent('B3,D3 C4,C2 B3>B4^A3')}`);
  await idle(page);
  await page.waitForSelector('#engine-best', { timeout: 20_000 });
  await page.click('.sant button[data-space="C4"]');
  await page.waitForSelector('#move-to');
  assert.match(await page.textContent('#move-to'), /^move-to \(\d,\d\): /);
  assert.match(await page.textContent('#distances'), /^distances: /);
});

await check('a step back stops the engine\'s search at once (the worker restarts)', async () => {
  const moves = 'B3,D3 C4,C2';
  await page.goto(`${base}/?game=santorini&think=3000&moves=${encodeURIComponent(moves)}`);
  await idle(page);
  await page.click('#engine-go');
  await page.waitForTimeout(300);
  assert.equal(await page.getAttribute('body', 'data-idle'), 'false', 'the engine is thinking');
  const started = Date.now();
  await page.click('#back');
  await idle(page);
  const took = Date.now() - started;
  assert.equal(movesOf(page), 'B3,D3');
  assert.ok(took < 2500, `idle again ${took} ms after the step, not after the 3 s search`);
  await page.waitForTimeout(3000);
  assert.equal(movesOf(page), 'B3,D3', 'the stopped search played no move');
});

await check('no request went to /api, and the book came once per worker', async () => {
  const api = requests.filter((u) => new URL(u).pathname.startsWith('/api'));
  assert.deepEqual(api, [], 'requests to /api');
  assert.ok(requests.some((u) => u.endsWith('/assets/bitgames_wasm_bg.wasm')), 'the WebAssembly module was loaded');
  assert.ok(requests.some((u) => u.endsWith('/assets/7x6-standard.book')), 'the book was loaded');
});

await check('no console or page error on any page', async () => {
  assert.deepEqual(problems, []);
});

await browser.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
