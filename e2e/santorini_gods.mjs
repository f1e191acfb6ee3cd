// The browser checks of Santorini's gods (imported by browser.mjs): a turn of
// each god played by clicks, the board after it equal to the
// API's position (the page offers the library's steps); optional steps
// skipped; the gods picked from the cards (searched by name),
// carried by the link, `random` drawn by the server.

import assert from 'node:assert/strict';

/** The 25 levels of a position, row by row from A5: `{B4: 1}` -> `0000001...`. */
function levels(heights) {
  const l = Array(25).fill('0');
  for (const [sq, h] of Object.entries(heights)) l[(5 - Number(sq[1])) * 5 + sq.charCodeAt(0) - 65] = String(h);
  return l.join('');
}

/** Player 1 (Red) has `god`, workers on B3 and D3; player 2 (Yellow) is mortal on C4 and C2. */
function position(god, heights = {}) {
  return `${levels(heights)}/1/${god}:B3,D3/mortal:C4,C2`;
}

/**
 * One turn a god: the clicks (a space, or `[data-step=...]` a step's button),
 * the turn they make, and what the board must show after it.
 */
const TURNS = [
  { god: 'apollo', clicks: ['B3', 'C4', 'B4'], turn: 'B3>C4^B4', workers: { C4: '1', B3: '2' }, levels: { B4: '1' } },
  { god: 'artemis', clicks: ['B3', 'B5', 'A5'], far: 'B5', turn: 'B3>B5^A5', workers: { B5: '1', B3: null }, levels: { A5: '1' } },
  { god: 'athena', heights: { B4: 1 }, clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' }, blocked: 'Athena moved up' },
  { god: 'atlas', clicks: ['B3', 'B4', 'A5', '#steps [data-step="dome"]'], turn: 'B3>B4^A5X', workers: { B4: '1' }, levels: { A5: '4' } },
  // Demeter's second build clicked before the first: the turn writes them in board order.
  { god: 'demeter', clicks: ['B3', 'B4', 'B5', 'A5'], turn: 'B3>B4^A5^B5', workers: { B4: '1' }, levels: { A5: '1', B5: '1' } },
  { god: 'hephaestus', clicks: ['B3', 'B4', 'A5', 'A5'], turn: 'B3>B4^^A5', workers: { B4: '1' }, levels: { A5: '2' } },
  // Both of Hermes' workers run on the ground, each to the end the turn pairs with the other.
  { god: 'hermes', clicks: ['D3', 'A5', 'B3', 'E5', 'B5'], far: 'A5', turn: '(B3,D3)>(A5,E5)^B5', workers: { A5: '1', E5: '1', B3: null, D3: null }, levels: { B5: '1' } },
  { god: 'hermes', clicks: ['#steps [data-step="stay"]', 'C3'], turn: '^C3', workers: { B3: '1', D3: '1' }, levels: { C3: '1' } },
  { god: 'minotaur', clicks: ['B3', 'C4', 'B4'], turn: 'B3>C4^B4', workers: { C4: '1', D5: '2', B3: null }, levels: { B4: '1' } },
  { god: 'pan', heights: { B3: 2 }, clicks: ['B3', 'A3'], turn: 'B3>A3#', workers: { A3: '1' }, status: 'Red wins' },
  // Hestia's second build on the same space, off the perimeter.
  { god: 'hestia', clicks: ['B3', 'B4', 'C3', 'C3'], turn: 'B3>B4^^C3', workers: { B4: '1' }, levels: { C3: '2' } },
  // Zeus builds under himself.
  { god: 'zeus', clicks: ['B3', 'B4', 'B4'], turn: 'B3>B4^B4', workers: { B4: '1' }, levels: { B4: '1' } },
  // Pegasus jumps two levels up (no win).
  { god: 'pegasus', heights: { B4: 2 }, clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' } },
  // Urania builds across the board's edge: E5 neighbours A4.
  { god: 'urania', clicks: ['B3', 'A4', 'E5'], turn: 'B3>A4^E5', workers: { A4: '1' }, levels: { E5: '1' } },
  // Hera's own turn is the base game's.
  { god: 'hera', clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' } },
  // Hades', Hypnus' and Limus' own turns are the base game's too: they restrict the opponent.
  { god: 'hades', heights: { B3: 1 }, clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' } },
  { god: 'hypnus', heights: { B3: 1 }, clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' } },
  { god: 'limus', clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' } },
  { god: 'persephone', clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' } },
  // Iris jumps over Yellow's worker on C4 to D5.
  { god: 'iris', clicks: ['B3', 'D5', 'E5'], far: 'D5', turn: 'B3>D5^E5', workers: { D5: '1', B3: null }, levels: { E5: '1' } },
  // The Maenads' turn without a surround is the base game's.
  { god: 'maenads', clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' } },
  // Nike moves down: Yellow may not move up.
  { god: 'nike', heights: { B3: 1 }, clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' }, blocked: 'Nike moved down' },
  { god: 'eros', clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' } },
  { god: 'aphrodite', clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' } },
  // Ares takes a block from beside his unmoved worker on D3.
  { god: 'ares', heights: { E3: 1 }, clicks: ['B3', 'B4', 'A5', 'E3'], turn: 'B3>B4^A5~E3', workers: { B4: '1' }, levels: { A5: '1', E3: '0' } },
  // Asteria moves down, builds, then domes a space across the board.
  { god: 'asteria', heights: { B3: 1 }, clicks: ['B3', 'B4', 'A5', 'E5'], turn: 'B3>B4^A5^E5X', workers: { B4: '1' }, levels: { A5: '1', E5: '4' } },
  // Charon ferries Yellow's C4 across B3 to A2, then moves into C4.
  { god: 'charon', clicks: ['B3', 'C4', 'C4', 'C5'], turn: '(C4>A2)B3>C4^C5', workers: { C4: '1', A2: '2', B3: null }, levels: { C5: '1' } },
  // Scylla moves B3>A3 and drags Yellow's C4 into B3.
  { god: 'scylla', clicks: ['B3', 'A3', 'C4', 'A4'], turn: '(C4>B3)B3>A3^A4', workers: { A3: '1', B3: '2', C4: null }, levels: { A4: '1' } },
  // Nemesis, apart from Yellow's workers, swaps all of them with hers after the build.
  { god: 'nemesis', start: '0000000000000000000000000/1/nemesis:A5,E5/mortal:A1,E1', clicks: ['A5', 'B5', 'C5', '#steps [data-step="swap-all"]'], turn: 'A5>B5^C5[<>]', workers: { A1: '1', E1: '1', B5: '2', E5: '2' }, levels: { C5: '1' } },
  // Chronus builds the fifth complete tower on E5 and wins.
  { god: 'chronus', start: '4444300000000000000000000/1/chronus:D4,A1/mortal:B3,C2', clicks: ['D4', 'E4', 'E5'], turn: 'D4>E4^E5', workers: { E4: '1' }, levels: { E5: '4' }, status: 'Red wins' },
  // Europa builds, then moves her talus (a token in her colour) from C4 to D4 with a click.
  { god: 'europa', start: '0000000000000000000000000/1/europa[C4]:C3,A1/mortal:E5,E1', clicks: ['C3', 'D3', 'C3', 'D4'], turn: 'C3>D3^C3@D4', workers: { D3: '1' }, levels: { C3: '1' }, tokens: { D4: '1', C4: null } },
  // Clio's build puts a coin on it: a token in her colour.
  { god: 'clio', clicks: ['B3', 'A3', 'A4'], turn: 'B3>A3^A4', workers: { A3: '1' }, levels: { A4: '1' }, tokens: { A4: '1' } },
  // Medusa's worker on D3 (level 1) turns both of Yellow's lower neighbours to stone: Yellow has none left.
  { god: 'medusa', heights: { D3: 1 }, clicks: ['B3', 'A3', 'A4'], turn: 'B3>A3^A4', workers: { A3: '1', C4: null, C2: null }, levels: { A4: '1', C4: '1', C2: '1' }, status: 'Red wins' },
  // Bellerophon climbs two levels, from B3 onto B4 (level 2), once.
  { god: 'bellerophon', heights: { B4: 2 }, clicks: ['B3', 'B4', 'A5'], turn: 'B3>B4^A5', workers: { B4: '1' }, levels: { A5: '1' } },
  // Theseus, from level 0 beside Yellow's worker on C4 (level 2), removes it after his build.
  { god: 'theseus', heights: { C4: 2 }, clicks: ['B3', 'B4', 'A5', 'C4'], turn: 'B3>B4^A5@C4', workers: { B4: '1', C4: null, C2: '2' }, levels: { A5: '1' } },
  // Bia moves A3>B3: Yellow's worker straight beyond, on C3, is removed, and she builds there.
  { god: 'bia', start: '0000000000000000000000000/1/bia:A3,E1/mortal:C3,E5', clicks: ['A3', 'B3', 'C3'], turn: 'A3>B3^C3', workers: { B3: '1', C3: null, E5: '2' }, levels: { C3: '1' } },
  // Achilles builds A4 first, then climbs onto it (Prometheus may not) and builds A5.
  { god: 'achilles', clicks: ['B3', '#steps [data-step="build-first"]', 'A4', 'A4', 'A5'], turn: '^A4 B3>A4^A5', workers: { A4: '1' }, levels: { A4: '1', A5: '1' } },
  // Castor moves both workers and builds nothing.
  { god: 'castor', clicks: ['B3', 'B4', 'D3', 'D4'], turn: '(B3,D3)>(B4,D4)', workers: { B4: '1', D4: '1', B3: null, D3: null } },
  // Aeolus builds, then sets the wind north with its button.
  { god: 'aeolus', clicks: ['B3', 'B4', 'A5', '#steps [data-step="wind-n"]'], turn: 'B3>B4^A5=n', workers: { B4: '1' }, levels: { A5: '1' } },
  // The Graeae's third worker, on E1, builds on E2 after B3 moves: not beside the mover.
  { god: 'graeae', start: '0000000000000000000000000/1/graeae:B3,D3,E1/mortal:C4,C2', clicks: ['B3', 'B4', 'E2'], turn: 'B3>B4^E2', workers: { B4: '1', E1: '1' }, levels: { E2: '1' } },
  // Jason puts his kept worker on A5 (the perimeter, level 0) instead of moving; it builds B5.
  { god: 'jason', clicks: ['A5', 'B5'], turn: '+A5^B5', workers: { A5: '1', B3: '1', D3: '1' }, levels: { B5: '1' } },
  // Proteus: B3 steps to B4, and E1's worker takes B3 (written as E1's move onto B4); it builds A5.
  { god: 'proteus', start: '0000000000000000000000000/1/proteus:B3,D3,E1/mortal:C4,C2', clicks: ['E1', 'B4', 'A5'], turn: 'E1>B4^A5', workers: { B4: '1', B3: '1', D3: '1', E1: null }, levels: { A5: '1' } },
  // Selene: D3 moves to D4, and her female worker on B3 domes A3 (level 0) beside herself.
  { god: 'selene', start: '0000000000000000000000000/1/selene[B3]:B3,D3/mortal:C4,C2', clicks: ['D3', 'D4', 'A3', '#steps [data-step="dome"]'], turn: 'D3>D4^A3X', workers: { D4: '1', B3: '1' }, levels: { A3: '4' } },
  // Hippolyta: her other worker on D3 steps diagonally only, to E4.
  { god: 'hippolyta', start: '0000000000000000000000000/1/hippolyta[B3]:B3,D3/mortal:C4,C2', clicks: ['D3', 'E4', 'E5'], turn: 'D3>E4^E5', workers: { E4: '1', B3: '1' }, levels: { E5: '1' } },
  // The Stymphalians: B3 moves two steps, to B5, and builds A5.
  { god: 'stymphalians', start: '0000000000000000000000000/1/stymphalians:B3,D3,E1/mortal:C4,C2', clicks: ['B3', 'B5', 'A5'], turn: 'B3>B5^A5', workers: { B5: '1', B3: null }, levels: { A5: '1' } },
  // Polyphemus: after his build on A5, two domes anywhere, E5 and E1 (either order).
  { god: 'polyphemus', clicks: ['B3', 'B4', 'A5', 'E1', 'E5'], turn: 'B3>B4^A5^E5X^E1X', workers: { B4: '1' }, levels: { A5: '1', E5: '4', E1: '4' } },
  // Poseidon: after B3's move and build, his unmoved worker on D3 (level 0) builds E3, then Done.
  { god: 'poseidon', clicks: ['B3', 'B4', 'A5', 'D3', 'E3', '#turn-done'], turn: 'B3>B4^A5*E3', workers: { B4: '1', D3: '1' }, levels: { A5: '1', E3: '1' } },
  // Morpheus with two blocks kept: three builds, in board order.
  { god: 'morpheus', start: '0000000000000000000000000/1/morpheus[2]:B3,D3/mortal:C4,C2', clicks: ['B3', 'B4', 'A5', 'A5', 'B5'], turn: 'B3>B4^A5^A5^B5', workers: { B4: '1' }, levels: { A5: '2', B5: '1' } },
  // Hydra: B3 moves to B4, away from D3, builds A5 and gains a worker on B5 (level 0 beside B4).
  { god: 'hydra', clicks: ['B3', 'B4', 'A5', 'B5'], turn: 'B3>B4^A5@B5', workers: { B4: '1', B5: '1', D3: '1' }, levels: { A5: '1' } },
  // Against the Harpies a mortal's step from B3 to B4 slides on to B5: the end is clicked.
  { god: 'harpies', start: '0000000000000000000000000/1/mortal:B3,D3/harpies:C4,C2', clicks: ['B3', 'B5', 'A5'], far: 'B5', turn: 'B3>B5^A5', workers: { B5: '1', B3: null }, levels: { A5: '1' } },
  // Prometheus last: the check goes on from the position its turn leaves.
  { god: 'prometheus', clicks: ['B3', '#steps [data-step="build-first"]', 'A3', 'A4', 'A5'], turn: '^A3 B3>A4^A5', workers: { A4: '1' }, levels: { A3: '1', A5: '1' } },
];

/** The turns of the optional steps skipped: the clicks, then Done or a plain move. */
const SKIPS = [
  { god: 'demeter', clicks: ['B3', 'B4', 'A5', '#turn-done'], turn: 'B3>B4^A5', levels: { A5: '1', B5: '0' } },
  { god: 'atlas', clicks: ['B3', 'B4', 'A5', '#turn-done'], turn: 'B3>B4^A5', levels: { A5: '1' } },
  { god: 'hephaestus', clicks: ['B3', 'B4', 'A5', '#turn-done'], turn: 'B3>B4^A5', levels: { A5: '1' } },
  // Prometheus offers to build first; a move skips it.
  { god: 'prometheus', clicks: ['B3', 'A4', 'A5'], offered: 'build-first', turn: 'B3>A4^A5', levels: { A5: '1', A3: '0' } },
  // Hermes' second worker may move too; a build skips it.
  { god: 'hermes', clicks: ['B3', 'A5', 'B5'], turn: 'B3>A5^B5', levels: { B5: '1' } },
];

export async function godChecks({ check, page, base, api, idle, context }) {
  const movesOf = (p) => new URL(p.url()).searchParams.get('moves') || '';

  /** The board the page shows: each space's level and worker. */
  const shown = (p) => p.$$eval('.sant button[data-space]', (bs) => bs.map((b) => [b.dataset.space, b.dataset.level, b.dataset.worker || null]));

  async function clickThrough(t) {
    const start = t.start || position(t.god, t.heights);
    await page.goto(`${base}/?game=santorini&mode=humans&position=${encodeURIComponent(start)}`);
    await idle(page);
    for (const [i, c] of t.clicks.entries()) {
      const last = i === t.clicks.length - 1;
      if (t.far && c === t.far) {
        assert.equal(await page.$eval(`.sant button[data-space="${c}"]`, (b) => b.classList.contains('far')), true, `${t.god}: ${c} is marked as more than one step away`);
      }
      if (t.offered && i === 1) {
        assert.equal(await page.isVisible(`#steps [data-step="${t.offered}"]`), true, `${t.god}: the ${t.offered} step is offered`);
      }
      if (c.startsWith('#')) {
        if (c === '#turn-done') assert.equal(await page.getAttribute(c, 'data-move'), t.turn, `${t.god}: Done plays ${t.turn}`);
        await page.click(c);
      } else {
        await page.click(`.sant button[data-space="${c}"]`);
      }
      if (!last) {
        assert.equal(movesOf(page), '', `${t.god}: nothing played after click ${i + 1} (${c})`);
      }
    }
    await page.waitForFunction((turn) => (new URL(location.href).searchParams.get('moves') || '').replace(/;$/, '') === turn, t.turn);
    await idle(page);
    // The board shown is the API's position after the turn.
    const { status, body } = await api('santorini/state', { position: start, moves: `${t.turn};` });
    assert.equal(status, 200, body.error);
    const expected = body.spaces.map((s, i) => [s, String(body.levels[i]), body.workers[1].includes(s) ? '1' : body.workers[2].includes(s) ? '2' : null]);
    assert.deepEqual(await shown(page), expected, `${t.god}: the board after ${t.turn}`);
    const at = Object.fromEntries(expected.map(([s, l, w]) => [s, { l, w }]));
    for (const [s, w] of Object.entries(t.workers || {})) assert.equal(at[s].w, w, `${t.god}: worker on ${s}`);
    for (const [s, l] of Object.entries(t.levels || {})) assert.equal(at[s].l, l, `${t.god}: level of ${s}`);
    // A god's token (Europa's talus, Clio's coin) drawn on its space, in its player's colour, as the API marks it.
    for (const [s, p] of Object.entries(t.tokens || {})) {
      const drawn = await page.$$eval(`.sant button[data-space="${s}"] .token`, (ts) => ts.map((e) => e.dataset.token));
      assert.deepEqual(drawn, p ? [p] : [], `${t.god}: token on ${s}`);
      assert.equal(body.marked['1'].includes(s) || body.marked['2'].includes(s), !!p, `${t.god}: the API marks ${s}`);
    }
    return body;
  }

  await check('Santorini gods: a turn with each god, by clicks', async () => {
    const played = new Set();
    for (const t of TURNS) {
      const body = await clickThrough(t);
      played.add(t.god);
      if (t.status) assert.equal(await page.textContent('#status'), t.status);
      if (t.god === 'atlas') assert.equal(await page.$$eval('.sant button[data-space="A5"] .dome', (d) => d.length), 1, 'a dome drawn on A5');
      if (t.god === 'hephaestus') assert.equal(await page.$$eval('.sant button[data-space="A5"] .tier', (d) => d.length), 2, 'two blocks drawn on A5');
      if (t.blocked) {
        assert.equal(body.up_blocked, true);
        assert.equal(await page.textContent('#athena-note'), `${t.blocked}: Yellow cannot move up this turn.`);
      }
    }
    const { body: listed } = await api('santorini/gods', {});
    const every = listed.gods.map((g) => g.god).filter((g) => g !== 'mortal').sort();
    assert.deepEqual([...played].sort(), every, 'every god of /api/santorini/gods');
    // After Prometheus' turn (it holds a blank), Yellow plays: the moves end with `;`.
    await page.click('.sant button[data-space="C4"]');
    await page.click('.sant button[data-space="C5"]');
    await page.click('.sant button[data-space="D5"]');
    await page.waitForFunction(() => (new URL(location.href).searchParams.get('moves') || '') === '^A3 B3>A4^A5; C4>C5^D5;');
    await idle(page);
    const link = page.url();
    const fresh = await context.newPage();
    await fresh.goto(link);
    await idle(fresh);
    assert.deepEqual(await shown(fresh), await shown(page), 'the link shows the same board');
    assert.match(await fresh.textContent('#status'), /^Red \(Prometheus\) to move and build/);
    await fresh.close();
  });

  await check('Santorini gods: optional steps are offered and skipped', async () => {
    for (const t of SKIPS) await clickThrough(t);
    // Atlas: the dome is offered after the build, beside Done.
    await page.goto(`${base}/?game=santorini&mode=humans&position=${encodeURIComponent(position('atlas'))}`);
    await idle(page);
    for (const c of ['B3', 'B4', 'A5']) await page.click(`.sant button[data-space="${c}"]`);
    assert.deepEqual(await page.$$eval('#steps button', (bs) => bs.map((b) => b.textContent)),
      ['Dome instead of a block (Atlas)', 'Done: B3>B4^A5', 'Cancel']);
    assert.equal(await page.textContent('#status'), 'Red (Atlas) to move and build: a dome may replace the block, or Done');
    await page.click('#turn-cancel');
    assert.equal(await page.$$eval('#steps button', (bs) => bs.length), 0, 'Cancel takes the steps back');
    assert.equal(movesOf(page), '');
  });

  await check('Santorini gods: picked from the cards, carried by the link, random drawn', { apiErrors: true }, async () => {
    const { body: gods } = await api('santorini/gods', {});
    await page.goto(`${base}/?game=santorini&mode=humans`);
    await idle(page);
    const cards = await page.$$eval('#god-cards .god-card', (cs) => cs.map((c) => [c.dataset.god, c.querySelector('b').textContent, c.querySelector('span').textContent]));
    assert.deepEqual(cards.slice(0, -1), gods.gods.map((g) => [g.god, g.title, g.power]), 'a card a god, its power in the library\'s words');
    assert.equal(cards[cards.length - 1][0], 'random');
    // The search field keeps the cards whose name holds its text.
    const visible = () => page.$$eval('#god-cards .god-card', (cs) => cs.filter((c) => !c.hidden && c.offsetParent !== null).map((c) => c.dataset.god));
    await page.fill('#god-search', 'HER');
    assert.deepEqual(await visible(), ['hermes', 'hera']);
    await page.fill('#god-search', '');
    assert.equal((await visible()).length, cards.length);
    await page.click('#god-cards .god-card[data-god="atlas"]');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('gods') === 'atlas,mortal');
    await idle(page);
    await page.click('.god-tab[data-player="2"]');
    await page.click('#god-cards .god-card[data-god="pan"]');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('gods') === 'atlas,pan');
    await idle(page);
    assert.deepEqual(await page.$$eval('#gods-now dd', (ds) => ds.map((d) => d.dataset.god)), ['atlas', 'pan']);
    assert.match(await page.textContent('#status'), /^Red \(Atlas\) to place both workers/);
    await page.click('.sant button[data-space="B3"]');
    await page.click('.sant button[data-space="D3"]');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('moves') === 'B3,D3');
    await idle(page);
    // The link: the same gods and workers in a fresh page, and the API agrees.
    const link = page.url();
    const fresh = await context.newPage();
    await fresh.goto(link);
    await idle(fresh);
    assert.deepEqual(await fresh.$$eval('#gods-now dd', (ds) => ds.map((d) => d.dataset.god)), ['atlas', 'pan']);
    assert.equal(await fresh.getAttribute('.sant button[data-space="D3"]', 'data-worker'), '1');
    const { body: state } = await api('santorini/state', { position: '0000000000000000000000000/1/atlas/pan', moves: 'B3,D3' });
    assert.match(await fresh.textContent('#status'), /^Yellow \(Pan\) to place both workers/);
    assert.equal(state.to_move, 2);
    // Random: the server draws one of the ten; the link names the god drawn.
    await fresh.click('#god-cards .god-card[data-god="random"]');
    await fresh.waitForFunction(() => /^(?!random)[a-z]+,pan$/.test(new URL(location.href).searchParams.get('gods') || '') && !new URL(location.href).searchParams.get('moves'));
    await idle(fresh);
    const drawn = new URL(fresh.url()).searchParams.get('gods').split(',')[0];
    assert.ok(gods.gods.slice(1).some((g) => g.god === drawn), `${drawn} is one of the ten`);
    assert.equal(await fresh.getAttribute('#god-cards .god-card[data-god="random"]', 'aria-pressed'), 'true');
    assert.deepEqual(await fresh.$$eval('#gods-now dd', (ds) => ds.map((d) => d.dataset.god)), [drawn, 'pan']);
    // A god that is not one: the API's words.
    await fresh.goto(`${base}/?game=santorini&gods=chaos,pan`);
    await idle(fresh);
    assert.match(await fresh.textContent('#status'), /^bad `pick`: "chaos" is not a god: use mortal, apollo/);
    await fresh.close();
  });
}
