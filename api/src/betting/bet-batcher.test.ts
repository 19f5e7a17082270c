import { Batcher, type BatcherOptions } from './bet-batcher';

/** A database stand-in whose calls finish when the test says so. */
function fakeDb(overrides: Partial<BatcherOptions<number, string>> = {}) {
  const batches: number[][] = [];
  const singles: number[] = [];
  /** Calls per database call, in the order they were made. */
  const sizes: number[] = [];
  const open: Array<() => void> = [];
  const wait = () => new Promise<void>((resolve) => open.push(resolve));
  const options: BatcherOptions<number, string> = {
    maxInFlight: 2,
    maxBatch: 3,
    // A real 50 ms stall timer (the default) fires on a loaded machine between two steps of a test
    // and frees a slot early (a CI run on a busy machine saw it): off unless a test asks for it.
    stallMs: 3_600_000,
    // So is the 25 ms window of the recent load on the real clock: on a loaded machine (the unit
    // tests run beside the e2e journeys, ADR 0083) a step can fall in the next window and change the
    // share of a batch. A stopped clock is the fast machine's one window; a test of the windows
    // passes its own.
    now: () => 0,
    runBatch: async (calls) => {
      batches.push([...calls]);
      sizes.push(calls.length);
      await wait();
      return calls.map((c) => `b${c}`);
    },
    runOne: async (call) => {
      singles.push(call);
      sizes.push(1);
      await wait();
      return `s${call}`;
    },
    ...overrides,
  };
  const release = async () => {
    while (open.length > 0) open.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  /** Lets the oldest call in the database finish, and its callers go on. */
  const releaseOldest = async () => {
    open.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { batcher: new Batcher(options), batches, singles, sizes, open, release, releaseOldest };
}

describe('Batcher (group commit of bets)', () => {
  it('sends a lone call at once as a single call: no waiting under light load', async () => {
    const db = fakeDb();
    const result = db.batcher.submit(1);
    expect(db.singles).toEqual([1]);
    await db.release();
    await expect(result).resolves.toBe('s1');
    expect(db.batches).toEqual([]);
  });

  it('queues calls while maxInFlight batches run, then sends them together, at most maxBatch a batch, in arrival order', async () => {
    const db = fakeDb();
    const results = [1, 2, 3, 4, 5, 6, 7].map((n) => db.batcher.submit(n));
    // Two slots: 1 and 2 go alone; 3..7 wait.
    expect(db.singles).toEqual([1, 2]);
    expect(db.batcher.waiting).toBe(5);
    await db.release();
    // 1 came back first: its free slot took 3,4,5 (maxBatch). When 2 came back, 6 and 7 were
    // fewer than a share of the load (7 ÷ 2 slots) beside a batch in flight, so they wait for it.
    expect(db.batches).toEqual([[3, 4, 5]]);
    expect(db.batcher.waiting).toBe(2);
    await db.release();
    expect(db.batches).toEqual([
      [3, 4, 5],
      [6, 7],
    ]);
    await db.release();
    await expect(Promise.all(results)).resolves.toEqual(['s1', 's2', 'b3', 'b4', 'b5', 'b6', 'b7']);
    expect(db.batcher.waiting).toBe(0);
  });

  it('keeps the slots evenly filled: 16 callers settle into two batches of 8, not 14 beside 1', async () => {
    const db = fakeDb({ maxBatch: 32 });
    let running = true;
    // A closed loop: each caller places its next bet as soon as the last one is answered.
    const callers = Array.from({ length: 16 }, async (_, caller) => {
      while (running) await db.batcher.submit(caller);
    });
    for (let i = 0; i < 30; i += 1) await db.releaseOldest();
    expect(db.sizes.slice(-10)).toEqual(Array(10).fill(8));
    running = false;
    while (db.open.length > 0) await db.release();
    await Promise.all(callers);
  });

  it('holds a part-filled batch only while another is in the database, and only as long as the load was recent', async () => {
    let now = 0;
    const db = fakeDb({ maxBatch: 32, now: () => now });
    const burst = Array.from({ length: 8 }, (_, n) => db.batcher.submit(n));
    expect(db.sizes).toEqual([1, 1]);
    // 0 comes back: its slot takes a share of the load of 8 over 2 slots: 2, 3, 4, 5.
    await db.releaseOldest();
    expect(db.batches).toEqual([[2, 3, 4, 5]]);
    // 1 comes back: 6 and 7 are less than a share beside the batch in flight, so they wait …
    await db.releaseOldest();
    expect(db.batcher.waiting).toBe(2);
    // … until that batch comes back.
    await db.releaseOldest();
    expect(db.batches).toEqual([
      [2, 3, 4, 5],
      [6, 7],
    ]);
    await db.releaseOldest();
    await expect(Promise.all(burst)).resolves.toHaveLength(8);

    // 30 ms later the burst is still recent (the window before counts): a second bet waits beside the first.
    now = 30;
    const a = db.batcher.submit(8);
    const b = db.batcher.submit(9);
    expect(db.singles.slice(-1)).toEqual([8]);
    expect(db.batcher.waiting).toBe(1);
    await db.release();
    expect(db.singles.slice(-1)).toEqual([9]);
    await db.release();
    // 90 ms: the burst is forgotten; beside a bet in flight, the next goes at once.
    now = 90;
    const c = db.batcher.submit(10);
    const d = db.batcher.submit(11);
    expect(db.singles.slice(-2)).toEqual([10, 11]);
    expect(db.batcher.share()).toBe(1);
    await db.release();
    await expect(Promise.all([a, b, c, d])).resolves.toEqual(['s8', 's9', 's10', 's11']);
  });

  it('never has more than maxInFlight calls to the database at once', async () => {
    let inFlight = 0;
    let most = 0;
    const track = async <T>(value: T): Promise<T> => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return value;
    };
    const batcher = new Batcher<number, number>({
      maxInFlight: 3,
      maxBatch: 4,
      runBatch: (calls) => track(calls.map((c) => c * 10)),
      runOne: (call) => track(call * 10),
    });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => batcher.submit(i)));
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => i * 10));
    expect(most).toBe(3);
  });

  it('retries each call of a batch that failed as a whole alone, so each gets its own answer or error', async () => {
    const failures: number[] = [];
    const batcher = new Batcher<number, string>({
      maxInFlight: 1,
      maxBatch: 10,
      runBatch: () => Promise.reject(new Error('deadlock detected')),
      runOne: (call) => (call === 3 ? Promise.reject(new Error(`bet ${call} failed`)) : Promise.resolve(`s${call}`)),
      onBatchError: (_error, size) => failures.push(size),
    });
    const first = batcher.submit(0);
    const rest = [1, 2, 3, 4].map((n) => batcher.submit(n).catch((error: Error) => error.message));
    await expect(first).resolves.toBe('s0');
    await expect(Promise.all(rest)).resolves.toEqual(['s1', 's2', 'bet 3 failed', 's4']);
    expect(failures).toEqual([4]);
  });

  it('treats a batch that answers the wrong number of results as failed', async () => {
    const batcher = new Batcher<number, string>({
      maxInFlight: 1,
      maxBatch: 10,
      runBatch: async () => ['only one'],
      runOne: async (call) => `s${call}`,
    });
    const all = [0, 1, 2].map((n) => batcher.submit(n));
    await expect(Promise.all(all)).resolves.toEqual(['s0', 's1', 's2']);
  });

  it('lets the queue past a stalled batch (one waiting on a lock), up to maxRunning batches in all', async () => {
    const db = fakeDb({ maxInFlight: 1, stallMs: 20, maxRunning: 2 });
    const stuck = db.batcher.submit(1);
    const second = db.batcher.submit(2);
    const third = db.batcher.submit(3);
    expect(db.singles).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 35));
    // 1 stalled: 2 and 3 went out together; nothing more may start while 2 batches run.
    expect(db.batches).toEqual([[2, 3]]);
    const fourth = db.batcher.submit(4);
    await new Promise((resolve) => setTimeout(resolve, 35));
    expect(db.singles).toEqual([1]);
    expect(db.batcher.waiting).toBe(1);
    await db.release();
    await db.release();
    await expect(Promise.all([stuck, second, third, fourth])).resolves.toEqual(['s1', 'b2', 'b3', 's4']);
  });

  it('refuses settings that would never send anything', () => {
    const run = { runBatch: async () => [], runOne: async () => '' };
    expect(() => new Batcher({ ...run, maxInFlight: 0, maxBatch: 1 })).toThrow('maxInFlight');
    expect(() => new Batcher({ ...run, maxInFlight: 1, maxBatch: 0 })).toThrow('maxBatch');
  });
});
