/**
 * CW-1, the seamless-wallet protocol between an operator (the wallet of record: our API) and a game
 * provider (Backlay Studio, or a third party behind the same adapter). docs/rules/casino-wallet.md is the text;
 * this module is its one home in code: the operations, bodies, status codes and limits both sides
 * speak. The signing is in ./signing, the amounts in ./amounts.
 */

/** Headers of every CW-1 request and response, both directions. */
export const CW1_HEADERS = {
  partnerId: 'x-partner-id',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

/** A request whose X-Timestamp is further than this from the receiver's clock is refused. */
export const CW1_MAX_SKEW_MS = 300_000;
/** How long a receiver remembers a nonce (a replay inside this window is refused). */
export const CW1_NONCE_TTL_MS = 600_000;

/** The wallet callbacks, provider → operator: `POST /wallet/{op}`. */
export const CW1_WALLET_OPS = ['authenticate', 'balance', 'debit', 'credit', 'rollback', 'roundClose'] as const;
export type Cw1WalletOp = (typeof CW1_WALLET_OPS)[number];

/** Every status a CW-1 body can carry (HTTP 200 with a status, except INVALID_SIGNATURE: 401). */
export const CW1_STATUSES = [
  'OK',
  'INVALID_SIGNATURE',
  'INVALID_TOKEN',
  'SESSION_EXPIRED',
  'PLAYER_BLOCKED',
  'INSUFFICIENT_FUNDS',
  'LIMIT_EXCEEDED',
  'WRONG_CURRENCY',
  'INVALID_GAME',
  'INVALID_REQUEST',
  'DUPLICATE_TRANSACTION',
  'TRANSACTION_NOT_FOUND',
  'ALREADY_SETTLED',
  'TRANSACTION_ROLLED_BACK',
  'TEMPORARY_ERROR',
  'IN_PROGRESS',
] as const;
export type Cw1Status = (typeof CW1_STATUSES)[number];

/** The statuses a provider retries (same transactionId, new requestId); every other is definitive. */
export const CW1_RETRYABLE: ReadonlySet<Cw1Status> = new Set<Cw1Status>(['TEMPORARY_ERROR', 'IN_PROGRESS']);

/** Integer minor units as a decimal string ("10000" = ₹100.00 for INR); see ./amounts. */
export type MinorUnits = string;

/** What every wallet callback body carries. */
export interface Cw1CommonBody {
  /** Network-level id: a retry of the same requestId gets a byte-identical response. */
  requestId: string;
  sessionToken: string;
  playerId: string;
  gameCode: string;
  tableId?: string;
  roundId: string;
}

export interface Cw1BetLine {
  market: string;
  selection: string;
  /** Decimal odds as text ("2.00"), or "" where the game has no fixed odds at bet time (crash, mines). */
  odds: string;
  stake: MinorUnits;
}

export type Cw1AuthenticateRequest = Cw1CommonBody;
export type Cw1BalanceRequest = Cw1CommonBody;
/**
 * What every money callback (debit, credit, rollback) carries besides the common body: the
 * currency (ISO 4217) of its amounts. The operator refuses one other than the session's with
 * WRONG_CURRENCY and moves nothing.
 */
export interface Cw1MoneyBody extends Cw1CommonBody {
  currency: string;
}
export interface Cw1DebitRequest extends Cw1MoneyBody {
  transactionId: string;
  amount: MinorUnits;
  bets: Cw1BetLine[];
}
export interface Cw1CreditRequest extends Cw1MoneyBody {
  transactionId: string;
  refTransactionId: string;
  /** "0" closes a losing round. */
  amount: MinorUnits;
  roundClosed: boolean;
}
export interface Cw1RollbackRequest extends Cw1MoneyBody {
  transactionId: string;
  refTransactionId: string;
  reason: string;
}
export type Cw1RoundCloseRequest = Cw1CommonBody;

export interface Cw1RequestByOp {
  authenticate: Cw1AuthenticateRequest;
  balance: Cw1BalanceRequest;
  debit: Cw1DebitRequest;
  credit: Cw1CreditRequest;
  rollback: Cw1RollbackRequest;
  roundClose: Cw1RoundCloseRequest;
}

export interface Cw1AuthenticateResult {
  playerId: string;
  currency: string;
  balance: MinorUnits;
  nickname: string;
  country: string;
}
export interface Cw1BalanceResult {
  balance: MinorUnits;
  currency: string;
}
export interface Cw1MoneyResult {
  balance: MinorUnits;
  transactionId: string;
  operatorTxId: string;
}

export interface Cw1ResultByOp {
  authenticate: Cw1AuthenticateResult;
  balance: Cw1BalanceResult;
  debit: Cw1MoneyResult;
  credit: Cw1MoneyResult;
  rollback: Cw1MoneyResult;
  roundClose: Record<string, never>;
}

/**
 * A wallet response: `status: 'OK'` with the op's fields, or an error status with a message (and
 * the balance where docs/rules/casino-wallet.md asks for it, e.g. INSUFFICIENT_FUNDS). `idempotentReplay` marks a
 * stored answer returned again for an exact replay of a transaction.
 */
export type Cw1Response<Op extends Cw1WalletOp> =
  | ({ status: 'OK'; idempotentReplay?: true } & Cw1ResultByOp[Op])
  | { status: Exclude<Cw1Status, 'OK'>; message: string; balance?: MinorUnits; idempotentReplay?: true };

/** Game launch, operator → provider: `POST /v1/sessions`. */
export interface Cw1SessionRequest {
  operatorId: string;
  playerId: string;
  sessionToken: string;
  currency: string;
  language: string;
  country: string;
  ip: string;
  device: 'desktop' | 'mobile';
  gameCode: string;
  tableId?: string;
  mode: 'real' | 'demo';
  lobbyUrl: string;
  cashierUrl?: string;
  limits?: { minStake?: MinorUnits; maxStake?: MinorUnits };
}
export type Cw1SessionResponse =
  | { status: 'OK'; launchUrl: string; providerSessionId: string; expiresAt: string }
  | { status: Exclude<Cw1Status, 'OK'>; message: string };

/**
 * Reconciliation, operator → provider (docs/rules/casino-wallet.md rule 9), both signed like every CW-1 call:
 * `GET /v1/rounds/{roundId}` (a round's detail) and `GET /v1/reports/transactions?date=YYYY-MM-DD`
 * (every money transaction the provider holds as answered OK by the operator on that UTC date,
 * by the time the provider first sent it). The signed body of a GET is the empty string.
 */
export interface Cw1ReportTransaction {
  transactionId: string;
  /** The debit a credit or rollback refers to; absent on debits. */
  refTransactionId?: string;
  type: 'debit' | 'credit' | 'rollback';
  roundId: string;
  playerId: string;
  gameCode: string;
  amount: MinorUnits;
  currency: string;
  /** When the provider first sent it, ISO 8601 UTC. */
  sentAt: string;
}
export type Cw1TransactionsReport =
  | { status: 'OK'; partnerId: string; date: string; transactions: Cw1ReportTransaction[] }
  | { status: Exclude<Cw1Status, 'OK'>; message: string };

export interface Cw1RoundDetail {
  roundId: string;
  gameCode: string;
  playerId: string;
  /** open: bets may still move money; closed: final. */
  state: 'open' | 'closed' | 'rolled_back';
  transactions: Cw1ReportTransaction[];
  /** The game's own record of the round (e.g. crash point, mine positions, reels) and its PF-1 proof once revealed. */
  detail: Record<string, unknown>;
}
export type Cw1RoundResponse = ({ status: 'OK' } & Cw1RoundDetail) | { status: Exclude<Cw1Status, 'OK'>; message: string };

/**
 * The payload that identifies a money transaction for idempotency (docs/rules/casino-wallet.md rule 1): the body
 * without `requestId`, which a retry changes by design. Key = (partnerId, transactionId).
 */
export function idempotencyPayload(body: object): Record<string, unknown> {
  const { requestId: _requestId, ...rest } = body as Record<string, unknown>;
  return rest;
}
