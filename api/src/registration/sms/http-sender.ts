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
 *
 * A POST that did not reach the gateway or that it could not take now (a network failure or
 * timeout, a 5xx, a 429) is tried again, up to SMS_HTTP_ATTEMPTS, after SMS_HTTP_RETRY_MS doubling
 * (or the 429's Retry-After, up to 30 s); a refusal (any other 4xx, or a 2xx that is not accepted)
 * is final. A timeout the gateway did act on may so send the code twice: the same code, which the
 * player may take from either. The number of POSTs is recorded (attempts). The gateway's delivery
 * reports later mark a sent message delivered or undelivered (delivery-reports.ts).
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
  /** POSTs of one message at most (SMS_HTTP_ATTEMPTS): a network failure, a 5xx or a 429 is tried again. */
  attempts: number;
  /** The wait before the second POST (SMS_HTTP_RETRY_MS); it doubles before each next one. */
  retryBaseMs: number;
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

  /** POSTs one queued message (again while the gateway could not take it) and records what it answered; never throws. */
  async dispatch(id: string, message: SmsMessage): Promise<void> {
    const { config } = this;
    const body = JSON.stringify(
      fillTemplate(config.body, {
        phone: message.phone,
        msisdn: `91${message.phone}`,
        code: message.code ?? '',
        message: message.body,
        senderId: config.senderId,
        templateId: config.templateId,
        entityId: config.entityId,
      }),
    );
    let attempts = 0;
    let outcome: PostOutcome;
    for (;;) {
      attempts += 1;
      outcome = await this.post(body);
      if (outcome.status === 'sent' || outcome.retryAfterMs === null || attempts >= config.attempts) break;
      const backoff = config.retryBaseMs * 2 ** (attempts - 1);
      await delay(Math.min(Math.max(backoff, outcome.retryAfterMs), MAX_RETRY_WAIT_MS));
    }
    try {
      await recordSmsOutcome(this.db, id, attempts, outcome.status === 'sent' ? outcome : { status: 'failed', error: outcome.error });
    } catch (error) {
      this.log.error({ err: error, smsId: id }, 'sms outcome not recorded');
    }
    const line = { event: outcome.status === 'sent' ? 'sms_sent' : 'sms_failed', smsId: id, purpose: message.purpose, provider: 'http' };
    if (outcome.status === 'sent') this.log.info({ ...line, attempts, providerMessageId: outcome.providerMessageId }, 'sms sent');
    else this.log.error({ ...line, attempts, error: outcome.error }, 'sms failed');
  }

  /** One POST: sent, or failed with the reason and, when the gateway could not take it now, how soon to try again. */
  private async post(body: string): Promise<PostOutcome> {
    const { config } = this;
    let res: Response;
    let text: string;
    try {
      res = await this.fetchImpl(config.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', [config.authHeader]: config.apiKey },
        body,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      return { status: 'failed', error: error instanceof Error ? `${error.name}: ${error.message}` : String(error), retryAfterMs: 0 };
    }
    let answer: unknown = null;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = null;
    }
    if (res.ok && fieldOf(answer, config.okField) === config.okValue) return { status: 'sent', providerMessageId: fieldOf(answer, config.idField) };
    const error = `HTTP ${res.status}: ${(fieldOf(answer, 'message') ?? fieldOf(answer, 'message.0') ?? text).slice(0, 300)}`;
    const busy = res.status >= 500 || res.status === 429;
    return { status: 'failed', error, retryAfterMs: busy ? retryAfterMs(res.headers.get('retry-after')) : null };
  }
}

type PostOutcome = { status: 'sent'; providerMessageId: string | null } | { status: 'failed'; error: string; retryAfterMs: number | null };

/** The longest wait between two POSTs of one message (a one-time code is soon stale). */
const MAX_RETRY_WAIT_MS = 30_000;

/** A Retry-After of whole seconds in milliseconds; 0 when absent or not seconds. */
function retryAfterMs(header: string | null): number {
  return header !== null && /^[0-9]{1,4}$/.test(header.trim()) ? Number(header.trim()) * 1000 : 0;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
