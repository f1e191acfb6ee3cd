// Santorini turns as clicks: every legal turn of the API (`legal_moves`) is
// turned into the paths of steps that build it, and a turn is built step by
// step by keeping the turns whose path starts with the steps taken. The page
// never decides what is legal: it only picks among the API's turns.
//
// A step is a string: `w:B3` (select the worker on B3), `m:C4` (it moves to
// C4), `b:A5` (a build on A5), `p:B3` (a worker placed on B3), or one of the
// buttons: `pre` (Prometheus builds before moving), `stay` (Hermes builds
// without moving), `dome` (Atlas' dome instead of a block).

const SPACE = '[A-E][1-5]';
const MOVE = new RegExp(`^(${SPACE})>(${SPACE})(?:(#)|\\^(\\^)?(${SPACE})(?:\\^(${SPACE}))?(X)?)$`);
const BOTH = new RegExp(`^\\((${SPACE}),(${SPACE})\\)>\\((${SPACE}),(${SPACE})\\)\\^(${SPACE})$`);
const FIRST = new RegExp(`^\\^(${SPACE}) (.+)$`);
const STAY = new RegExp(`^\\^(${SPACE})$`);

/** The buttons' steps, with the words of their button. */
export const BUTTONS = {
  pre: 'Build before moving (Prometheus)',
  stay: 'Build without moving (Hermes)',
  dome: 'Dome instead of a block (Atlas)',
};

/** The paths of a move and its builds, `A1>B2^C3` and the gods' forms of it. */
function movePaths(text) {
  const m = MOVE.exec(text);
  if (!m) return [];
  const [, from, to, win, again, build, second, dome] = m;
  const head = [`w:${from}`, `m:${to}`];
  if (win) return [head];
  if (again) return [[...head, `b:${build}`, `b:${build}`]]; // Hephaestus: the same space twice
  if (second) return [[...head, `b:${build}`, `b:${second}`], [...head, `b:${second}`, `b:${build}`]]; // Demeter: either order
  if (dome) return [[...head, `b:${build}`, 'dome']];
  return [[...head, `b:${build}`]];
}

/**
 * The paths of clicks that build the turn `text` (several when the notation
 * allows several: Demeter's builds in either order, Hermes' two workers
 * either first). `singles`: the set of the listed one-worker moves `A1>B2`,
 * to offer Hermes' two workers the other pairing of their ends where each
 * worker can reach the other end alone on the same level.
 */
export function pathsOf(text, singles, levels) {
  if (text.includes(',') && !text.startsWith('(')) {
    const [a, b] = text.split(',');
    return [[`p:${a}`, `p:${b}`], [`p:${b}`, `p:${a}`]];
  }
  let m = FIRST.exec(text);
  if (m) return movePaths(m[2]).map(([w, ...rest]) => [w, 'pre', `b:${m[1]}`, ...rest]);
  m = STAY.exec(text);
  if (m) return [['stay', `b:${m[1]}`]];
  m = BOTH.exec(text);
  if (m) {
    const [, f1, f2, t1, t2, build] = m;
    const pairings = [[[f1, t1], [f2, t2]]];
    const sameLevel = levels && levels(f1) === levels(f2);
    if (sameLevel && singles.has(`${f1}>${t2}`) && singles.has(`${f2}>${t1}`)) pairings.push([[f1, t2], [f2, t1]]);
    const paths = [];
    for (const [a, b] of pairings) {
      for (const [x, y] of [[a, b], [b, a]]) paths.push([`w:${x[0]}`, `m:${x[1]}`, `w:${y[0]}`, `m:${y[1]}`, `b:${build}`]);
    }
    return paths;
  }
  return movePaths(text);
}

/** Every legal turn with its paths: [{text, path}], one entry a path. */
export function turnPaths(legal, levelOf) {
  const singles = new Set();
  for (const t of legal) {
    const m = MOVE.exec(t);
    if (m) singles.add(`${m[1]}>${m[2]}`);
  }
  const out = [];
  for (const text of legal) for (const path of pathsOf(text, singles, levelOf)) out.push({ text, path });
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

/** The space of a step (`m:C4`: C4), or null for a button. */
export function spaceOf(step) {
  return step && step.includes(':') ? step.slice(2) : null;
}

/** The kind of a step: `w`, `m`, `b`, `p`, or the button's name. */
export function kindOf(step) {
  return step.includes(':') ? step[0] : step;
}

/** The squares between two spaces as a king walks (Artemis' two steps: 2). */
export function distance(a, b) {
  return Math.max(Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), Math.abs(Number(a[1]) - Number(b[1])));
}

/**
 * What the steps taken do to the board, to draw them before the turn is
 * played: `moved` (origin: end), `built` (space: blocks added), `domed`.
 */
export function preview(steps) {
  const moved = new Map();
  const built = new Map();
  let domed = null;
  let worker = null;
  for (const s of steps) {
    const k = kindOf(s);
    const at = spaceOf(s);
    if (k === 'w') worker = at;
    else if (k === 'm' && worker) moved.set(worker, at);
    else if (k === 'b') built.set(at, (built.get(at) || 0) + 1);
    else if (k === 'dome') domed = spaceOf(steps[steps.length - 2]);
  }
  return { moved, built, domed };
}
