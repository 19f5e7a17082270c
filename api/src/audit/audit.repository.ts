/**
 * The append-only audit log (docs/rules/test-plan.md T16): who did what to what, before and after. The audit
 * domain has no rules and no service: this one writer is its whole interface, and every domain
 * calls it inside the transaction of the change it records.
 */
import type { Queryable } from '../db/database';

export interface AuditRecord {
  actorId: string | null;
  /** Dotted lower-case verb, e.g. 'settings.save', 'auth.password_changed'. */
  action: string;
  /** What was acted on, e.g. 'setting:maintenance' or 'user:<id>'. */
  target: string;
  before: unknown;
  after: unknown;
  ip: string | null;
  requestId: string | null;
  /** The journal this action posted, if it moved money (L16). */
  journalId?: string | null;
}

/** Writes audit rows; call it in the same transaction as the change it records. */
export async function insertAuditRecords(q: Queryable, records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await q.query(
    `INSERT INTO audit_log (actor_id, action, target, before, after, ip, request_id, journal_id)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[], $7::text[], $8::uuid[])`,
    [
      records.map((r) => r.actorId),
      records.map((r) => r.action),
      records.map((r) => r.target),
      records.map((r) => (r.before === undefined ? null : JSON.stringify(r.before))),
      records.map((r) => (r.after === undefined ? null : JSON.stringify(r.after))),
      records.map((r) => r.ip),
      records.map((r) => r.requestId),
      records.map((r) => r.journalId ?? null),
    ],
  );
}
