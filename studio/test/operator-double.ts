/**
 * A minimal CW-1 operator for the studio's own tests: a real HTTP server that verifies the
 * studio's signatures, signs its answers, keeps a wallet with docs/rules/casino-wallet.md's idempotency rules
 * (exact replay → stored answer, rollback tombstones), and lets a test delay or fail chosen calls.
 * The studio against the real operator (our API) is api/test/studio-provider.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalJson, cw1SignedHeaders, idempotencyPayload, verifyCw1 } from '@backlay/shared/cw1';

export interface Call {
  op: string;
  body: Record<string, unknown>;
}

export interface OperatorDouble {
  url: string;
  calls: Call[];
  balance: number;
  /** Called before each wallet call is answered: return 'drop' to never answer, a status to answer with it, or undefined to process it. */
  intercept: (call: Call) => Promise<string | 'drop' | undefined> | string | 'drop' | undefined;
  close(): Promise<void>;
}

export async function startOperatorDouble(partnerId: string, secret: string, balance = 100_000): Promise<OperatorDouble> {
  const stored = new Map<string, { hash: string; answer: Record<string, unknown> }>();
  const tombstones = new Set<string>();
  const sockets = new Set<import('node:net').Socket>();
  const double: OperatorDouble = {
    url: '',
    calls: [],
    balance,
    intercept: () => undefined,
    close: () => new Promise((r) => {
      for (const s of sockets) s.destroy();
      server.close(() => r());
    }),
  };

  function process(op: string, body: Record<string, unknown>): Record<string, unknown> {
    if (op === 'authenticate') return { status: 'OK', playerId: body.playerId, currency: 'INR', balance: String(double.balance), nickname: 'tester', country: 'IN' };
    if (op === 'balance') return { status: 'OK', balance: String(double.balance), currency: 'INR' };
    const txId = String(body.transactionId);
    const hash = canonicalJson(idempotencyPayload(body));
    const previous = stored.get(txId);
    if (previous) return previous.hash === hash ? { ...previous.answer, idempotentReplay: true } : { status: 'DUPLICATE_TRANSACTION', message: 'different payload' };
    const amount = Number(body.amount ?? 0);
    let answer: Record<string, unknown>;
    if (op === 'debit') {
      if (tombstones.has(txId)) answer = { status: 'TRANSACTION_ROLLED_BACK', message: 'rolled back' };
      else if (amount > double.balance) answer = { status: 'INSUFFICIENT_FUNDS', message: 'no', balance: String(double.balance) };
      else {
        double.balance -= amount;
        answer = { status: 'OK', balance: String(double.balance), transactionId: txId, operatorTxId: `op-${txId}` };
      }
    } else if (op === 'credit') {
      const debit = stored.get(String(body.refTransactionId));
      if (!debit || debit.answer.status !== 'OK') answer = { status: 'TRANSACTION_NOT_FOUND', message: 'no debit' };
      else {
        double.balance += amount;
        answer = { status: 'OK', balance: String(double.balance), transactionId: txId, operatorTxId: `op-${txId}` };
      }
    } else {
      const ref = String(body.refTransactionId);
      const debit = stored.get(ref);
      if (debit && debit.answer.status === 'OK') double.balance += Number((JSON.parse(debit.hash) as { amount: string }).amount);
      else tombstones.add(ref);
      answer = { status: 'OK', balance: String(double.balance), transactionId: txId, operatorTxId: `op-${txId}` };
    }
    stored.set(txId, { hash, answer });
    return answer;
  }

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', async () => {
      const op = (req.url ?? '').replace('/api/wallet/', '');
      const send = async (code: number, body: object) => {
        const text = JSON.stringify(body);
        res.writeHead(code, { ...(await cw1SignedHeaders(partnerId, secret, text)), 'content-type': 'application/json' }).end(text);
      };
      const verified = await verifyCw1(req.headers, raw, [secret]);
      if (!verified.ok) return send(401, { status: 'INVALID_SIGNATURE', message: verified.reason });
      const call = { op, body: JSON.parse(raw) as Record<string, unknown> };
      double.calls.push(call);
      const forced = await double.intercept(call);
      if (forced === 'drop') return;
      if (forced) return send(200, { status: forced, message: 'forced by the test' });
      return send(200, process(op, call.body));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
}
