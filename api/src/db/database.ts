/**
 * The PostgreSQL handle: a pg Pool plus transactions with after-commit hooks. Repositories take
 * a `Queryable` (the database or an open transaction), so one repository function works inside
 * and outside a transaction.
 */
import { Client, Pool, type PoolClient, type QueryResultRow } from 'pg';

/** Anything that runs SQL: the pool or an open transaction. */
export interface Queryable {
  query<R extends QueryResultRow = QueryResultRow>(
    text: string,
    values?: readonly unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
}

/** An open transaction. `afterCommit` callbacks run only once the COMMIT succeeded. */
export interface Tx extends Queryable {
  afterCommit(fn: () => void): void;
}

export interface DatabaseOptions {
  url: string;
  poolMax: number;
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  /** How long a query waits for a pooled connection before the pool refuses it (503 BUSY); default 5 s. */
  poolWaitMs?: number;
  /** Receives errors of idle pooled connections (e.g. the server shutting down). */
  onIdleError?: (error: Error) => void;
}

/** Receives how long one checkout waited for a pooled connection, in seconds (the metrics' histogram). */
export type PoolWaitObserver = (seconds: number) => void;

/**
 * True for the pool's refusal when every connection stayed busy past `connectionTimeoutMillis`
 * (pg-pool's own message): an overloaded moment, not a fault; the API answers 503 BUSY.
 */
export function isPoolExhausted(error: unknown): boolean {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}

/** SQLSTATEs after which the whole transaction may simply be run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 3;
/** The application_name of a connection while it serves `readSnapshot` (pg_stat_activity). */
export const SNAPSHOT_APPLICATION_NAME = 'backlay-api:snapshot';

export class Database implements Queryable {
  private closed = false;
  private waitObserver: PoolWaitObserver | null = null;

  constructor(
    private readonly pool: Pool,
    /** Set by connect(); needed for dedicated sessions (advisory locks). */
    private readonly options: DatabaseOptions | null = null,
  ) {
    this.timeCheckouts();
  }

  /**
   * Reports, from now on, how long each checkout of a pooled connection waited: every query and
   * transaction takes one (pool.query checks out through pool.connect too). Zero while a
   * connection is idle; the time to open one while the pool grows; the queueing time once all
   * DB_POOL_MAX are busy, which is the wait that matters.
   */
  observePoolWaits(observer: PoolWaitObserver): void {
    this.waitObserver = observer;
  }

  /** Wraps this pool's connect (callback and promise forms, as pg-pool's own query calls it) with a timer. */
  private timeCheckouts(): void {
    const connect = this.pool.connect.bind(this.pool) as (callback?: (...args: unknown[]) => void) => Promise<PoolClient> | undefined;
    const observe = (started: number): void => this.waitObserver?.((performance.now() - started) / 1000);
    const timed = (callback?: (...args: unknown[]) => void): Promise<PoolClient> | undefined => {
      const started = performance.now();
      if (callback !== undefined) {
        return connect((...args: unknown[]) => {
          observe(started);
          callback(...args);
        });
      }
      return (connect() as Promise<PoolClient>).then((client) => {
        observe(started);
        return client;
      });
    };
    this.pool.connect = timed as Pool['connect'];
  }

  static connect(options: DatabaseOptions): Database {
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolMax,
      connectionTimeoutMillis: options.poolWaitMs ?? 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: options.statementTimeoutMs,
      lock_timeout: options.lockTimeoutMs,
      // A transaction left open by a bug must not hold its row locks for ever.
      idle_in_transaction_session_timeout: 60_000,
      application_name: 'backlay-api',
    });
    pool.on('error', (error) => options.onIdleError?.(error));
    return new Database(pool, options);
  }

  /** The pool's connections now: open, idle, and requests waiting for one (the metrics). */
  poolStats(): { total: number; idle: number; waiting: number } {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  /**
   * A new connection outside the pool, for session-level state such as an advisory lock held
   * for as long as the session lives. The caller ends it.
   */
  async dedicatedClient(applicationName: string): Promise<Client> {
    if (this.options === null) throw new Error('dedicatedClient needs a Database made by Database.connect');
    const client = new Client({
      connectionString: this.options.url,
      connectionTimeoutMillis: 5_000,
      statement_timeout: this.options.statementTimeoutMs,
      keepAlive: true,
      application_name: applicationName,
    });
    await client.connect();
    return client;
  }

  query<R extends QueryResultRow = QueryResultRow>(
    text: string,
    values?: readonly unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }> {
    return this.pool.query<R>(text, values as unknown[] | undefined);
  }

  /**
   * Runs one statement as a named prepared statement: parsed and planned once per pooled
   * connection, then only bound and executed (hot single-statement paths, e.g. bet placement).
   * `name` must always come with the same `text`.
   */
  queryPrepared<R extends QueryResultRow = QueryResultRow>(
    name: string,
    text: string,
    values: readonly unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }> {
    return this.pool.query<R>({ name, text, values: values as unknown[] });
  }

  /**
   * Runs `fn` in a READ COMMITTED transaction. A deadlock or serialization failure reruns the
   * whole function (at most 3 attempts), so `fn` must not have side effects outside the
   * database; put those in `tx.afterCommit`.
   */
  async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const client = await this.pool.connect();
      const hooks: Array<() => void> = [];
      let result: T;
      try {
        await client.query('BEGIN');
        result = await fn(wrap(client, hooks));
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        client.release();
        const code = (error as { code?: string }).code;
        if (code !== undefined && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
      client.release();
      for (const hook of hooks) hook();
      return result;
    }
  }

  /**
   * Yields what `produce` yields while it reads in one REPEATABLE READ READ ONLY transaction on a
   * connection of its own: every batch of a long read (a CSV export, ADR 0067) sees the same
   * snapshot, so pages read by offset never overlap or skip a row that was written meanwhile.
   * The connection goes back when the consumer finishes or stops (a cancelled download ends the
   * generator); a consumer that stalls holds it at most the pool's `idle_in_transaction_session_timeout`
   * (60 s, set on every connection in `connect`).
   */
  async *readSnapshot<T>(produce: (q: Queryable) => AsyncIterable<T>): AsyncGenerator<T> {
    const client = await this.pool.connect();
    let done = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // Named while it lasts, so pg_stat_activity tells an export's long read from the API's other work.
      await client.query(`SET LOCAL application_name = '${SNAPSHOT_APPLICATION_NAME}'`);
      yield* produce(wrap(client, []));
      await client.query('COMMIT');
      done = true;
    } finally {
      if (!done) await client.query('ROLLBACK').catch(() => undefined);
      // A read that ended early (a cancelled download, the idle timeout) gives back no connection in doubt.
      client.release(!done);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

function wrap(client: PoolClient, hooks: Array<() => void>): Tx {
  return {
    query: <R extends QueryResultRow>(text: string, values?: readonly unknown[]) =>
      client.query<R>(text, values as unknown[] | undefined),
    afterCommit: (fn) => {
      hooks.push(fn);
    },
  };
}

/** One round trip to the server (`SELECT 1`): the readiness probe's question, GET /api/health. */
export async function ping(q: Queryable): Promise<void> {
  await q.query('SELECT 1');
}
