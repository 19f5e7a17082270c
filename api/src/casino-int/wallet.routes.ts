/**
 * CW-1 wallet callbacks, provider → operator: POST /api/wallet/{op} (docs/rules/casino-wallet.md). No bearer
 * token: the caller is a provider, proven by its HMAC over the RAW body. This plugin keeps the
 * raw bytes for its own routes only (an encapsulated content-type parser; every other route still
 * gets parsed JSON), checks the signature in constant time under the provider's active secrets
 * (two during a rotation), the 300 s skew and the nonce replay cache, then hands the bytes to the
 * wallet service. Auth failures are HTTP 401 INVALID_SIGNATURE; everything else is HTTP 200 with a
 * status, and every answer the provider can attribute is signed.
 */
import { CW1_NONCE_TTL_MS, CW1_WALLET_OPS, cw1SignedHeaders, partnerIdOf, verifyCw1, type Cw1WalletOp } from '@backlay/shared/cw1';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Queryable } from '../db/database';
import { publicAccess } from '../plugins/auth';
import type { NonceStore } from './nonce-store';
import * as repo from './registry.repository';
import type { WalletService } from './wallet.service';

const schema = {
  tags: ['casino-int'],
  summary: 'CW-1 wallet callback (HMAC-signed by the provider over the raw JSON body; see CASINO.md §3.2)',
};

export async function walletRoutes(app: FastifyInstance, options: { wallet: WalletService; nonces: NonceStore; db: Queryable }): Promise<void> {
  const { wallet, nonces, db } = options;
  // The raw body, as sent, whatever the content type: the signature covers these bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const send = async (reply: FastifyReply, code: number, bytes: string, signer: { partnerId: string; secret: string } | null) => {
    const headers = signer === null ? {} : await cw1SignedHeaders(signer.partnerId, signer.secret, bytes);
    return reply.code(code).headers(headers).header('content-type', 'application/json; charset=utf-8').send(bytes);
  };
  const unauthorized = (message: string) => JSON.stringify({ status: 'INVALID_SIGNATURE', message });

  for (const op of CW1_WALLET_OPS) {
    app.post(`/wallet/${op}`, { schema, config: { access: publicAccess() } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const partnerId = partnerIdOf(request.headers);
      const provider = partnerId === undefined ? null : await repo.findProviderByPartnerId(db, partnerId);
      if (provider === null || !provider.seamless) return send(reply, 401, unauthorized('Unknown partner'), null);
      const secrets = (await repo.activeSecrets(db, provider.id)).map((s) => s.secret);
      const signer = secrets[0] === undefined ? null : { partnerId: provider.partnerId, secret: secrets[0] };
      const verified = await verifyCw1(request.headers, raw, secrets);
      if (!verified.ok) return send(reply, 401, unauthorized(`Signature refused: ${verified.reason}`), signer);
      if (!(await nonces.claim(provider.id, verified.nonce, CW1_NONCE_TTL_MS))) {
        return send(reply, 401, unauthorized('Signature refused: replayed nonce'), signer);
      }
      if (!provider.enabled && op === 'authenticate') {
        return send(reply, 200, JSON.stringify({ status: 'INVALID_GAME', message: 'The provider is disabled' }), signer);
      }
      try {
        return await send(reply, 200, await wallet.handle(provider, op as Cw1WalletOp, raw), signer);
      } catch (error) {
        request.log.error({ err: error, op, provider: provider.id }, 'wallet callback failed');
        return send(reply, 200, JSON.stringify({ status: 'TEMPORARY_ERROR', message: 'Try again' }), signer);
      }
    });
  }
}
