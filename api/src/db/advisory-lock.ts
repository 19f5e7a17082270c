/**
 * A session-level PostgreSQL advisory lock on a dedicated connection: the way a singleton job
 * (the feed ingest; later the casino scheduler and settlement) makes sure exactly one API
 * instance runs it. `pg_try_advisory_lock` never waits; the lock lasts as long as the session,
 * so if the holder dies its connection closes and another instance can take over. Advisory
 * locks are per database.
 */
import type { Client } from 'pg';

export interface AdvisoryLockOptions {
  /** Opens the dedicated connection. */
  connect: () => Promise<Client>;
  lockId: number;
  /** Called once when a held lock is lost (the connection failed). */
  onLost?: (error: unknown) => void;
}

export class AdvisoryLock {
  private client: Client | null = null;

  constructor(private readonly options: AdvisoryLockOptions) {}

  /** True while this process holds the lock. */
  get held(): boolean {
    return this.client !== null;
  }

  /** Takes the lock if it is free; false when another session holds it. */
  async tryAcquire(): Promise<boolean> {
    if (this.client !== null) return true;
    const client = await this.options.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [this.options.lockId]);
      if (rows[0]?.locked !== true) {
        await client.end();
        return false;
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    const lost = (error: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      this.options.onLost?.(error);
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the lock connection ended')));
    this.client = client;
    return true;
  }

  /** Releases the lock and closes its connection (no-op when not held). */
  async release(): Promise<void> {
    const client = this.client;
    if (client === null) return;
    this.client = null;
    try {
      await client.query('SELECT pg_advisory_unlock($1)', [this.options.lockId]);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
