/**
 * Model-based property test of the ledger through the service layer (docs/rules/test-plan.md T1): random
 * sequences of chip deposits and withdrawals over a small tree, idempotent replays and
 * mismatches, locks and bet locks (with their inheritance), and reversals. A pure model
 * predicts each result — success and the new balances, or the exact refusal — and after every
 * command the five wallets must equal the model; after every run all ledger invariants hold.
 *
 * Each run builds a fresh tree in this file's database: root ─ a ─ a1, a ─ a2, root ─ b.
 * Replay a failure with SEED=<seed> (printed below, and in fast-check's report).
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { Role } from '@backlay/shared/contracts';
import { isBlocked } from '../src/auth/auth.repository';
import { isDomainError } from '../src/common/domain-error';
import { assertLedgerInvariants, buildTestApp, TEST_TXN_PASSWORD, type TestContext, type TestUser } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SEED = process.env.SEED !== undefined ? Number(process.env.SEED) : Date.now() % 2 ** 31;
const NUM_RUNS = 40;
/** Chips minted into each node's wallet before a run: the root holds most. */
const START_RUPEES: readonly bigint[] = [5_000n, 500n, 500n, 500n, 500n];

/** Node index → parent index (0 is the root). */
const PARENT: readonly (number | null)[] = [null, 0, 0, 1, 1];
const ROLE: readonly Role[] = ['admin', 'sadmin', 'sadmin', 'smdl', 'smdl'];
/** The parent → child edges chips can move along. */
const EDGES: ReadonlyArray<[number, number]> = [
  [0, 1],
  [0, 2],
  [1, 3],
  [1, 4],
];

interface ModelJournal {
  id: string;
  /** Wallet debited and credited (node indexes). */
  from: number;
  to: number;
  amountMinor: bigint;
  reversal: boolean;
  reversed: boolean;
  /** For transfers: the exact request, to replay it. */
  request?: { edge: number; direction: 'deposit' | 'withdraw'; amountMinor: bigint; key: string; remark: string };
}

interface Model {
  balances: bigint[];
  locked: boolean[];
  betLocked: boolean[];
  journals: ModelJournal[];
}

interface Real {
  nodes: TestUser[];
}

const ancestorsOf = (node: number): number[] => {
  const out: number[] = [];
  for (let p = PARENT[node] ?? null; p !== null; p = PARENT[p] ?? null) out.push(p);
  return out;
};
const effectively = (flags: readonly boolean[], node: number): boolean => flags[node] === true || ancestorsOf(node).some((a) => flags[a] === true);

const meta = { ip: null, userAgent: null, requestId: null, siteId: 'backlay' };
const actorOf = (real: Real, node: number) => ({ userId: real.nodes[node]?.id ?? '', role: ROLE[node] as Role, siteId: 'backlay' });

function rupees(minor: bigint): number {
  return Number(minor) / 100;
}

async function expectRefusal(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isDomainError(error) || error.code !== code) {
    throw new Error(`expected ${code}, got ${error === null ? 'success' : String((error as Error).message)}`);
  }
}

async function assertWallets(model: Model, real: Real): Promise<void> {
  const { rows } = await t.db.query<{ user_id: string; balance: string }>(
    'SELECT user_id, balance_minor::text AS balance FROM ledger_accounts WHERE user_id = ANY($1::uuid[])',
    [real.nodes.map((n) => n.id)],
  );
  const byUser = new Map(rows.map((row) => [row.user_id, BigInt(row.balance)]));
  expect(real.nodes.map((n) => byUser.get(n.id))).toEqual(model.balances);
}

class TransferCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly edge: number,
    readonly direction: 'deposit' | 'withdraw',
    readonly amountMinor: bigint,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    const [parent, child] = EDGES[this.edge] as [number, number];
    const [from, to] = this.direction === 'deposit' ? [parent, child] : [child, parent];
    const key = randomUUID();
    const remark = `p${this.edge}`;
    const call = t.services.chips.transfer(
      actorOf(real, parent),
      this.direction,
      { username: real.nodes[child]?.username ?? '', amount: rupees(this.amountMinor), remark, transactionPassword: TEST_TXN_PASSWORD },
      key,
      meta,
    );
    if ((model.balances[from] ?? 0n) < this.amountMinor) {
      await expectRefusal(call, 'INSUFFICIENT_FUNDS');
    } else {
      const result = await call;
      model.balances[from] = (model.balances[from] ?? 0n) - this.amountMinor;
      model.balances[to] = (model.balances[to] ?? 0n) + this.amountMinor;
      expect([result.parentBalance, result.childBalance]).toEqual([rupees(model.balances[parent] ?? 0n), rupees(model.balances[child] ?? 0n)]);
      model.journals.push({
        id: result.journalId,
        from,
        to,
        amountMinor: this.amountMinor,
        reversal: false,
        reversed: false,
        request: { edge: this.edge, direction: this.direction, amountMinor: this.amountMinor, key, remark },
      });
    }
    await assertWallets(model, real);
  }
  toString(): string {
    return `${this.direction}(edge ${this.edge}, ${this.amountMinor} paise)`;
  }
}

/** Repeats an earlier transfer with its key: the same body replays, another body is refused. */
class ReplayCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly changeBody: boolean,
  ) {}
  check(model: Model): boolean {
    return model.journals.some((j) => j.request !== undefined);
  }
  async run(model: Model, real: Real): Promise<void> {
    const transfers = model.journals.filter((j) => j.request !== undefined);
    const journal = transfers[this.pick % transfers.length] as ModelJournal;
    const request = journal.request as NonNullable<ModelJournal['request']>;
    const [parent, child] = EDGES[request.edge] as [number, number];
    const amountMinor = this.changeBody ? request.amountMinor + 1n : request.amountMinor;
    const call = t.services.chips.transfer(
      actorOf(real, parent),
      request.direction,
      { username: real.nodes[child]?.username ?? '', amount: rupees(amountMinor), remark: request.remark, transactionPassword: TEST_TXN_PASSWORD },
      request.key,
      meta,
    );
    if (this.changeBody) await expectRefusal(call, 'IDEMPOTENCY_MISMATCH');
    else expect((await call).journalId).toBe(journal.id);
    await assertWallets(model, real);
  }
  toString(): string {
    return `replay(${this.pick}${this.changeBody ? ', changed body' : ''})`;
  }
}

class ReverseCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check(model: Model): boolean {
    return model.journals.length > 0;
  }
  async run(model: Model, real: Real): Promise<void> {
    const journal = model.journals[this.pick % model.journals.length] as ModelJournal;
    const call = t.services.ledger.reverse({ journalId: journal.id, actorId: real.nodes[0]?.id ?? null, reason: 'property test' });
    if (journal.reversal || journal.reversed) {
      await expectRefusal(call, 'CONFLICT');
    } else if ((model.balances[journal.to] ?? 0n) < journal.amountMinor) {
      await expectRefusal(call, 'INSUFFICIENT_FUNDS');
    } else {
      const posted = await call;
      model.balances[journal.to] = (model.balances[journal.to] ?? 0n) - journal.amountMinor;
      model.balances[journal.from] = (model.balances[journal.from] ?? 0n) + journal.amountMinor;
      journal.reversed = true;
      model.journals.push({ id: posted.journal.id, from: journal.to, to: journal.from, amountMinor: journal.amountMinor, reversal: true, reversed: false });
    }
    await assertWallets(model, real);
  }
  toString(): string {
    return `reverse(${this.pick})`;
  }
}

class LockCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly kind: 'users-lock' | 'bet-lock',
    readonly node: number,
    readonly lock: boolean,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: Model, real: Real): Promise<void> {
    const body = { username: real.nodes[this.node]?.username ?? '', lock: this.lock, transactionPassword: TEST_TXN_PASSWORD };
    const row =
      this.kind === 'users-lock'
        ? await t.services.accounts.setLock(actorOf(real, 0), body, meta)
        : await t.services.accounts.setBetLock(actorOf(real, 0), body, meta);
    (this.kind === 'users-lock' ? model.locked : model.betLocked)[this.node] = this.lock;
    expect(this.kind === 'users-lock' ? row.status : row.betLock).toBe(this.kind === 'users-lock' ? (this.lock ? 'locked' : 'active') : this.lock);
    // Inheritance: every node is locked exactly when it or an ancestor is.
    for (let node = 0; node < real.nodes.length; node += 1) {
      const id = real.nodes[node]?.id ?? '';
      expect([node, await isBlocked(t.db, id)]).toEqual([node, effectively(model.locked, node)]);
      expect([node, await t.services.users.isBetLocked(id)]).toEqual([node, effectively(model.betLocked, node)]);
    }
    await assertWallets(model, real);
  }
  toString(): string {
    return `${this.kind}(node ${this.node}, ${this.lock})`;
  }
}

// Up to ₹1,500 a transfer against ₹5,000 at the root: most succeed, some run out of chips.
const transfer = fc
  .tuple(fc.nat({ max: EDGES.length - 1 }), fc.constantFrom('deposit' as const, 'withdraw' as const), fc.bigInt({ min: 1n, max: 150_000n }))
  .map(([edge, direction, amount]) => new TransferCommand(edge, direction, amount));
// Transfers appear three times: the commands are drawn uniformly, and money moves most.
const commands = [
  transfer,
  transfer,
  transfer,
  fc.tuple(fc.nat(), fc.boolean()).map(([pick, changeBody]) => new ReplayCommand(pick, changeBody)),
  fc.nat().map((pick) => new ReverseCommand(pick)),
  fc
    .tuple(fc.constantFrom('users-lock' as const, 'bet-lock' as const), fc.integer({ min: 1, max: 4 }), fc.boolean())
    .map(([kind, node, lock]) => new LockCommand(kind, node, lock)),
];

async function freshTree(): Promise<Real> {
  const nodes: TestUser[] = [];
  for (let i = 0; i < PARENT.length; i += 1) {
    const parent = PARENT[i] ?? null;
    nodes.push(await t.createUser({ role: ROLE[i] as Role, parentId: parent === null ? null : (nodes[parent]?.id ?? null) }));
  }
  for (const [i, node] of nodes.entries()) await t.fund(node.id, START_RUPEES[i] ?? 0n);
  return { nodes };
}

describe('ledger model (fast-check)', () => {
  it(`random transfers, replays, locks and reversals keep every invariant (seed ${SEED})`, async () => {
    // Printed so a failure can be replayed exactly (docs/rules/test-plan.md).
    console.info(`ledger-properties: SEED=${SEED}`);
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'max' }), async (cmds) => {
        const real = await freshTree();
        const model: Model = {
          balances: START_RUPEES.map((r) => r * 100n),
          locked: [false, false, false, false, false],
          betLocked: [false, false, false, false, false],
          journals: [],
        };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
        await assertLedgerInvariants(t.db);
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
  }, 60_000);
});
