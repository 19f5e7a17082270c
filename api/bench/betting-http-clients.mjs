// Child process of betting.mjs: CONC keep-alive HTTP callers POST /api/placebet in a closed loop
// (each request a fresh Idempotency-Key, a random signed-in player, a random bet at the live
// price). {type: 'init', apiUrl, tokens, bets} → {type: 'ready'}; on {type: 'run', warmMs, durMs} it runs a warm-up, then the measured window, and
// reports {type: 'result', ok, errors, p50, p99, cpuMs, errorSample}.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

let URL_BASE = null;
let TOKENS = [];
let BETS = [];
const CONC = Number(process.env.CONC ?? 16);
const agent = new http.Agent({ keepAlive: true, maxSockets: CONC });
const pick = (items) => items[Math.floor(Math.random() * items.length)];
let seq = 0;

function placeOnce() {
  seq += 1;
  const body = JSON.stringify(pick(BETS));
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: URL_BASE.hostname,
        port: URL_BASE.port,
        path: '/api/placebet',
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${pick(TOKENS)}`,
          'idempotency-key': `http-${process.pid}-${seq}`,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: String(error) }));
    req.end(body);
  });
}

async function loop(ms) {
  const latencies = [];
  let ok = 0;
  let errors = 0;
  let errorSample = null;
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: CONC }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const res = await placeOnce();
        if (res.status === 200) {
          ok += 1;
          latencies.push(performance.now() - started);
        } else {
          errors += 1;
          errorSample ??= `${res.status} ${res.body.slice(0, 200)}`;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p) => (latencies.length === 0 ? null : latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]);
  return { ok, errors, p50: q(0.5), p99: q(0.99), errorSample };
}

process.on('message', async (message) => {
  if (message.type === 'init') {
    URL_BASE = new URL(message.apiUrl);
    TOKENS = message.tokens;
    BETS = message.bets;
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
