/**
 * The studio's engine: launches (CW-1 `/v1/sessions`), the game page's session (authenticate),
 * bets and their settlement for the six games, the players' PF-1 seed pairs, and the money
 * rules of docs/rules/casino-wallet.md rule 7 on the provider side:
 *
 * - a bet is a debit, sent once; when it times out or gets a retryable answer the studio does not
 *   know whether it moved money, so it rolls it back (a rollback of a debit the operator never saw
 *   is answered OK and tombstoned there);
 * - a settlement is one credit with `roundClosed: true` (the win, or "0");
 * - credits and rollbacks are journalled as pending before the first attempt and retried with
 *   exponential backoff (same transactionId, new requestId) until a definitive answer, across
 *   restarts: `start()` picks up whatever the journal says is still owed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { formatMinorUnits, type Cw1BetLine, type Cw1SessionRequest, type Cw1SessionResponse, type Cw1Status } from '@backlay/shared/cw1';
import type { StudioConfig } from './config';
import { settleCrash, timeToReach } from './games/crash';
import { isClientSeed, newSeedPair } from './games/fairness';
import { HILO_MAX_GUESSES, hiloGuessAllowed, hiloPayout, hiloProgress, hiloRank, isHiloGuess } from './games/hilo';
import { MINES_TILES, minesPayout } from './games/mines';
import { outcomeOf, type GameCode, type GameParams } from './games/outcome';
import { backoffMs, isDefinitive, type SendResult } from './outbox';
import type { OperatorClient } from './operator-client';
import type { LaunchRecord, PlayRecord, RoundRecord, SeedsRecord, Store, TxRecord } from './store';

/** A refusal the play API answers with `statusCode` and `message`. */
export class PlayError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the player is told when the operator refuses a debit. */
const REFUSALS: Partial<Record<Cw1Status, string>> = {
  INSUFFICIENT_FUNDS: 'Not enough balance for this bet',
  LIMIT_EXCEEDED: 'This bet is over one of your limits',
  PLAYER_BLOCKED: 'Your account cannot bet now',
  SESSION_EXPIRED: 'Your game session has ended: reopen the game from the casino',
  INVALID_TOKEN: 'Your game session has ended: reopen the game from the casino',
};

const OUTBOX_TICK_MS = 100;

export class Studio {
  private readonly crashTimers = new Map<string, NodeJS.Timeout>();
  /** The credit / rollback attempts under way, by transactionId (one at a time each). */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Per player, the tail of their actions: bets, picks, cash-outs and rotations run one at a time. */
  private readonly playerQueues = new Map<string, Promise<unknown>>();
  private outboxTimer: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(
    readonly config: StudioConfig,
    readonly store: Store,
    private readonly operator: OperatorClient,
    private readonly log: Logger,
  ) {}

  // ---- lifecycle -------------------------------------------------------------------------

  /** Resumes what the journal left owed: debits sent without an answer, settlements, crash rounds in flight. */
  start(): void {
    for (const tx of this.store.txs.values()) {
      if (tx.type !== 'debit' || (tx.state !== 'sending' && tx.state !== 'unknown')) continue;
      // A debit left unknown stays so once its rollback is answered: that round is over (rolled back).
      const rollback = this.store.txs.get(`${tx.roundId}:rollback`);
      if (rollback?.state !== 'ok' && rollback?.state !== 'failed') this.debitUnknown(tx, 'the studio stopped before the debit was answered');
    }
    for (const stored of this.store.rounds.values()) {
      let round = stored;
      const debit = this.store.txs.get(round.debitTxId);
      if (round.state === 'debiting' && debit?.state === 'failed') this.store.putRound((round = { ...round, state: 'refused', note: debit.lastStatus }));
      // Stopped after the debit was accepted but before the round opened: open it now (a crash
      // curve starts now; the player never saw the earlier start).
      if (round.state === 'debiting' && debit?.state === 'ok') this.store.putRound((round = { ...round, state: 'open', ...(round.gameCode === 'crash' ? { startedAt: Date.now() } : {}) }));
      const credit = this.store.txs.get(`${round.roundId}:credit`);
      // Stopped between a settlement's two records (the round's result, then its credit): the
      // credit is owed, for the payout the round already says.
      if (round.state === 'settling' && round.payout !== undefined && !credit) this.enqueueCredit(round, round.payout);
      // A journal written before the result came first may hold the credit of a round still open:
      // the credit says the payout; the multiplier is the instant game's, else what the payout
      // amounts to (settle's own rule for a mines or hilo cash-out; a crash cash-out's exactly
      // when the stake is whole rupees).
      else if (round.state === 'open' && credit) {
        this.store.putRound({ ...round, state: 'settling', payout: credit.amount, resultCents: instantCents(round) ?? multiplierPaid(round.stake, credit.amount) });
      }
      else if (round.state === 'open' && round.gameCode === 'crash') this.scheduleCrash(round);
      else if (round.state === 'open' && instantCents(round) !== null) void this.settle(round, instantCents(round)!);
    }
    this.outboxTimer = setInterval(() => void this.drainOutbox(), OUTBOX_TICK_MS);
    this.outboxTimer.unref();
  }

  /** Stops the timers and waits for the attempts under way, so nothing writes after the journal closes. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.outboxTimer) clearInterval(this.outboxTimer);
    for (const timer of this.crashTimers.values()) clearTimeout(timer);
    this.crashTimers.clear();
    await Promise.all(this.inFlight.values());
  }

  /**
   * Runs `action` after the player's earlier actions have finished. Two bets sent at once would
   * otherwise both read the same nonce (the same outcome twice) and both pass the open-round check.
   */
  private serial<T>(playerId: string, action: () => Promise<T>): Promise<T> {
    const previous = this.playerQueues.get(playerId) ?? Promise.resolve();
    const next = previous.then(action, action);
    const tail = next.catch(() => undefined);
    this.playerQueues.set(playerId, tail);
    void tail.then(() => {
      if (this.playerQueues.get(playerId) === tail) this.playerQueues.delete(playerId);
    });
    return next;
  }

  // ---- launch ----------------------------------------------------------------------------

  /** CW-1 `POST /v1/sessions` (already signature-checked): a one-time launch URL for the frame. */
  createSession(req: Cw1SessionRequest & { gameCode: GameCode }): Cw1SessionResponse {
    const token = randomBytes(24).toString('base64url');
    const launch: LaunchRecord = {
      token,
      providerSessionId: randomUUID(),
      playerId: req.playerId,
      sessionToken: req.sessionToken,
      gameCode: req.gameCode,
      currency: req.currency,
      lobbyUrl: req.lobbyUrl,
      expiresAt: Date.now() + this.config.launchTtlMs,
      used: false,
    };
    this.store.putLaunch(launch);
    return {
      status: 'OK',
      launchUrl: `${this.config.publicUrl}/play/${req.gameCode}?t=${token}`,
      providerSessionId: launch.providerSessionId,
      expiresAt: new Date(launch.expiresAt).toISOString(),
    };
  }

  /**
   * The game page's first load: spends the launch token (once) and swaps the operator's session
   * token for the player's profile with CW-1 authenticate, server to server.
   */
  async openPage(gameCode: string, token: string): Promise<PlayRecord> {
    const launch = this.store.launches.get(token);
    if (!launch || launch.gameCode !== gameCode) throw new PlayError(404, 'This game link is not valid: open the game again from the casino');
    if (launch.used || launch.expiresAt < Date.now()) throw new PlayError(410, 'This game link has been used or has expired: open the game again from the casino');
    this.store.putLaunch({ ...launch, used: true });
    const answer = await this.operator.call(
      'authenticate',
      { requestId: randomUUID(), sessionToken: launch.sessionToken, playerId: launch.playerId, gameCode: launch.gameCode, roundId: `session-${launch.providerSessionId}` },
      this.config.callTimeoutMs,
    );
    if (answer.kind !== 'status') throw new PlayError(502, 'The casino did not answer: try again in a moment');
    if (answer.status !== 'OK') throw new PlayError(403, REFUSALS[answer.status] ?? `The casino refused the session (${answer.status})`);
    const body = answer.body as { playerId: string; currency: string; balance: string; nickname: string };
    const play: PlayRecord = {
      playToken: randomBytes(24).toString('base64url'),
      playerId: launch.playerId,
      sessionToken: launch.sessionToken,
      gameCode: launch.gameCode,
      currency: body.currency ?? launch.currency,
      nickname: body.nickname ?? '',
      balance: Number(body.balance),
    };
    this.store.putPlay(play);
    return play;
  }

  playOf(playToken: string | undefined): PlayRecord {
    const play = playToken ? this.store.plays.get(playToken) : undefined;
    if (!play) throw new PlayError(401, 'Your game session is not valid: open the game again from the casino');
    return play;
  }

  // ---- fairness --------------------------------------------------------------------------

  async seedsOf(playerId: string): Promise<SeedsRecord> {
    const existing = this.store.seeds.get(playerId);
    if (existing) return existing;
    const seeds: SeedsRecord = { playerId, ...(await newSeedPair()), revealed: {} };
    this.store.putSeeds(seeds);
    return seeds;
  }

  /** Rotation: reveals the current server seed, commits to a new one, takes the player's new client seed, nonce back to 0. */
  rotateSeeds(play: PlayRecord, clientSeed: unknown): Promise<{ revealedServerSeed: string; revealedHash: string; seeds: SeedsRecord }> {
    return this.serial(play.playerId, () => this.rotateSeedsNow(play, clientSeed));
  }

  private async rotateSeedsNow(play: PlayRecord, clientSeed: unknown): Promise<{ revealedServerSeed: string; revealedHash: string; seeds: SeedsRecord }> {
    if (!isClientSeed(clientSeed)) throw new PlayError(400, 'The client seed is 1 to 64 letters, digits or symbols, without spaces');
    // Revealing the server seed while a round is in play would reveal that round's outcome.
    if (this.openRoundOf(play.playerId)) throw new PlayError(409, 'Finish the rounds in play (in every game) before changing seeds');
    const old = await this.seedsOf(play.playerId);
    const next: SeedsRecord = { playerId: play.playerId, ...(await newSeedPair(clientSeed)), revealed: { ...old.revealed, [old.serverSeedHash]: old.serverSeed } };
    this.store.putSeeds(next);
    return { revealedServerSeed: old.serverSeed, revealedHash: old.serverSeedHash, seeds: next };
  }

  /** The server seed of a round, once the player has rotated past it. */
  revealedSeedOf(round: RoundRecord): string | null {
    return this.store.seeds.get(round.playerId)?.revealed[round.serverSeedHash] ?? null;
  }

  // ---- bets ------------------------------------------------------------------------------

  /** The player's round still in play (of one game, or of any: a seed rotation must wait for every one). */
  private openRoundOf(playerId: string, gameCode?: GameCode): RoundRecord | undefined {
    for (const round of this.store.rounds.values()) {
      if (round.playerId === playerId && (gameCode === undefined || round.gameCode === gameCode) && (round.state === 'debiting' || round.state === 'open')) return round;
    }
    return undefined;
  }

  /** The round the player may still act on (a mines board, a crash curve), for a page reload. */
  openRound(play: PlayRecord): RoundRecord | undefined {
    return this.openRoundOf(play.playerId, play.gameCode);
  }

  /**
   * A bet: the outcome is fixed from the player's seeds and next nonce first (journalled), then
   * the debit goes to the operator. Plinko, dice and limbo settle at once; crash starts its
   * curve; mines waits for picks, hilo for guesses.
   */
  bet(play: PlayRecord, stake: number, params: GameParams, autoCents: number | null): Promise<RoundRecord> {
    return this.serial(play.playerId, () => this.betNow(play, stake, params, autoCents));
  }

  private async betNow(play: PlayRecord, stake: number, params: GameParams, autoCents: number | null): Promise<RoundRecord> {
    if (params.game !== play.gameCode) throw new PlayError(400, `This page plays ${play.gameCode}`);
    if (this.openRoundOf(play.playerId, play.gameCode)) throw new PlayError(409, 'Finish the round in play first');
    const seeds = await this.seedsOf(play.playerId);
    this.store.putSeeds({ ...seeds, nonce: seeds.nonce + 1 });
    const outcome = await outcomeOf(params, seeds.serverSeed, seeds.clientSeed, seeds.nonce);
    const roundId = `bs-${randomUUID()}`;
    const round: RoundRecord = {
      roundId,
      playerId: play.playerId,
      sessionToken: play.sessionToken,
      gameCode: play.gameCode,
      currency: play.currency,
      stake,
      params,
      serverSeedHash: seeds.serverSeedHash,
      clientSeed: seeds.clientSeed,
      nonce: seeds.nonce,
      outcome,
      state: 'debiting',
      createdAt: Date.now(),
      ...(params.game === 'crash' ? { autoCents } : {}),
      ...(params.game === 'mines' ? { picks: [] } : {}),
      ...(params.game === 'hilo' ? { guesses: [] } : {}),
      debitTxId: `${roundId}:debit`,
    };
    this.store.putRound(round);

    const bet: Cw1BetLine = { market: play.gameCode, selection: selectionOf(params, autoCents), odds: '', stake: formatMinorUnits(stake) };
    const tx: TxRecord = {
      transactionId: round.debitTxId,
      type: 'debit',
      roundId,
      playerId: play.playerId,
      gameCode: play.gameCode,
      currency: play.currency,
      amount: stake,
      body: { ...this.money(round), transactionId: round.debitTxId, amount: formatMinorUnits(stake), bets: [bet] },
      state: 'sending',
      attempts: 1,
      nextAttemptAt: 0,
      sentAt: Date.now(),
    };
    this.store.putTx(tx);
    const answer = await this.operator.call('debit', { requestId: randomUUID(), ...tx.body } as never, this.config.debitTimeoutMs);
    this.noteBalance(play.playerId, answer);
    if (answer.kind === 'status' && answer.status === 'OK') {
      this.store.putTx({ ...tx, state: 'ok', lastStatus: 'OK' });
      const open: RoundRecord = { ...round, state: 'open', ...(params.game === 'crash' ? { startedAt: Date.now() } : {}) };
      this.store.putRound(open);
      if (params.game === 'crash') this.scheduleCrash(open);
      const cents = instantCents(open);
      if (cents !== null) await this.settle(open, cents);
      return this.store.rounds.get(roundId)!;
    }
    if (isDefinitive(answer) && answer.kind === 'status') {
      this.store.putTx({ ...tx, state: 'failed', lastStatus: answer.status });
      this.store.putRound({ ...round, state: 'refused', note: answer.status });
      throw new PlayError(409, REFUSALS[answer.status] ?? `The casino refused the bet (${answer.status})`);
    }
    this.debitUnknown(tx, answer.kind === 'transport' ? answer.error : answer.status);
    throw new PlayError(503, 'The bet could not be confirmed in time, so it has been cancelled and your stake returned');
  }

  /** A debit whose fate is unknown: roll it back (persisted, retried until the operator answers). */
  private debitUnknown(tx: TxRecord, why: string): void {
    this.log.warn({ transactionId: tx.transactionId, why }, 'debit not confirmed: rolling it back');
    this.store.putTx({ ...tx, state: 'unknown', lastStatus: why });
    const round = this.store.rounds.get(tx.roundId)!;
    const rollbackId = `${round.roundId}:rollback`;
    if (!this.store.txs.has(rollbackId)) {
      this.enqueue({
        transactionId: rollbackId,
        type: 'rollback',
        roundId: round.roundId,
        playerId: round.playerId,
        gameCode: round.gameCode,
        currency: round.currency,
        amount: round.stake,
        refTransactionId: tx.transactionId,
        body: { ...this.money(round), transactionId: rollbackId, refTransactionId: tx.transactionId, reason: 'debit not confirmed' },
      });
    }
    this.store.putRound({ ...this.store.rounds.get(round.roundId)!, state: 'settling', note: 'rolling back an unconfirmed debit' });
  }

  // ---- game actions ----------------------------------------------------------------------

  private ownRound(play: PlayRecord, roundId: unknown, game: GameCode): RoundRecord {
    const round = typeof roundId === 'string' ? this.store.rounds.get(roundId) : undefined;
    if (!round || round.playerId !== play.playerId || round.gameCode !== game) throw new PlayError(404, 'No such round');
    return round;
  }

  /** Crash cash-out: the server's clock at arrival decides (games/crash.ts settleCrash). */
  async crashCashOut(play: PlayRecord, roundId: unknown): Promise<RoundRecord> {
    const arrivedAt = Date.now();
    const round = this.ownRound(play, roundId, 'crash');
    if (round.state !== 'open' || round.outcome.game !== 'crash') return round;
    const result = settleCrash(round.outcome.crashCents, arrivedAt - round.startedAt!, round.autoCents ?? null);
    this.clearCrashTimer(round.roundId);
    await this.settle({ ...round, cashOutAt: arrivedAt }, result.kind === 'cashed-out' ? result.cents : 0);
    return this.store.rounds.get(round.roundId)!;
  }

  minesReveal(play: PlayRecord, roundId: unknown, tile: unknown): Promise<RoundRecord> {
    return this.serial(play.playerId, () => this.minesRevealNow(play, roundId, tile));
  }

  private async minesRevealNow(play: PlayRecord, roundId: unknown, tile: unknown): Promise<RoundRecord> {
    const round = this.ownRound(play, roundId, 'mines');
    if (!Number.isInteger(tile) || (tile as number) < 0 || (tile as number) >= MINES_TILES) throw new PlayError(400, 'tile is a whole number from 0 to 24');
    if (round.state !== 'open' || round.outcome.game !== 'mines') throw new PlayError(409, 'This round is over');
    const picks = round.picks ?? [];
    if (picks.includes(tile as number)) throw new PlayError(409, 'That tile is already revealed');
    const next = { ...round, picks: [...picks, tile as number] };
    if (round.outcome.mineTiles.includes(tile as number)) {
      await this.settle(next, 0);
    } else if (next.picks.length === MINES_TILES - round.outcome.mines) {
      await this.settle(next, -1);
    } else {
      this.store.putRound(next);
    }
    return this.store.rounds.get(round.roundId)!;
  }

  minesCashOut(play: PlayRecord, roundId: unknown): Promise<RoundRecord> {
    return this.serial(play.playerId, () => this.minesCashOutNow(play, roundId));
  }

  private async minesCashOutNow(play: PlayRecord, roundId: unknown): Promise<RoundRecord> {
    const round = this.ownRound(play, roundId, 'mines');
    if (round.state !== 'open') throw new PlayError(409, 'This round is over');
    if ((round.picks ?? []).length === 0) throw new PlayError(409, 'Reveal at least one tile before cashing out');
    await this.settle(round, -1);
    return this.store.rounds.get(round.roundId)!;
  }

  hiloGuess(play: PlayRecord, roundId: unknown, guess: unknown): Promise<RoundRecord> {
    return this.serial(play.playerId, () => this.hiloGuessNow(play, roundId, guess));
  }

  /** A guess on the next card: a wrong one loses the round, the 51st right one cashes out. */
  private async hiloGuessNow(play: PlayRecord, roundId: unknown, guess: unknown): Promise<RoundRecord> {
    const round = this.ownRound(play, roundId, 'hilo');
    if (!isHiloGuess(guess)) throw new PlayError(400, 'guess is higher, lower or same');
    if (round.state !== 'open' || round.outcome.game !== 'hilo') throw new PlayError(409, 'This round is over');
    const cards = round.outcome.cards;
    const guesses = round.guesses ?? [];
    const progress = hiloProgress(cards, guesses);
    const rank = hiloRank(cards[progress.step]);
    if (!hiloGuessAllowed(progress, guess, rank)) {
      throw new PlayError(409, progress.step >= HILO_MAX_GUESSES ? 'Cash out: this round has no more cards' : `No ${guess} guess on this card, or its win would pass the maximum payout: cash out`);
    }
    const next = { ...round, guesses: [...guesses, guess] };
    const after = hiloProgress(cards, next.guesses);
    if (after.lost) await this.settle(next, 0);
    else if (after.step >= HILO_MAX_GUESSES) await this.settle(next, -1);
    else this.store.putRound(next);
    return this.store.rounds.get(round.roundId)!;
  }

  hiloCashOut(play: PlayRecord, roundId: unknown): Promise<RoundRecord> {
    return this.serial(play.playerId, () => this.hiloCashOutNow(play, roundId));
  }

  private async hiloCashOutNow(play: PlayRecord, roundId: unknown): Promise<RoundRecord> {
    const round = this.ownRound(play, roundId, 'hilo');
    if (round.state !== 'open') throw new PlayError(409, 'This round is over');
    if ((round.guesses ?? []).length === 0) throw new PlayError(409, 'Make at least one guess before cashing out');
    await this.settle(round, -1);
    return this.store.rounds.get(round.roundId)!;
  }

  // ---- crash timers ----------------------------------------------------------------------

  /** The server ends a crash round itself at its crash point (or its auto cash-out, if earlier). */
  private scheduleCrash(round: RoundRecord): void {
    if (round.outcome.game !== 'crash') return;
    const startedAt = round.startedAt ?? Date.now();
    const crashCents = round.outcome.crashCents;
    const auto = round.autoCents ?? null;
    const endsAfter = Math.min(timeToReach(crashCents), auto !== null && auto <= crashCents ? timeToReach(auto) : Infinity);
    const delay = Math.max(0, startedAt + endsAfter - Date.now());
    const fire = () => {
      this.crashTimers.delete(round.roundId);
      const current = this.store.rounds.get(round.roundId);
      if (!current || current.state !== 'open') return;
      const result = settleCrash(crashCents, null, auto);
      void this.settle(current, result.kind === 'cashed-out' ? result.cents : 0).catch((error) => this.log.error({ err: error, roundId: round.roundId }, 'crash settle failed'));
    };
    this.crashTimers.set(round.roundId, setTimeout(fire, Math.min(delay, 2_147_000_000)));
  }

  private clearCrashTimer(roundId: string): void {
    const timer = this.crashTimers.get(roundId);
    if (timer) clearTimeout(timer);
    this.crashTimers.delete(roundId);
  }

  // ---- settlement and the outbox ---------------------------------------------------------

  /**
   * Ends a round: the multiplier in hundredths (0 = lost; −1 = a mines or hilo cash-out, whose
   * payout is the exact fraction, not a rounded multiplier), one credit of the payout with roundClosed.
   * The round's result is journalled first, then the credit as pending, tried once at once; the
   * outbox retries it.
   */
  private async settle(round: RoundRecord, resultCents: number): Promise<void> {
    let payout: number;
    if (resultCents === -1 && round.outcome.game === 'mines') {
      payout = minesPayout(round.stake, round.outcome.mines, (round.picks ?? []).length);
      resultCents = multiplierPaid(round.stake, payout);
    } else if (resultCents === -1 && round.outcome.game === 'hilo') {
      payout = hiloPayout(round.stake, hiloProgress(round.outcome.cards, round.guesses ?? []));
      resultCents = multiplierPaid(round.stake, payout);
    } else {
      payout = Math.floor((round.stake * resultCents) / 100);
    }
    // The result first: a stop before the credit's record leaves a settling round with its payout,
    // whose credit start() journals (a stop the other way round would lose the round's result).
    this.store.putRound({ ...round, state: 'settling', resultCents, payout });
    await this.attempt(this.enqueueCredit(round, payout));
  }

  /** Journals, pending, the one credit that closes a settled round: its payout, with roundClosed. */
  private enqueueCredit(round: RoundRecord, payout: number): TxRecord {
    const creditId = `${round.roundId}:credit`;
    return this.enqueue({
      transactionId: creditId,
      type: 'credit',
      roundId: round.roundId,
      playerId: round.playerId,
      gameCode: round.gameCode,
      currency: round.currency,
      amount: payout,
      refTransactionId: round.debitTxId,
      body: { ...this.money(round), transactionId: creditId, refTransactionId: round.debitTxId, amount: formatMinorUnits(payout), roundClosed: true },
    });
  }

  private enqueue(tx: Omit<TxRecord, 'state' | 'attempts' | 'nextAttemptAt' | 'sentAt'>): TxRecord {
    const record: TxRecord = { ...tx, state: 'pending', attempts: 0, nextAttemptAt: 0, sentAt: Date.now() };
    this.store.putTx(record);
    return record;
  }

  /** Sends every pending credit and rollback whose backoff has passed. */
  async drainOutbox(now = Date.now()): Promise<void> {
    const due = [...this.store.txs.values()].filter((tx) => tx.state === 'pending' && tx.nextAttemptAt <= now && !this.inFlight.has(tx.transactionId));
    if (this.stopping) return;
    await Promise.all(due.map((tx) => this.attempt(tx)));
  }

  /** One attempt of a pending credit or rollback: same transactionId, a new requestId. */
  private attempt(tx: TxRecord): Promise<void> {
    const running = this.inFlight.get(tx.transactionId);
    if (running) return running;
    const attempt = this.sendOnce(tx).finally(() => this.inFlight.delete(tx.transactionId));
    this.inFlight.set(tx.transactionId, attempt);
    return attempt;
  }

  private async sendOnce(tx: TxRecord): Promise<void> {
    const op = tx.type === 'credit' ? 'credit' : 'rollback';
    const answer = await this.operator.call(op, { requestId: randomUUID(), ...tx.body } as never, this.config.callTimeoutMs);
    const current = this.store.txs.get(tx.transactionId)!;
    const attempts = current.attempts + 1;
    this.noteBalance(tx.playerId, answer);
    if (!isDefinitive(answer) || answer.kind !== 'status') {
      const wait = backoffMs(attempts, this.config.backoff);
      this.store.putTx({ ...current, attempts, nextAttemptAt: Date.now() + wait, lastStatus: answer.kind === 'status' ? answer.status : answer.error });
      this.log.warn({ transactionId: tx.transactionId, attempts, retryInMs: wait, answer: answer.kind === 'status' ? answer.status : answer.error }, `${op} not answered: retrying`);
      return;
    }
    const ok = answer.status === 'OK';
    this.store.putTx({ ...current, attempts, state: ok ? 'ok' : 'failed', lastStatus: answer.status });
    const round = this.store.rounds.get(tx.roundId)!;
    if (!ok) this.log.error({ transactionId: tx.transactionId, status: answer.status }, `${op} refused: left for reconciliation`);
    this.store.putRound({ ...round, state: tx.type === 'rollback' ? 'rolled_back' : 'closed', ...(ok ? {} : { note: `${op} refused: ${answer.status}` }) });
  }

  /** Keeps the balance the page shows in step with the operator's answers. */
  private noteBalance(playerId: string, answer: SendResult): void {
    if (answer.kind !== 'status' || typeof answer.body.balance !== 'string') return;
    const balance = Number(answer.body.balance);
    for (const play of this.store.plays.values()) if (play.playerId === playerId) play.balance = balance;
  }

  private common(round: RoundRecord) {
    return { sessionToken: round.sessionToken, playerId: round.playerId, gameCode: round.gameCode, roundId: round.roundId };
  }

  /** A money callback's common body: with the currency of its amounts, the session's (from authenticate). */
  private money(round: RoundRecord) {
    return { ...this.common(round), currency: round.currency };
  }
}

function selectionOf(params: GameParams, autoCents: number | null): string {
  switch (params.game) {
    case 'crash':
      return autoCents === null ? 'manual' : `auto ${(autoCents / 100).toFixed(2)}x`;
    case 'mines':
      return `${params.mines} mines`;
    case 'plinko':
      return `${params.rows} rows ${params.risk}`;
    case 'dice':
      return `${params.direction} ${(params.target / 100).toFixed(2)}`;
    case 'limbo':
      return `target ${(params.target / 100).toFixed(2)}x`;
    case 'hilo':
      return 'hilo';
  }
}

/** The multiplier (hundredths, rounded down) a payout pays on its stake: a cash-out's, whose payout is exact. */
function multiplierPaid(stake: number, payout: number): number {
  return Math.floor((payout * 100) / stake);
}

/** The multiplier (hundredths) of a round that settles as soon as its debit is accepted, or null. */
function instantCents(round: RoundRecord): number | null {
  const o = round.outcome;
  return o.game === 'plinko' || o.game === 'dice' || o.game === 'limbo' ? o.cents : null;
}
