#!/usr/bin/env node
/**
 * A small static server for one built app (FRONTEND.md §3): loopback only, gzip, CORS for
 * remotes, SPA fallback for the shell, no-cache for the files that name other files
 * (index.html, remotes.json, mf-manifest.json, remoteEntry.js), immutable for hashed chunks.
 * The shell's server also proxies /api and /socket.io (including websocket upgrades) to the API,
 * so the product lives on one origin.
 *
 *   node serve.mjs --root shell/dist --port 8080 --spa --proxy http://127.0.0.1:8090 [--remotes file]
 */
import { createServer, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8', '.woff2': 'font/woff2',
};
const NO_CACHE = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);
const PROXIED = ['/api', '/socket.io'];

/**
 * Start a server. `root` may be changed later with `setRoot` (a redeploy without a restart).
 * @returns {Promise<{ port: number, close: () => Promise<void>, setRoot: (dir: string) => void }>}
 */
export async function serve({ root, port, host = '127.0.0.1', spa = false, proxy, remotesFile }) {
  let base = resolve(root);
  const gzCache = new Map();
  const proxyUrl = proxy ? new URL(proxy) : null;
  const isProxied = (url) => proxyUrl && PROXIED.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

  const server = createServer(async (req, res) => {
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
    };
    if (/gzip/.test(req.headers['accept-encoding'] ?? '') && /text|json|svg/.test(type) && body.length > 512) {
      const key = `${file}:${info.mtimeMs}`;
      let gz = gzCache.get(key);
      if (!gz) gzCache.set(key, (gz = gzipSync(body)));
      res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': gz.length });
      return res.end(req.method === 'HEAD' ? undefined : gz);
    }
    res.writeHead(200, { ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });

  function forward(req, res) {
    const upstream = httpRequest(
      { host: proxyUrl.hostname, port: proxyUrl.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => send(res, 502, 'application/json', JSON.stringify({ data: { code: 'INTERNAL' }, message: 'The API is not reachable' })));
    req.pipe(upstream);
  }

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

function send(res, status, type, body) {
  if (res.headersSent) return res.end();
  res.writeHead(status, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' });
  res.end(body);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : undefined; };
  const s = await serve({ root: opt('root'), port: Number(opt('port')), spa: args.includes('--spa'), proxy: opt('proxy'), remotesFile: opt('remotes') });
  console.log(`serving ${opt('root')} on http://127.0.0.1:${s.port}`);
  const stop = () => s.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
