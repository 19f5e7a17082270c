/**
 * A real SMS gateway over HTTP (issue 34, SMS_PROVIDER=http), of the kind Indian operators use
 * under TRAI's DLT rules: the message is a registered template (its DLT template id), sent from a
 * registered header (the sender id), with the one-time code as its variable. One JSON POST per
 * message, its body a template (SMS_HTTP_BODY) whose `{{name}}` placeholders are filled in string
 * values only, so a value can never break the JSON; the API key in one header (SMS_HTTP_AUTH_HEADER).
 * The default body is Fast2SMS's DLT route (`route`, `sender_id`, `message` = the template id,
 * `variables_values`, `numbers`); README.md shows MSG91's Flow API the same way.
 *
 * Each message is a row of sms_messages, queued in the sender's transaction (a rolled-back code is
 * never sent), POSTed after the commit, then marked sent (with the gateway's id, SMS_HTTP_ID_FIELD)
 * or failed (with the reason): a 2xx whose JSON has SMS_HTTP_OK_FIELD equal to SMS_HTTP_OK_VALUE is
 * sent, anything else failed. The body (it carries the code) is neither stored nor logged.
 */
import type { Logger } from '../../common/logger';
import type { Database, Tx } from '../../db/database';
import { insertSmsMessage, recordSmsOutcome } from '../registration.repository';
import type { SmsMessage, SmsSender } from './sms-sender';

export interface HttpSmsConfig {
  url: string;
  apiKey: string;
  authHeader: string;
  /** The body, parsed JSON with `{{phone}}`, `{{msisdn}}`, `{{code}}`, `{{message}}`, `{{senderId}}`, `{{templateId}}`, `{{entityId}}` placeholders. */
  body: unknown;
  senderId: string;
  templateId: string;
  entityId: string;
  okField: string;
  okValue: string;
  idField: string;
  timeoutMs: number;
}

/** The placeholders a body template may use. */
export const SMS_PLACEHOLDERS = ['phone', 'msisdn', 'code', 'message', 'senderId', 'templateId', 'entityId'] as const;
export type SmsPlaceholder = (typeof SMS_PLACEHOLDERS)[number];

/** Fills `{{name}}` in every string of `template` (keys and numbers untouched); an unknown name is left as it is. */
export function fillTemplate(template: unknown, values: Readonly<Record<SmsPlaceholder, string>>): unknown {
  if (typeof template === 'string') {
    return template.replace(/\{\{([A-Za-z]+)\}\}/g, (whole, name: string) => ((SMS_PLACEHOLDERS as readonly string[]).includes(name) ? values[name as SmsPlaceholder] : whole));
  }
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, values));
  if (template !== null && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).map(([key, value]) => [key, fillTemplate(value, values)]));
  }
  return template;
}

/** A dotted path's value in a JSON answer (`a.b.0`), as text; null when it is not there. */
export function fieldOf(answer: unknown, path: string): string | null {
  let at: unknown = answer;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return null;
    at = (at as Record<string, unknown>)[part];
  }
  if (typeof at === 'string' || typeof at === 'number' || typeof at === 'boolean') return String(at);
  return null;
}

export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly config: HttpSmsConfig,
    private readonly db: Database,
    private readonly log: Logger,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(tx: Tx, message: SmsMessage): Promise<void> {
    const id = await insertSmsMessage(tx, { phone: message.phone, purpose: message.purpose, provider: 'http' });
    tx.afterCommit(() => void this.dispatch(id, message));
  }

  /** POSTs one queued message and records what the gateway answered; never throws. */
  async dispatch(id: string, message: SmsMessage): Promise<void> {
    const { config } = this;
    const body = fillTemplate(config.body, {
      phone: message.phone,
      msisdn: `91${message.phone}`,
      code: message.code ?? '',
      message: message.body,
      senderId: config.senderId,
      templateId: config.templateId,
      entityId: config.entityId,
    });
    let outcome: { status: 'sent'; providerMessageId: string | null } | { status: 'failed'; error: string };
    try {
      const res = await this.fetchImpl(config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', [config.authHeader]: config.apiKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const text = await res.text();
      let answer: unknown = null;
      try {
        answer = JSON.parse(text);
      } catch {
        answer = null;
      }
      const ok = res.ok && fieldOf(answer, config.okField) === config.okValue;
      outcome = ok
        ? { status: 'sent', providerMessageId: fieldOf(answer, config.idField) }
        : { status: 'failed', error: `HTTP ${res.status}: ${(fieldOf(answer, 'message') ?? fieldOf(answer, 'message.0') ?? text).slice(0, 300)}` };
    } catch (error) {
      outcome = { status: 'failed', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
    try {
      await recordSmsOutcome(this.db, id, outcome);
    } catch (error) {
      this.log.error({ err: error, smsId: id }, 'sms outcome not recorded');
    }
    const line = { event: outcome.status === 'sent' ? 'sms_sent' : 'sms_failed', smsId: id, purpose: message.purpose, provider: 'http' };
    if (outcome.status === 'sent') this.log.info({ ...line, providerMessageId: outcome.providerMessageId }, 'sms sent');
    else this.log.error({ ...line, error: outcome.error }, 'sms failed');
  }
}
