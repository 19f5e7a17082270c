/**
 * The international casino's registry and launch (docs/rules/product.md §2 /casino-int/{type}, §7 Casino;
 * docs/rules/casino-wallet.md "Game launch"): what players list and open, and what admin and sadmin manage
 * (providers, their rotating secrets, their games). Money is not here: wallet.service.ts.
 */
import { assertMayStake } from '../responsible-gambling/rg-check';
import {
  CASINO_INT_MESSAGES,
  casinoIntGameId,
  ROUTES,
  SITE_CONTENT_MESSAGES,
  SPORT_BETTING_PROVIDER,
  type CasinoIntGame,
  type CasinoIntGamesQuery,
  type CasinoIntGamesResponse,
  type CasinoIntNewSecret,
  type CasinoIntPlayUrlRequest,
  type CasinoIntPlayUrlResponse,
  type CasinoIntProvider,
  type CasinoIntProviderAdminView,
  type CasinoIntSecretsView,
  type CreateCasinoIntGameRequest,
  type CreateCasinoIntProviderRequest,
} from '@backlay/shared/contracts';
import { randomBytes } from 'node:crypto';
import { insertAuditRecords } from '../audit/audit.repository';
import { DomainError } from '../common/domain-error';
import { formatRupees } from '../common/money';
import type { Database } from '../db/database';
import type { AuditContext } from '../plugins/request-context';
import { isBetLocked } from '../users/users.repository';
import { ProviderCallError, type ProviderClient } from './provider-client';
import * as repo from './registry.repository';
import { insertLaunchSession, isAccountActive } from './wallet.repository';
import { tokenHash } from './wallet.service';

export interface CasinoIntOptions {
  /** Origins the player's app is served from: a lobby_url must be on one of them. */
  allowedOrigins: readonly string[];
  /** How long a launch token may wait for the provider's authenticate. */
  launchTokenTtlMs: number;
  /** How long a session lives after its launch (debits need a live one). */
  sessionTtlMs: number;
}

/** A new provider secret: 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

const titleOf = (id: string): string => id.replace(/[-_]+/g, ' ').replace(/\b[a-z]/g, (c) => c.toUpperCase());

function gameView(game: repo.GameRow): CasinoIntGame {
  return {
    identifier: casinoIntGameId(game.providerId, game.code),
    code: game.code,
    game_name: game.name,
    provider_id: game.providerId,
    image: game.image,
    category: game.category,
    sub_category: game.subCategory,
  };
}

function providerView(provider: repo.WalletProvider): CasinoIntProvider {
  return { _id: provider.id, name: provider.name, type: provider.id, scrollable: provider.id === SPORT_BETTING_PROVIDER };
}

export class CasinoIntService {
  constructor(
    private readonly db: Database,
    private readonly client: ProviderClient,
    private readonly options: CasinoIntOptions,
  ) {}

  /** GET get-casino-providers: the enabled providers, in their order. */
  /** The enabled providers, less those the caller's site switched off (`off`). */
  async providers(off: ReadonlySet<string> = new Set()): Promise<CasinoIntProvider[]> {
    return (await repo.listProviders(this.db)).filter((p) => p.enabled && !off.has(p.id)).map(providerView);
  }

  /** Every provider id of the registry (a site's switch list names only these). */
  async providerIds(): Promise<string[]> {
    return (await repo.listProviders(this.db)).map((p) => p.id);
  }

  /**
   * GET get-casino-int-games: the enabled games of the enabled providers, narrowed by provider /
   * type (a provider id) and category (a sub-category id); `category` lists the sub-categories of
   * the games before the sub-category filter (the tabs stay when one is chosen).
   */
  async games(query: CasinoIntGamesQuery, off: ReadonlySet<string> = new Set()): Promise<CasinoIntGamesResponse> {
    const providers = (await repo.listProviders(this.db)).filter((p) => p.enabled && !off.has(p.id));
    const enabled = new Set(providers.map((p) => p.id));
    const games = (await repo.listGames(this.db)).filter(
      (g) =>
        g.enabled &&
        enabled.has(g.providerId) &&
        (query.provider === undefined || g.providerId === query.provider) &&
        (query.type === undefined || g.providerId === query.type),
    );
    const subCategories = new Map<string, string>();
    for (const game of games) if (!subCategories.has(game.subCategory)) subCategories.set(game.subCategory, game.providerId);
    return {
      result: games.filter((g) => query.category === undefined || g.subCategory === query.category).map(gameView),
      providers: providers.map(providerView),
      category: [...subCategories].map(([id, providerId]) => ({ _id: id, name: titleOf(id), provider_id: providerId })),
    };
  }

  /**
   * POST get-cas-casino-play-url: a single-use, short-lived session token bound to the player,
   * the currency and the game (only its hash is stored), handed to the provider's POST
   * /v1/sessions; the answer is the provider's launchUrl. `ip` is the address the API saw: the
   * body's ipAddress is the browser's own belief and is not used (ADR 0020).
   */
  async playUrl(
    userId: string,
    sessionId: string,
    body: CasinoIntPlayUrlRequest,
    ip: string,
    /** The providers the player's site switched off (ADR 0074 "Content per site"). */
    off: ReadonlySet<string> = new Set(),
  ): Promise<CasinoIntPlayUrlResponse> {
    const [providerId = '', code = ''] = body.gameCode.split(':');
    const game = await repo.findGame(this.db, providerId, code);
    const provider = game === null ? null : await repo.findProvider(this.db, providerId);
    if (game === null || provider === null) throw new DomainError('NOT_FOUND', CASINO_INT_MESSAGES.gameNotFound);
    if (off.has(provider.id)) throw new DomainError('FORBIDDEN', SITE_CONTENT_MESSAGES.providerOffHere);
    const lobby = this.lobbyOrigin(body.lobby_url);
    if ((await isAccountActive(this.db, userId)) !== true) throw new DomainError('ACCOUNT_LOCKED', CASINO_INT_MESSAGES.userLocked);
    if (await isBetLocked(this.db, userId)) throw new DomainError('BETTING_LOCKED', CASINO_INT_MESSAGES.bettingLocked);
    if (!provider.enabled || !game.enabled) throw new DomainError('MARKET_SUSPENDED', CASINO_INT_MESSAGES.gameSuspended);
    // A player on a time-out or self-excluded (or past a loss limit) cannot stake, so no game
    // opens: the same refusal, code and words as a bet's (ADR 0019), before any provider call.
    if (provider.seamless) await assertMayStake(this.db, userId, 0n);
    const view = { provider_id: provider.id, game_name: game.name, scrollable: provider.id === SPORT_BETTING_PROVIDER };
    // Our own exchange: the same wallet, no token, no provider call.
    if (!provider.seamless) return { data: { url: new URL(ROUTES.home.path, lobby).href, ...view } };

    const currency = 'INR';
    if (!provider.currencies.includes(currency)) throw new DomainError('MARKET_SUSPENDED', CASINO_INT_MESSAGES.gameSuspended);
    const token = randomBytes(32).toString('base64url');
    const device = body.isMobile ? 'mobile' : 'desktop';
    await insertLaunchSession(this.db, {
      tokenHash: tokenHash(token),
      userId,
      providerId: provider.id,
      gameCode: game.code,
      currency,
      ip,
      device,
      tokenTtlMs: this.options.launchTokenTtlMs,
      sessionTtlMs: this.options.sessionTtlMs,
      operatorSessionId: sessionId,
    });
    let answer;
    try {
      answer = await this.client.createSession(provider, (await repo.activeSecrets(this.db, provider.id)).map((s) => s.secret), {
        operatorId: provider.partnerId,
        playerId: userId,
        sessionToken: token,
        currency,
        language: 'en',
        country: 'IN',
        ip,
        device,
        gameCode: game.code,
        mode: 'real',
        lobbyUrl: body.lobby_url,
      });
    } catch (error) {
      if (error instanceof ProviderCallError) throw new DomainError('PROVIDER_UNAVAILABLE', CASINO_INT_MESSAGES.providerUnavailable);
      throw error;
    }
    if (answer.status !== 'OK' || typeof answer.launchUrl !== 'string' || !/^https?:\/\//.test(answer.launchUrl)) {
      throw new DomainError('PROVIDER_UNAVAILABLE', CASINO_INT_MESSAGES.providerUnavailable);
    }
    return { data: { url: answer.launchUrl, ...view } };
  }

  /** The origin of a lobby URL, which must be one the player's app is served from. */
  private lobbyOrigin(lobbyUrl: string): string {
    let origin: string;
    try {
      origin = new URL(lobbyUrl).origin;
    } catch {
      throw new DomainError('VALIDATION', 'lobby_url must be an absolute URL of this site');
    }
    if (!this.options.allowedOrigins.includes(origin)) throw new DomainError('VALIDATION', 'lobby_url must be an absolute URL of this site');
    return origin;
  }

  // ---- Admin ------------------------------------------------------------------------------

  async adminProviders(): Promise<CasinoIntProviderAdminView[]> {
    const providers = await repo.listProviders(this.db);
    const games = await repo.listGames(this.db);
    const clearing = await repo.clearingBalances(this.db);
    const out: CasinoIntProviderAdminView[] = [];
    for (const p of providers) {
      const secrets = await repo.activeSecrets(this.db, p.id);
      out.push({
        id: p.id,
        name: p.name,
        partnerId: p.partnerId,
        launchUrl: p.launchUrl,
        currencies: p.currencies,
        enabled: p.enabled,
        seamless: p.seamless,
        secrets: secrets.map((s) => ({ id: s.id, hint: s.secret.slice(-4), createdAt: s.createdAt })),
        games: games
          .filter((g) => g.providerId === p.id)
          .map((g) => ({
            identifier: casinoIntGameId(g.providerId, g.code),
            code: g.code,
            name: g.name,
            image: g.image,
            category: g.category,
            subCategory: g.subCategory,
            enabled: g.enabled,
            maxMultiplier: g.maxMultiplier,
          })),
        clearingBalance: formatRupees(clearing.get(p.id) ?? 0n),
      });
    }
    return out;
  }

  async createProvider(ctx: AuditContext, body: CreateCasinoIntProviderRequest): Promise<CasinoIntNewSecret> {
    const secret = newSecret();
    return this.db.transaction(async (tx) => {
      const created = await repo.insertProvider(tx, { ...body, seamless: true });
      if (!created) throw new DomainError('CONFLICT', CASINO_INT_MESSAGES.providerExists);
      const secretId = await repo.insertSecret(tx, body.id, secret);
      await insertAuditRecords(tx, [
        { ...ctx, action: 'casino_int.provider_create', target: `provider:${body.id}`, before: null, after: { ...body, secretId }, journalId: null },
      ]);
      return { providerId: body.id, secretId, secret };
    });
  }

  async setProviderEnabled(ctx: AuditContext, id: string, enabled: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.setProviderEnabled(tx, id, enabled))) throw new DomainError('NOT_FOUND', CASINO_INT_MESSAGES.providerNotFound);
      await insertAuditRecords(tx, [{ ...ctx, action: 'casino_int.provider_enabled', target: `provider:${id}`, before: null, after: { enabled }, journalId: null }]);
    });
  }

  async createGame(ctx: AuditContext, providerId: string, body: CreateCasinoIntGameRequest): Promise<void> {
    await this.db.transaction(async (tx) => {
      if ((await repo.findProvider(tx, providerId)) === null) throw new DomainError('NOT_FOUND', CASINO_INT_MESSAGES.providerNotFound);
      if (!(await repo.insertGame(tx, { providerId, ...body }))) throw new DomainError('CONFLICT', CASINO_INT_MESSAGES.gameExists);
      await insertAuditRecords(tx, [{ ...ctx, action: 'casino_int.game_create', target: `game:${providerId}:${body.code}`, before: null, after: body, journalId: null }]);
    });
  }

  async setGameEnabled(ctx: AuditContext, identifier: string, enabled: boolean): Promise<void> {
    const [providerId = '', code = ''] = identifier.split(':');
    await this.db.transaction(async (tx) => {
      if (!(await repo.setGameEnabled(tx, providerId, code, enabled))) throw new DomainError('NOT_FOUND', CASINO_INT_MESSAGES.gameNotFound);
      await insertAuditRecords(tx, [{ ...ctx, action: 'casino_int.game_enabled', target: `game:${identifier}`, before: null, after: { enabled }, journalId: null }]);
    });
  }

  /**
   * A new secret for a seamless provider, shown once; the previous one stays active (both verify)
   * until it is retired, so the provider can switch without a gap. At most two are active.
   */
  async rotateSecret(ctx: AuditContext, providerId: string): Promise<CasinoIntNewSecret> {
    const secret = newSecret();
    return this.db.transaction(async (tx) => {
      const provider = await repo.findProvider(tx, providerId);
      if (provider === null || !provider.seamless) throw new DomainError('NOT_FOUND', CASINO_INT_MESSAGES.providerNotFound);
      await repo.lockProvider(tx, providerId);
      if ((await repo.activeSecrets(tx, providerId)).length >= 2) {
        throw new DomainError('CONFLICT', 'Two secrets are active: retire the older one before a new rotation');
      }
      const secretId = await repo.insertSecret(tx, providerId, secret);
      await insertAuditRecords(tx, [{ ...ctx, action: 'casino_int.secret_rotate', target: `provider:${providerId}`, before: null, after: { secretId }, journalId: null }]);
      return { providerId, secretId, secret };
    });
  }

  async retireSecret(ctx: AuditContext, providerId: string, secretId: string): Promise<CasinoIntSecretsView> {
    return this.db.transaction(async (tx) => {
      await repo.lockProvider(tx, providerId);
      const active = await repo.activeSecrets(tx, providerId);
      if (!active.some((s) => s.id === secretId)) throw new DomainError('NOT_FOUND', CASINO_INT_MESSAGES.secretNotFound);
      if (active.length < 2) throw new DomainError('CONFLICT', CASINO_INT_MESSAGES.lastSecret);
      await repo.retireSecret(tx, providerId, secretId);
      await insertAuditRecords(tx, [{ ...ctx, action: 'casino_int.secret_retire', target: `provider:${providerId}`, before: { secretId }, after: null, journalId: null }]);
      const left = await repo.activeSecrets(tx, providerId);
      return { providerId, secrets: left.map((s) => ({ id: s.id, hint: s.secret.slice(-4), createdAt: s.createdAt })) };
    });
  }
}

/** The answer message of an enable switch. */
export function switchMessage(kind: 'provider' | 'game', enabled: boolean): string {
  if (kind === 'provider') return enabled ? CASINO_INT_MESSAGES.providerEnabled : CASINO_INT_MESSAGES.providerDisabled;
  return enabled ? CASINO_INT_MESSAGES.gameEnabled : CASINO_INT_MESSAGES.gameDisabled;
}
