// Child process of betting.mjs: the HTTP load generator for POST /api/placebet.
//
// Like wrk, it keeps `conc` keep-alive TCP connections (given per run) and writes pre-built HTTP/1.1 requests
// (bodies and tokens rendered once; only the Idempotency-Key's digits change per request, written
// in place), reading each response just far enough to know its status and length, without
// decoding it. A node:http client costs about as much
// CPU per request as the server, which on two cores would be measured as server slowness.
//
// {type: 'init', apiUrl, tokens, bets} → {type: 'ready'}; {type: 'run', conc, warmMs, durMs} → a
// warm-up, then the measured window, both on `conc` connections → {type: 'result', ok, errors, p50, p99, cpuMs, errorSample}.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const SEQ_DIGITS = 12;
const KEY_PREFIX = `b${process.pid}-`;
const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = Buffer.from('\r\ncontent-length:');
let target = null;
/**
 * Pre-rendered requests, each with a fixed-width slot for the Idempotency-Key's sequence number
 * (`keyAt`): a connection copies one into its own buffer and writes only the digits.
 */
let templates = [];
let longest = 0;
let seq = 0;

function render(apiUrl, tokens, bets) {
  const url = new URL(apiUrl);
  target = { host: url.hostname, port: Number(url.port) };
  templates = bets.map((bet, i) => {
    const body = JSON.stringify(bet);
    const head =
      `POST /api/placebet HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nAuthorization: Bearer ${tokens[i % tokens.length]}\r\nIdempotency-Key: ${KEY_PREFIX}`;
    const request = Buffer.from(`${head}${'0'.repeat(SEQ_DIGITS)}\r\n\r\n${body}`);
    longest = Math.max(longest, request.length);
    return { request, keyAt: Buffer.byteLength(head) };
  });
}

/** The Content-Length of a response head (`buffer[0, headEnd)`), read without decoding the head. */
function contentLength(buffer, headEnd) {
  let at = buffer.indexOf(CONTENT_LENGTH);
  if (at < 0 || at > headEnd) {
    // Not lower-case: decode the head (never the case with Node's http server).
    return Number(/\r\ncontent-length: *(\d+)/i.exec(buffer.subarray(0, headEnd).toString('latin1'))?.[1] ?? 0);
  }
  at += CONTENT_LENGTH.length;
  while (buffer[at] === 0x20) at += 1;
  let length = 0;
  for (let c = buffer[at]; c >= 0x30 && c <= 0x39; c = buffer[++at]) length = length * 10 + (c - 0x30);
  return length;
}

/** One keep-alive connection running requests back to back until `end`. */
function connection(end, stats) {
  return new Promise((resolve) => {
    let started = 0;
    // One request in flight per connection: the next one is written into this buffer only after
    // the previous response arrived, so the previous write is done with it.
    const out = Buffer.allocUnsafe(longest);
    // The bytes of a response that has not fully arrived, copied out of the read buffer.
    let pending = null;
    const send = () => {
      if (performance.now() >= end) {
        socket.end();
        return;
      }
      seq += 1;
      const t = templates[seq % templates.length];
      t.request.copy(out);
      out.write(String(seq).padStart(SEQ_DIGITS, '0'), t.keyAt, 'latin1');
      started = performance.now();
      socket.write(out.subarray(0, t.request.length));
    };
    const received = (chunk) => {
      let buffer = pending === null ? chunk : Buffer.concat([pending, chunk]);
      pending = null;
      for (;;) {
        const headEnd = buffer.indexOf(HEAD_END);
        if (headEnd < 0) break;
        const size = headEnd + 4 + contentLength(buffer, headEnd);
        if (buffer.length < size) break;
        const status = (buffer[9] - 0x30) * 100 + (buffer[10] - 0x30) * 10 + (buffer[11] - 0x30);
        if (status === 200) {
          stats.ok += 1;
          stats.latencies.push(performance.now() - started);
        } else {
          stats.errors += 1;
          stats.errorSample ??= `${status} ${buffer.subarray(headEnd + 4, Math.min(size, headEnd + 204)).toString()}`;
        }
        buffer = buffer.subarray(size);
        send();
      }
      if (buffer.length > 0) pending = Buffer.from(buffer);
    };
    // `onread` reads into one buffer per connection, without the stream's 'data' machinery (its
    // bytes are only valid during the callback).
    const socket = net.connect({ ...target, noDelay: true, onread: { buffer: Buffer.allocUnsafe(16 * 1024), callback: (n, buf) => received(buf.subarray(0, n)) } });
    socket.on('connect', send);
    socket.on('error', (error) => {
      stats.errors += 1;
      stats.errorSample ??= String(error);
    });
    socket.on('close', resolve);
  });
}

async function loop(conc, ms) {
  const stats = { ok: 0, errors: 0, errorSample: null, latencies: [] };
  const end = performance.now() + ms;
  await Promise.all(Array.from({ length: conc }, () => connection(end, stats)));
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
  await loop(message.conc, message.warmMs);
  const cpu = process.cpuUsage();
  const result = await loop(message.conc, message.durMs);
  const used = process.cpuUsage(cpu);
  process.send({ type: 'result', ...result, cpuMs: (used.user + used.system) / 1000 });
});
process.send({ type: 'alive' });
