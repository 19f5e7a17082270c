#!/usr/bin/env node
// How often a price moves against a bet during its delay in a real market (issue 33, ADR 0055):
// `node api/bench/odds-refusals.mjs [recording.jsonl.gz] [delays in s, comma-separated]`.
//
// It reads a Betfair stream recording (api/feed-data/betfair: the real Netherlands v Papua New
// Guinea T20I, in play with Betfair's 5 s delay), follows each runner's best available to back
// (the `atb` ladder: a size of 0 takes a level away; an image starts the ladder again), and for
// SAMPLES moments spread evenly over the time in play compares the best back at t (a slip following
// the best price, sent at t) with the best back at t + delay (what the bet is checked against
// after the delay). Under "Accept better odds" a back is refused when the second is lower
// (docs/rules/money.md §7.11 T31). No randomness: two runs print the same table.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const file = process.argv[2] ?? fileURLToPath(new URL('../feed-data/betfair/1.200806927.cricket-match-odds.jsonl.gz', import.meta.url));
const delays = (process.argv[3] ?? '1,2,3,5').split(',').map(Number);
const SAMPLES = 20_000;

/** Each runner's best back over time: [publish time ms, price or null][]; and the time in play. */
async function read(path) {
  const ladders = new Map();
  const series = new Map();
  let inPlayFrom = null;
  let closedAt = null;
  const lines = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const message = JSON.parse(line);
    for (const change of message.mc ?? []) {
      const definition = change.marketDefinition;
      if (definition?.inPlay && inPlayFrom === null) inPlayFrom = message.pt;
      if (definition?.status === 'CLOSED' && inPlayFrom !== null && closedAt === null) closedAt = message.pt;
      if (change.img) ladders.clear();
      for (const runner of change.rc ?? []) {
        const ladder = ladders.get(runner.id) ?? new Map();
        ladders.set(runner.id, ladder);
        for (const [price, size] of runner.atb ?? []) {
          if (size === 0) ladder.delete(price);
          else ladder.set(price, size);
        }
        const best = ladder.size > 0 ? Math.max(...ladder.keys()) : null;
        if (!series.has(runner.id)) series.set(runner.id, []);
        series.get(runner.id).push([message.pt, best]);
      }
    }
  }
  return { series, inPlayFrom, closedAt };
}

/** The best back of a runner's series at time t (the last change at or before t). */
function at(points, t) {
  let lo = 0;
  let hi = points.length - 1;
  if (points[0][0] > t) return null;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid][0] <= t) lo = mid;
    else hi = mid - 1;
  }
  return points[lo][1];
}

const { series, inPlayFrom, closedAt } = await read(file);
if (inPlayFrom === null || closedAt === null) throw new Error(`${file}: no time in play to a close`);
console.log(`${file}\nin play ${((closedAt - inPlayFrom) / 60_000).toFixed(1)} min, ${SAMPLES} moments per runner and delay\n`);
console.log('delay  runner      worse   better  same   (a back sent at the best price: refused under "better" when worse)');
for (const delay of delays) {
  let worseAll = 0;
  let countAll = 0;
  for (const [runner, points] of series) {
    let worse = 0;
    let better = 0;
    let count = 0;
    for (let i = 0; i < SAMPLES; i += 1) {
      const t = inPlayFrom + ((i + 0.5) / SAMPLES) * (closedAt - inPlayFrom - delay * 1000);
      const sent = at(points, t);
      const checked = at(points, t + delay * 1000);
      if (sent === null || checked === null) continue;
      count += 1;
      if (checked < sent) worse += 1;
      else if (checked > sent) better += 1;
    }
    worseAll += worse;
    countAll += count;
    const pct = (n) => `${((100 * n) / count).toFixed(1)} %`.padStart(7);
    console.log(`${String(delay).padStart(3)} s  ${String(runner).padEnd(10)} ${pct(worse)} ${pct(better)} ${pct(count - worse - better)}`);
  }
  console.log(`${String(delay).padStart(3)} s  both runners ${((100 * worseAll) / countAll).toFixed(1)} % refused under "better"`);
}
