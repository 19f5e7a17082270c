/**
 * Where the platform's text messages go. One implementation per provider; config
 * `SMS_PROVIDER` picks it (createSmsSender): `outbox`, the demo's (every message is written to the
 * sms_outbox table in the caller's transaction, and admins read it at /admin/sms-outbox), or
 * `http`, a real gateway (http-sender.ts: a DLT template over a JSON POST, each message's
 * outcome in sms_messages).
 *
 * Plugging in another gateway: add a class implementing SmsSender in this folder, add its name to
 * SMS_PROVIDER in config.ts and a case below. It must not call the network inside the
 * transaction: register the call with `tx.afterCommit` (so a rolled-back code is never sent), and
 * it must never log the message body (it carries the code: docs/rules/test-plan.md T11).
 */
import type { Config } from '../../config';
import type { Tx } from '../../db/database';
import type { Logger } from '../../common/logger';
import type { Database } from '../../db/database';
import { HttpSmsSender } from './http-sender';
import { OutboxSmsSender } from './outbox-sender';

export interface SmsMessage {
  /** The 10 digits of an Indian mobile number (the gateway adds +91). */
  phone: string;
  /** What the message is for ('register'), for the outbox reader and the gateway's templates. */
  purpose: string;
  body: string;
  /** The one-time code the body carries: a DLT template's variable (the gateway fills the registered text). */
  code?: string;
}

export interface SmsSender {
  /** Queues one message as part of `tx`: it goes out only if `tx` commits. */
  send(tx: Tx, message: SmsMessage): Promise<void>;
}

export function createSmsSender(config: Readonly<Config>, db: Database, log: Logger): SmsSender {
  const { smsProvider, smsHttp } = config.registration;
  switch (smsProvider) {
    case 'outbox':
      return new OutboxSmsSender();
    case 'http':
      if (smsHttp === null) throw new Error('SMS_PROVIDER=http without its settings (config.ts refuses to start so)');
      return new HttpSmsSender(smsHttp, db, log);
  }
}
