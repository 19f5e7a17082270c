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
import type { Database, Tx } from '../db/database';
import { DEFAULT_SITE_ID } from '../sites/site-rules';
import * as sites from '../sites/sites.repository';
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

/** The second site's payment details (its own operator). */
export const DEMO_SECOND_SITE_PAYMENT_SETTINGS = {
  upiId: 'sixer.pay@okicici',
  upiName: 'Sixer Exchange',
  accountHolderName: 'Sixer Exchange Payments',
  accountNumber: '60200987654321',
  ifscCode: 'ICIC0004321',
} as const;

export interface SeedResult {
  createdUsers: string[];
  postedJournals: number;
}

/**
 * The demo's second white-label site (ADR 0074), seeded by `npm start` only: its own brand on
 * the machine's other local host name, and its own chain under the Super Admin with the same
 * usernames as the first site's (a name is unique per site), so a newcomer sees two sites at once.
 */
export const DEMO_SECOND_SITE = {
  site: {
    id: 'sixer',
    name: 'Sixer Exchange',
    theme: { primary: '#1d3f8f', accent: '#ff7a1a', header: '#13254f', headerText: '#ffffff' },
    // A wordmark (roundel and name) in the accent colour, which reads on the navy header and the white sign-in card.
    logo: `data:image/svg+xml;base64,${Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40"><circle cx="20" cy="20" r="18" fill="#ff7a1a"/>' +
        '<circle cx="20" cy="20" r="13" fill="#1d3f8f"/><text x="20" y="27" font-family="Arial,sans-serif" font-size="19" ' +
        'font-weight="700" text-anchor="middle" fill="#ffffff">6</text><text x="46" y="27" font-family="Arial,sans-serif" ' +
        'font-size="20" font-weight="700" fill="#ff7a1a">Sixer Exchange</text></svg>',
    ).toString('base64')}`,
    supportEmail: 'help@sixer.example',
    supportPhone: '+911800200600',
    defaultLanguage: 'en' as const,
    languages: ['en' as const, 'hi' as const],
    maintenanceMessage: '',
  },
  domains: ['localhost'],
  /** The default site's domain, so each brand has a host of its own on one machine. */
  defaultSiteDomains: ['127.0.0.1'],
} as const;

/** The second site's chain below demo-admin: the first site's names, smaller chips (its demo-user has ₹50,000, the first's ₹1,00,000). */
const SECOND_SITE_CHAIN: readonly DemoAccount[] = DEMO_CHAIN.slice(1).map((account, index) => ({
  ...account,
  chipsRupees: ['10000000', '5000000', '2500000', '1000000', '50000'][index] ?? '0',
}));

interface SeedDeps {
  db: Database;
  ledger: LedgerService;
  passwords: PasswordHasher;
}

/** Hashes of the demo's two passwords (argon2 is slow on purpose: outside any transaction). */
async function demoHashes(passwords: PasswordHasher): Promise<{ passwordHash: string; txnPasswordHash: string }> {
  return { passwordHash: await passwords.hash(DEMO_PASSWORD), txnPasswordHash: await passwords.hash(DEMO_TRANSACTION_PASSWORD) };
}

/**
 * The accounts of `chain` on `siteId`, each under the one before it (the first under `rootId`,
 * or the root itself when `rootId` is null), created when missing; and their chips, each from
 * its parent (minted for the root), once per key. Returns the chain's ids.
 */
async function seedChain(
  tx: Tx,
  ledger: LedgerService,
  chain: readonly DemoAccount[],
  options: { siteId: string; rootId: string | null; hashes: { passwordHash: string; txnPasswordHash: string }; created: string[]; refPrefix: string },
): Promise<{ ids: string[]; postedJournals: number }> {
  const ids: string[] = [];
  for (const [index, account] of chain.entries()) {
    const parentId = index === 0 ? options.rootId : (ids[index - 1] ?? null);
    let user = await users.findUserByUsername(tx, account.username, options.siteId);
    if (user === null) {
      user = await users.insertUser(tx, {
        username: account.username,
        displayName: account.username,
        role: account.role,
        parentId,
        siteId: options.siteId,
        passwordHash: options.hashes.passwordHash,
        txnPasswordHash: options.hashes.txnPasswordHash,
        mustChangePassword: false,
        createdBy: parentId,
        partnershipShareBps: account.partnershipShareBps,
      });
      options.created.push(options.refPrefix === '' ? account.username : `${account.username}@${options.siteId}`);
    }
    ids.push(user.id);
  }
  let postedJournals = 0;
  for (const [index, account] of chain.entries()) {
    const userId = ids[index] ?? '';
    const parentId = index === 0 ? options.rootId : (ids[index - 1] ?? null);
    const wallet = await ledger.walletOf(userId, tx);
    const fromAccount = parentId === null ? await ledger.systemAccountId('system:mint', tx) : (await ledger.walletOf(parentId, tx)).accountId;
    const amountMinor = rupeesToPaise(account.chipsRupees);
    const posted = await ledger.postJournal(tx, {
      code: parentId === null ? 'DEMO_MINT' : 'CHIP_DEPOSIT',
      eventType: 'demo_seed',
      eventRef: parentId === null ? `mint:${account.username}` : `chips:${options.refPrefix}${account.username}`,
      actorId: parentId,
      remark: parentId === null ? 'Demo play chips' : `Demo chips for ${account.username}`,
      legs: [
        { accountId: fromAccount, amountMinor: -amountMinor },
        { accountId: wallet.accountId, amountMinor },
      ],
      audit: { action: 'demo.seed_chips', target: `user:${userId}`, ip: null, requestId: null },
    });
    if (!posted.replayed) postedJournals += 1;
  }
  return { ids, postedJournals };
}

export async function seedDemo(deps: SeedDeps): Promise<SeedResult> {
  const { db, ledger, passwords } = deps;
  const hashes = await demoHashes(passwords);

  return db.transaction(async (tx) => {
    await lockSeed(tx, SEED_LOCK_ID);
    const createdUsers: string[] = [];
    const { ids, postedJournals } = await seedChain(tx, ledger, DEMO_CHAIN, { siteId: DEFAULT_SITE_ID, rootId: null, hashes, created: createdUsers, refPrefix: '' });
    if ((await payments.findPaymentSettings(tx, DEFAULT_SITE_ID, { lock: true })).upiId === '') {
      await payments.updatePaymentSettings(tx, DEFAULT_SITE_ID, DEMO_PAYMENT_SETTINGS, ids[0] ?? '');
    }
    // The simulator plays on a compressed clock (a ball every 2–4 s instead of about 40 s), so a
    // 5 s bet delay would span one or two balls. The demo's sports start with DEMO_BET_DELAY_SEC
    // instead, which new match odds markets take (bookmaker markets and fancies start with no
    // delay: markets.repository.ts); admins can change it in the sports list.
    await setUntouchedSportsBetDelay(tx, DEMO_BET_DELAY_SEC);
    return { createdUsers, postedJournals };
  });
}

/**
 * The second site of the demo (DEMO_SECOND_SITE), after seedDemo: the site with its brand and
 * domain, the default site's own domain, and the second chain with its chips. Keyed like the
 * rest: running it again changes nothing.
 */
export async function seedDemoSecondSite(deps: SeedDeps): Promise<SeedResult> {
  const { db, ledger, passwords } = deps;
  const hashes = await demoHashes(passwords);
  return db.transaction(async (tx) => {
    await lockSeed(tx, SEED_LOCK_ID);
    const { site, domains, defaultSiteDomains } = DEMO_SECOND_SITE;
    const root = await users.findUserByUsername(tx, DEMO_CHAIN[0]?.username ?? '', DEFAULT_SITE_ID);
    if (root === null) throw new Error('seedDemo first: the second site hangs under demo-admin');
    const known = await sites.listSites(tx);
    if (!known.some((row) => row.id === site.id)) await sites.insertSite(tx, { ...site, languages: [...site.languages] }, domains);
    const home = known.find((row) => row.isDefault);
    if (home !== undefined && home.domains.length === 0) await sites.replaceDomains(tx, home.id, defaultSiteDomains);
    const createdUsers: string[] = [];
    const { ids, postedJournals } = await seedChain(tx, ledger, SECOND_SITE_CHAIN, { siteId: site.id, rootId: root.id, hashes, created: createdUsers, refPrefix: `${site.id}:` });
    await sites.bindAdmin(tx, site.id, ids[0] ?? '');
    // Its own payment details (ADR 0074 "Content per site"): its deposit page tells from the first site's.
    if ((await payments.findPaymentSettings(tx, site.id, { lock: true })).upiId === '') {
      await payments.updatePaymentSettings(tx, site.id, DEMO_SECOND_SITE_PAYMENT_SETTINGS, root.id);
    }
    return { createdUsers, postedJournals };
  });
}
