/**
 * The live casino's round engine (docs/rules/casino-fairness.md §2.2, §4.2). One scheduler runs every table: only the
 * instance holding the PostgreSQL advisory lock ticks, as with the feed ingest. Each tick moves
 * each table one step along its round:
 *
 *   (none) ──open──▶ OPEN ──closesAt──▶ CLOSED ──settleAt──▶ SETTLED ──resultMs──▶ next round
 *                      └── table disabled, or its close missed by > resumeMaxMs ──▶ VOID (every bet refunded)
 *
 * - open: the round's seed is the next element of the table's PF-1 hash chain (so the shoe is
 *   committed before any bet: serverSeedHash is published with the round), its markets and runners
 *   are inserted open for bets. Outcomes never depend on stakes: nothing here reads a bet.
 * - close: the markets are locked FOR UPDATE (bets in flight finish; later ones see them
 *   suspended), the shoe is dealt by the game's pure rules, and the cards, result and each
 *   runner's settlement are stored with the round.
 * - settle: the round's markets as ONE settlement through settle_market with the round's outcomes
 *   (the sports settlement: set-based, idempotent, commission and partnership; one settlement row,
 *   one journal and one statement line per player for the whole round), then the seed is revealed.
 *   A round nobody bet on writes no settlement.
 * - restart (this instance takes the lock; ADR 0035): a round still OPEN is carried on — its seed
 *   was committed when it opened, so the next tick closes it at its closesAt (at once if that has
 *   passed) and deals the committed shoe — unless its close was missed by more than resumeMaxMs
 *   (a crash, not a hand-over): then it is voided. One already CLOSED is finished with its stored
 *   deal, never dealt again. A graceful stop (SIGTERM) releases the lock at once (app preClose),
 *   so the other instance takes over within its lockRetryMs and a rolling deploy voids nothing.
 *
 * Every change is published after commit as `casino.roundChanged`; realtime turns it into deltas.
 *
 * The database is the authority at every step, but a tick reads it only for the tables with
 * something due: each step leaves the table's next instant (its close, its settle, the next open;
 * none while the table is disabled with no live round) in an in-memory schedule, and an open
 * round's countdown seconds are published from it. A table switched on this instance is due at
 * once (its `enabled`/`disabled` move); every RESYNC_MS a tick reads every table anyway (a switch
 * on another instance, or a row changed by hand, is seen then); taking the lock starts from the
 * database (the schedule is rebuilt on the first tick).
 */
import { randomBytes } from 'node:crypto';
import { chainSeeds, playRound, serverSeedHash, type CasinoGame } from '@backlay/shared/casino';
import type { CasinoPhase } from '@backlay/shared/contracts';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { Database, Tx } from '../db/database';
import { LeaderLoop } from '../db/leader-loop';
import type { DomainEvents } from '../common/domain-events';
import type { SettlementService } from '../settlement/settlement.service';
import * as repo from './casino.repository';
import { gameOf, tableSeeds } from './tables';

/** Identifies the casino scheduler's advisory lock (per database). */
export const CASINO_LOCK_ID = 72_810_004;

/** The longest the leader goes without reading every table (a switch on another instance waits this long). */
export const RESYNC_MS = 5_000;

export const VOID_REASONS = {
  restart: 'Interrupted: the round was not closed in time, every bet refunded',
  disabled: 'Table disabled by admin: every bet refunded',
} as const;

export interface CasinoEngineOptions {
  db: Database;
  clock: Clock;
  events: DomainEvents;
  log: Logger;
  settlement: Pick<SettlementService, 'settleCasinoRound'>;
  /** Time between ticks of the leader. */
  tickMs: number;
  lockRetryMs: number;
  /** Elements per seed chain (it serves length − 1 rounds); a new chain (and commitment) starts when one is used up. */
  chainLength: number;
  /** Betting window of tables created by this instance. */
  bettingSeconds: number;
  /** Time the deal is shown before the round settles: per card dealt, capped. */
  dealMsPerCard: number;
  dealMsMax: number;
  /** Time the result stays on screen before the next round opens. */
  resultMs: number;
  /**
   * A new leader carries on an open round whose close is overdue by at most this (a hand-over);
   * past it (a crash, a long outage) the round is voided and every bet refunded.
   */
  resumeMaxMs: number;
}

/** Whole seconds an open round takes bets at `nowMs` (its countdown; 0 once it closes). */
export const secondsLeft = (closesAt: Date, nowMs: number): number => Math.max(0, Math.ceil((closesAt.getTime() - nowMs) / 1000));

/** The id of a round's market: its round id and the market's code in the game definition. */
export const roundMarketId = (roundId: string, code: string): string => `c${roundId}.${code}`;

/**
 * The key of a round's settlement: settle_market settles the markets `<key>.<code>` of every code
 * in the result as one (so this and roundMarketId must keep that shape).
 */
export const roundSettlementKey = (roundId: string): string => `c${roundId}`;

/** The ids of every market a round opened, in the game's order (under the round's own config). */
export function roundMarketIds(game: CasinoGame, round: Pick<repo.RoundRow, 'id' | 'config'>): string[] {
  return game.markets(game.parseConfig(round.config)).map((market) => roundMarketId(round.id, market.code));
}

/** What the engine knows of a table between its reads: when it is next due and its open round. */
interface Scheduled {
  /** The clock instant from which the table's step needs the database (Infinity: only when switched, or at a resync). */
  dueAtMs: number;
  /** Its round taking bets (the countdown), or null. */
  open: { roundId: string; closesAtMs: number } | null;
}

export class CasinoEngine {
  private readonly loop: LeaderLoop<void>;
  /** Each table's next due instant and open round, by match id. */
  private readonly schedule = new Map<string, Scheduled>();
  /** The instant of the next tick that reads every table. */
  private resyncAtMs = -Infinity;
  /** Whole seconds left last published per round (one countdown message per second). */
  private readonly lastCountdown = new Map<string, number>();
  /** Chain elements by chain id: element k is SHA-256 applied k times to the secret. */
  private readonly chains = new Map<string, Promise<string[]>>();
  private ensured = false;

  constructor(private readonly options: CasinoEngineOptions) {
    this.loop = new LeaderLoop({
      db: options.db,
      log: options.log,
      lockId: CASINO_LOCK_ID,
      name: 'casino engine',
      tickMs: options.tickMs,
      lockRetryMs: options.lockRetryMs,
      onAcquired: async () => {
        this.schedule.clear();
        this.resyncAtMs = -Infinity;
        await this.ensureTables();
        await this.recover();
      },
      tick: () => this.runTick(),
    });
    // A table switched on or off here is due at once (casino.service publishes the move after commit).
    options.events.on('casino.roundChanged', (event) => {
      if (event.phase !== 'enabled' && event.phase !== 'disabled') return;
      const scheduled = this.schedule.get(event.matchId);
      if (scheduled !== undefined) scheduled.dueAtMs = -Infinity;
    });
  }

  get leader(): boolean {
    return this.loop.leader;
  }

  /** The last tick this instance ran as the leader (LeaderLoop.lastTick), for the metrics. */
  get lastTick(): { endedAt: number; ms: number } | null {
    return this.loop.lastTick;
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Takes the lock if free; on taking it, creates missing tables and recovers the rounds an
   * earlier leader left (docs/rules/casino-fairness.md §4.2). True when this instance is the leader.
   */
  acquire(): Promise<boolean> {
    return this.loop.acquire();
  }

  /** Creates the configured tables that do not exist yet (idempotent). */
  async ensureTables(): Promise<void> {
    if (this.ensured) return;
    await this.options.db.transaction((tx) => repo.ensureTables(tx, tableSeeds(this.options.bettingSeconds)));
    this.ensured = true;
  }

  /** One step of every table at the clock's time; nothing unless this instance is the leader. */
  async tick(): Promise<void> {
    await this.loop.tick();
  }

  private async recover(): Promise<void> {
    const nowMs = this.options.clock.nowMs();
    for (const round of await repo.liveRounds(this.options.db)) {
      // An OPEN round within the bound is resumed: the first tick closes it at its closesAt with its committed seed.
      if (round.status === 'OPEN' && nowMs - round.closesAt.getTime() > this.options.resumeMaxMs) {
        await this.voidRound(round, VOID_REASONS.restart);
      }
      // A CLOSED round keeps its stored deal; the next tick settles it (its settleAt has passed or will).
    }
  }

  /**
   * One statement reads the tables with something due (every table at a resync) and their newest
   * round; only a table with something to do writes. Then each open round's countdown second.
   */
  private async runTick(): Promise<void> {
    const nowMs = this.options.clock.nowMs();
    const resync = nowMs >= this.resyncAtMs;
    const due = resync ? null : [...this.schedule].filter(([, scheduled]) => nowMs >= scheduled.dueAtMs).map(([matchId]) => matchId);
    const moved = new Set<string>();
    if (due === null || due.length > 0) {
      if (resync) {
        this.schedule.clear();
        this.resyncAtMs = nowMs + RESYNC_MS;
      }
      for (const { table, round } of await repo.tablesWithNewestRound(this.options.db, due)) {
        try {
          const step = await this.step(table, round);
          this.schedule.set(table.matchId, step.next);
          if (step.moved) moved.add(table.matchId);
        } catch (error) {
          // Due again on the next tick, as when every tick read every table.
          this.schedule.set(table.matchId, { dueAtMs: -Infinity, open: null });
          this.options.log.error({ err: error, matchId: table.matchId }, 'casino table step failed');
        }
      }
    }
    for (const [matchId, { open }] of this.schedule) {
      if (open !== null && !moved.has(matchId)) this.countdown(matchId, open.roundId, open.closesAtMs);
    }
  }

  /** One countdown message per whole second left of an open round (none once it closes). */
  private countdown(matchId: string, roundId: string, closesAtMs: number): void {
    const nowMs = this.options.clock.nowMs();
    if (nowMs >= closesAtMs) return;
    const left = secondsLeft(new Date(closesAtMs), nowMs);
    if (this.lastCountdown.get(roundId) === left) return;
    this.lastCountdown.set(roundId, left);
    this.options.events.publish('casino.roundChanged', {
      matchId,
      phase: 'countdown',
      countdown: { roundId, secondsLeft: left, serverTime: new Date(nowMs).toISOString() },
    });
  }

  /** The table's step at the clock's time: whether it moved its round, and when the table is next due. */
  private async step(table: repo.TableRow, newest: repo.RoundHead | null): Promise<{ moved: boolean; next: Scheduled }> {
    const nowMs = this.options.clock.nowMs();
    const wait = (dueAtMs: number, open: Scheduled['open'] = null) => ({ moved: false, next: { dueAtMs, open } });
    if (newest === null || newest.status === 'SETTLED' || newest.status === 'VOID') {
      if (!table.enabled) return wait(Infinity);
      const nextOpenMs = newest?.settledAt != null ? newest.settledAt.getTime() + this.options.resultMs : -Infinity;
      if (nowMs < nextOpenMs) return wait(nextOpenMs);
      const opened = await this.open(table);
      return { moved: true, next: { dueAtMs: opened.closesAtMs, open: opened } };
    }
    const round = newest;
    if (round.status === 'OPEN') {
      if (!table.enabled) {
        await this.voidRound(round, VOID_REASONS.disabled);
        return { moved: true, next: { dueAtMs: Infinity, open: null } };
      }
      if (nowMs >= round.closesAt.getTime()) return { moved: true, next: { dueAtMs: await this.close(round), open: null } };
      return wait(round.closesAt.getTime(), { roundId: round.id, closesAtMs: round.closesAt.getTime() });
    }
    if (round.settleAt === null) return wait(Infinity);
    if (nowMs < round.settleAt.getTime()) return wait(round.settleAt.getTime());
    const settledAtMs = await this.settle(round);
    return { moved: true, next: { dueAtMs: settledAtMs + this.options.resultMs, open: null } };
  }

  /** Opens the table's next round on its chain (a new chain when the last is used up): its id and close. */
  private async open(table: repo.TableRow): Promise<{ roundId: string; closesAtMs: number }> {
    const game = this.gameOf(table.gameCode);
    const nowMs = this.options.clock.nowMs();
    return this.options.db.transaction(async (tx) => {
      const chain = (await repo.usableChain(tx, table.matchId)) ?? (await this.newChain(tx, table.matchId));
      const nonce = chain.used + 1;
      const elements = await this.chainElements(chain);
      // Round n plays element length−1−n: the chain is played backwards from its commitment.
      const serverSeed = elements[chain.length - 1 - nonce];
      if (serverSeed === undefined) throw new Error(`chain ${chain.id} has no seed for nonce ${nonce}`);
      // The salt is fixed after the commitment was published, when the chain's first round opens.
      const salt = chain.salt ?? randomBytes(16).toString('hex');
      await repo.useChain(tx, chain.id, salt);
      const round = await repo.insertRound(tx, {
        matchId: table.matchId,
        gameCode: table.gameCode,
        chainId: chain.id,
        nonce,
        config: table.config,
        serverSeed,
        serverSeedHash: await serverSeedHash(serverSeed),
        clientSeed: `${table.matchId}:${salt}`,
        openedAt: new Date(nowMs),
        closesAt: new Date(nowMs + table.bettingSeconds * 1000),
      });
      const markets = game.markets(game.parseConfig(table.config)).map((market, index) => ({
        marketId: roundMarketId(round.id, market.code),
        name: market.name,
        sortOrder: index + 1,
        runners: market.runners.map((runner) => ({ selectionId: runner.selectionId, name: runner.name, back: runner.back, lay: runner.lay ?? null })),
      }));
      await repo.insertRoundMarkets(tx, table.matchId, table, round.closesAt, markets);
      tx.afterCommit(() => this.publish(table.matchId, 'opened'));
      return { roundId: round.id, closesAtMs: round.closesAt.getTime() };
    });
  }

  /** Bet-close: markets locked and suspended, the committed shoe dealt and stored; the instant it settles. */
  private async close(round: repo.RoundHead): Promise<number> {
    const game = this.gameOf(round.gameCode);
    const result = await playRound(game, round.serverSeed, round.clientSeed, round.nonce, game.parseConfig(round.config));
    const nowMs = this.options.clock.nowMs();
    const marketIds = roundMarketIds(game, round);
    const showMs = Math.min(this.options.dealMsMax, this.options.dealMsPerCard * result.card.split(',').length);
    await this.options.db.transaction(async (tx) => {
      await repo.lockMarkets(tx, marketIds);
      await repo.setMarketsStatus(tx, marketIds, 'suspended');
      await repo.closeRound(
        tx,
        round.id,
        { cards: result.card === '' ? [] : result.card.split(','), hands: result.hands, win: result.win, rdesc: result.rdesc, outcomes: result.outcomes },
        new Date(nowMs),
        new Date(nowMs + showMs),
      );
      tx.afterCommit(() => this.publish(round.matchId, 'closed'));
    });
    this.lastCountdown.delete(round.id);
    return nowMs + showMs;
  }

  /** Settles the markets of a closed round with its stored outcomes, as one settlement (idempotent): the instant it settled. */
  private async settle(round: repo.RoundHead): Promise<number> {
    const game = this.gameOf(round.gameCode);
    const stored = (await repo.roundOutcomes(this.options.db, round.id)) ?? {};
    const nowMs = this.options.clock.nowMs();
    const markets = game.markets(game.parseConfig(round.config));
    const marketIds = markets.map((market) => roundMarketId(round.id, market.code));
    const outcomes = Object.fromEntries(
      markets.map((market) => {
        const marketOutcomes = stored[market.code];
        if (marketOutcomes === undefined) throw new Error(`round ${round.id} has no outcome for market ${market.code}`);
        return [market.code, marketOutcomes];
      }),
    );
    await this.options.db.transaction(async (tx) => {
      if (await repo.anyOpenBets(tx, marketIds)) {
        await this.options.settlement.settleCasinoRound(tx, roundSettlementKey(round.id), { type: 'CASINO_ROUND', round: round.id, outcomes });
      }
      await repo.setMarketsStatus(tx, marketIds, 'closed');
      await repo.finishRound(tx, round.id, new Date(nowMs));
      tx.afterCommit(() => this.publish(round.matchId, 'settled'));
    });
    return nowMs;
  }

  /** Voids a round: every runner of every market settled VOID (stakes back, exposure released), the seed revealed. */
  private async voidRound(round: repo.RoundHead, reason: string): Promise<void> {
    const game = this.gameOf(round.gameCode);
    const markets = game.markets(game.parseConfig(round.config));
    const marketIds = markets.map((market) => roundMarketId(round.id, market.code));
    const nowMs = this.options.clock.nowMs();
    const outcomes = Object.fromEntries(
      markets.map((market) => [market.code, Object.fromEntries(market.runners.map((runner) => [runner.selectionId, { rule: 'VOID' }]))]),
    );
    await this.options.db.transaction(async (tx) => {
      await repo.lockMarkets(tx, marketIds);
      if (await repo.anyOpenBets(tx, marketIds)) {
        await this.options.settlement.settleCasinoRound(tx, roundSettlementKey(round.id), { type: 'CASINO_ROUND', round: round.id, outcomes });
      }
      await repo.setMarketsStatus(tx, marketIds, 'closed');
      await repo.voidRound(tx, round.id, reason, new Date(nowMs));
      tx.afterCommit(() => this.publish(round.matchId, 'voided'));
    });
    this.lastCountdown.delete(round.id);
    this.options.log.warn({ roundId: round.id, matchId: round.matchId, reason }, 'casino round voided');
  }

  private async newChain(tx: Tx, matchId: string): Promise<repo.ChainRow> {
    const secret = randomBytes(32).toString('hex');
    const elements = await chainSeeds(secret, this.options.chainLength);
    const commitment = elements[this.options.chainLength - 1];
    if (commitment === undefined) throw new Error('hash chain shorter than asked');
    const chain = await repo.insertChain(tx, matchId, this.options.chainLength, secret, commitment);
    this.chains.set(chain.id, Promise.resolve(elements));
    return chain;
  }

  private chainElements(chain: repo.ChainRow): Promise<string[]> {
    let elements = this.chains.get(chain.id);
    if (elements === undefined) {
      elements = chainSeeds(chain.secret, chain.length);
      this.chains.set(chain.id, elements);
    }
    return elements;
  }


  private gameOf(gameCode: string): CasinoGame {
    const game = gameOf(gameCode);
    if (game === null) throw new Error(`no casino game definition for ${gameCode}`);
    return game;
  }

  private publish(matchId: string, phase: Exclude<CasinoPhase, 'countdown'>): void {
    this.options.events.publish('casino.roundChanged', { matchId, phase });
  }
}
