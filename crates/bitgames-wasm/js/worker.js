// The engines' worker of the static page (scripts/build-site): answers the
// page's requests (api.js) with the JSON API's answers, computed by the
// engines in WebAssembly (bitgames_wasm.js, made by wasm-bindgen), so the
// page never freezes while an engine thinks.
//
// Messages in: {id, path, query, stream}. Out: {id, line} for each line of a
// streamed answer, then {id, reply: {status, body}}; or {id, error} if the
// module itself failed.
//
// The Connect Four book (5 MB) is fetched once the worker starts, without
// holding up the first answers; 7x6 Connect Four searches wait for it (a second
// or so on a slow line) and, if it cannot be had, run without it: still
// right, exact where they finish in their time and saying which columns are not.

import init, { respond, respond_lines, setConnect4Book } from './bitgames_wasm.js';

const ready = init({ module_or_path: new URL('./bitgames_wasm_bg.wasm', import.meta.url) });

const book = ready.then(async () => {
  try {
    const response = await fetch(new URL('./7x6-standard.book', import.meta.url));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    setConnect4Book(new Uint8Array(await response.arrayBuffer()));
  } catch (e) {
    console.warn(`bitgames: no Connect Four book (${e.message}): the analysis searches without it`);
  }
});

/** Whether a request searches the 7x6 board (and so waits for its book):
 *  other sizes have no book, and do not wait for it. */
const needsBook = (path, query) => {
  if (path !== 'connect4/analyze' && path !== 'connect4/bestmove') return false;
  const size = new URLSearchParams(query).get('size');
  return size === null || size.trim().toLowerCase() === '7x6';
};

// One request at a time, in the order they came.
let queue = Promise.resolve();

self.onmessage = (e) => {
  const { id, path, query, stream } = e.data;
  queue = queue.then(async () => {
    try {
      await ready;
      if (needsBook(path, query)) await book;
      let reply;
      if (stream) {
        reply = respond_lines(path, query, (line) => { self.postMessage({ id, line }); return true; });
        if (reply.status === 200) self.postMessage({ id, line: reply.body });
      } else {
        reply = respond(path, query);
      }
      self.postMessage({ id, reply });
    } catch (err) {
      self.postMessage({ id, error: String(err && err.message ? err.message : err) });
    }
  });
};
