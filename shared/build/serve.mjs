#!/usr/bin/env node
/**
 * A small static server for one built app (docs/rules/front-end-build.md §3): loopback only, gzip, CORS for
 * remotes, SPA fallback for the shell, no-cache for the files that name other files
 * (index.html, remotes.json, mf-manifest.json, remoteEntry.js), immutable for hashed chunks.
 * The shell's server also proxies /api and /socket.io (including websocket upgrades) to the API,
 * so the product lives on one origin. The proxy passes the API's own answers through, including
 * its refusals of a request that is too large (431 headers, 413 body): its header limit is above
 * the API's, and a request body is read whole (up to MAX_PROXIED_BODY_BYTES) before it is sent, so
 * that a request the API answered early and closed on can be sent again (see sendUpstream).
 * An error answer that lacks the API's `{ data: { code }, message }` shape (one the HTTP layer
 * wrote before any route ran) is given that shape, with the same status and a plain message.
 *
 * `csp` (the shell's: csp.mjs) is sent as the Content-Security-Policy of every file it serves; a
 * unit without one (a remote) sends NOT_FRAMED, and every unit X-Frame-Options DENY: no page of
 * the product may be framed (csp.mjs). A policy given without frame-ancestors is refused at start.
 *
 *   node serve.mjs --root shell/dist --port 8080 --spa --proxy http://127.0.0.1:8090 [--remotes file] [--csp policy]
 */
import { STATUS_CODES, createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { NOT_FRAMED, X_FRAME_OPTIONS } from './csp.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8', '.woff2': 'font/woff2',
};
/** Revalidated on every load: files that name other files, and the shell's service worker, offline page and app icons (ADR 0076). */
const NO_CACHE = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json', 'sw.js', 'offline.html', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png']);
const PROXIED = ['/api', '/socket.io'];

/** Above the API's own limit (Node's 16 KB), so the API answers an oversized request line itself. */
export const PROXY_MAX_HEADER_BYTES = 1024 * 1024;
/** Above the largest body the API accepts (a 5 MB screenshot in a multipart form). */
export const MAX_PROXIED_BODY_BYTES = 16 * 1024 * 1024;
/** An error answer is read whole (to check its shape) only up to this size; larger ones stream. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;
/** How long a request sent again after an early close waits for the API's answer before its body. */
const EARLY_ANSWER_WAIT_MS = 2000;

/**
 * The API's code and message for an error status, used when an answer (or the proxy itself)
 * has to speak for the API: the codes are those of ERROR_CODES in @backlay/shared/contracts.
 */
export const EDGE_ERRORS = {
  400: { code: 'VALIDATION', message: 'The request could not be read' },
  408: { code: 'VALIDATION', message: 'The request took too long to arrive' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
  414: { code: 'URI_TOO_LONG', message: 'The address of the request is too long' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request content type is not accepted' },
  422: { code: 'UNPROCESSABLE', message: 'The request could not be processed' },
  431: { code: 'HEADERS_TOO_LARGE', message: 'The request headers or address are too long' },
  502: { code: 'INTERNAL', message: 'The API is not reachable' },
};
/** The API's envelope for an error status (unknown 4xx: VALIDATION, 5xx: INTERNAL, as the API maps them). */
export function edgeErrorBody(status) {
  const known = EDGE_ERRORS[status];
  if (known) return { data: { code: known.code }, message: known.message };
  return status < 500
    ? { data: { code: 'VALIDATION' }, message: 'The request was refused' }
    : { data: { code: 'INTERNAL' }, message: 'Something went wrong. Please try again' };
}
const isApiShape = (body) =>
  typeof body === 'object' && body !== null && typeof body.message === 'string' && typeof body.data === 'object' && body.data !== null && typeof body.data.code === 'string';
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'expect', 'proxy-connection', 'te', 'trailer'];

/**
 * Start a server. `root` may be changed later with `setRoot` (a redeploy without a restart).
 * @returns {Promise<{ port: number, close: () => Promise<void>, setRoot: (dir: string) => void }>}
 */
export async function serve({ root, port, host = '127.0.0.1', spa = false, proxy, remotesFile, csp = NOT_FRAMED }) {
  if (!/(^|;)\s*frame-ancestors /.test(csp)) throw new Error(`the policy of ${root} must say who may frame it (frame-ancestors): ${csp}`);
  let base = resolve(root);
  const gzCache = new Map();
  const proxyUrl = proxy ? new URL(proxy) : null;
  const isProxied = (url) => proxyUrl && PROXIED.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

  const server = createServer({ maxHeaderSize: PROXY_MAX_HEADER_BYTES }, async (req, res) => {
    if (isProxied(req.url)) return forward(req, res);
    const url = new URL(req.url, 'http://x');
    let rel = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    if (rel.endsWith('/')) rel += 'index.html';
    const override = Boolean(remotesFile) && rel === '/remotes.json';
    let file = override ? resolve(remotesFile) : join(base, rel);
    if (!override && !file.startsWith(base)) return send(res, 403, 'text/plain', 'Forbidden');
    let info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      if (!spa || extname(rel)) return send(res, 404, 'text/plain', 'Not found');
      file = join(base, 'index.html');
      info = await stat(file).catch(() => null);
      if (!info) return send(res, 404, 'text/plain', 'Not found');
    }
    const name = file.split(/[/\\]/).pop();
    const body = await readFile(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers = {
      'Content-Type': type,
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': NO_CACHE.has(name) ? 'no-cache' : 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
      'Content-Security-Policy': csp,
      'X-Frame-Options': X_FRAME_OPTIONS,
    };
    if (/gzip/.test(req.headers['accept-encoding'] ?? '') && /text|json|svg/.test(type) && body.length > 512) {
      const key = `${file}:${info.mtimeMs}`;
      let gz = gzCache.get(key);
      // Level 9, once per file: what the deployed units serve (deploy/web.Dockerfile gzips every file -9).
      if (!gz) gzCache.set(key, (gz = gzipSync(body, { level: 9 })));
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': gz.length });
      return res.end(req.method === 'HEAD' ? undefined : gz);
    }
    res.writeHead(200, { ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });

  /**
   * Forward one request to the API. The body is read first (one write upstream): the API refuses a
   * body that is too large from its headers, answers at once and closes, and a proxy still
   * streaming the body would see the reset before the answer.
   */
  function forward(req, res) {
    const chunks = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk) => {
      if (refused) return;
      size += chunk.length;
      if (size > MAX_PROXIED_BODY_BYTES) {
        refused = true;
        chunks.length = 0;
        sendJson(res, 413, edgeErrorBody(413), { Connection: 'close' });
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (!refused) sendUpstream(req, res, Buffer.concat(chunks));
    });
  }

  /**
   * Send the request on. The API refuses a body that is too large from its headers alone: it
   * answers (413) and closes while the body is still going out, and the write then fails (EPIPE,
   * ECONNRESET) — often before Node has read the answer, which is lost with the socket. So a
   * request with a body that the API closed on without an answer (as far as the proxy could read)
   * is sent once more, headers first: an API that refuses answers within EARLY_ANSWER_WAIT_MS and
   * the body is never sent; otherwise the body follows. A handler that ran answers before its
   * connection closes, an API that died meanwhile refuses the repeat (502), and the calls that move
   * money carry an Idempotency-Key, so the repeat cannot act twice.
   */
  function sendUpstream(req, res, body, retry = false) {
    const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress };
    for (const h of HOP_BY_HOP) delete headers[h];
    const withBody = body.length > 0;
    if (withBody || req.headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
    let answered = false;
    let waiting = null;
    const upstream = httpRequest(
      // A request with a body gets a connection of its own: the API may close it early.
      { host: proxyUrl.hostname, port: proxyUrl.port, method: req.method, path: req.url, headers, ...(withBody ? { agent: false } : {}) },
      (up) => {
        answered = true;
        clearTimeout(waiting);
        relay(up, res, req.url === '/api' || req.url.startsWith('/api/') || req.url.startsWith('/api?'));
      },
    );
    // An error after the answer arrived does not replace it.
    upstream.on('error', (error) => {
      if (answered) return;
      answered = true;
      clearTimeout(waiting);
      if (withBody && !retry && (error.code === 'EPIPE' || error.code === 'ECONNRESET')) sendUpstream(req, res, body, true);
      else sendJson(res, 502, edgeErrorBody(502));
    });
    if (!retry) return upstream.end(body);
    upstream.flushHeaders();
    waiting = setTimeout(() => upstream.end(body), EARLY_ANSWER_WAIT_MS);
  }

  /** Pass the API's answer on; an /api error answer without the API's shape is given it. */
  function relay(up, res, apiRoute) {
    const status = up.statusCode ?? 502;
    const length = Number(up.headers['content-length'] ?? NaN);
    const mayReshape = apiRoute && status >= 400 && !up.headers['content-encoding'] && !(length > MAX_ERROR_BODY_BYTES);
    if (!mayReshape) {
      res.writeHead(status, up.headers);
      up.pipe(res);
      return;
    }
    const parts = [];
    let size = 0;
    up.on('data', (c) => {
      size += c.length;
      if (size <= MAX_ERROR_BODY_BYTES) parts.push(c);
    });
    up.on('error', () => {});
    const finish = () => {
      if (res.headersSent) return;
      const raw = Buffer.concat(parts);
      let parsed = null;
      try {
        if (size <= MAX_ERROR_BODY_BYTES) parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        parsed = null;
      }
      if (isApiShape(parsed)) {
        const headers = { ...up.headers };
        delete headers['transfer-encoding'];
        res.writeHead(status, { ...headers, 'content-length': raw.length });
        res.end(raw);
      } else {
        sendJson(res, status, edgeErrorBody(status));
      }
    };
    up.on('end', finish);
    up.on('close', finish);
  }

  // A request the proxy's own HTTP parser refuses (headers above even PROXY_MAX_HEADER_BYTES, a
  // malformed request) gets the API's envelope too, not a bare status line or a reset.
  // An idle keep-alive connection is kept as long as the API keeps its own (Fastify's 72 s), not
  // Node's 5 s: a client that sends on a connection just as the server closes it gets a reset
  // (ECONNRESET, "socket hang up") instead of an answer, which a busy machine made likely (CI saw it).
  server.keepAliveTimeout = 72_000;
  server.headersTimeout = 73_000;
  server.on('clientError', (error, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const text = JSON.stringify(edgeErrorBody(status));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  });

  // Websocket upgrades (socket.io) are piped as raw TCP to the API.
  server.on('upgrade', (req, socket, head) => {
    if (!isProxied(req.url)) return socket.destroy();
    const up = connect(Number(proxyUrl.port), proxyUrl.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head?.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });

  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  return {
    port: server.address().port,
    setRoot: (dir) => { base = resolve(dir); gzCache.clear(); },
    close: () => new Promise((ok) => { server.close(() => ok()); server.closeAllConnections(); }),
  };
}

function sendJson(res, status, body, headers = {}) {
  if (res.headersSent) return res.end();
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Access-Control-Allow-Origin': '*', ...headers });
  res.end(text);
}

function send(res, status, type, body) {
  if (res.headersSent) return res.end();
  res.writeHead(status, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' });
  res.end(body);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : undefined; };
  const s = await serve({ root: opt('root'), port: Number(opt('port')), spa: args.includes('--spa'), proxy: opt('proxy'), remotesFile: opt('remotes'), csp: opt('csp') });
  console.log(`serving ${opt('root')} on http://127.0.0.1:${s.port}`);
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
