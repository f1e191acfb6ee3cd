// Santorini turns as clicks: the API lists every legal turn with the orders
// of steps that make it (`turns`: [{turn, paths}]), and a turn is built step
// by step by keeping the turns whose path starts with the steps taken. The
// page never reads the move notation and never decides what is legal: it
// only offers the library's steps.
//
// A step is a string, as the library writes it: `select:B3` (the worker on
// B3 moves next), `move:C4` (it ends its move on C4), `build:A5`,
// `dome:E5` (a dome on that space), `remove:D4` (a block taken away),
// `force:C4` (the opponent's worker there forced on: ferried, dragged),
// `act:D4` (the mover's god acts there: Europa's talus; the API's `act` says how),
// `keep:D4` (the opponent's worker that a swap leaves: Nemesis), `female:B3`
// (the female worker: named at placement, or placed by Nemesis' swap), `place:B3`
// (setup, or Jason's kept worker), or a step that is a button (`dome`, `build-first`, `stay`,
// `swap-all`:
// the API's `buttons` give their words).

/** Every legal turn with its paths: [{text, path}], one entry a path. */
export function turnPaths(turns) {
  const out = [];
  for (const { turn, paths } of turns) for (const path of paths) out.push({ text: turn, path });
  return out;
}

function startsWith(path, steps) {
  return steps.length <= path.length && steps.every((s, i) => path[i] === s);
}

/**
 * Where the steps taken stand: `next` (the steps that may follow, each
 * once), `done` (the turn the steps make when they stop here, or null), and
 * `only` (the turn they make when nothing else may follow: play it).
 */
export function stepsAt(paths, steps) {
  const next = new Set();
  let done = null;
  for (const { text, path } of paths) {
    if (!startsWith(path, steps)) continue;
    if (path.length === steps.length) done = done || text;
    else next.add(path[steps.length]);
  }
  return { next, done, only: done && next.size === 0 ? done : null, valid: !!done || next.size > 0 };
}

/** The space of a step (`move:C4`: C4), or null for a button. */
export function spaceOf(step) {
  const at = step ? step.indexOf(':') : -1;
  return at >= 0 ? step.slice(at + 1) : null;
}

/** The kind of a step: `select`, `move`, `build`, `place`, or the button's name. */
export function kindOf(step) {
  const at = step.indexOf(':');
  return at >= 0 ? step.slice(0, at) : step;
}

/** The squares between two spaces as a king walks (Artemis' two steps: 2). */
export function distance(a, b) {
  return Math.max(Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), Math.abs(Number(a[1]) - Number(b[1])));
}

/**
 * What the steps taken do to the board, to draw them before the turn is
 * played: `moved` (origin: end), `built` (space: blocks added, or taken
 * away when negative), `domed`.
 */
export function preview(steps) {
  const moved = new Map();
  const built = new Map();
  let domed = null;
  let worker = null;
  let lastBuild = null;
  for (const s of steps) {
    const k = kindOf(s);
    const at = spaceOf(s);
    if (k === 'select') worker = at;
    else if (k === 'move' && worker) moved.set(worker, at);
    else if (k === 'build') {
      built.set(at, (built.get(at) || 0) + 1);
      lastBuild = at;
    } else if (k === 'dome') domed = at || lastBuild;
    else if (k === 'remove') built.set(at, (built.get(at) || 0) - 1);
  }
  return { moved, built, domed };
}
