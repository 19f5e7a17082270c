// Child process of betting.mjs: the HTTP load generator for POST /api/placebet.
//
// Like wrk, it keeps CONC keep-alive TCP connections and writes pre-built HTTP/1.1 requests
// (bodies and tokens rendered once; only the Idempotency-Key changes per request), reading each
// response just far enough to know its status and length. A node:http client costs about as much
// CPU per request as the server, which on two cores would be measured as server slowness.
//
// {type: 'init', apiUrl, tokens, bets} → {type: 'ready'}; {type: 'run', warmMs, durMs} → a
// warm-up, then the measured window → {type: 'result', ok, errors, p50, p99, cpuMs, errorSample}.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const CONC = Number(process.env.CONC ?? 16);
const KEY_WIDTH = 24; // b<pid>-<seq>: pid up to 10 digits, seq zero-padded to 12
let target = null;
/** Pre-rendered requests: head up to the key's value, then the rest (key placeholder between). */
let templates = [];
let seq = 0;

function render(apiUrl, tokens, bets) {
  const url = new URL(apiUrl);
  target = { host: url.hostname, port: Number(url.port) };
  templates = bets.map((bet, i) => {
    const body = JSON.stringify(bet);
    const head =
      `POST /api/placebet HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nAuthorization: Bearer ${tokens[i % tokens.length]}\r\nIdempotency-Key: `;
    return { head: Buffer.from(head), tail: Buffer.from(`\r\n\r\n${body}`) };
  });
}

/** One keep-alive connection running requests back to back until `end`. */
function connection(end, stats) {
  return new Promise((resolve) => {
    const socket = net.connect(target);
    socket.setNoDelay(true);
    let buffer = Buffer.alloc(0);
    let started = 0;
    const send = () => {
      if (performance.now() >= end) {
        socket.end();
        return;
      }
      seq += 1;
      const t = templates[seq % templates.length];
      const key = `b${process.pid}-${String(seq).padStart(KEY_WIDTH - 12, '0')}`;
      started = performance.now();
      socket.write(Buffer.concat([t.head, Buffer.from(key), t.tail]));
    };
    socket.on('connect', send);
    socket.on('data', (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        const headEnd = buffer.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const head = buffer.subarray(0, headEnd).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < headEnd + 4 + length) return;
        const status = Number(head.slice(9, 12));
        if (status === 200) {
          stats.ok += 1;
          stats.latencies.push(performance.now() - started);
        } else {
          stats.errors += 1;
          stats.errorSample ??= `${status} ${buffer.subarray(headEnd + 4, headEnd + 4 + Math.min(length, 200)).toString()}`;
        }
        buffer = buffer.subarray(headEnd + 4 + length);
        send();
      }
    });
    socket.on('error', (error) => {
      stats.errors += 1;
      stats.errorSample ??= String(error);
    });
    socket.on('close', resolve);
  });
}

async function loop(ms) {
  const stats = { ok: 0, errors: 0, errorSample: null, latencies: [] };
  const end = performance.now() + ms;
  await Promise.all(Array.from({ length: CONC }, () => connection(end, stats)));
  const latencies = stats.latencies.sort((a, b) => a - b);
  const q = (p) => (latencies.length === 0 ? null : latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]);
  return { ok: stats.ok, errors: stats.errors, p50: q(0.5), p99: q(0.99), errorSample: stats.errorSample };
}

process.on('message', async (message) => {
  if (message.type === 'init') {
    render(message.apiUrl, message.tokens, message.bets);
    process.send({ type: 'ready' });
    return;
  }
  if (message.type !== 'run') return;
  await loop(message.warmMs);
  const cpu = process.cpuUsage();
  const result = await loop(message.durMs);
  const used = process.cpuUsage(cpu);
  process.send({ type: 'result', ...result, cpuMs: (used.user + used.system) / 1000 });
});
process.send({ type: 'alive' });
