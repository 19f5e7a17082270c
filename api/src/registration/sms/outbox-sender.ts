/** The demo SMS gateway: messages land in sms_outbox (migration 0025), read by admins. */
import type { Tx } from '../../db/database';
import type { SmsMessage, SmsSender } from './sms-sender';

export class OutboxSmsSender implements SmsSender {
  async send(tx: Tx, message: SmsMessage): Promise<void> {
    await tx.query('INSERT INTO sms_outbox (phone, purpose, body) VALUES ($1, $2, $3)', [
      message.phone,
      message.purpose,
      message.body,
    ]);
  }
}
