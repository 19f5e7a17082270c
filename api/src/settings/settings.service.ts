/**
 * Site settings and the maintenance flag. The flag is read on every player-area request, so it
 * is served from memory for a few seconds (other instances' saves arrive within that time);
 * a save on this instance invalidates it at once.
 */
import { MESSAGES, type SettingRow } from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import type { Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import type { DomainEvents } from '../common/domain-events';
import type { AuditContext } from '../plugins/request-context';
import { checkSettingsSave } from './settings-rules';
import * as repo from './settings.repository';

export class SettingsService {
  private maintenance: { value: boolean; loadedAtMs: number } | null = null;
  private loading: Promise<boolean> | null = null;
  /** Bumped by every invalidation, so a read that started before a save cannot store its stale value. */
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly cacheTtlMs: number,
    /** Told when maintenance is switched, so open player pages close at once (realtime). */
    private readonly events?: DomainEvents,
  ) {}

  list(): Promise<SettingRow[]> {
    return repo.listSettings(this.db);
  }

  /** Validates and saves the changed rows with one audit row per changed key. */
  async save(changes: readonly SettingRow[], context: AuditContext & { actorId: string }): Promise<SettingRow[]> {
    const rows = await this.db.transaction(async (tx) => {
      const current = await repo.listSettings(tx, { lock: true });
      const problem = checkSettingsSave(current, changes);
      if (problem !== null) throw new DomainError('VALIDATION', problem);
      const before = new Map(current.map((row) => [row.key, row.value]));
      const changed = changes.filter((change) => before.get(change.key) !== change.value);
      await repo.upsertSettings(tx, changed, context.actorId);
      await insertAuditRecords(
        tx,
        changed.map((change) => ({
          actorId: context.actorId,
          action: 'settings.save',
          target: `setting:${change.key}`,
          before: before.has(change.key) ? { value: before.get(change.key) } : null,
          after: { value: change.value },
          ip: context.ip,
          requestId: context.requestId,
        })),
      );
      tx.afterCommit(() => {
        this.invalidate();
        const maintenance = changed.find((change) => change.key === 'maintenance');
        if (maintenance !== undefined) this.events?.publish('settings.maintenanceChanged', { on: maintenance.value === 'true' });
      });
      return repo.listSettings(tx);
    });
    return rows;
  }

  /** Whether the site is under maintenance (cached for cacheTtlMs). */
  async isMaintenance(): Promise<boolean> {
    const cached = this.maintenance;
    if (cached !== null && this.clock.nowMs() - cached.loadedAtMs < this.cacheTtlMs) return cached.value;
    if (this.loading === null) {
      const generation = this.generation;
      const loading: Promise<boolean> = repo
        .findSetting(this.db, 'maintenance')
        .then((value) => {
          const on = value === 'true';
          if (generation === this.generation) this.maintenance = { value: on, loadedAtMs: this.clock.nowMs() };
          return on;
        })
        .finally(() => {
          if (this.loading === loading) this.loading = null;
        });
      this.loading = loading;
    }
    return this.loading;
  }

  /** Drops the cached flag (after a save on this instance). */
  invalidate(): void {
    this.generation += 1;
    this.maintenance = null;
    this.loading = null;
  }

  /** Throws the maintenance error when the flag is on. */
  async assertNotMaintenance(): Promise<void> {
    if (await this.isMaintenance()) {
      throw new DomainError('MAINTENANCE', MESSAGES.maintenance, undefined, { maintenance: true });
    }
  }
}
