// The client side of the fan-out benchmark, in its own process (started by fanout.mjs over IPC):
// N connections — to the product's socket.io server (namespace /data, subscribed to the bench
// match) or to the raw `ws` broadcaster — over plain TCP sockets speaking just enough of
// WebSocket (RFC 6455), engine.io (v4) and socket.io (v5) to measure, so that this process
// costs as little CPU as it can: the clients share the machine's 2 cores with the server, and
// every microsecond spent here is one the server does not get. Both libraries' clients are the
// same code, so the anchor and the product meet the same client.
//
// Per connection: the HTTP upgrade, then frames parsed in place (ws-wire.mjs). On the product the
// client sends the namespace CONNECT with the token (`40/data,{"token":…}`), `subscribe` once
// connected, and answers engine.io's pings (`2` → `3`). A delivered delta is found by the send
// stamp the server put in score.detail[0] (`"t=<ms>"`): each occurrence in a data frame is one delta, its latency
// now() − stamp; nothing else of the frame is decoded. Everything is kept from the start and the
// window is applied at the report, so a delta that arrives before the (IPC) window message on a
// busy machine still counts.
import { now, openWire } from './ws-wire.mjs';

const { LIB, N, URL: TARGET, TOKEN, MATCH_ID, ORIGIN } = process.env;
const clients = Number(N);
const BATCH = 200;
const target = new URL(TARGET);
const socketIo = LIB !== 'ws';
const NAMESPACE = '/data';

/** Send stamps and latencies (ms) of every delta, in growable typed arrays. */
let stamps = new Float64Array(1 << 20);
let delays = new Float64Array(1 << 20);
let count = 0;
let malformed = 0;
let disconnects = 0;

function record(stamp, delay) {
  if (count === stamps.length) {
    const grow = (old) => {
      const next = new Float64Array(old.length * 2);
      next.set(old);
      return next;
    };
    stamps = grow(stamps);
    delays = grow(delays);
  }
  stamps[count] = stamp;
  delays[count] = delay;
  count += 1;
}

const STAMP = Buffer.from('"t=');
const QUOTE = 0x22;
const DOT = 0x2e;

/** Every `"t=<ms>"` in the payload [start, end): one delta each. */
function onData(buf, start, end, received) {
  let at = buf.indexOf(STAMP, start);
  if (at === -1 || at >= end) return false;
  while (at !== -1 && at < end) {
    // Digits, a dot and digits up to the closing quote (the server writes toFixed(3)).
    let i = at + 3;
    let value = 0;
    let scale = 0;
    for (; i < end; i += 1) {
      const c = buf[i];
      if (c === QUOTE) break;
      if (c === DOT) scale = 1;
      else {
        value = value * 10 + (c - 48);
        if (scale > 0) scale *= 10;
      }
    }
    if (i >= end || !(value > 0)) malformed += 1;
    else {
      const stamp = scale > 0 ? value / scale : value;
      record(stamp, received - stamp);
    }
    at = buf.indexOf(STAMP, i);
  }
  return true;
}

/** One connection; resolves once it is ready to receive (the product: after its snapshot). */
function open() {
  return new Promise((resolve, reject) => {
    const path = socketIo ? '/socket.io/?EIO=4&transport=websocket' : target.pathname || '/';
    let ready = false;
    const fail = (error) => {
      if (!ready) reject(error);
    };
    const becomeReady = () => {
      ready = true;
      resolve(wire);
    };
    /** A text message from the server (control frames are handled by the wire). */
    const onText = (buf, start, end, received) => {
      if (!socketIo) {
        onData(buf, start, end, received);
        return;
      }
      const type = buf[start];
      if (type === 0x34 /* '4' engine.io message */) {
        // Deltas first: the common case.
        if (ready && onData(buf, start, end, received)) return;
        const text = buf.toString('utf8', start, end);
        if (text.startsWith(`40${NAMESPACE},`)) wire.send(`42${NAMESPACE},["subscribe",{"matchId":"${MATCH_ID}"}]`);
        else if (text.startsWith(`44${NAMESPACE},`)) fail(new Error(`connect refused: ${text}`));
        else if (text.startsWith(`42${NAMESPACE},["snapshot"`)) {
          if (!ready) becomeReady();
        }
      } else if (type === 0x32 /* '2' ping */) wire.send('3');
      else if (type === 0x30 /* '0' open */) wire.send(`40${NAMESPACE},${JSON.stringify({ token: TOKEN })}`);
      else if (type === 0x31 /* '1' close */) wire.destroy();
    };
    const wire = openWire(target, path, ORIGIN, {
      onUpgrade: () => {
        if (!socketIo) becomeReady();
      },
      onText,
      onClose: () => {
        if (ready) disconnects += 1;
        else fail(new Error('closed before ready'));
      },
      onError: fail,
    });
  });
}

const sockets = [];
const cpuAtStart = process.cpuUsage();
const connectStarted = now();
try {
  for (let i = 0; i < clients; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, clients - i) }, () => open());
    sockets.push(...(await Promise.all(batch)));
  }
} catch (error) {
  process.send({ type: 'error', message: String(error?.message ?? error) });
  process.exit(1);
}
process.send({ type: 'ready', connectMs: now() - connectStarted });

let windowStart = Infinity;
let windowEnd = Infinity;
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
    const latencies = [];
    for (let i = 0; i < count; i += 1) if (stamps[i] >= windowStart && stamps[i] < windowEnd) latencies.push(delays[i]);
    const sorted = Float64Array.from(latencies).sort();
    const pick = (q) => (sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
    process.send({
      type: 'report',
      received: sorted.length,
      p50: pick(0.5),
      p99: pick(0.99),
      max: sorted.length === 0 ? null : sorted[sorted.length - 1],
      cpuMs: (cpu.user + cpu.system) / 1000,
      malformed,
      disconnects,
    });
    for (const socket of sockets) socket.destroy();
    setTimeout(() => process.exit(0), 200);
  }
});
