/**
 * @backlay/shared/cw1: the CW-1 seamless-wallet protocol (docs/rules/casino-wallet.md), both sides' one home:
 * operations, bodies, statuses, amounts, canonical JSON and signatures. Isomorphic (Web Crypto).
 */
export {
  CW1_HEADERS,
  CW1_MAX_SKEW_MS,
  CW1_NONCE_TTL_MS,
  CW1_WALLET_OPS,
  CW1_STATUSES,
  CW1_RETRYABLE,
  idempotencyPayload,
  type Cw1WalletOp,
  type Cw1Status,
  type MinorUnits,
  type Cw1CommonBody,
  type Cw1MoneyBody,
  type Cw1BetLine,
  type Cw1AuthenticateRequest,
  type Cw1BalanceRequest,
  type Cw1DebitRequest,
  type Cw1CreditRequest,
  type Cw1RollbackRequest,
  type Cw1RoundCloseRequest,
  type Cw1RequestByOp,
  type Cw1AuthenticateResult,
  type Cw1BalanceResult,
  type Cw1MoneyResult,
  type Cw1ResultByOp,
  type Cw1Response,
  type Cw1SessionRequest,
  type Cw1SessionResponse,
  type Cw1ReportTransaction,
  type Cw1TransactionsReport,
  type Cw1RoundDetail,
  type Cw1RoundResponse,
} from './protocol';
export { parseMinorUnits, formatMinorUnits, MINOR_UNITS_PATTERN } from './amounts';
export { canonicalJson } from './canonical';
export { cw1Signature, cw1SignedHeaders, verifyCw1, partnerIdOf, type Cw1Verification, type Cw1VerifyFailure } from './signing';
