// The one interface the page's modules ask: the JSON API's answers, one at a
// time or streamed line by line (NDJSON). Two backends give the same answers:
//
// - `server`: `fetch('/api/...')`, served by `bitgames serve`;
// - `worker`: a Web Worker (worker.js) running the engines in WebAssembly
//   (bitgames_api's answers, compiled into bitgames_wasm.wasm), for the page
//   built as static files by `scripts/build-site`.
//
// The backend is chosen once: `?backend=server` or `?backend=worker` in the
// link forces it; otherwise the static build's `assets/site.json` (written by
// scripts/build-site, absent from the server) says `worker`, and without it
// the page asks the server.

/** An answer that is not a success: its status and its body (`{"error": ...}` and more). */
export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

function abortError() {
  return new DOMException('the request was stopped', 'AbortError');
}

async function bodyOf(response) {
  try {
    return await response.json();
  } catch (_) {
    return null;
  }
}

// ---------------------------------------------------------------- server

const server = {
  name: 'server',
  async api(path, params, signal) {
    const query = new URLSearchParams(params).toString();
    const response = await fetch(`/api/${path}${query ? '?' + query : ''}`, { signal });
    const body = await bodyOf(response);
    if (!response.ok) throw new ApiError(response.status, body);
    return body;
  },
  async apiLines(path, params, onLine, signal) {
    const query = new URLSearchParams(params).toString();
    const response = await fetch(`/api/${path}?${query}`, { signal });
    if (!response.ok) throw new ApiError(response.status, await bodyOf(response));
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (line) onLine(JSON.parse(line));
      }
    }
  },
};

// ---------------------------------------------------------------- worker

/**
 * The worker backend: one worker answers the requests in turn. A request
 * stopped while the worker computes it terminates the worker (a search in
 * WebAssembly cannot be interrupted otherwise); the requests still waiting
 * go to a fresh worker.
 */
function workerBackend() {
  let worker = null;
  let nextId = 1;
  const pending = new Map(); // id -> { message, resolve, reject, onLine }

  function start() {
    worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (e) => {
      const { id, line, reply, error } = e.data;
      const p = pending.get(id);
      if (!p) return;
      if (line !== undefined) {
        if (p.onLine) p.onLine(line);
        return;
      }
      pending.delete(id);
      if (error !== undefined) p.reject(new Error(`the engines' worker failed: ${error}`));
      else if (reply.status !== 200) p.reject(new ApiError(reply.status, reply.body));
      else p.resolve(reply.body);
    };
    worker.onerror = (e) => {
      const why = new Error(`the engines' worker failed to start: ${e.message || 'see the console'}`);
      for (const p of pending.values()) p.reject(why);
      pending.clear();
      worker = null;
    };
    for (const [id, p] of pending) worker.postMessage({ id, ...p.message });
  }

  function restart() {
    if (worker) worker.terminate();
    worker = null;
    if (pending.size) start();
  }

  function ask(path, params, onLine, signal) {
    if (signal && signal.aborted) return Promise.reject(abortError());
    const id = nextId++;
    const message = { path, query: new URLSearchParams(params).toString(), stream: !!onLine };
    return new Promise((resolve, reject) => {
      pending.set(id, { message, resolve, reject, onLine });
      if (signal) {
        signal.addEventListener('abort', () => {
          if (!pending.has(id)) return;
          pending.delete(id);
          reject(abortError());
          restart();
        }, { once: true });
      }
      if (!worker) start();
      else worker.postMessage({ id, ...message });
    });
  }

  return {
    name: 'worker',
    api: (path, params, signal) => ask(path, params, null, signal),
    apiLines: (path, params, onLine, signal) => ask(path, params, onLine, signal).then(() => undefined),
  };
}

// ---------------------------------------------------------------- choice

async function choose() {
  const forced = new URLSearchParams(location.search).get('backend');
  if (forced === 'server') return server;
  if (forced === 'worker') return workerBackend();
  try {
    const response = await fetch(new URL('./site.json', import.meta.url), { cache: 'no-cache' });
    if (response.ok && (await response.json()).backend === 'worker') return workerBackend();
  } catch (_) {
    // No site.json: the page is served by `bitgames serve`.
  }
  return server;
}

let chosen = null;
/** The backend of this page (chosen on the first request). */
export function backend() {
  if (!chosen) chosen = choose();
  return chosen;
}

/** GET /api/{path}?{params}: the JSON answer, or an ApiError. */
export async function api(path, params, signal) {
  return (await backend()).api(path, params, signal);
}

/** Reads an NDJSON answer line by line as it arrives: onLine(object) per line. */
export async function apiLines(path, params, onLine, signal) {
  return (await backend()).apiLines(path, params, onLine, signal);
}
