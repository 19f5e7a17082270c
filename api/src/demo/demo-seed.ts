/**
 * Demo data (demo mode only, never in production): one chain from demo-admin down to
 * demo-user, and play chips moved through real ledger journals — minted to demo-admin, then
 * passed down by each parent. Every step is keyed (usernames, journal event refs), so running
 * the seed again changes nothing.
 *
 * A seeder beside main.ts, not a domain: it writes the demo accounts and payment settings
 * straight through their owners' repositories, as a test factory does (no policy applies to a
 * seed), its own two statements through demo-seed.repository.ts, and only main.ts and the tests
 * import it.
 */
import type { Role } from '@backlay/shared/contracts';
import type { PasswordHasher } from '../auth/passwords';
import type { Database } from '../db/database';
import type { LedgerService } from '../ledger/ledger.service';
import { rupeesToPaise } from '../common/money';
import * as payments from '../payments/payments.repository';
import * as users from '../users/users.repository';
import { lockSeed, setUntouchedSportsBetDelay } from './demo-seed.repository';

/** Login password of every demo account. */
export const DEMO_PASSWORD = 'Backlay#2026';
/** Transaction password of every demo account. */
export const DEMO_TRANSACTION_PASSWORD = '123456';

/** Bet delay of the demo's sports (seconds): the simulator's clock runs about ten times fast. */
export const DEMO_BET_DELAY_SEC = 1;

export interface DemoAccount {
  username: string;
  role: Role;
  partnershipShareBps: number;
  /** Chips this account receives: minted for the root, from its parent otherwise. */
  chipsRupees: string;
}

/** The demo chain, root first; each account's parent is the one before it. */
export const DEMO_CHAIN: readonly DemoAccount[] = [
  { username: 'demo-admin', role: 'admin', partnershipShareBps: 10_000, chipsRupees: '100000000' },
  { username: 'demo-sadmin', role: 'sadmin', partnershipShareBps: 9_000, chipsRupees: '50000000' },
  { username: 'demo-smdl', role: 'smdl', partnershipShareBps: 8_000, chipsRupees: '20000000' },
  { username: 'demo-mdl', role: 'mdl', partnershipShareBps: 7_000, chipsRupees: '10000000' },
  { username: 'demo-dl', role: 'dl', partnershipShareBps: 6_000, chipsRupees: '5000000' },
  { username: 'demo-user', role: 'user', partnershipShareBps: 0, chipsRupees: '100000' },
];

/** Serialises concurrent seeds (two instances starting at once). */
const SEED_LOCK_ID = 72_810_002;

/**
 * Payment details of the demo operator, so a new user sees the deposit page whole (UPI id and
 * QR, bank panel). Set only while none are configured; an admin's own settings are never replaced.
 */
export const DEMO_PAYMENT_SETTINGS = {
  upiId: 'backlay.demo@okaxis',
  upiName: 'Backlay Demo',
  accountHolderName: 'Backlay Demo Payments',
  accountNumber: '50100123456789',
  ifscCode: 'HDFC0001234',
} as const;

export interface SeedResult {
  createdUsers: string[];
  postedJournals: number;
}

export async function seedDemo(deps: { db: Database; ledger: LedgerService; passwords: PasswordHasher }): Promise<SeedResult> {
  const { db, ledger, passwords } = deps;
  // Hash outside the transaction: argon2 is slow on purpose.
  const passwordHash = await passwords.hash(DEMO_PASSWORD);
  const txnPasswordHash = await passwords.hash(DEMO_TRANSACTION_PASSWORD);

  return db.transaction(async (tx) => {
    await lockSeed(tx, SEED_LOCK_ID);
    const createdUsers: string[] = [];
    const ids: string[] = [];
    for (const [index, account] of DEMO_CHAIN.entries()) {
      const parentId = index === 0 ? null : (ids[index - 1] ?? null);
      let user = await users.findUserByUsername(tx, account.username);
      if (user === null) {
        user = await users.insertUser(tx, {
          username: account.username,
          displayName: account.username,
          role: account.role,
          parentId,
          passwordHash,
          txnPasswordHash,
          mustChangePassword: false,
          createdBy: parentId,
          partnershipShareBps: account.partnershipShareBps,
        });
        createdUsers.push(account.username);
      }
      ids.push(user.id);
    }

    let postedJournals = 0;
    const mint = await ledger.systemAccountId('system:mint', tx);
    for (const [index, account] of DEMO_CHAIN.entries()) {
      const userId = ids[index] ?? '';
      const wallet = await ledger.walletOf(userId, tx);
      const fromAccount = index === 0 ? mint : (await ledger.walletOf(ids[index - 1] ?? '', tx)).accountId;
      const amountMinor = rupeesToPaise(account.chipsRupees);
      const posted = await ledger.postJournal(tx, {
        code: index === 0 ? 'DEMO_MINT' : 'CHIP_DEPOSIT',
        eventType: 'demo_seed',
        eventRef: index === 0 ? `mint:${account.username}` : `chips:${account.username}`,
        actorId: index === 0 ? null : (ids[index - 1] ?? null),
        remark: index === 0 ? 'Demo play chips' : `Demo chips for ${account.username}`,
        legs: [
          { accountId: fromAccount, amountMinor: -amountMinor },
          { accountId: wallet.accountId, amountMinor },
        ],
        audit: { action: 'demo.seed_chips', target: `user:${userId}`, ip: null, requestId: null },
      });
      if (!posted.replayed) postedJournals += 1;
    }
    if ((await payments.findPaymentSettings(tx, { lock: true })).upiId === '') {
      await payments.updatePaymentSettings(tx, DEMO_PAYMENT_SETTINGS, ids[0] ?? '');
    }
    // The simulator plays on a compressed clock (a ball every 2–4 s instead of about 40 s), so a
    // 5 s bet delay would span one or two balls. The demo's sports start with DEMO_BET_DELAY_SEC
    // instead, which new match odds markets take (bookmaker markets and fancies start with no
    // delay: markets.repository.ts); admins can change it in the sports list.
    await setUntouchedSportsBetDelay(tx, DEMO_BET_DELAY_SEC);
    return { createdUsers, postedJournals };
  });
}
