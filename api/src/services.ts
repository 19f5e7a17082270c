/**
 * The services that do not depend on HTTP: built once per process (or per test database) and
 * shared by the app, the demo seed and the tests.
 */
import { PasswordHasher } from './auth/passwords';
import { systemClock, type Clock } from './common/clock';
import type { Config } from './config';
import type { Database } from './db/database';
import { silentLogger, type Logger } from './common/logger';
import { LedgerService } from './ledger/ledger.service';
import { CatalogService } from './catalog/catalog.service';
import { DomainEvents } from './realtime/domain-events';
import { SettingsService } from './settings/settings.service';
import { UsersPolicy } from './users/policy';
import { UsersService } from './users/users.service';

export interface CoreServices {
  clock: Clock;
  events: DomainEvents;
  passwords: PasswordHasher;
  ledger: LedgerService;
  settings: SettingsService;
  users: UsersService;
  usersPolicy: UsersPolicy;
  catalog: CatalogService;
}

export function createCoreServices(deps: {
  config: Readonly<Config>;
  db: Database;
  clock?: Clock;
  events?: DomainEvents;
  log?: Logger;
}): CoreServices {
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? silentLogger;
  const events =
    deps.events ?? new DomainEvents((error, event) => log.error({ err: error, event }, 'domain event listener failed'));
  return {
    clock,
    events,
    passwords: new PasswordHasher(deps.config.auth.argon2),
    ledger: new LedgerService(deps.db, events),
    settings: new SettingsService(deps.db, clock, deps.config.settings.cacheTtlMs),
    users: new UsersService(deps.db),
    usersPolicy: new UsersPolicy(deps.db),
    catalog: new CatalogService(deps.db),
  };
}
