/**
 * Pure rules of the account statement: the date range (ISO dates, both days included, in UTC)
 * and the human description of one entry from its journal code and counterparty.
 */
import { MESSAGES } from '@backlay/shared/contracts';
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
function describeSettlement(facts: EntryFacts): string | null {
  const label = marketLabel(facts);
  if (label === null) return null;
  if (facts.code === 'MARKET_SETTLE') {
    const corrected = (facts.settlementVersion ?? 1) > 1 ? ' (corrected result)' : '';
    return `${facts.amountMinor > 0n ? 'Won on' : 'Lost on'} ${label}${corrected}`;
  }
  if (facts.code === 'MARKET_SETTLE_REVERSAL') return `Result withdrawn: ${label}`;
  return null;
}

const CASINO_INT_VERBS: Readonly<Record<string, string>> = {
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
function describeCasinoInt(facts: EntryFacts): string | null {
  const verb = CASINO_INT_VERBS[facts.code];
  if (verb === undefined) return null;
  const parts = [facts.casinoGame ?? 'International casino'];
  if (facts.casinoRound != null) parts.push(`round ${facts.casinoRound}`);
  parts.push(`${verb} ${rupeesInWords(facts.amountMinor)}`);
  return parts.join(' · ');
}

/** The remark a statement row shows: none for an international-casino move (its remark names the provider's transaction id). */
export function statementRemark(facts: Pick<EntryFacts, 'code' | 'remark'>): string | null {
  if (CASINO_INT_VERBS[facts.code] !== undefined) return null;
  return facts.remark.length > 0 ? facts.remark : null;
}

/** The counterparty that mints play chips: its credits are the account's opening chips. */
const MINT = 'system:mint';

function describeMovement(code: string, amountMinor: bigint, counterparty: string): string {
  const credit = amountMinor > 0n;
  switch (code) {
    case 'CHIP_DEPOSIT':
      return credit ? `Chip deposit from ${counterparty}` : `Chip deposit to ${counterparty}`;
    case 'CHIP_WITHDRAW':
      return credit ? `Chip withdrawal from ${counterparty}` : `Chip withdrawal by ${counterparty}`;
    case 'DEMO_MINT':
      return 'Opening chips';
    // Payments: the counterparty of a hold, payout or release is the clearing account.
    case 'DEPOSIT_CREDIT':
      return credit ? `Deposit approved by ${counterparty}` : `Deposit paid to ${counterparty}`;
    case 'WITHDRAW_HOLD':
      return credit ? 'Withdrawal held' : 'Withdrawal requested (amount held)';
    case 'WITHDRAW_PAYOUT':
      return credit ? 'Withdrawal approved (to pay out)' : 'Withdrawal paid out';
    case 'WITHDRAW_RELEASE':
      return credit ? 'Withdrawal rejected (amount returned)' : 'Withdrawal released';
    // International casino (CW-1) moves read as describeCasinoInt; a reversal of one says so.
    case 'CASINO_INT_DEBIT':
    case 'CASINO_INT_CREDIT':
    case 'CASINO_INT_ROLLBACK':
      return 'International casino';
    default:
      if (counterparty === MINT) return 'Opening chips';
      return credit ? `Transfer from ${counterparty}` : `Transfer to ${counterparty}`;
  }
}

/**
 * "Chip deposit from demo-dl", "Chip withdrawal by demo-dl", "Opening chips", "Reversal of chip
 * deposit from demo-dl"; a remark is appended after " - ".
 */
export function describeEntry(facts: EntryFacts): string {
  // A settlement names its match and market; its remark ("Settlement of … (v1)") adds nothing.
  const settlement = describeSettlement(facts);
  if (settlement !== null) return settlement;
  // An international-casino move names its game, round and amount; its remark is the provider's ids.
  const casino = describeCasinoInt(facts);
  if (casino !== null) return casino;
  const counterparty = facts.counterparty ?? 'system';
  let text: string;
  if (facts.code === 'REVERSAL' && facts.reversedCode !== null) {
    const original = describeMovement(facts.reversedCode, -facts.amountMinor, counterparty);
    text = `Reversal of ${original.charAt(0).toLowerCase()}${original.slice(1)}`;
  } else {
    text = describeMovement(facts.code, facts.amountMinor, counterparty);
  }
  return facts.remark.length > 0 ? `${text} - ${facts.remark}` : text;
}
