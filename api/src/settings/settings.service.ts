/**
 * Site settings and the maintenance flag. The flag is read on every player-area request and every
 * CW-1 debit, so it is served from memory for a few seconds. A save invalidates it at once on
 * every instance: the saver tells the cluster's bus after commit (SETTINGS_TOPIC), and each
 * instance, the saver too, drops its copy when told. The time to live only bounds a copy when a
 * message is lost (Redis unreachable): a debit sent to the other instance right after maintenance
 * was switched on was accepted for up to 5 s before (issue 29's audit).
 */
import { MESSAGES, type SettingRow } from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import type { Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import type { SequencedBus } from '../cluster/sequenced-bus';
import type { Database } from '../db/database';
import type { DomainEvents } from '../common/domain-events';
import type { AuditContext } from '../plugins/request-context';
import { checkSettingsSave } from './settings-rules';
import * as repo from './settings.repository';

/** The bus topic of "the settings changed": every instance drops its cached flag. */
export const SETTINGS_TOPIC = 'settings';

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
    /** The cluster's bus: a save here reaches every instance's cache. */
    private readonly bus?: SequencedBus,
  ) {
    bus?.listen(SETTINGS_TOPIC, () => this.invalidate());
  }

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
        // A lost message leaves the other instances' copies to their time to live, as before the bus.
        this.bus?.publish(SETTINGS_TOPIC, 'saved', null).catch(() => undefined);
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
