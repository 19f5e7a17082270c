import { fillMessage } from './messages';

/**
 * The words of an account statement's descriptions (issue 36): one home for the English the API
 * writes (`StatementRow.description`, the CSV's Description column) and for the parts a page says
 * in its own language (`StatementRow.describe`, `statement.*` in api.hi.json). Names, markets,
 * games and amounts are filled in as they are (data, not words).
 */
export const STATEMENT_WORDS = {
  chipDepositFrom: 'Chip deposit from {name}',
  chipDepositTo: 'Chip deposit to {name}',
  chipWithdrawalFrom: 'Chip withdrawal from {name}',
  chipWithdrawalBy: 'Chip withdrawal by {name}',
  openingChips: 'Opening chips',
  depositApprovedBy: 'Deposit approved by {name}',
  depositPaidTo: 'Deposit paid to {name}',
  withdrawalHeld: 'Withdrawal held',
  withdrawalRequested: 'Withdrawal requested (amount held)',
  withdrawalApproved: 'Withdrawal approved (to pay out)',
  withdrawalPaidOut: 'Withdrawal paid out',
  withdrawalRejected: 'Withdrawal rejected (amount returned)',
  withdrawalReleased: 'Withdrawal released',
  transferFrom: 'Transfer from {name}',
  transferTo: 'Transfer to {name}',
  // A settlement: {market} is "Match Odds · India v Australia" (the market's and the match's names).
  wonOn: 'Won on {market}',
  lostOn: 'Lost on {market}',
  wonOnCorrected: 'Won on {market} (corrected result)',
  lostOnCorrected: 'Lost on {market} (corrected result)',
  resultWithdrawn: 'Result withdrawn: {market}',
  // An international-casino move (CW-1): the game, the player's own round count in it, the amount.
  internationalCasino: 'International casino',
  casinoRound: '{game} · round {round} · {move}',
  casinoMove: '{game} · {move}',
  staked: 'staked {amount}',
  won: 'won {amount}',
  refunded: 'refunded {amount}',
  // Around another description: {entry} is said with its first letter in lower case in English.
  reversal: 'Reversal of {entry}',
  withRemark: '{text} - {remark}',
} as const;

export type StatementWordKey = keyof typeof STATEMENT_WORDS;

/**
 * A statement row's description as parts: a template of STATEMENT_WORDS and its values, each a
 * text as it is or a description of its own (a reversal's original entry, a casino move's verb).
 */
export interface StatementDescription {
  key: StatementWordKey;
  values?: Readonly<Record<string, string | StatementDescription>>;
}

/** Says one template with its values said already (a page's catalog, or English). */
export type SayStatementWord = (key: StatementWordKey, values: Readonly<Record<string, string>>) => string;

/** `description` said by `say`, inner descriptions first. */
export function sayStatement(description: StatementDescription, say: SayStatementWord): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(description.values ?? {})) {
    values[name] = typeof value === 'string' ? value : sayStatement(value, say);
  }
  return say(description.key, values);
}

/** The English of STATEMENT_WORDS: a reversal's entry with its first letter in lower case. */
export const sayStatementInEnglish: SayStatementWord = (key, values) => {
  const entry = values.entry;
  const filled = key === 'reversal' && entry !== undefined ? { ...values, entry: entry.charAt(0).toLowerCase() + entry.slice(1) } : values;
  return fillMessage(STATEMENT_WORDS[key], filled);
};
