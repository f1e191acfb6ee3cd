// The JSON API of `bitgames serve` (under /api): one answer, or a streamed
// answer read line by line (NDJSON).

/** An answer that is not a success: its status and its body (`{"error": ...}` and more). */
export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

async function bodyOf(response) {
  try {
    return await response.json();
  } catch (_) {
    return null;
  }
}

/** GET /api/{path}?{params}: the JSON answer, or an ApiError. */
export async function api(path, params) {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`/api/${path}${query ? '?' + query : ''}`);
  const body = await bodyOf(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

/** Reads an NDJSON answer line by line as it arrives: onLine(object) per line. */
export async function apiLines(path, params, onLine, signal) {
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
}
