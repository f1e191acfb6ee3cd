// The browser checks of the engine's level (imported by browser.mjs): the
// picker plays a weaker engine, says so under the board, and is carried by
// the link (`level=`, left out at 10, full strength).

import assert from 'node:assert/strict';

export async function levelChecks({ check, page, base, idle }) {
  const levelOf = (p) => new URL(p.url()).searchParams.get('level');

  await check('the level picker plays a weaker engine and is carried by the link', async () => {
    // The engine plays first (the reader is player 2) at level 0: a random square.
    await page.goto(`${base}/?game=tictactoe&side=2&level=0`);
    await idle(page);
    assert.equal(await page.inputValue('#level'), '0');
    assert.equal(levelOf(page), '0');
    assert.match(await page.textContent('#note'), /Engine played \d: a random move \(level 0, seed \d+\)/);
    // Picked in the page: the link follows.
    await page.selectOption('#level', '3');
    await idle(page);
    assert.equal(levelOf(page), '3');
    await page.selectOption('#level', '10');
    await idle(page);
    assert.equal(levelOf(page), null, 'full strength is the default, left out of the link');
    // Connect Four at level 2: the engine's note names the level, not "exact".
    await page.goto(`${base}/?game=connect4&side=2&level=2`);
    await idle(page);
    assert.match(await page.textContent('#note'), /Engine played column \d: .*\(level 2, seed \d+/);
    assert.equal(levelOf(page), '2');
    // Two humans: no engine, no level to pick.
    await page.selectOption('#mode', 'humans');
    await idle(page);
    assert.ok(await page.isHidden('#level-label'));
  });
}
