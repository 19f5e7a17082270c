/**
 * The services that do not depend on HTTP: built once per process (or per test database) and
 * shared by the app, the demo seed and the tests.
 */
import { LoginThrottle } from './auth/login-throttle';
import { PasswordHasher } from './auth/passwords';
import { TransactionPasswords } from './auth/transaction-password';
import { ChipsService } from './chips/chips.service';
import { systemClock, type Clock } from './common/clock';
import type { Config } from './config';
import type { Database } from './db/database';
import { silentLogger, type Logger } from './common/logger';
import { LedgerService } from './ledger/ledger.service';
import { CatalogService } from './catalog/catalog.service';
import { DomainEvents } from './realtime/domain-events';
import { StatementService } from './ledger/statement.service';
import { SettingsService } from './settings/settings.service';
import { AccountAdminService } from './users/account-admin.service';
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
  /** Creating, editing, locking accounts and resetting their passwords (agents). */
  accounts: AccountAdminService;
  transactionPasswords: TransactionPasswords;
  chips: ChipsService;
  statements: StatementService;
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
  const passwords = new PasswordHasher(deps.config.auth.argon2);
  const ledger = new LedgerService(deps.db, events);
  const usersPolicy = new UsersPolicy(deps.db);
  const users = new UsersService(deps.db, usersPolicy);
  const transactionPasswords = new TransactionPasswords(
    deps.db,
    passwords,
    new LoginThrottle(deps.config.auth.throttle.transactionPassword, clock),
  );
  return {
    clock,
    events,
    passwords,
    ledger,
    settings: new SettingsService(deps.db, clock, deps.config.settings.cacheTtlMs),
    users,
    usersPolicy,
    accounts: new AccountAdminService({ db: deps.db, policy: usersPolicy, users, passwords, transactionPasswords, events }),
    transactionPasswords,
    chips: new ChipsService({ db: deps.db, ledger, policy: usersPolicy, transactionPasswords }),
    statements: new StatementService(deps.db, ledger, usersPolicy),
    catalog: new CatalogService(deps.db),
  };
}
