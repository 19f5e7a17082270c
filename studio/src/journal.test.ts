import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal } from './journal';
import { Store, type TxRecord } from './store';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'journal-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const tx = (state: TxRecord['state'], attempts: number): TxRecord => ({
  transactionId: 'r1:credit',
  type: 'credit',
  roundId: 'r1',
  playerId: 'p1',
  gameCode: 'plinko',
  currency: 'INR',
  amount: 1500,
  refTransactionId: 'r1:debit',
  body: { transactionId: 'r1:credit', amount: '1500' },
  state,
  attempts,
  nextAttemptAt: 0,
  sentAt: 1,
});

describe('the journal', () => {
  it('is readable by its owner only (it holds live game-session tokens), an older looser file included', () => {
    const older = join(dir, 'old');
    mkdirSync(older);
    writeFileSync(join(older, 'journal.jsonl'), '');
    chmodSync(join(older, 'journal.jsonl'), 0o644);
    expect(statSync(join(older, 'journal.jsonl')).mode & 0o777).toBe(0o644);
    new Journal<{ n: number }>(older).close();
    expect(statSync(join(older, 'journal.jsonl')).mode & 0o777).toBe(0o600);
    const fresh = join(dir, 'fresh');
    new Journal<{ n: number }>(fresh).close();
    expect(statSync(join(fresh, 'journal.jsonl')).mode & 0o777).toBe(0o600);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
  });

  it('replays what was appended, in order, across reopenings', () => {
    const a = new Journal<{ n: number }>(dir);
    a.append({ n: 1 });
    a.append({ n: 2 });
    a.close();
    const b = new Journal<{ n: number }>(dir);
    b.append({ n: 3 });
    expect(b.replay()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    b.close();
  });

  it('skips a last line torn by a kill, and refuses corruption anywhere else', () => {
    const j = new Journal<{ n: number }>(dir);
    j.append({ n: 1 });
    appendFileSync(j.path, '{"n":2');
    expect(j.replay()).toEqual([{ n: 1 }]);
    j.close();
    writeFileSync(join(dir, 'journal.jsonl'), '{"n":1}\n{"n":\n{"n":3}\n');
    expect(() => new Journal<{ n: number }>(dir).replay()).toThrow(SyntaxError);
  });

  it('rebuilds the store with the last record per key: a pending credit stays owed after a restart', () => {
    const store = new Store(dir);
    store.putTx(tx('pending', 0));
    store.putTx(tx('pending', 3));
    store.close();
    const again = new Store(dir);
    expect(again.txs.get('r1:credit')).toMatchObject({ state: 'pending', attempts: 3 });
    again.putTx(tx('ok', 4));
    again.close();
    expect(new Store(dir).txs.get('r1:credit')?.state).toBe('ok');
    expect(readFileSync(join(dir, 'journal.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);
  });
});
