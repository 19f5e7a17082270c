/**
 * The loop of a singleton job (the feed ingest, the casino engine): the instance that holds the
 * job's advisory lock ticks every `tickMs`; the others try the lock every `lockRetryMs` and take
 * over when the holder's session ends. Tests drive a job by hand with `acquire()` and `tick()`.
 */
import type { Logger } from '../common/logger';
import { AdvisoryLock } from './advisory-lock';
import type { Database } from './database';

export interface LeaderLoopOptions<T> {
  db: Database;
  log: Logger;
  lockId: number;
  /** Names the job in logs and in the lock's connection (application_name). */
  name: string;
  tickMs: number;
  lockRetryMs: number;
  /** Runs once each time this instance takes the lock, before its first tick. */
  onAcquired?: () => Promise<void>;
  /** Waited for when the loop stops, after the running tick and before the lock is released. */
  onStop?: () => Promise<unknown>;
  /** Runs when the lock is lost (its connection ended): the job lets go of what only the leader may hold. */
  onLost?: () => Promise<unknown>;
  /** One step of the job; only called while this instance holds the lock. */
  tick: () => Promise<T>;
}

export class LeaderLoop<T> {
  private readonly lock: AdvisoryLock;
  private started = false;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<unknown> | null = null;

  constructor(private readonly options: LeaderLoopOptions<T>) {
    this.lock = new AdvisoryLock({
      connect: () => options.db.dedicatedClient(`backlay-${options.name}-lock`),
      lockId: options.lockId,
      onLost: (error) => {
        options.log.warn({ err: error }, `${options.name} lost its lock; another instance may take over`);
        void options.onLost?.().catch((failure: unknown) => options.log.error({ err: failure }, `${options.name}: letting go after the lost lock failed`));
      },
    });
  }

  /** True while this instance holds the lock and runs the job. */
  get leader(): boolean {
    return this.lock.held;
  }

  /** Starts the loop: take the lock (or keep trying), then tick every tickMs. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Stops the loop, waits for a running tick (and onStop) and releases the lock. */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight?.catch(() => undefined);
    await this.options.onStop?.();
    await this.lock.release();
  }

  /** Tries to take the lock; true when this instance is (now) the leader. */
  async acquire(): Promise<boolean> {
    if (this.lock.held) return true;
    if (!(await this.lock.tryAcquire())) return false;
    await this.options.onAcquired?.();
    this.options.log.info({}, `this instance runs the ${this.options.name}`);
    return true;
  }

  /** One step at the job's clock; null unless this instance holds the lock. */
  tick(): Promise<T | null> {
    if (!this.lock.held) return Promise.resolve(null);
    const startedAt = performance.now();
    const run = this.options.tick();
    this.inFlight = run;
    return run.finally(() => {
      if (this.inFlight === run) this.inFlight = null;
      this.lastTick = { endedAt: performance.now(), ms: performance.now() - startedAt };
    });
  }

  /**
   * The last tick this instance ran (performance.now() time it ended, and how long it took), for
   * the metrics: a leader whose last tick ended long ago is stuck. Null before the first.
   */
  lastTick: { endedAt: number; ms: number } | null = null;

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => void this.loop(), delayMs);
  }

  private async loop(): Promise<void> {
    this.timer = null;
    if (!this.started) return;
    try {
      if (!this.lock.held) await this.acquire();
      if (this.lock.held && this.started) await this.tick();
    } catch (error) {
      this.options.log.error({ err: error }, `${this.options.name} tick failed`);
    }
    if (this.started) this.schedule(this.lock.held ? this.options.tickMs : this.options.lockRetryMs);
  }
}
