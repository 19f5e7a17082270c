/**
 * Group commit for bets (ADR 0008). Calls that arrive while `maxInFlight` batches are already in
 * the database wait, and the next free slot takes all of them (at most `maxBatch`) in ONE call and
 * one transaction. Under light load nothing waits: a lone call goes straight out as a batch of one
 * (`runOne`, the single-bet statement), so batching adds no latency; under load a bet waits at most
 * for one batch in flight, and the database commits once per batch instead of once per bet.
 *
 * A batch that fails as a whole (an error, not a refusal: refusals are results) wrote nothing,
 * so each of its calls is then run alone and gets its own result or its own error.
 *
 * Head-of-line blocking: a batch that waits on a lock (a wallet a big settlement holds for
 * seconds) must not hold up everyone else's bets. A batch still running after `stallMs` stops
 * counting against `maxInFlight`, so the next batch goes out; `maxRunning` (the connections the
 * batcher may take from the pool) bounds the batches running in all.
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
}

interface Pending<C, R> {
  call: C;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class Batcher<C, R> {
  private readonly queue: Array<Pending<C, R>> = [];
  /** Batches running and not stalled. */
  private inFlight = 0;
  /** Batches running, stalled ones included. */
  private running = 0;
  private readonly stallMs: number;
  private readonly maxRunning: number;

  constructor(private readonly options: BatcherOptions<C, R>) {
    if (!Number.isInteger(options.maxInFlight) || options.maxInFlight < 1) throw new Error('maxInFlight must be a whole number ≥ 1');
    if (!Number.isInteger(options.maxBatch) || options.maxBatch < 1) throw new Error('maxBatch must be a whole number ≥ 1');
    this.stallMs = options.stallMs ?? 50;
    this.maxRunning = Math.max(options.maxRunning ?? 4 * options.maxInFlight, options.maxInFlight);
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

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.running < this.maxRunning && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.stats.calls += batch.length;
      this.stats.sends += 1;
      this.inFlight += 1;
      this.running += 1;
      let stalled = false;
      const timer = setTimeout(() => {
        stalled = true;
        this.inFlight -= 1;
        this.pump();
      }, this.stallMs);
      timer.unref();
      void this.run(batch).finally(() => {
        clearTimeout(timer);
        if (!stalled) this.inFlight -= 1;
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async run(batch: Array<Pending<C, R>>): Promise<void> {
    if (batch.length === 1) {
      await this.settleOne(batch[0] as Pending<C, R>);
      return;
    }
    let results: R[];
    try {
      results = await this.options.runBatch(batch.map((p) => p.call));
      if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
    } catch (error) {
      this.stats.failedBatches += 1;
      this.options.onBatchError?.(error, batch.length);
      for (const pending of batch) await this.settleOne(pending);
      return;
    }
    batch.forEach((pending, i) => pending.resolve(results[i] as R));
  }

  private async settleOne(pending: Pending<C, R>): Promise<void> {
    try {
      pending.resolve(await this.options.runOne(pending.call));
    } catch (error) {
      pending.reject(error);
    }
  }
}
