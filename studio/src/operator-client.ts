/**
 * The studio's side of the wallet callbacks: a CW-1 signed POST to `${operatorUrl}/api/wallet/{op}`
 * and a check of the operator's signed answer. Anything short of a verified answer with a known
 * status (a timeout, a refused connection, a 5xx, a bad signature) is a transport failure, which
 * the caller treats as "unknown": a debit is then rolled back, a credit or rollback retried.
 */
import { CW1_STATUSES, cw1SignedHeaders, verifyCw1, type Cw1RequestByOp, type Cw1Status, type Cw1WalletOp } from '@backlay/shared/cw1';
import type { SendResult } from './outbox';

export interface OperatorClient {
  call<Op extends Cw1WalletOp>(op: Op, body: Cw1RequestByOp[Op], timeoutMs: number): Promise<SendResult>;
}

export function operatorClient(options: { operatorUrl: string; partnerId: string; secrets: string[] }): OperatorClient {
  return {
    async call(op, body, timeoutMs) {
      const raw = JSON.stringify(body);
      try {
        const headers = await cw1SignedHeaders(options.partnerId, options.secrets[0], raw);
        const res = await fetch(`${options.operatorUrl}/api/wallet/${op}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: raw,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        if (res.status >= 500) return { kind: 'transport', error: `HTTP ${res.status}` };
        const verified = await verifyCw1(res.headers, text, options.secrets);
        if (!verified.ok) return { kind: 'transport', error: `unsigned answer (${verified.reason}, HTTP ${res.status})` };
        const parsed = JSON.parse(text) as Record<string, unknown>;
        if (!(CW1_STATUSES as readonly unknown[]).includes(parsed.status)) return { kind: 'transport', error: `unknown status ${String(parsed.status)}` };
        return { kind: 'status', status: parsed.status as Cw1Status, body: parsed };
      } catch (error) {
        return { kind: 'transport', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
      }
    },
  };
}
