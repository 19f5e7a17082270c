// A load-client process of the capacity benchmark (forked by capacity.mjs, one of CLIENT_PROCS):
// simulated players, each signed in over HTTP (POST /api/login, as the login page does) with one
// WebSocket speaking the engine.io 4 / socket.io 5 wire protocol by hand over a plain TCP socket
// (ws-wire.mjs; no socket.io-client, no `ws`: the client must cost little beside the server on
// the same cores), carrying the /user namespace
// (balance) and /data (one or two in-play matches and one casino table), and keep-alive HTTP/1.1
// (node:http) for the requests. What a player does, each at random (exponential gaps, so the
// players do not act in step):
//   - a sports bet about once a minute: BACK at the best back price of an open market of a match
//     it watches with a market open (the process keeps each match's latest markets from the
//     deltas it receives; with none open the bet is not placed, and counted as such);
//   - a casino bet on one round in five of its table: BACK on a runner of an open market,
//     a few seconds into the round;
//   - a page load every PAGE_S seconds: the API calls the odds page (user-info, the match, its
//     markets and fancies, the player's bets and positions on it, the stake buttons) or the casino
//     table page (user-info, the table, its round, its last results) make;
//   - the account statement every STATEMENT_S seconds, a deposit request (multipart with a small
//     PNG screenshot) every DEPOSIT_S seconds.
// Market data is not decoded per socket: the server writes the same `deltas` frame to every socket
// watching the same matches (ADR 0080), so a frame is compared byte for byte with the few this
// process met last, and only a new one is read — its match ids and seqs from its bytes, and the
// whole frame parsed (once per process) when it brings a match's markets this process has not
// seen yet. Each delta's receipt time is kept per (match, seq) until the driver relays the
// server's send stamp, then becomes a latency in a 1 ms histogram.
//
// IPC: {type:'init', apiUrl, origin, password, players:[username], matches:[id], tables:[id], rates}
// → {type:'ready', loginMs, connectMs, failures}; {type:'start'} starts the players' actions;
// {type:'window', start, end}; {type:'stamps', stamps:[[matchId, seq, ms]]}; {type:'report'} →
// {type:'report', ...histograms and counts}; {type:'stop'} closes everything and exits.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { crc32, deflateSync } from 'node:zlib';
import { now, openWire } from './ws-wire.mjs';
const HIST_MS = 60_000;
const newHist = () => new Uint32Array(HIST_MS + 1);
const record = (hist, ms) => {
  hist[Math.min(HIST_MS, Math.max(0, Math.round(ms)))] += 1;
};
const expGap = (meanS) => -Math.log(1 - Math.random()) * meanS * 1000;
const pick = (items) => items[Math.floor(Math.random() * items.length)];

let cfg = null;
let agent = null;
let target = null;
const players = [];
let windowStart = Infinity;
let windowEnd = Infinity;
let cpuAtWindow = null;
let running = false;

// ---- measurements (only what starts inside the window counts) ----
const hist = { bet: newHist(), casinoBet: newHist(), odds: newHist(), page: newHist(), statement: newHist(), deposit: newHist() };
const counts = { bets: 0, betsOk: 0, betsNoMarket: 0, casinoBets: 0, casinoBetsOk: 0, pages: 0, statements: 0, deposits: 0, depositsOk: 0, httpErrors: 0, disconnects: 0, connectErrors: 0 };
const refusals = {};
const errorSamples = [];
/**
 * Per delta, `${matchId}:${seq}` → { sentAt, times }: its send stamp once the driver relayed it
 * (undefined before), and the receipt times that came before the stamp. Kept a minute.
 */
const deliveries = new Map();
/** [key, relayed at] in relay order, to let deliveries go after a minute. */
const stampTimes = [];
/** Stamps relayed (in the window): matchId → count. */
const stampsInWindow = new Map();
let oddsReceived = 0;
let oddsLateStamp = 0;

// ---- HTTP ----
function request(method, path, token, body, headers = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? null : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method,
        path,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks), ms: performance.now() - started }));
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: Buffer.from(String(error)), ms: performance.now() - started }));
    if (payload) req.write(payload);
    req.end();
  });
}

const inWindow = (t) => t >= windowStart && t < windowEnd;

function noteError(what, res) {
  counts.httpErrors += 1;
  if (errorSamples.length < 8) errorSamples.push(`${what} ${res.status} ${res.body.toString().slice(0, 200)}`);
}

// ---- market state per process (from snapshots and deltas) ----
/** matchId → { seq, markets: Map(marketId → {marketId, status, betDelaySec, runners:[{selectionId, back}] , minStake, maxStake}) } */
const matches = new Map();

function applyMarkets(matchId, markets) {
  let state = matches.get(matchId);
  if (state === undefined) {
    state = { seq: 0, markets: new Map() };
    matches.set(matchId, state);
  }
  for (const m of markets ?? []) {
    state.markets.set(m.marketId, {
      marketId: m.marketId,
      open: m.status === 'open' && !m.adminSuspended,
      delayS: m.betDelaySec ?? 0,
      minStake: m.minStake,
      maxStake: m.maxStake,
      runners: m.runners.filter((r) => r.status === 'active' && r.back.length > 0).map((r) => ({ selectionId: r.selectionId, back: r.back[0].price })),
    });
  }
  return state;
}

function applyRemoved(matchId, removed) {
  const state = matches.get(matchId);
  for (const id of removed ?? []) state?.markets.delete(id);
}

// ---- casino state per process ----
/** tableId → { seq, round: {roundId, status, closesAtMs, markets:[{marketId, minStake, maxStake, runners:[{selectionId, back}]}]} } */
const tables = new Map();

function applyRound(tableId, round) {
  const state = tables.get(tableId) ?? { seq: 0, round: null };
  tables.set(tableId, state);
  if (round === null || round === undefined) {
    state.round = null;
    return state;
  }
  state.round = {
    roundId: round.roundId,
    status: round.status,
    closesAtMs: Date.parse(round.closesAt),
    markets: round.markets
      .filter((m) => !m.suspended)
      .map((m) => ({ marketId: m.marketId, minStake: m.minStake, maxStake: m.maxStake, runners: m.runners.filter((r) => r.back !== null) }))
      .filter((m) => m.runners.length > 0),
  };
  return state;
}

// ---- the wire: engine.io 4 + socket.io 5 ----
const DELTAS = Buffer.from('42/data,["deltas",');
const CASINO = Buffer.from('42/data,["casinoDelta",');
const MATCH_KEY = Buffer.from('{"matchId":"');
const SEQ_KEY = Buffer.from('"seq":');
const COUNTDOWN = Buffer.from('"phase":"countdown"');

function readDigits(buf, at) {
  let n = 0;
  for (let c = buf[at]; c >= 0x30 && c <= 0x39; c = buf[++at]) n = n * 10 + (c - 0x30);
  return n;
}

function readMatchId(buf, at) {
  const end = buf.indexOf(0x22, at);
  return buf.toString('latin1', at, end);
}

const startsWith = (buf, start, end, prefix) => end - start >= prefix.length && buf.compare(prefix, 0, prefix.length, start, start + prefix.length) === 0;

function delivery(key) {
  let d = deliveries.get(key);
  if (d === undefined) {
    d = { sentAt: undefined, times: [] };
    deliveries.set(key, d);
  }
  return d;
}

/** The last distinct `deltas` frames met (a copy of each) and the deliveries they carry. */
const FRAMES_KEPT = 16;
const recentFrames = [];
let nextFrameSlot = 0;

/**
 * A new `deltas` frame (a copy of its bytes): its (matchId, seq) pairs read from the bytes, and
 * the frame parsed when it brings news.
 */
function readDeltas(buf) {
  let at = DELTAS.length;
  let unseen = false;
  const found = [];
  for (;;) {
    const m = buf.indexOf(MATCH_KEY, at);
    if (m < 0) break;
    const matchId = readMatchId(buf, m + MATCH_KEY.length);
    // The delta's own seq is its last key: the first "seq": after its start (nested markets carry none).
    const s = buf.indexOf(SEQ_KEY, m);
    if (s < 0) break;
    const seq = readDigits(buf, s + SEQ_KEY.length);
    found.push(delivery(`${matchId}:${seq}`));
    if ((matches.get(matchId)?.seq ?? 0) < seq) unseen = true;
    at = s + SEQ_KEY.length;
  }
  if (unseen) {
    const deltas = JSON.parse(buf.toString('utf8', DELTAS.length, buf.length - 1));
    for (const d of deltas) {
      const state = applyMarkets(d.matchId, d.markets);
      applyRemoved(d.matchId, d.removed);
      state.seq = Math.max(state.seq, d.seq);
    }
  }
  return found;
}

/** A `deltas` frame received: each of its deltas counted at once if its stamp came, else kept. */
function onDeltas(buf, start, end, received) {
  const length = end - start;
  let frame = null;
  for (const f of recentFrames) {
    if (f.bytes.length === length && buf.compare(f.bytes, 0, length, start, end) === 0) {
      frame = f;
      break;
    }
  }
  if (frame === null) {
    const bytes = Buffer.from(buf.subarray(start, end));
    frame = { bytes, deliveries: readDeltas(bytes) };
    recentFrames[nextFrameSlot] = frame;
    nextFrameSlot = (nextFrameSlot + 1) % FRAMES_KEPT;
  }
  for (const d of frame.deliveries) {
    if (d.sentAt !== undefined) countReceipt(d.sentAt, received);
    else d.times.push(received);
  }
}

function countReceipt(sentAt, received) {
  if (!inWindow(sentAt)) return;
  record(hist.odds, received - sentAt);
  oddsReceived += 1;
}

function onCasino(buf, start, end) {
  const m = buf.indexOf(MATCH_KEY, start + CASINO.length);
  if (m < 0 || m >= end) return;
  const tableId = readMatchId(buf, m + MATCH_KEY.length);
  const s = buf.lastIndexOf(SEQ_KEY, end - SEQ_KEY.length);
  if (s < start) return;
  const seq = readDigits(buf, s + SEQ_KEY.length);
  const state = tables.get(tableId);
  if (state !== undefined && state.seq >= seq) return;
  // Countdown seconds carry only the clock; every other move the whole round (parsed once per process).
  const countdown = buf.indexOf(COUNTDOWN, start + CASINO.length);
  if (countdown > 0 && countdown < start + 80) {
    if (state !== undefined) state.seq = seq;
    return;
  }
  const delta = JSON.parse(buf.toString('utf8', start + CASINO.length, end - 1));
  const next = applyRound(tableId, delta.round);
  next.seq = seq;
  if (delta.round?.status === 'OPEN') onRoundOpened(tableId, next.round);
}

/** Players watching each table: a new round is bet on by one in five of them. */
const watchersOf = new Map();

function onRoundOpened(tableId, round) {
  if (!running) return;
  const leftMs = round.closesAtMs - Date.now();
  if (leftMs < 3_000 || round.markets.length === 0) return;
  for (const player of watchersOf.get(tableId) ?? []) {
    if (Math.random() >= 0.2) continue;
    setTimeout(() => void casinoBet(player, tableId, round.roundId), 1_000 + Math.random() * (leftMs - 3_000)).unref();
  }
}

function connectSocket(player) {
  return new Promise((resolve, reject) => {
    let ackSeq = 0;
    const acks = new Map();
    const emit = (ns, event, payload) =>
      new Promise((done) => {
        ackSeq += 1;
        acks.set(ackSeq, done);
        wire.send(`42${ns},${ackSeq}${JSON.stringify([event, payload])}`);
      });
    let connected = 0;
    let ready = false;
    const fail = (error) => {
      clearTimeout(timer);
      if (!ready) reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`socket of ${player.username} not connected in 60 s`)), 60_000);
    const onText = (buf, start, end, received) => {
      const c0 = buf[start];
      if (c0 === 0x32 /* '2' ping */ && end - start === 1) {
        wire.send('3');
        return;
      }
      if (c0 !== 0x34 /* '4' message */) {
        if (c0 === 0x30 /* '0' open */) {
          wire.send(`40/user,${JSON.stringify({ token: player.token })}`);
          wire.send(`40/data,${JSON.stringify({ token: player.token })}`);
        }
        return;
      }
      if (startsWith(buf, start, end, DELTAS)) {
        onDeltas(buf, start, end, received);
        return;
      }
      if (startsWith(buf, start, end, CASINO)) {
        onCasino(buf, start, end);
        return;
      }
      const text = buf.toString('utf8', start, end);
      if (text.startsWith('40/data,') || text.startsWith('40/user,')) {
        connected += 1;
        if (text.startsWith('40/user,')) void emit('/user', 'login', { _id: player.userId, sessionId: player.sessionId, role: 'user' });
        if (connected === 2) {
          void (async () => {
            for (const matchId of player.matches) await emit('/data', 'subscribe', { matchId });
            const ack = await emit('/data', 'casinoSubscribe', { matchId: player.table });
            const snapshot = ack?.[0]?.snapshot;
            if (snapshot) {
              const state = tables.get(player.table);
              if (state === undefined || state.seq < snapshot.seq) applyRound(player.table, snapshot.round).seq = snapshot.seq;
            }
            clearTimeout(timer);
            ready = true;
            resolve();
          })();
        }
        return;
      }
      if (text.startsWith('44/')) {
        fail(new Error(`connect refused: ${text.slice(0, 200)}`));
        return;
      }
      if (text.startsWith('43/')) {
        const m = /^43\/(?:data|user),(\d+)/.exec(text);
        if (m) {
          const done = acks.get(Number(m[1]));
          acks.delete(Number(m[1]));
          done?.(JSON.parse(text.slice(m[0].length)));
        }
        return;
      }
      if (text.startsWith('42/data,["snapshot",')) {
        const snap = JSON.parse(text.slice(8))[1];
        const state = matches.get(snap.matchId);
        if (state === undefined || state.seq < snap.seq) {
          applyMarkets(snap.matchId, snap.markets).seq = snap.seq;
        }
      }
      // balance and other /user events: nothing to do.
    };
    const wire = openWire(target, '/socket.io/?EIO=4&transport=websocket', cfg.origin, {
      onUpgrade: () => undefined,
      onText,
      onClose: () => {
        if (running) counts.disconnects += 1;
        fail(new Error(`socket of ${player.username} closed before it was ready`));
      },
      onError: fail,
    });
    player.ws = wire;
  });
}

// ---- the players' actions ----
let keySeq = 0;
const key = () => `cap-${process.pid}-${(keySeq += 1)}-${randomBytes(3).toString('hex')}`;

const openMarkets = (matchId) => [...(matches.get(matchId)?.markets.values() ?? [])].filter((m) => m.open && m.runners.length > 0);

async function sportsBet(player) {
  // On a match of the player's with a market open: in a break of the replayed match (an innings,
  // a wicket) a player who watches another match bets there, one who watches only it cannot bet.
  const open = player.matches.map((matchId) => [matchId, openMarkets(matchId)]).filter(([, markets]) => markets.length > 0);
  if (open.length === 0) {
    if (inWindow(now())) counts.betsNoMarket += 1;
    return;
  }
  const [matchId, markets] = pick(open);
  const market = pick(markets);
  const runner = pick(market.runners);
  const stake = Math.max(market.minStake, Math.min(market.maxStake, 100 + 100 * Math.floor(Math.random() * 5)));
  const started = now();
  const res = await request('POST', '/api/placebet', player.token, { matchId, marketId: market.marketId, selectionId: runner.selectionId, side: 'BACK', odds: runner.back, stake }, { 'idempotency-key': key() });
  if (!inWindow(started)) return;
  counts.bets += 1;
  // The market's bet delay (docs/rules/money.md §7.11) is a wait the rules ask for, not the
  // server's time: taken off an answer that came after it (an earlier one was refused unwaited).
  const delayMs = market.delayS * 1000;
  record(hist.bet, res.ms >= delayMs ? res.ms - delayMs : res.ms);
  if (res.status === 200) counts.betsOk += 1;
  else countRefusal('sports', res);
}

async function casinoBet(player, tableId, roundId) {
  const round = tables.get(tableId)?.round;
  if (!running || round === null || round === undefined || round.roundId !== roundId || round.status !== 'OPEN') return;
  const market = pick(round.markets);
  const runner = pick(market.runners);
  const stake = Math.max(market.minStake, Math.min(market.maxStake, 100 + 100 * Math.floor(Math.random() * 5)));
  const started = now();
  const res = await request('POST', '/api/placebet', player.token, { matchId: tableId, marketId: market.marketId, selectionId: runner.selectionId, side: 'BACK', odds: runner.back, stake }, { 'idempotency-key': key() });
  if (!inWindow(started)) return;
  counts.casinoBets += 1;
  record(hist.casinoBet, res.ms);
  if (res.status === 200) counts.casinoBetsOk += 1;
  else countRefusal('casino', res);
}

function countRefusal(kind, res) {
  let code = String(res.status);
  try {
    const body = JSON.parse(res.body.toString());
    code = `${res.status} ${body?.data?.code ?? ''} ${String(body?.message ?? '').slice(0, 60)}`;
  } catch {
    // not JSON
  }
  const k = `${kind}: ${code}`;
  refusals[k] = (refusals[k] ?? 0) + 1;
}

async function timedCalls(player, calls, h) {
  const started = now();
  const results = await Promise.all(calls.map(([method, path]) => request(method, path, player.token)));
  if (!inWindow(started)) return;
  for (const [i, res] of results.entries()) {
    record(h, res.ms);
    if (res.status !== 200) noteError(calls[i][1], res);
  }
  return results;
}

async function pageLoad(player) {
  if (Math.random() < 0.5) {
    const m = encodeURIComponent(pick(player.matches));
    await timedCalls(
      player,
      [
        ['GET', '/api/user-info'],
        ['GET', `/api/get-match-by-id?matchId=${m}`],
        ['GET', `/api/get-market-list?matchId=${m}`],
        ['GET', `/api/get-fancy-list?matchId=${m}&gtype=session`],
        ['GET', `/api/bets?matchId=${m}`],
        ['GET', `/api/match-positions?matchId=${m}`],
        ['GET', '/api/get-button-values'],
      ],
      hist.page,
    );
  } else {
    const t = player.table;
    await timedCalls(
      player,
      [
        ['GET', '/api/user-info'],
        ['GET', `/api/get-casino-data-by-id/${t}`],
        ['GET', `/api/casino-market/${t}`],
        ['GET', `/api/done-results/${t}`],
        ['GET', '/api/get-button-values'],
      ],
      hist.page,
    );
  }
  if (inWindow(now())) counts.pages += 1;
}

async function statement(player) {
  // The statement page's default: the last week, first page.
  const day = (ms) => new Date(ms).toISOString().slice(0, 10);
  await timedCalls(player, [['GET', `/api/account-statement?startDate=${day(Date.now() - 7 * 86_400_000)}&endDate=${day(Date.now())}&page=1&pageSize=25`]], hist.statement);
  if (inWindow(now())) counts.statements += 1;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 64 × 48 RGB PNG (a phone's screenshot is larger; the server's work per image is what counts). */
function screenshot() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(64, 0);
  header.writeUInt32BE(48, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.alloc((1 + 64 * 3) * 48, 0x5a);
  for (let y = 0; y < 48; y += 1) rows[y * (1 + 64 * 3)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}
let png = null;

async function deposit(player) {
  png ??= screenshot();
  const boundary = `----capacity${randomBytes(8).toString('hex')}`;
  const utr = `UTR${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`.slice(0, 22);
  const fields = { remark: 'ok', type: 'deposit', accountType: 'upi', amount: String(500 + 100 * Math.floor(Math.random() * 20)), utrno: utr };
  const parts = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="imageUrl"; filename="screenshot.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`));
  const body = Buffer.concat(parts);
  const started = now();
  const res = await request('POST', '/api/add-deposit-withdraw', player.token, body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': body.length,
    'idempotency-key': key(),
  });
  if (!inWindow(started)) return;
  counts.deposits += 1;
  record(hist.deposit, res.ms);
  if (res.status === 200) counts.depositsOk += 1;
  else noteError('deposit', res);
}

/** Each player's next action times; one timer walks them every 50 ms. */
function schedule() {
  const t = Date.now();
  for (const p of players) {
    p.nextBet = t + expGap(cfg.rates.betS);
    p.nextPage = t + expGap(cfg.rates.pageS);
    p.nextStatement = t + expGap(cfg.rates.statementS);
    p.nextDeposit = t + expGap(cfg.rates.depositS);
  }
  const timer = setInterval(() => {
    if (!running) return;
    const at = Date.now();
    for (const p of players) {
      if (at >= p.nextBet) {
        p.nextBet = at + expGap(cfg.rates.betS);
        void sportsBet(p);
      }
      if (at >= p.nextPage) {
        p.nextPage = at + expGap(cfg.rates.pageS);
        void pageLoad(p);
      }
      if (at >= p.nextStatement) {
        p.nextStatement = at + expGap(cfg.rates.statementS);
        void statement(p);
      }
      if (at >= p.nextDeposit) {
        p.nextDeposit = at + expGap(cfg.rates.depositS);
        void deposit(p);
      }
    }
  }, 50);
  timer.unref();
}

function onStamps(stamps) {
  const at = Date.now();
  for (const [matchId, seq, sentAt] of stamps) {
    const k = `${matchId}:${seq}`;
    const d = delivery(k);
    d.sentAt = sentAt;
    stampTimes.push([k, at]);
    if (inWindow(sentAt)) stampsInWindow.set(matchId, (stampsInWindow.get(matchId) ?? 0) + 1);
    for (const t of d.times) countReceipt(sentAt, t);
    d.times = [];
  }
  // Stamps are kept a minute for receipts slower than the relay.
  while (stampTimes.length > 0 && at - stampTimes[0][1] > 60_000) deliveries.delete(stampTimes.shift()[0]);
  // Receipts whose stamp is long gone (a delta of before the first relay): dropped.
  if (deliveries.size > 50_000) {
    for (const [k, d] of deliveries) {
      if (d.sentAt !== undefined) continue;
      deliveries.delete(k);
      oddsLateStamp += 1;
      if (deliveries.size < 25_000) break;
    }
  }
}

async function init(message) {
  cfg = message;
  target = new URL(cfg.apiUrl);
  agent = new http.Agent({ keepAlive: true, maxSockets: 2048 });
  // Sign in (16 at a time, as many browsers would over a minute).
  const loginStarted = performance.now();
  let failures = 0;
  let next = 0;
  const all = cfg.players.map((username, i) => ({
    username,
    // Everyone watches the first match (the replayed one, about 10 Hz); every other player one more.
    matches: cfg.matches.length === 1 || i % 2 === 0 ? [cfg.matches[0]] : [cfg.matches[0], cfg.matches[1 + ((i >> 1) % (cfg.matches.length - 1))]],
    table: cfg.tables[i % cfg.tables.length],
  }));
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < all.length) {
        const p = all[next];
        next += 1;
        const res = await request('POST', '/api/login', null, { username: p.username, password: cfg.password });
        if (res.status !== 200) {
          failures += 1;
          if (errorSamples.length < 8) errorSamples.push(`login ${res.status} ${res.body.toString().slice(0, 200)}`);
          continue;
        }
        const data = JSON.parse(res.body.toString()).data;
        Object.assign(p, { token: data.token, userId: data._id, sessionId: data.sessionId });
        players.push(p);
      }
    }),
  );
  const loginMs = performance.now() - loginStarted;
  const connectStarted = performance.now();
  for (let i = 0; i < players.length; i += 100) {
    const batch = players.slice(i, i + 100);
    const results = await Promise.allSettled(batch.map((p) => connectSocket(p)));
    for (const [k, r] of results.entries()) {
      if (r.status === 'rejected') {
        // A player without its socket is not one of the level's: no deliveries expected, no actions.
        batch[k].ws?.destroy();
        batch[k].failed = true;
        counts.connectErrors += 1;
        if (errorSamples.length < 8) errorSamples.push(`socket ${String(r.reason?.message ?? r.reason)}`);
      }
    }
  }
  for (let i = players.length - 1; i >= 0; i -= 1) if (players[i].failed) players.splice(i, 1);
  for (const p of players) {
    watchersOf.set(p.table, [...(watchersOf.get(p.table) ?? []), p]);
  }
  process.send({ type: 'ready', loginMs, connectMs: performance.now() - connectStarted, failures, players: players.length });
}

function report() {
  const cpu = process.cpuUsage(cpuAtWindow ?? undefined);
  // Deliveries expected: each stamp in the window × this process's sockets watching its match.
  const watchers = new Map();
  for (const p of players) for (const m of p.matches) watchers.set(m, (watchers.get(m) ?? 0) + 1);
  let oddsExpected = 0;
  for (const [matchId, n] of stampsInWindow) oddsExpected += n * (watchers.get(matchId) ?? 0);
  return {
    type: 'report',
    players: players.length,
    hist: Object.fromEntries(Object.entries(hist).map(([k, v]) => [k, Array.from(v)])),
    counts,
    refusals,
    errorSamples,
    oddsReceived,
    oddsExpected,
    oddsLateStamp,
    stampsInWindow: Object.fromEntries(stampsInWindow),
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssMb: process.memoryUsage().rss / 1e6,
  };
}

process.on('message', (message) => {
  switch (message.type) {
    case 'init':
      init(message).catch((error) => process.send({ type: 'error', message: String(error?.stack ?? error) }));
      break;
    case 'start':
      running = true;
      schedule();
      break;
    case 'window':
      windowStart = message.start;
      windowEnd = message.end;
      cpuAtWindow = process.cpuUsage();
      break;
    case 'stamps':
      onStamps(message.stamps);
      break;
    case 'report':
      running = false;
      process.send(report());
      break;
    case 'stop':
      running = false;
      for (const p of players) p.ws?.destroy();
      agent?.destroy();
      setTimeout(() => process.exit(0), 100);
      break;
    default:
      break;
  }
});
// The driver gone (killed): stop too.
process.on('disconnect', () => process.exit(1));
process.send({ type: 'alive' });
