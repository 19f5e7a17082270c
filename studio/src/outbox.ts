/**
 * The retry rule for money the studio owes the operator an answer on (docs/rules/casino-wallet.md rule 7):
 * credits and rollbacks are sent again with exponential backoff until the operator gives a
 * definitive answer, each time with the same transactionId and a new requestId. The queue itself
 * is the set of pending transactions in the journal (store.ts), so it survives a restart.
 */
import { CW1_RETRYABLE, type Cw1Status } from '@backlay/shared/cw1';

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 500, maxMs: 60_000 };

/** The wait before attempt `attempt + 1` after `attempt` failed ones: base · 2^(attempt−1), capped. */
export function backoffMs(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  if (attempt <= 0) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempt - 1, 30));
}

/** What one send of a wallet call came to. `transport` covers timeouts, refused connections, 5xx and unsigned or badly signed answers. */
export type SendResult = { kind: 'status'; status: Cw1Status; body: Record<string, unknown> } | { kind: 'transport'; error: string };

/** True when the answer is final: any status except the retryable ones. A transport failure never is. */
export function isDefinitive(result: SendResult): boolean {
  return result.kind === 'status' && !CW1_RETRYABLE.has(result.status);
}
