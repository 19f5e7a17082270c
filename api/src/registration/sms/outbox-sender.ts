/** The demo SMS gateway: messages land in sms_outbox (migration 0025), read by admins. */
import type { Tx } from '../../db/database';
import { insertSmsOutbox } from '../registration.repository';
import type { SmsMessage, SmsSender } from './sms-sender';

export class OutboxSmsSender implements SmsSender {
  async send(tx: Tx, message: SmsMessage): Promise<void> {
    await insertSmsOutbox(tx, { phone: message.phone, purpose: message.purpose, body: message.body });
  }
}
