// The client side of the fan-out benchmark, in its own process (started by fanout.mjs over IPC):
// N clients of one library — socket.io on the product's /data namespace, subscribed to the
// bench match, or raw ws — over the websocket transport without per-message deflate. A frame
// is an array of deltas (the product's `deltas` event; one delta here, one match watched). Each
// delta carries its send time in score.detail[0] ("t=<ms>"); this process notes the delivery
// latency of every delta sent inside the measurement window and reports the summary.
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const { LIB, N, URL, TOKEN, MATCH_ID, ORIGIN } = process.env;
const clients = Number(N);
const BATCH = 100;
const now = () => performance.timeOrigin + performance.now();

/**
 * Send stamp and latency (ms) of every delta, kept from the start: the window is applied at the
 * report, so a delta that arrives before the (IPC) window message on a busy machine still counts.
 */
const stamps = [];
const delays = [];
let windowStart = Infinity;
let windowEnd = Infinity;
let malformed = 0;
let disconnects = 0;

function onDelta(delta) {
  const received = now();
  const stamp = Number(String(delta?.score?.detail?.[0] ?? '').slice(2));
  if (!Number.isFinite(stamp)) {
    malformed += 1;
    return;
  }
  stamps.push(stamp);
  delays.push(received - stamp);
}

function connectSocketIo() {
  return new Promise((resolve, reject) => {
    const socket = io(`${URL}/data`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: TOKEN },
      extraHeaders: { origin: ORIGIN },
      perMessageDeflate: false,
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
    });
    socket.on('deltas', (frame) => {
      for (const delta of frame) onDelta(delta);
    });
    socket.on('disconnect', () => (disconnects += 1));
    socket.once('connect_error', reject);
    socket.once('snapshot', () => resolve(socket));
    socket.once('connect', () => socket.emit('subscribe', { matchId: MATCH_ID }));
  });
}

function connectWs() {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(URL, { perMessageDeflate: false });
    socket.on('message', (data) => {
      for (const delta of JSON.parse(data.toString())) onDelta(delta);
    });
    socket.on('close', () => (disconnects += 1));
    socket.once('error', reject);
    socket.once('open', () => resolve(socket));
  });
}

const sockets = [];
const cpuAtStart = process.cpuUsage();
const connectStarted = now();
try {
  for (let i = 0; i < clients; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, clients - i) }, () => (LIB === 'ws' ? connectWs() : connectSocketIo()));
    sockets.push(...(await Promise.all(batch)));
  }
} catch (error) {
  process.send({ type: 'error', message: String(error?.message ?? error) });
  process.exit(1);
}
process.send({ type: 'ready', connectMs: now() - connectStarted });

let cpuInWindow = null;
process.on('message', (message) => {
  if (message.type === 'window') {
    windowStart = message.start;
    windowEnd = message.end;
    cpuInWindow = process.cpuUsage();
    return;
  }
  if (message.type === 'report') {
    const cpu = process.cpuUsage(cpuInWindow ?? cpuAtStart);
    const latencies = delays.filter((_, i) => stamps[i] >= windowStart && stamps[i] < windowEnd).sort((a, b) => a - b);
    const pick = (q) => (latencies.length === 0 ? null : latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
    process.send({
      type: 'report',
      received: latencies.length,
      p50: pick(0.5),
      p99: pick(0.99),
      max: latencies.length === 0 ? null : latencies[latencies.length - 1],
      cpuMs: (cpu.user + cpu.system) / 1000,
      malformed,
      disconnects,
    });
    for (const socket of sockets) {
      if (LIB === 'ws') socket.terminate();
      else socket.disconnect();
    }
    setTimeout(() => process.exit(0), 200);
  }
});
