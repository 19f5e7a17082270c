/**
 * The studio's storage: one append-only journal file of JSON lines, each fsynced before the write
 * returns, replayed line by line at start (ADR 0021). Every record is a full snapshot of one thing
 * (a round, a transaction, a player's seeds, a launch), so replay is "the last line of each key
 * wins" and nothing is ever rewritten in place. A line cut short by a crash mid-write is the only
 * damage a kill can do; replay skips it (the write it belonged to never returned, so nothing was
 * acted on).
 */
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class Journal<Entry> {
  private fd: number | null;
  readonly path: string;

  constructor(dataDir: string) {
    // The journal holds the operator's live game-session tokens (launches) and the players'
    // seeds: readable by the studio's user only, as the CW-1 secret beside it is.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    this.path = join(dataDir, 'journal.jsonl');
    this.fd = openSync(this.path, 'a', 0o600);
    // A journal written before this rule (or under a looser umask) is closed up too.
    chmodSync(this.path, 0o600);
  }

  /** Every complete entry written so far, in order. */
  replay(): Entry[] {
    if (!existsSync(this.path)) return [];
    const entries: Entry[] = [];
    const lines = readFileSync(this.path, 'utf8').split('\n');
    for (const [index, line] of lines.entries()) {
      if (line === '') continue;
      try {
        entries.push(JSON.parse(line) as Entry);
      } catch (error) {
        // Only the last line may be torn (a kill during its write); anything else is corruption.
        if (index < lines.length - 2 || (index === lines.length - 2 && lines[lines.length - 1] !== '')) throw error;
      }
    }
    return entries;
  }

  /** Appends one entry and makes it durable (fsync) before returning. */
  append(entry: Entry): void {
    if (this.fd === null) throw new Error('the journal is closed');
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
