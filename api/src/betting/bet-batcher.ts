/**
 * Group commit for bets (ADR 0008). Calls that arrive while `maxInFlight` batches are already in
 * the database wait, and a free slot takes them in ONE call and one transaction. Under light load
 * nothing waits: a lone call goes straight out as a batch of one (`runOne`, the single-bet
 * statement), so batching adds no latency; under load a bet waits at most for one batch in flight,
 * and the database commits once per batch instead of once per bet.
 *
 * Balance: every batch pays a whole round trip and commit, so the slots should carry the load
 * evenly. A batch's share is the recent load (the most calls seen queued plus in the database over
 * the last 25–50 ms) divided by `maxInFlight`, at most `maxBatch`. While another batch is in the
 * database, a free slot is not spent on fewer calls than that share: the queue waits for the rest
 * of its callers or for a batch to come back, whichever is first. A batch takes at most its share;
 * when several slots are free, the queue is split evenly over as many of them as it fills. Without
 * this, 16 callers settle into a batch of 14 beside a batch of 1 (the first caller back takes the
 * free slot alone), and half the pipeline carries single bets.
 *
 * A batch that fails as a whole (an error, not a refusal: refusals are results) wrote nothing,
 * so each of its calls is then run alone and gets its own result or its own error.
 *
 * Head-of-line blocking: a batch that waits on a lock (a wallet a big settlement holds for
 * seconds) must not hold up everyone else's bets. A batch still running after `stallMs` stops
 * counting against `maxInFlight` (and no longer holds a share of the load), so the next batch goes
 * out; `maxRunning` (the connections the batcher may take from the pool) bounds the batches running
 * in all.
 */
export interface BatcherOptions<C, R> {
  /** Batches in the database at once; the rest of the callers queue. */
  maxInFlight: number;
  /** Calls in one batch at most. */
  maxBatch: number;
  /** A batch running longer than this no longer holds up the queue (default 50 ms). */
  stallMs?: number;
  /** Batches running at most, stalled ones included (default 4 × maxInFlight). */
  maxRunning?: number;
  /** Runs ≥ 2 calls in one transaction; answers them in the same order. */
  runBatch: (calls: readonly C[]) => Promise<R[]>;
  /** Runs one call alone. */
  runOne: (call: C) => Promise<R>;
  /** Told when a batch failed as a whole and its calls are retried one by one. */
  onBatchError?: (error: unknown, size: number) => void;
  /** Clock in ms for the recent-load window (tests); default `performance.now`. */
  now?: () => number;
}

/** The recent load is the peak of the current window and the one before it. */
const LOAD_WINDOW_MS = 25;

type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Pending<C, R> {
  call: C;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class Batcher<C, R> {
  private readonly queue: Array<Pending<C, R>> = [];
  /** Batches running and not stalled. */
  private inFlight = 0;
  /** Calls in the batches counted by `inFlight`. */
  private inFlightCalls = 0;
  /** Batches running, stalled ones included. */
  private running = 0;
  private readonly stallMs: number;
  private readonly maxRunning: number;
  private readonly now: () => number;
  /** Peak of queued + in-flight calls in the current window (from `windowStart`) and in the one before it. */
  private windowStart = Number.NEGATIVE_INFINITY;
  private windowPeak = 0;
  private previousPeak = 0;

  constructor(private readonly options: BatcherOptions<C, R>) {
    if (!Number.isInteger(options.maxInFlight) || options.maxInFlight < 1) throw new Error('maxInFlight must be a whole number ≥ 1');
    if (!Number.isInteger(options.maxBatch) || options.maxBatch < 1) throw new Error('maxBatch must be a whole number ≥ 1');
    this.stallMs = options.stallMs ?? 50;
    this.maxRunning = Math.max(options.maxRunning ?? 4 * options.maxInFlight, options.maxInFlight);
    this.now = options.now ?? (() => performance.now());
  }

  submit(call: C): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ call, resolve, reject });
      this.pump();
    });
  }

  /** Calls waiting for a slot (for tests and metrics). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Counters since start: calls sent, database calls made for them (batches and single calls), batches that failed as a whole. */
  readonly stats = { calls: 0, sends: 0, failedBatches: 0 };

  /** A batch's share of the recent load: the calls a slot waits for while another batch is in the database. */
  share(): number {
    const { maxInFlight, maxBatch } = this.options;
    return Math.min(maxBatch, Math.max(1, Math.ceil(this.recentLoad() / maxInFlight)));
  }

  /** Notes the load now (queued + in flight) and answers the peak of this window and the one before. */
  private recentLoad(): number {
    const now = this.now();
    if (now - this.windowStart >= LOAD_WINDOW_MS) {
      // A new window; the one just ended is the previous one only if it was the last LOAD_WINDOW_MS.
      this.previousPeak = now - this.windowStart < 2 * LOAD_WINDOW_MS ? this.windowPeak : 0;
      this.windowPeak = 0;
      this.windowStart = now;
    }
    this.windowPeak = Math.max(this.windowPeak, this.queue.length + this.inFlightCalls);
    return Math.max(this.windowPeak, this.previousPeak);
  }

  private pump(): void {
    if (this.queue.length === 0) return;
    const share = this.share();
    const free = Math.min(this.options.maxInFlight - this.inFlight, this.maxRunning - this.running);
    // With another batch in the database, a free slot waits for a full share (or that batch).
    if (free <= 0 || (this.inFlight > 0 && this.queue.length < share)) return;
    let batches = Math.min(free, Math.ceil(this.queue.length / share));
    while (batches > 0) {
      this.send(this.queue.splice(0, Math.min(share, Math.ceil(this.queue.length / batches))));
      batches -= 1;
    }
  }

  private send(batch: Array<Pending<C, R>>): void {
    const size = batch.length;
    this.stats.calls += size;
    this.stats.sends += 1;
    this.inFlight += 1;
    this.inFlightCalls += size;
    this.running += 1;
    // A batch stops counting as in flight once: when it stalls, or when it comes back.
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      this.inFlight -= 1;
      this.inFlightCalls -= size;
    };
    const timer = setTimeout(() => {
      uncount();
      this.pump();
    }, this.stallMs);
    timer.unref();
    void this.run(batch).then((outcomes) => {
      // The slot is free before the callers hear back, so the next bets they place are not
      // counted twice (queued and still in flight) in the load.
      clearTimeout(timer);
      uncount();
      this.running -= 1;
      batch.forEach((pending, i) => {
        const outcome = outcomes[i] as Outcome<R>;
        if (outcome.ok) pending.resolve(outcome.value);
        else pending.reject(outcome.error);
      });
      this.pump();
    });
  }

  /** Runs a batch (one call alone); never rejects: each call's answer or error is its outcome. */
  private async run(batch: Array<Pending<C, R>>): Promise<Array<Outcome<R>>> {
    if (batch.length === 1) return [await this.runOne((batch[0] as Pending<C, R>).call)];
    try {
      const results = await this.options.runBatch(batch.map((p) => p.call));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
      return results.map((value) => ({ ok: true, value }));
    } catch (error) {
      this.stats.failedBatches += 1;
      this.options.onBatchError?.(error, batch.length);
      const outcomes: Array<Outcome<R>> = [];
      for (const pending of batch) outcomes.push(await this.runOne(pending.call));
      return outcomes;
    }
  }

  private async runOne(call: C): Promise<Outcome<R>> {
    try {
      return { ok: true, value: await this.options.runOne(call) };
    } catch (error) {
      return { ok: false, error };
    }
  }
}
