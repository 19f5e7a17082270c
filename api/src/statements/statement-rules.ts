/**
 * Pure rules of the account statement: the date range (ISO dates, both days included, in UTC)
 * and the human description of one entry from its journal code and counterparty.
 */
import { MESSAGES } from '@backlay/shared/contracts';
import { sayStatement, sayStatementInEnglish, type StatementDescription, type StatementWordKey } from '@backlay/shared/statement-words';
import { formatPaiseGrouped } from '@backlay/shared/domain';

export type DateRange = { ok: true; from: Date; toExclusive: Date } | { ok: false; message: string };

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/;

/** The UTC midnight of an ISO date ('2026-03-01' or a date-time, whose date part counts), or null. */
function utcDay(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (match === null) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC rolls 2026-02-30 over to March: such a date does not exist.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** [start of startDate, start of the day after endDate): endDate covers its whole day in UTC. */
export function parseDateRange(startDate: string, endDate: string): DateRange {
  const from = utcDay(startDate);
  const to = utcDay(endDate);
  if (from === null || to === null) return { ok: false, message: MESSAGES.dateInvalid };
  if (from.getTime() > to.getTime()) return { ok: false, message: MESSAGES.dateRangeInvalid };
  return { ok: true, from, toExclusive: new Date(to.getTime() + DAY_MS) };
}

/** What the statement knows about one entry. */
export interface EntryFacts {
  code: string;
  /** Signed amount on this account (positive: credit). */
  amountMinor: bigint;
  /** The other account of the journal: a username or a system account code. */
  counterparty: string | null;
  /** The code of the journal this one reverses, for a REVERSAL. */
  reversedCode: string | null;
  remark: string;
  /** A settlement's (or its rollback's) match and market or fancy names, and its version. */
  matchName?: string | null;
  marketName?: string | null;
  settlementVersion?: number | null;
  /** An international-casino move's game name and the player's round number in that game. */
  casinoGame?: string | null;
  casinoRound?: number | null;
}

/** "Match Odds · India v Australia", or the journal's own words when the market is unknown. */
function marketLabel(facts: EntryFacts): string | null {
  if (facts.marketName == null || facts.matchName == null) return null;
  return `${facts.marketName} · ${facts.matchName}`;
}

/**
 * A settlement in a player's words: "Won on Match Odds · India v Australia", "Lost on …", a
 * correction after a rollback says so; the rollback itself "Result withdrawn: …". Null when the
 * entry is not a settlement or its market is not known.
 */
function describeSettlement(facts: EntryFacts): StatementDescription | null {
  const market = marketLabel(facts);
  if (market === null) return null;
  if (facts.code === 'MARKET_SETTLE') {
    const corrected = (facts.settlementVersion ?? 1) > 1;
    const won = facts.amountMinor > 0n;
    return { key: won ? (corrected ? 'wonOnCorrected' : 'wonOn') : corrected ? 'lostOnCorrected' : 'lostOn', values: { market } };
  }
  if (facts.code === 'MARKET_SETTLE_REVERSAL') return { key: 'resultWithdrawn', values: { market } };
  return null;
}

const CASINO_INT_MOVES: Readonly<Record<string, StatementWordKey>> = {
  CASINO_INT_DEBIT: 'staked',
  CASINO_INT_CREDIT: 'won',
  CASINO_INT_ROLLBACK: 'refunded',
};

/** "₹131", "₹1,250.50": rupees in words of a sentence (no ".00" on whole rupees). */
function rupeesInWords(minor: bigint): string {
  return `₹${formatPaiseGrouped(minor < 0n ? -minor : minor).replace(/\.00$/, '')}`;
}

/**
 * An international-casino move (CW-1) in a player's words: "Crash · round 3 · won ₹131", the
 * round being the player's own count of rounds in that game (round_no), never the provider's
 * transaction or round id. Null when the entry is not such a move.
 */
function describeCasinoInt(facts: EntryFacts): StatementDescription | null {
  const verb = CASINO_INT_MOVES[facts.code];
  if (verb === undefined) return null;
  const game = facts.casinoGame ?? { key: 'internationalCasino' as const };
  const move = { key: verb, values: { amount: rupeesInWords(facts.amountMinor) } };
  return facts.casinoRound != null ? { key: 'casinoRound', values: { game, round: String(facts.casinoRound), move } } : { key: 'casinoMove', values: { game, move } };
}

/** The remark a statement row shows: none for an international-casino move (its remark names the provider's transaction id). */
export function statementRemark(facts: Pick<EntryFacts, 'code' | 'remark'>): string | null {
  if (CASINO_INT_MOVES[facts.code] !== undefined) return null;
  return facts.remark.length > 0 ? facts.remark : null;
}

/** The counterparty that mints play chips: its credits are the account's opening chips. */
const MINT = 'system:mint';

function describeMovement(code: string, amountMinor: bigint, name: string): StatementDescription {
  const credit = amountMinor > 0n;
  const named = (key: StatementWordKey): StatementDescription => ({ key, values: { name } });
  switch (code) {
    case 'CHIP_DEPOSIT':
      return named(credit ? 'chipDepositFrom' : 'chipDepositTo');
    case 'CHIP_WITHDRAW':
      return named(credit ? 'chipWithdrawalFrom' : 'chipWithdrawalBy');
    case 'DEMO_MINT':
      return { key: 'openingChips' };
    // Payments: the counterparty of a hold, payout or release is the clearing account.
    case 'DEPOSIT_CREDIT':
      return named(credit ? 'depositApprovedBy' : 'depositPaidTo');
    case 'WITHDRAW_HOLD':
      return { key: credit ? 'withdrawalHeld' : 'withdrawalRequested' };
    case 'WITHDRAW_PAYOUT':
      return { key: credit ? 'withdrawalApproved' : 'withdrawalPaidOut' };
    case 'WITHDRAW_RELEASE':
      return { key: credit ? 'withdrawalRejected' : 'withdrawalReleased' };
    // International casino (CW-1) moves read as describeCasinoInt; a reversal of one says so.
    case 'CASINO_INT_DEBIT':
    case 'CASINO_INT_CREDIT':
    case 'CASINO_INT_ROLLBACK':
      return { key: 'internationalCasino' };
    default:
      if (name === MINT) return { key: 'openingChips' };
      return named(credit ? 'transferFrom' : 'transferTo');
  }
}

/**
 * An entry's description as parts (STATEMENT_WORDS): "Chip deposit from demo-dl", "Chip
 * withdrawal by demo-dl", "Opening chips", "Reversal of chip deposit from demo-dl"; a remark is
 * appended after " - ".
 */
export function describeEntryParts(facts: EntryFacts): StatementDescription {
  // A settlement names its match and market; its remark ("Settlement of … (v1)") adds nothing.
  const settlement = describeSettlement(facts);
  if (settlement !== null) return settlement;
  // An international-casino move names its game, round and amount; its remark is the provider's ids.
  const casino = describeCasinoInt(facts);
  if (casino !== null) return casino;
  const counterparty = facts.counterparty ?? 'system';
  const entry =
    facts.code === 'REVERSAL' && facts.reversedCode !== null
      ? { key: 'reversal' as const, values: { entry: describeMovement(facts.reversedCode, -facts.amountMinor, counterparty) } }
      : describeMovement(facts.code, facts.amountMinor, counterparty);
  return facts.remark.length > 0 ? { key: 'withRemark', values: { text: entry, remark: facts.remark } } : entry;
}

/** The entry's description in English, the SPEC's words (the statement's `description`, the CSV). */
export function describeEntry(facts: EntryFacts): string {
  return sayStatement(describeEntryParts(facts), sayStatementInEnglish);
}
