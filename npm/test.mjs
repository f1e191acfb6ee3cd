// The npm package from Node: run by crates/bitgames-wasm/tests/npm.rs in a
// fresh project where the packed tarball (`npm pack`) is installed, so
// `bitgames` resolves as a user's would. Exits non-zero on a failed check.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import init, { analyzeConnect4, bestMove, hasConnect4Book, legal, respond, setConnect4Book, tictactoeAnalyze } from 'bitgames';

const file = (name) => readFile(new URL(import.meta.resolve(`bitgames/${name}`)));
await init({ module_or_path: await file('bitgames_wasm_bg.wasm') });

// Before the book: right, and saying what is not exact.
assert.equal(hasConnect4Book(), false);
const early = analyzeConnect4('', 50);
assert.equal(early.book, false);
assert.ok(early.complete || early.note.includes('not every column was solved exactly'), early.note);

const entries = setConnect4Book(await file('7x6-standard.book'));
assert.equal(entries, 634489, 'the positions of the built-in book');
assert.equal(hasConnect4Book(), true);

// Connect Four, as `bitgames connect4 analyze 4453 --json` says.
const a = analyzeConnect4('4453', 3000);
assert.equal(a.complete, true);
assert.deepEqual(a.scores, [-5, -5, -2, -3, -4, -2, -2]);
assert.deepEqual(a.best_columns, [3, 6, 7]);
assert.equal(a.score_text, 'loss in 18');
assert.deepEqual(analyzeConnect4('44444333325', 5000).scores, [-4, 0, -14, -14, 0, -2, -4]);
assert.deepEqual(analyzeConnect4('', 3000).scores, [-2, -1, 0, 1, 0, -1, -2], 'the empty board, from the book');

// The Santorini engine: a legal move, with its network evaluation.
const placed = 'B3,D3 C4,C2';
const m = bestMove('santorini', '-', placed, 300);
assert.equal(typeof m.engine, 'string');
assert.ok(legal('santorini', '-', placed).legal_moves.includes(m.best), `${m.best} is legal`);
assert.ok(m.nodes > 0 && m.depth >= 1, 'it searched');
assert.equal(bestMove('connect4', '4453', '', 1000).exact, true);
assert.equal(bestMove('tictactoe', '', '1', 100).best, '5');

// Tic-tac-toe and any game's legal moves.
assert.deepEqual(legal('tictactoe', '', '1 5').legal_moves, ['2', '3', '4', '6', '7', '8', '9']);
assert.equal(tictactoeAnalyze('1524').best, 3);

// Bad input: an Error naming it; the raw API answers with its status.
assert.throws(() => analyzeConnect4('4444444'), /column 4 is full/);
assert.throws(() => bestMove('chess', '', ''), /chess/);
assert.equal(respond('connect4/state', 'moves=44x').status, 400);
assert.equal(respond('nowhere', '').status, 404);
assert.equal(respond('/api/games', '').body.games.length, 3);

console.log('npm package: every check passed');
