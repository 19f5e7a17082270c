/**
 * CW-1 signing, operator → studio (docs/rules/casino-wallet.md): every answer to the operator is signed with
 * the current secret, and every request is verified (partner id, HMAC under the current or the
 * previous secret, clock skew, and a nonce not seen in the last 10 minutes, kept in memory).
 */
import { CW1_NONCE_TTL_MS, cw1SignedHeaders, partnerIdOf, verifyCw1 } from '@backlay/shared/cw1';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StudioConfig } from '../config';

export interface Cw1Signing {
  /** Sends `body` as JSON with the CW-1 signature headers. */
  signed(reply: FastifyReply, code: number, body: object): Promise<FastifyReply>;
  /** Verifies a CW-1 request (partner, signature, skew, nonce not seen in 10 min); answers 401 itself when it fails. */
  verified(req: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export function cw1Signing(config: Pick<StudioConfig, 'partnerId' | 'secrets'>): Cw1Signing {
  const nonces = new Map<string, number>();

  async function signed(reply: FastifyReply, code: number, body: object) {
    const raw = JSON.stringify(body);
    const headers = await cw1SignedHeaders(config.partnerId, config.secrets[0], raw);
    return reply.code(code).headers(headers).type('application/json').send(raw);
  }

  async function verified(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const raw = req.method === 'GET' ? '' : (req.rawBody ?? '');
    const now = Date.now();
    const result = partnerIdOf(req.headers) === config.partnerId ? await verifyCw1(req.headers, raw, config.secrets, now) : ({ ok: false, reason: 'unknown-partner' } as const);
    if (result.ok) {
      for (const [nonce, expiry] of nonces) if (expiry < now) nonces.delete(nonce);
      if (!nonces.has(result.nonce)) {
        nonces.set(result.nonce, now + CW1_NONCE_TTL_MS);
        return true;
      }
    }
    await signed(reply, 401, { status: 'INVALID_SIGNATURE', message: result.ok ? 'nonce already used' : `signature refused: ${result.reason}` });
    return false;
  }

  return { signed, verified };
}
