// The engines' speed in WebAssembly, in headless Chromium, against the native
// command. Serve a site built by scripts/build-site, then:
//
//   bitgames-tools connect4 bench --analysis 84 --list > /tmp/positions.txt
//   BITGAMES_BIN=target/release/bitgames node e2e/wasm_bench.mjs http://127.0.0.1:PORT /tmp/positions.txt
//
// - Connect Four: every column of each position analysed exactly, in the page
//   (the module on the page's thread, as the worker runs it: one thread, one
//   solver kept between positions, its table reused), the book handed over
//   first; the median and worst seconds, and whether every answer is exact.
// - Santorini: the engine (network evaluation) to a fixed depth from a few
//   positions, nodes per second in WebAssembly and natively (`bitgames
//   bestmove santorini POS --depth D --json`, one thread).

import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [base, positionsFile, depthArg = '7'] = process.argv.slice(2);
if (!base || !positionsFile) {
  console.error('usage: [BITGAMES_BIN=...] node e2e/wasm_bench.mjs http://127.0.0.1:PORT POSITIONS_FILE [SANTORINI_DEPTH]');
  process.exit(2);
}
const positions = readFileSync(positionsFile, 'utf8').split('\n').map((l) => l.trim()).filter((l, i, all) => l || i < all.length - 1);
const depth = Number(depthArg);
const santorini = [
  '0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2',
  '0000000000000000000000000/1/mortal:B2,D4/mortal:C3,B4',
  '1000002100012000100000000/1/mortal:B3,D3/mortal:C4,C2',
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run'],
});
const page = await browser.newPage();
page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
await page.goto(`${base}/?game=tictactoe`);
const result = await page.evaluate(async ({ positions, santorini, depth }) => {
  const m = await import('./assets/bitgames_wasm.js');
  await m.default();
  const bytes = new Uint8Array(await (await fetch('./assets/7x6-standard.book')).arrayBuffer());
  let t = performance.now();
  m.setConnect4Book(bytes);
  const bookMs = performance.now() - t;
  const c4 = [];
  for (const moves of positions) {
    t = performance.now();
    const a = m.analyzeConnect4(moves, 60000);
    c4.push({ moves, seconds: (performance.now() - t) / 1000, complete: a.complete });
  }
  window.bench = m;
  return { bookMs, c4 };
}, { positions });

const secs = result.c4.map((r) => r.seconds).sort((a, b) => a - b);
const median = secs[Math.floor(secs.length / 2)];
const worst = secs[secs.length - 1];
const exact = result.c4.filter((r) => r.complete).length;
console.log(`Connect Four in Chromium (wasm): ${result.c4.length} positions, median ${median.toFixed(4)} s, worst ${worst.toFixed(3)} s, exact ${exact}/${result.c4.length}; book parsed in ${result.bookMs.toFixed(0)} ms`);
const slowest = [...result.c4].sort((a, b) => b.seconds - a.seconds).slice(0, 3);
console.log(`  slowest: ${slowest.map((r) => `${r.moves} (${r.moves.length} stones) ${r.seconds.toFixed(3)} s`).join('; ')}`);

const rate = (rows) => rows.reduce((s, r) => s + r.nodes, 0) / rows.reduce((s, r) => s + r.seconds, 0);
/** The Santorini searches in the page (the module loaded above). */
const inWasm = () => page.evaluate(({ santorini, depth }) => santorini.map((position) => {
  const t = performance.now();
  const r = window.bench.bestMove('santorini', position, '', 60000, depth);
  return { nodes: r.nodes, seconds: (performance.now() - t) / 1000 };
}), { santorini, depth });
/** The same natively, one thread (`bitgames bestmove`), when BITGAMES_BIN is set. */
const native = () => santorini.map((position) => {
  const r = JSON.parse(execFileSync(process.env.BITGAMES_BIN, ['bestmove', 'santorini', position, '--depth', String(depth), '--time', '60s', '--json'], { encoding: 'utf8' }));
  return { nodes: r.nodes, seconds: r.time_ms / 1000 };
});
// Rounds that alternate the two, so that a busy machine slows both alike.
const ratios = [];
for (let round = 1; round <= 3; round += 1) {
  const w = rate(await inWasm());
  let line = `Santorini round ${round}, depth ${depth}: wasm ${(w / 1e6).toFixed(2)} M nodes/s`;
  if (process.env.BITGAMES_BIN) {
    const n = rate(native());
    ratios.push(w / n);
    line += `, native one thread ${(n / 1e6).toFixed(2)} M nodes/s, wasm/native ${(w / n).toFixed(2)}`;
  }
  console.log(line);
}
if (ratios.length) console.log(`wasm/native, median of the rounds: ${[...ratios].sort((a, b) => a - b)[1].toFixed(2)}`);
await browser.close();
if (exact !== result.c4.length) process.exit(1);
