/**
 * The studio's state: launches, play sessions, players' seed pairs, rounds and money transactions,
 * held in memory and rebuilt at start from the journal (every change is journalled, fsynced, before
 * it is acted on). Each journal entry is a whole record, so replay keeps the last one per key.
 */
import type { Cw1ReportTransaction } from '@backlay/shared/cw1';
import type { GameCode, GameOutcome, GameParams } from './games/outcome';
import type { SeedPair } from './games/fairness';
import type { HiloGuess } from './games/hilo';
import { Journal } from './journal';

/** What the operator told us at launch, kept until the page swaps the one-time launch token. */
export interface LaunchRecord {
  token: string;
  providerSessionId: string;
  playerId: string;
  sessionToken: string;
  gameCode: GameCode;
  currency: string;
  lobbyUrl: string;
  expiresAt: number;
  used: boolean;
}

/** A game page's session after authenticate: the page calls the play API with its token. */
export interface PlayRecord {
  playToken: string;
  playerId: string;
  sessionToken: string;
  gameCode: GameCode;
  currency: string;
  nickname: string;
  balance: number;
}

export interface SeedsRecord extends SeedPair {
  playerId: string;
  /** Earlier server seeds, revealed: hash → seed. */
  revealed: Record<string, string>;
}

export type RoundState = 'debiting' | 'open' | 'settling' | 'closed' | 'refused' | 'rolled_back';

export interface RoundRecord {
  roundId: string;
  playerId: string;
  sessionToken: string;
  gameCode: GameCode;
  currency: string;
  stake: number;
  params: GameParams;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  outcome: GameOutcome;
  state: RoundState;
  createdAt: number;
  /** Crash: server time the curve started (the debit was accepted); auto cash-out target. */
  startedAt?: number;
  autoCents?: number | null;
  /** Crash: the server time the player's cash-out request arrived. */
  cashOutAt?: number;
  /** Mines: tiles revealed so far (all safe, or the last one the mine). */
  picks?: number[];
  /** HiLo: the guesses so far, guess k on card k (all right, or the last one wrong). */
  guesses?: HiloGuess[];
  /** The settled multiplier in hundredths (0 for a loss) and the payout. */
  resultCents?: number;
  payout?: number;
  debitTxId: string;
  /** Why a round was refused (the operator's status) or what failed. */
  note?: string;
}

export type TxState = 'sending' | 'pending' | 'ok' | 'failed' | 'unknown';

export interface TxRecord {
  transactionId: string;
  type: 'debit' | 'credit' | 'rollback';
  roundId: string;
  playerId: string;
  gameCode: GameCode;
  currency: string;
  amount: number;
  refTransactionId?: string;
  /** The wallet body without requestId (a retry changes only that). */
  body: Record<string, unknown>;
  state: TxState;
  attempts: number;
  nextAttemptAt: number;
  sentAt: number;
  lastStatus?: string;
}

type Entry =
  | { t: 'launch'; v: LaunchRecord }
  | { t: 'play'; v: PlayRecord }
  | { t: 'seeds'; v: SeedsRecord }
  | { t: 'round'; v: RoundRecord }
  | { t: 'tx'; v: TxRecord };

export class Store {
  readonly launches = new Map<string, LaunchRecord>();
  readonly plays = new Map<string, PlayRecord>();
  readonly seeds = new Map<string, SeedsRecord>();
  readonly rounds = new Map<string, RoundRecord>();
  readonly txs = new Map<string, TxRecord>();
  private readonly journal: Journal<Entry>;

  constructor(dataDir: string) {
    this.journal = new Journal<Entry>(dataDir);
    for (const entry of this.journal.replay()) this.apply(entry);
  }

  private apply(entry: Entry): void {
    switch (entry.t) {
      case 'launch':
        this.launches.set(entry.v.token, entry.v);
        break;
      case 'play':
        this.plays.set(entry.v.playToken, entry.v);
        break;
      case 'seeds':
        this.seeds.set(entry.v.playerId, entry.v);
        break;
      case 'round':
        this.rounds.set(entry.v.roundId, entry.v);
        break;
      case 'tx':
        this.txs.set(entry.v.transactionId, entry.v);
        break;
    }
  }

  /** Journals (durably) and then applies a record: copies, so later edits of the caller's object are not journalled by accident. */
  private put(entry: Entry): void {
    const copy = JSON.parse(JSON.stringify(entry)) as Entry;
    this.journal.append(copy);
    this.apply(copy);
  }

  putLaunch(v: LaunchRecord): void {
    this.put({ t: 'launch', v });
  }
  putPlay(v: PlayRecord): void {
    this.put({ t: 'play', v });
  }
  putSeeds(v: SeedsRecord): void {
    this.put({ t: 'seeds', v });
  }
  putRound(v: RoundRecord): void {
    this.put({ t: 'round', v });
  }
  putTx(v: TxRecord): void {
    this.put({ t: 'tx', v });
  }

  /** The round's transactions, as the reconciliation calls report them (answered OK only). */
  reportOf(tx: TxRecord): Cw1ReportTransaction {
    return {
      transactionId: tx.transactionId,
      ...(tx.refTransactionId ? { refTransactionId: tx.refTransactionId } : {}),
      type: tx.type,
      roundId: tx.roundId,
      playerId: tx.playerId,
      gameCode: tx.gameCode,
      amount: String(tx.amount),
      currency: tx.currency,
      sentAt: new Date(tx.sentAt).toISOString(),
    };
  }

  close(): void {
    this.journal.close();
  }
}
