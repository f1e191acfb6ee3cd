// The browser checks of Connect Four's board sizes (imported by browser.mjs):
// the picker starts a game on another board, carried by the link (`size=`,
// left out at 7x6); the board is drawn at that size, its analysis equals the
// command's, and a board of 10 columns takes its moves as comma lists.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

/** `bitgames connect4 analyze --width W --height H --json moves`. */
function cliAnalysis(bitgames, size, moves) {
  const [w, h] = size.split('x');
  return JSON.parse(execFileSync(bitgames, ['connect4', 'analyze', '--width', w, '--height', h, '--json', moves], { encoding: 'utf8' }));
}

export async function sizeChecks({ check, page, base, idle, analysed, shownScores, api, bitgames }) {
  const param = (p, name) => new URL(p.url()).searchParams.get(name);
  const columns = (p) => p.$$eval('.c4 .col', (cs) => cs.length);
  const cellsPerColumn = (p) => p.$$eval('.c4 .col', (cs) => cs.map((c) => c.querySelectorAll('.disc').length));
  const labels = (p) => p.$$eval('#under span', (ss) => ss.map((s) => s.textContent));
  const stones = (p) => p.$$eval('.c4 .disc[data-player]', (ds) => ds.length);

  await check('Connect Four: the size picker plays 8x5, exact as the command, and the link keeps it', async () => {
    await page.goto(`${base}/?game=connect4&mode=humans`);
    await idle(page);
    assert.ok(await page.isVisible('#size-label'));
    assert.equal(await page.inputValue('#size'), '7x6');
    const offered = await page.$$eval('#size option', (os) => os.map((o) => o.value));
    const listed = (await api('connect4/sizes', {})).body.sizes.map((s) => s.size);
    assert.deepEqual(offered, listed, 'the picker offers the API\'s sizes');
    assert.equal(param(page, 'size'), null, '7x6 is left out of the link');
    await page.selectOption('#size', '8x5');
    await idle(page);
    assert.equal(param(page, 'size'), '8x5');
    assert.equal(await columns(page), 8);
    assert.deepEqual(await cellsPerColumn(page), Array(8).fill(5));
    assert.deepEqual(await labels(page), ['1', '2', '3', '4', '5', '6', '7', '8']);
    // Moves played by clicking, the last on column 8, then the analysis.
    for (const c of [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8]) {
      await page.click(`.c4 .col[data-col="${c}"]`);
      await idle(page);
    }
    const moves = '1234567812345678';
    assert.equal(param(page, 'moves'), moves);
    await page.check('#analysis');
    await analysed(page);
    const cli = cliAnalysis(bitgames, '8x5', moves);
    const served = (await api('connect4/analyze', { size: '8x5', moves, time_ms: '20000' })).body;
    assert.deepEqual(served.scores, cli.scores);
    assert.deepEqual(await shownScores(page), cli.scores);
    assert.match(await page.textContent('#progress'), /All 8 columns exact/);
    // The link reloads the same board, size and analysis.
    await page.goto(page.url());
    await analysed(page);
    assert.equal(await page.inputValue('#size'), '8x5');
    assert.equal(await stones(page), 16);
    assert.equal(await columns(page), 8);
    assert.deepEqual(await shownScores(page), cli.scores);
    // The engine's move on this board: exact, one of the best columns.
    await page.click('#engine-go');
    await idle(page);
    assert.match(await page.textContent('#note'), /Engine played column [357]: exact: win in 4/);
    assert.equal(param(page, 'moves').length, 17);
    // Back to 7x6: a new game, the size left out of the link.
    await page.selectOption('#size', '7x6');
    await idle(page);
    assert.equal(param(page, 'size'), null);
    assert.equal(param(page, 'moves'), null);
    assert.equal(await columns(page), 7);
  });

  await check('Connect Four: a 10x4 board has 10 columns, comma moves, and key 0 for column 10', async () => {
    await page.goto(`${base}/?game=connect4&mode=humans&size=10x4`);
    await idle(page);
    assert.equal(await page.inputValue('#size'), '10x4');
    assert.equal(await columns(page), 10);
    assert.deepEqual(await cellsPerColumn(page), Array(10).fill(4));
    assert.deepEqual(await labels(page), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    await page.click('.c4 .col[data-col="10"]');
    await idle(page);
    await page.click('.c4 .col[data-col="1"]');
    await idle(page);
    await page.keyboard.press('0');
    await idle(page);
    assert.equal(param(page, 'moves'), '10,1,10');
    assert.equal(await page.getAttribute('[data-cell="10,2"]', 'data-player'), '1');
    assert.equal(await page.getAttribute('[data-cell="1,1"]', 'data-player'), '2');
    assert.match(await page.textContent('#moves-line'), /Moves: 10,1,10/);
    // Undo takes back the last move, on the comma list too.
    await page.click('#undo');
    await idle(page);
    assert.equal(param(page, 'moves'), '10,1');
    assert.equal(await stones(page), 2);
  });

  await check('Connect Four: a link to a board the library cannot make shows the API\'s reason', { apiErrors: true }, async () => {
    await page.goto(`${base}/?game=connect4&size=20x4`);
    await idle(page);
    assert.match(await page.textContent('#status'), /bad board size `20x4`: a board has at most 16 columns, not 20/);
    // Another size from the picker starts a game there.
    await page.selectOption('#size', '8x5');
    await idle(page);
    assert.equal(await columns(page), 8);
  });
}
