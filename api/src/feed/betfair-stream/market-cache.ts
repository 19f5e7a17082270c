/**
 * The one home of Betfair's Exchange Stream market model (ADR 0037): it applies `mcm` market
 * changes and `ccm` cricket score changes as Betfair documents them and maps the result to the
 * provider seam's types (FeedEvent, FeedMarket, FeedScore). Pure: no I/O, no clock — the caller
 * feeds messages in order (the replay provider from files, the Betfair client from its socket)
 * and asks for what changed. See README.md beside this file.
 */
import { BET_DELAY_MAX_SEC, type MarketStatus, type MarketType, type Runner } from '@backlay/shared/contracts';
import type { FeedChanges, FeedCompetition, FeedEvent, FeedLevel, FeedMarket, FeedRunner, FeedScore, FeedSport } from '../feed-provider';
import { CricketScore } from './cricket-score';
import type {
  CcmMessage,
  LevelPriceSize,
  MarketCatalogue,
  McmMessage,
  PriceSizePair,
  StreamMarketChange,
  StreamMarketDefinition,
  StreamMessage,
  StreamRunnerChange,
  StreamRunnerStatus,
} from './messages';
import { penceToPaise, priceHundredths, sizePence } from './units';

/** Levels per side our markets show (Runner.back/lay: best three). */
export const LADDER_DEPTH = 3;

/** Betfair's racing event types as our sports (the same ids): horse racing and greyhounds. */
export const RACING_SPORTS: readonly FeedSport[] = [
  { sportId: 7, name: 'Horse Racing' },
  { sportId: 4339, name: 'Greyhound Racing' },
];

/** Betfair's event types that are our sports (the same ids), with their names. */
export const DEFAULT_SPORTS: readonly FeedSport[] = [{ sportId: 4, name: 'Cricket' }, { sportId: 1, name: 'Soccer' }, { sportId: 2, name: 'Tennis' }, ...RACING_SPORTS];

/** Betfair market types we trade, as ours; other types are kept in the model but not offered. */
export const MARKET_TYPES: Readonly<Record<string, { type: Exclude<MarketType, 'fancy'>; name: string; sortOrder: number }>> = {
  MATCH_ODDS: { type: 'match_odds', name: 'Match Odds', sortOrder: 0 },
  // Racing (docs/racing-rules.md): runner markets; PLACE has numberOfWinners > 1.
  WIN: { type: 'match_odds', name: 'Win', sortOrder: 1 },
  PLACE: { type: 'match_odds', name: 'Place', sortOrder: 2 },
  OVER_UNDER_15: { type: 'over_under', name: 'Over/Under 1.5 Goals', sortOrder: 3 },
  OVER_UNDER_25: { type: 'over_under', name: 'Over/Under 2.5 Goals', sortOrder: 4 },
  OVER_UNDER_35: { type: 'over_under', name: 'Over/Under 3.5 Goals', sortOrder: 5 },
};

/** Betfair's racing event types: horse racing and greyhounds (docs/racing-rules.md). */
export const RACING_EVENT_TYPES: ReadonlySet<string> = new Set(RACING_SPORTS.map((s) => String(s.sportId)));

/**
 * Our event id of a race (ADR 0044): Betfair's racing event is a meeting, so a race is the
 * meeting's id and its off time, UTC (`31389771-1826`): its WIN and PLACE markets share it.
 */
export function raceEventId(betfairEventId: string, marketTimeMs: number): string {
  const iso = new Date(marketTimeMs).toISOString();
  return `${betfairEventId}-${iso.slice(11, 13)}${iso.slice(14, 16)}`;
}

/** Our competition id of a race meeting (a Betfair racing event). */
export function meetingCompetitionId(betfairEventId: string): string {
  return `bf-meeting-${betfairEventId}`;
}

/** A racing runner's number on the card: Betfair's CLOTH_NUMBER metadata, else a "3. Name" name's number (a greyhound's trap), which then leaves the name. */
export function raceCardRunner(name: string, metadata: Readonly<Record<string, string | null>> | undefined): { name: string; clothNumber?: number } {
  const cloth = /^[1-9][0-9]{0,2}$/.exec(metadata?.CLOTH_NUMBER ?? '') !== null ? Number(metadata?.CLOTH_NUMBER) : undefined;
  const numbered = /^([1-9][0-9]{0,2})\.\s+(\S.*)$/.exec(name);
  if (numbered !== null && (cloth === undefined || Number(numbered[1]) === cloth)) return { name: numbered[2] as string, clothNumber: Number(numbered[1]) };
  return cloth === undefined ? { name } : { name, clothNumber: cloth };
}

function isRacing(d: StreamMarketDefinition): boolean {
  return RACING_EVENT_TYPES.has(d.eventTypeId);
}

export interface StreamMarketCacheOptions {
  /** Rupees per pound × 100 (e.g. 10500 = ₹105.00): sizes are GBP on Betfair, paise here. */
  gbpInrRateHundredths: number;
  /** Our sports among Betfair's event types (default cricket, soccer, tennis). */
  sports?: readonly FeedSport[];
  /** Appended to event and market ids (the replay's cycle, so a replayed match is a new match); '' live. */
  idSuffix?: string;
  /** Maps a Betfair time (ms) to ours (the replay re-times); identity live. */
  retime?: (betfairMs: number) => number;
}

/** One price ladder side: price (hundredths) → size (pence). */
type Ladder = Map<number, number>;
/** A depth-indexed side: level → [price (hundredths), size (pence)]. */
type DepthLadder = Map<number, [number, number]>;

/** A runner as the stream has it (tests and the admin page read it through `book`). */
export interface RunnerBook {
  selectionId: string;
  handicap: number;
  status: StreamRunnerStatus;
  sortPriority: number;
  adjustmentFactor: number | null;
  /** A REMOVED runner's removal time (Betfair ms), else null. */
  removedAtPt: number | null;
  /** Last traded price (hundredths) and traded volume (pence). */
  ltp: number | null;
  tvPence: number;
  /** The full ladders (atb/atl) and the depth-indexed best offers (batb/batl, virtual bdatb/bdatl). */
  atb: Ladder;
  atl: Ladder;
  batb: DepthLadder;
  batl: DepthLadder;
  bdatb: DepthLadder;
  bdatl: DepthLadder;
}

export interface MarketBook {
  marketId: string;
  definition: StreamMarketDefinition | null;
  runners: Map<string, RunnerBook>;
  tvPence: number;
  /** Betfair publish time of the last change applied. */
  lastPt: number;
}

function runnerKey(id: number, hc: number | undefined): string {
  return hc === undefined || hc === 0 ? String(id) : `${id}:${hc}`;
}

function newRunner(id: number, hc: number | undefined): RunnerBook {
  return {
    selectionId: String(id),
    handicap: hc ?? 0,
    status: 'ACTIVE',
    sortPriority: 0,
    adjustmentFactor: null,
    removedAtPt: null,
    ltp: null,
    tvPence: 0,
    atb: new Map(),
    atl: new Map(),
    batb: new Map(),
    batl: new Map(),
    bdatb: new Map(),
    bdatl: new Map(),
  };
}

/** Merges [price, size] levels: size 0 removes the price; a level that is not a ladder price is ignored. */
function mergeLadder(ladder: Ladder, levels: readonly PriceSizePair[]): void {
  for (const [price, size] of levels) {
    const p = priceHundredths(price);
    const s = sizePence(size);
    if (p === null || s === null) continue;
    if (s === 0) ladder.delete(p);
    else ladder.set(p, s);
  }
}

/** Merges [level, price, size] levels: size 0 removes the level. */
function mergeDepth(ladder: DepthLadder, levels: readonly LevelPriceSize[]): void {
  for (const [level, price, size] of levels) {
    const p = priceHundredths(price);
    const s = sizePence(size);
    if (!Number.isInteger(level) || level < 0) continue;
    if (s === 0 || p === null || s === null) ladder.delete(level);
    else ladder.set(level, [p, s]);
  }
}

const MARKET_STATUS: Readonly<Record<string, MarketStatus>> = { OPEN: 'open', SUSPENDED: 'suspended', INACTIVE: 'suspended', CLOSED: 'closed' };

const RUNNER_STATUS: Readonly<Record<string, Runner['status']>> = {
  ACTIVE: 'active',
  WINNER: 'winner',
  PLACED: 'winner',
  LOSER: 'loser',
  REMOVED: 'removed',
  REMOVED_VACANT: 'removed',
};

export class StreamMarketCache {
  private readonly books = new Map<string, MarketBook>();
  private readonly scores = new Map<string, CricketScore>();
  private readonly catalogues = new Map<string, MarketCatalogue>();
  private readonly sportsById: Map<number, FeedSport>;
  private readonly idSuffix: string;
  private readonly retime: (ms: number) => number;
  /** Betfair market ids and event ids changed since the last `changes()`. */
  private readonly dirtyMarkets = new Set<string>();
  private readonly dirtyScores = new Set<string>();
  private readonly emitted = new Map<string, string>();
  private readonly emittedCompetitions = new Set<string>();
  /** A racing market's race (our event id without the suffix), pinned at its first definition: WIN and PLACE of a race share it. */
  private readonly raceKeys = new Map<string, string>();
  /** The last clk seen (the Betfair client resumes from it). */
  clk: string | null = null;
  initialClk: string | null = null;

  constructor(private readonly options: StreamMarketCacheOptions) {
    this.sportsById = new Map((options.sports ?? DEFAULT_SPORTS).map((s) => [s.sportId, s]));
    this.idSuffix = options.idSuffix ?? '';
    this.retime = options.retime ?? ((ms) => ms);
  }

  // ---- input ----

  /** Adds listMarketCatalogue entries: market, event, competition and runner names. */
  addCatalogue(entries: readonly MarketCatalogue[]): void {
    for (const entry of entries) {
      this.catalogues.set(entry.marketId, entry);
      this.dirtyMarkets.add(entry.marketId);
    }
  }

  /** Applies one stream message (mcm, ccm; any other op is ignored). */
  apply(message: StreamMessage): void {
    if (message.op === 'mcm') this.applyMcm(message as McmMessage);
    else if (message.op === 'ccm') this.applyCcm(message as CcmMessage);
  }

  private applyMcm(message: McmMessage): void {
    if (message.clk !== undefined) this.clk = message.clk;
    if (message.initialClk !== undefined) this.initialClk = message.initialClk;
    for (const change of message.mc ?? []) this.applyMarketChange(change, message.pt);
  }

  private applyMarketChange(change: StreamMarketChange, pt: number): void {
    let book = this.books.get(change.id);
    if (book === undefined || change.img === true) {
      // An image replaces everything cached of the market (a resubscription's image too).
      book = { marketId: change.id, definition: change.img === true ? null : (book?.definition ?? null), runners: new Map(), tvPence: 0, lastPt: pt };
      this.books.set(change.id, book);
    }
    book.lastPt = pt;
    if (change.marketDefinition !== undefined) this.applyDefinition(book, change.marketDefinition);
    if (change.tv !== undefined) book.tvPence = sizePence(change.tv) ?? book.tvPence;
    for (const rc of change.rc ?? []) this.applyRunnerChange(book, rc);
    this.dirtyMarkets.add(change.id);
  }

  private applyDefinition(book: MarketBook, definition: StreamMarketDefinition): void {
    book.definition = definition;
    if (isRacing(definition) && !this.raceKeys.has(book.marketId)) {
      // Pinned: a race whose off time Betfair moves later keeps its id (and its bets).
      const off = Date.parse(definition.marketTime ?? '');
      if (Number.isFinite(off)) this.raceKeys.set(book.marketId, raceEventId(definition.eventId, off));
    }
    for (const rd of definition.runners) {
      const key = runnerKey(rd.id, rd.hc);
      const runner = book.runners.get(key) ?? newRunner(rd.id, rd.hc);
      runner.status = rd.status;
      runner.sortPriority = rd.sortPriority ?? runner.sortPriority;
      runner.adjustmentFactor = rd.adjustmentFactor ?? runner.adjustmentFactor;
      const removedAt = rd.removalDate === undefined ? Number.NaN : Date.parse(rd.removalDate);
      runner.removedAtPt = rd.status.startsWith('REMOVED') ? (Number.isFinite(removedAt) ? removedAt : (runner.removedAtPt ?? book.lastPt)) : null;
      book.runners.set(key, runner);
    }
  }

  private applyRunnerChange(book: MarketBook, rc: StreamRunnerChange): void {
    const key = runnerKey(rc.id, rc.hc);
    const runner = book.runners.get(key) ?? newRunner(rc.id, rc.hc);
    book.runners.set(key, runner);
    if (rc.atb !== undefined) mergeLadder(runner.atb, rc.atb);
    if (rc.atl !== undefined) mergeLadder(runner.atl, rc.atl);
    if (rc.batb !== undefined) mergeDepth(runner.batb, rc.batb);
    if (rc.batl !== undefined) mergeDepth(runner.batl, rc.batl);
    if (rc.bdatb !== undefined) mergeDepth(runner.bdatb, rc.bdatb);
    if (rc.bdatl !== undefined) mergeDepth(runner.bdatl, rc.bdatl);
    if (rc.ltp !== undefined) runner.ltp = priceHundredths(rc.ltp) ?? runner.ltp;
    if (rc.tv !== undefined) runner.tvPence = sizePence(rc.tv) ?? runner.tvPence;
  }

  private applyCcm(message: CcmMessage): void {
    for (const change of message.cc ?? []) {
      let score = this.scores.get(change.eventId);
      if (score === undefined) {
        score = new CricketScore(change.eventId);
        this.scores.set(change.eventId, score);
      }
      score.apply(change, message.pt);
      this.dirtyScores.add(change.eventId);
      // Team names name the match odds runners and the event.
      for (const book of this.books.values()) if (book.definition?.eventId === change.eventId) this.dirtyMarkets.add(book.marketId);
    }
  }

  /** Drops a market (the Betfair client after a CLOSED market; the replay between cycles). */
  forget(marketId: string): void {
    this.books.delete(marketId);
    this.dirtyMarkets.delete(marketId);
    this.raceKeys.delete(marketId);
  }

  // ---- state ----

  /** The raw book of a market (Betfair id), or undefined. */
  book(marketId: string): MarketBook | undefined {
    return this.books.get(marketId);
  }

  /** Betfair ids of the markets cached. */
  marketIds(): string[] {
    return [...this.books.keys()];
  }

  sports(): readonly FeedSport[] {
    return [...this.sportsById.values()];
  }

  /** The competitions of the offered events. */
  competitions(): FeedCompetition[] {
    const byId = new Map<string, FeedCompetition>();
    for (const books of this.groupByEvent().values()) {
      const competition = this.competitionOf(books[0] as MarketBook);
      byId.set(competition.competitionId, competition);
    }
    return [...byId.values()];
  }

  /** Every offered event (one per Betfair event with a market of a type we trade; racing: one per race), our ids. */
  events(): FeedEvent[] {
    return [...this.groupByEvent().entries()].map(([eventId, books]) => this.eventView(eventId, books));
  }

  /** The offered markets of an event (our event id). */
  markets(eventId: string): FeedMarket[] {
    const books = this.groupByEvent().get(this.fromOurId(eventId)) ?? [];
    return books.map((b) => this.marketView(b, books));
  }

  score(eventId: string): FeedScore | null {
    const score = this.scores.get(this.fromOurId(eventId));
    return score === undefined ? null : this.scoreView(score);
  }

  /** Everything that changed since the last call (whole objects, like every provider's poll). */
  changes(): FeedChanges {
    const out: FeedChanges = { competitions: [], events: [], markets: [], fancies: [], scores: [] };
    const changed = (key: string, value: unknown): boolean => {
      const json = JSON.stringify(value);
      if (this.emitted.get(key) === json) return false;
      this.emitted.set(key, json);
      return true;
    };
    const groups = this.groupByEvent();
    const touchedEvents = new Set<string>();
    for (const marketId of this.dirtyMarkets) {
      const book = this.books.get(marketId);
      const eventId = book?.definition === null || book === undefined ? undefined : this.groupKey(book);
      if (eventId !== undefined && groups.has(eventId)) touchedEvents.add(eventId);
    }
    for (const eventId of this.dirtyScores) if (groups.has(eventId)) touchedEvents.add(eventId);
    for (const eventId of touchedEvents) {
      const books = groups.get(eventId) ?? [];
      const event = this.eventView(eventId, books);
      const competition = this.competitionOf(books[0] as MarketBook);
      if (!this.emittedCompetitions.has(competition.competitionId)) {
        this.emittedCompetitions.add(competition.competitionId);
        out.competitions.push(competition);
      }
      if (changed(`e:${event.eventId}`, event)) out.events.push(event);
      for (const book of books) {
        if (!this.dirtyMarkets.has(book.marketId)) continue;
        const market = this.marketView(book, books);
        if (changed(`m:${market.marketId}`, market)) out.markets.push(market);
      }
      const score = this.scores.get(eventId);
      if (score !== undefined && this.dirtyScores.has(eventId)) {
        const view = this.scoreView(score);
        const { updatedAtMs: _time, ...body } = view;
        if (changed(`s:${view.eventId}`, body)) out.scores.push(view);
      }
    }
    this.dirtyMarkets.clear();
    // A score that came before its event's markets goes out with them.
    for (const id of [...this.dirtyScores]) if (groups.has(id)) this.dirtyScores.delete(id);
    return out;
  }

  // ---- mapping ----

  private ourId(betfairId: string): string {
    return `${betfairId}${this.idSuffix}`;
  }

  private fromOurId(ourId: string): string {
    return this.idSuffix !== '' && ourId.endsWith(this.idSuffix) ? ourId.slice(0, -this.idSuffix.length) : ourId;
  }

  /** The event a market belongs to (our id without the suffix): its Betfair event, or for racing its race. */
  private groupKey(book: MarketBook): string {
    const d = book.definition as StreamMarketDefinition;
    return (isRacing(d) ? this.raceKeys.get(book.marketId) : undefined) ?? d.eventId;
  }

  /** Offered markets (a definition, a sport of ours, a type we trade) by event (groupKey). */
  private groupByEvent(): Map<string, MarketBook[]> {
    const groups = new Map<string, MarketBook[]>();
    for (const book of this.books.values()) {
      const d = book.definition;
      if (d === null || !this.sportsById.has(Number(d.eventTypeId)) || MARKET_TYPES[d.marketType ?? ''] === undefined) continue;
      const key = this.groupKey(book);
      const list = groups.get(key) ?? [];
      list.push(book);
      groups.set(key, list);
    }
    for (const list of groups.values()) list.sort((a, b) => this.marketSort(a) - this.marketSort(b) || a.marketId.localeCompare(b.marketId));
    return groups;
  }

  private marketSort(book: MarketBook): number {
    return MARKET_TYPES[book.definition?.marketType ?? '']?.sortOrder ?? 99;
  }

  private competitionOf(book: MarketBook): FeedCompetition {
    const d = book.definition as StreamMarketDefinition;
    const sportId = Number(d.eventTypeId);
    if (isRacing(d)) {
      // The meeting: "Sheffield (GB)".
      const event = this.catalogues.get(book.marketId)?.event;
      const venue = d.venue ?? event?.venue;
      const country = d.countryCode ?? event?.countryCode;
      const name = venue !== undefined ? (country !== undefined ? `${venue} (${country})` : venue) : (event?.name ?? d.eventName ?? `Meeting ${d.eventId}`);
      return { competitionId: meetingCompetitionId(d.eventId), sportId, name };
    }
    const c = this.catalogues.get(book.marketId)?.competition;
    if (c?.id !== undefined && c.name !== undefined) return { competitionId: `bf-${c.id}`, sportId, name: c.name };
    // No catalogue: one competition per sport for the provider's uncatalogued events.
    return { competitionId: `bf-sport-${sportId}`, sportId, name: `${this.sportsById.get(sportId)?.name ?? 'Sport'} (Betfair)` };
  }

  private eventView(eventId: string, books: MarketBook[]): FeedEvent {
    const first = books[0] as MarketBook;
    const d = first.definition as StreamMarketDefinition;
    const allClosed = books.every((b) => b.definition?.status === 'CLOSED');
    const inPlay = !allClosed && books.some((b) => b.definition?.inPlay === true);
    const status = allClosed ? 'closed' : inPlay ? 'inplay' : 'upcoming';
    if (isRacing(d)) return { ...this.raceView(books), eventId: this.ourId(eventId), status, inPlay };
    const catalogue = books.map((b) => this.catalogues.get(b.marketId)).find((c) => c?.event?.name !== undefined);
    const teams = this.scores.get(eventId)?.teams ?? null;
    const name = catalogue?.event?.name ?? (teams !== null ? `${teams.home} v ${teams.away}` : (d.eventName ?? fallbackEventName(d, eventId)));
    const [home, away] = teams !== null ? [teams.home, teams.away] : splitTeams(name);
    const openDate = Date.parse(catalogue?.event?.openDate ?? d.openDate ?? d.marketTime ?? '');
    return {
      eventId: this.ourId(eventId),
      sportId: Number(d.eventTypeId),
      competitionId: this.competitionOf(first).competitionId,
      name,
      home,
      away,
      openDateMs: Number.isFinite(openDate) ? this.retime(openDate) : this.retime(first.lastPt),
      status,
      inPlay,
    };
  }

  /**
   * A race (ADR 0044): "Sheffield · OR 280m", home the venue, away the race's name (its WIN
   * market's catalogue name, else the definition's name, else its off time at the venue), starting
   * at its off (the market time, re-timed). Betfair's event is the meeting ("Sheff 19th Apr").
   */
  private raceView(books: MarketBook[]): Omit<FeedEvent, 'eventId' | 'status' | 'inPlay'> {
    const win = books.find((b) => b.definition?.marketType === 'WIN');
    const first = books[0] as MarketBook;
    const d = (win ?? first).definition as StreamMarketDefinition;
    const catalogueEvent = books.map((b) => this.catalogues.get(b.marketId)?.event).find((e) => e !== undefined);
    const venue = d.venue ?? catalogueEvent?.venue ?? catalogueEvent?.name ?? d.eventName ?? `Meeting ${d.eventId}`;
    const off = Date.parse(d.marketTime ?? d.openDate ?? '');
    const offMs = this.retime(Number.isFinite(off) ? off : first.lastPt);
    const named = win === undefined ? undefined : (this.catalogues.get(win.marketId)?.marketName ?? win.definition?.name);
    const raceName = named !== undefined && named.trim() !== '' ? named.trim() : `Race ${localTime(offMs, d.timezone ?? catalogueEvent?.timezone)}`;
    return {
      sportId: Number(d.eventTypeId),
      competitionId: this.competitionOf(first).competitionId,
      name: `${venue} · ${raceName}`,
      home: venue,
      away: raceName,
      openDateMs: offMs,
    };
  }

  /** A market (`race`: the markets of its event, whose catalogues name a race's runners in all of them). */
  private marketView(book: MarketBook, race: readonly MarketBook[] = [book]): FeedMarket {
    const d = book.definition as StreamMarketDefinition;
    const racing = isRacing(d);
    const kind = MARKET_TYPES[d.marketType ?? ''] ?? { type: 'match_odds' as const, name: d.marketType ?? 'Market', sortOrder: 99 };
    const catalogue = this.catalogues.get(book.marketId);
    const teams = this.scores.get(d.eventId)?.teamsBySelection;
    const names = new Map<string, string>();
    const metadata = new Map<string, Record<string, string | null>>();
    for (const r of d.runners) if (r.name !== undefined) names.set(runnerKey(r.id, r.hc), r.name);
    // A race's runners are the same in its WIN and PLACE markets: a sibling's catalogue names them too, its own last.
    const catalogues = racing ? [...race.filter((b) => b !== book).map((b) => this.catalogues.get(b.marketId)), catalogue] : [catalogue];
    for (const c of catalogues) {
      for (const r of c?.runners ?? []) {
        if (r.runnerName !== undefined) names.set(runnerKey(r.selectionId, r.handicap), r.runnerName);
        if (r.metadata !== undefined) metadata.set(runnerKey(r.selectionId, r.handicap), r.metadata);
      }
    }
    const runners: FeedRunner[] = [...book.runners.entries()]
      .filter(([, r]) => r.status !== 'HIDDEN')
      .sort(([, a], [, b]) => a.sortPriority - b.sortPriority || a.selectionId.localeCompare(b.selectionId))
      .map(([key, r], i) => ({
        ...(racing
          ? raceCardRunner(names.get(key) ?? `Selection ${r.selectionId}`, metadata.get(key))
          : { name: names.get(key) ?? teams?.get(key) ?? `Selection ${r.selectionId}` }),
        selectionId: key,
        sortOrder: i,
        status: RUNNER_STATUS[r.status] ?? 'active',
        back: this.levels(r, 'back'),
        lay: this.levels(r, 'lay'),
        // A non-runner's reduction factor and removal time (docs/racing-rules.md R-3).
        ...(r.removedAtPt !== null ? { removedAtMs: this.retime(r.removedAtPt), ...(r.adjustmentFactor !== null ? { adjustmentFactor: r.adjustmentFactor } : {}) } : {}),
      }));
    const status = MARKET_STATUS[d.status] ?? 'suspended';
    return {
      marketId: this.ourId(book.marketId),
      eventId: this.ourId(this.groupKey(book)),
      // A race's markets are its Win and Place (the catalogue's name of a WIN market is the race's).
      name: racing ? kind.name : (catalogue?.marketName ?? d.name ?? kind.name),
      type: kind.type,
      sortOrder: kind.sortOrder,
      status,
      inPlay: d.inPlay === true,
      betDelaySec: Math.min(Math.max(0, Math.trunc(d.betDelay ?? 0)), BET_DELAY_MAX_SEC),
      runners,
      numberOfWinners: Math.max(1, Math.trunc(d.numberOfWinners ?? 1)),
      result: status === 'closed' ? marketResult(book) : null,
      ...(status === 'closed' && (d.numberOfWinners ?? 1) > 1 ? { placed: placedRunners(book) } : {}),
    };
  }

  /**
   * The best LADDER_DEPTH levels of a side, best first (backs highest, lays lowest): the
   * depth-indexed best offers when the subscription sends them (batb, else the virtual bdatb),
   * else the full ladder.
   */
  private levels(runner: RunnerBook, side: 'back' | 'lay'): FeedLevel[] {
    const rate = this.options.gbpInrRateHundredths;
    const depth = side === 'back' ? (runner.batb.size > 0 ? runner.batb : runner.bdatb) : runner.batl.size > 0 ? runner.batl : runner.bdatl;
    let pairs: Array<[number, number]>;
    if (depth.size > 0) {
      pairs = [...depth.entries()].sort(([a], [b]) => a - b).map(([, level]) => level);
    } else {
      const ladder = side === 'back' ? runner.atb : runner.atl;
      pairs = [...ladder.entries()].sort(([a], [b]) => (side === 'back' ? b - a : a - b));
    }
    return pairs
      .slice(0, LADDER_DEPTH)
      .map(([price, pence]) => ({ price, sizeMinor: penceToPaise(pence, rate) }))
      .filter((l) => l.sizeMinor > 0);
  }

  private scoreView(score: CricketScore): FeedScore {
    const view = score.view(this.retime(score.updatedAtPt));
    return { ...view, eventId: this.ourId(score.eventId) };
  }
}

/**
 * A closed market's result: its single WINNER's selection id; 'void' when no runner won (an
 * abandoned match). A market of several winners (a PLACE market, a dead heat) has no single
 * result here: null, and the runners' statuses say who won.
 */
export function marketResult(book: MarketBook): string | null {
  const winners = [...book.runners.entries()].filter(([, r]) => r.status === 'WINNER' || r.status === 'PLACED');
  if (winners.length === 0) return 'void';
  return winners.length === 1 ? (winners[0] as [string, RunnerBook])[0] : null;
}

/** A closed market's WINNER/PLACED runners, sorted: the placed runners of a PLACE market. */
export function placedRunners(book: MarketBook): string[] {
  return [...book.runners.entries()].filter(([, r]) => r.status === 'WINNER' || r.status === 'PLACED').map(([key]) => key).sort();
}

function fallbackEventName(d: StreamMarketDefinition, eventId: string): string {
  if (d.venue !== undefined && d.marketTime !== undefined) return `${d.venue} ${d.marketTime.slice(11, 16)}`;
  return `Event ${eventId}`;
}

/** "19:26": a time at the venue (its time zone), else UTC ("18:26 UTC"). */
function localTime(ms: number, timeZone: string | undefined): string {
  if (timeZone !== undefined) {
    try {
      return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
    } catch {
      // An unknown zone: UTC below.
    }
  }
  return `${new Date(ms).toISOString().slice(11, 16)} UTC`;
}

function splitTeams(name: string): [string, string] {
  const parts = name.split(' v ');
  return parts.length === 2 ? [parts[0] as string, parts[1] as string] : [name, ''];
}
