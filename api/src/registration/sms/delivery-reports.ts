/**
 * A real gateway's delivery reports (issue 34, SMS_PROVIDER=http with SMS_DLR_TOKEN): the gateway
 * POSTs to /api/sms-delivery-report what became of a message it accepted. Gateways differ in the
 * shape, so the shape is settings: a report is a JSON object (or an array of them, or an object
 * whose `data` is that array), SMS_DLR_ID_FIELD names the field with the gateway's message id (the
 * id its send answer gave, SMS_HTTP_ID_FIELD) and SMS_DLR_STATUS_FIELD the status; the status words
 * of SMS_DLR_DELIVERED and SMS_DLR_UNDELIVERED are final, any other word is a step on the way.
 * Nothing of a report reaches SQL but an id of printable ASCII and one of the configured words.
 */
import { fieldOf } from './http-sender';

export interface SmsDeliveryReportConfig {
  /** The secret of the gateway's webhook URL (`?token=` or the x-sms-dlr-token header). */
  token: string;
  idField: string;
  statusField: string;
  /** Lower-case status words that mean delivered. */
  delivered: readonly string[];
  /** Lower-case status words that mean it will not be delivered. */
  undelivered: readonly string[];
}

/** One final report: the gateway's message id, what became of it and the gateway's own word. */
export interface SmsReport {
  providerMessageId: string;
  status: 'delivered' | 'undelivered';
  word: string;
}

/** Reports in one request at most (a gateway batches; more is not a delivery report). */
export const MAX_REPORTS = 500;
const PROVIDER_ID = /^[\x21-\x7e]{1,200}$/;

/** The reports a request's body carries, or null when it is not a report's shape. */
export function reportItems(body: unknown): unknown[] | null {
  if (Array.isArray(body)) return body.length <= MAX_REPORTS ? body : null;
  if (body === null || typeof body !== 'object') return null;
  const data = (body as { data?: unknown }).data;
  if (Array.isArray(data)) return data.length <= MAX_REPORTS ? data : null;
  return [body];
}

/**
 * The final reports among `items`; `ignored` counts the others (a step on the way, an unknown word,
 * no id or an id that is not printable ASCII of at most 200 characters).
 */
export function finalReports(items: readonly unknown[], config: SmsDeliveryReportConfig): { reports: SmsReport[]; ignored: number } {
  const reports: SmsReport[] = [];
  for (const item of items) {
    const id = fieldOf(item, config.idField);
    const word = fieldOf(item, config.statusField)?.trim().toLowerCase() ?? '';
    if (id === null || !PROVIDER_ID.test(id)) continue;
    if (config.delivered.includes(word)) reports.push({ providerMessageId: id, status: 'delivered', word });
    else if (config.undelivered.includes(word)) reports.push({ providerMessageId: id, status: 'undelivered', word });
  }
  return { reports, ignored: items.length - reports.length };
}
