/**
 * Reads recorded Betfair stream files for the replay provider: JSON lines of stream messages
 * (`.jsonl`, or gzipped `.jsonl.gz`) and listMarketCatalogue entries (`.catalogue.json`), from
 * files or folders. Messages are split per Betfair event (a live stream mixes markets of many
 * events in one message) so that each event replays on its own timeline, scores (ccm) with its
 * prices (mcm); a race meeting (Betfair's racing event) is split per race, its WIN and PLACE
 * markets with the same market time (ADR 0044). Read once at boot; a malformed line stops the
 * boot with its file and line.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { RACING_EVENT_TYPES, raceEventId } from '../betfair-stream/market-cache';
import type { CcmMessage, MarketCatalogue, McmMessage, StreamMarketDefinition, StreamMessage } from '../betfair-stream/messages';

/** One event's recording: its messages in publish-time order, and its catalogue entries. */
export interface Recording {
  /** Betfair event id. */
  eventId: string;
  /** What the recording plays: the Betfair event id, or a race's (`<meeting>-<HHMM>`, as the stream model's). */
  key: string;
  /** A race (horse racing, greyhounds): the replay puts it on the card ahead of its off (ADR 0044). */
  racing: boolean;
  messages: Array<McmMessage | CcmMessage>;
  catalogues: MarketCatalogue[];
  firstPt: number;
  lastPt: number;
  /**
   * Where the replay re-times "now" to: the first publish time with a market in play, else the
   * earliest market time (a race with no in-play market: the off), within the recording.
   */
  anchorPt: number;
}

const STREAM_FILE = /\.jsonl(\.gz)?$/;
const CATALOGUE_FILE = /\.catalogue\.json(\.gz)?$/;

/** The recording files of the given files and folders (a folder's own files, sorted), in order. */
export function recordingFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const p of paths) {
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort()) if (STREAM_FILE.test(name) || CATALOGUE_FILE.test(name)) files.push(path.join(p, name));
    } else {
      files.push(p);
    }
  }
  return files;
}

function readText(file: string): string {
  const bytes = readFileSync(file);
  return file.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
}

function catalogueEntries(json: unknown): MarketCatalogue[] {
  if (Array.isArray(json)) return json as MarketCatalogue[];
  if (json !== null && typeof json === 'object' && Array.isArray((json as { result?: unknown }).result)) return (json as { result: MarketCatalogue[] }).result;
  return [json as MarketCatalogue];
}

/** The recording a market's definition puts it in: its race for racing (by its first market time), else its event. */
function recordingKey(definition: StreamMarketDefinition): string {
  const off = Date.parse(definition.marketTime ?? '');
  return RACING_EVENT_TYPES.has(definition.eventTypeId) && Number.isFinite(off) ? raceEventId(definition.eventId, off) : definition.eventId;
}

/** Loads the files (see recordingFiles) into one recording per Betfair event (racing: per race) that has a market definition. */
export function loadRecordings(paths: readonly string[]): Recording[] {
  const files = recordingFiles(paths);
  /** Market id → its recording's key (the first definition decides, as the stream model pins a race). */
  const marketEvent = new Map<string, string>();
  const keyEvent = new Map<string, { eventId: string; racing: boolean }>();
  const byEvent = new Map<string, Array<McmMessage | CcmMessage>>();
  const catalogues: MarketCatalogue[] = [];
  const marketTimes = new Map<string, number>();
  const push = (eventId: string, message: McmMessage | CcmMessage) => {
    const list = byEvent.get(eventId) ?? [];
    list.push(message);
    byEvent.set(eventId, list);
  };
  // Stream files first (in the order given), catalogues after: a catalogue names markets by id.
  for (const file of files.filter((f) => CATALOGUE_FILE.test(f))) catalogues.push(...catalogueEntries(JSON.parse(readText(file))));
  for (const file of files.filter((f) => !CATALOGUE_FILE.test(f))) {
    const lines = readText(file).split('\n');
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      let message: StreamMessage;
      try {
        message = JSON.parse(line) as StreamMessage;
      } catch {
        throw new Error(`${file}:${i + 1}: not a JSON stream message`);
      }
      if (typeof message.pt !== 'number') return;
      if (message.op === 'mcm') {
        const mcm = message as McmMessage;
        const parts = new Map<string, McmMessage>();
        for (const change of mcm.mc ?? []) {
          const definition = change.marketDefinition;
          if (definition !== undefined && !marketEvent.has(change.id)) {
            const key = recordingKey(definition);
            marketEvent.set(change.id, key);
            keyEvent.set(key, { eventId: definition.eventId, racing: RACING_EVENT_TYPES.has(definition.eventTypeId) });
            const time = Date.parse(definition.marketTime ?? '');
            if (Number.isFinite(time) && !marketTimes.has(key)) marketTimes.set(key, time);
          }
          const eventId = marketEvent.get(change.id);
          if (eventId === undefined) continue;
          const part = parts.get(eventId) ?? { ...mcm, mc: [] };
          part.mc?.push(change);
          parts.set(eventId, part);
        }
        for (const [eventId, part] of parts) push(eventId, part);
      } else if (message.op === 'ccm') {
        const ccm = message as CcmMessage;
        const parts = new Map<string, CcmMessage>();
        for (const change of ccm.cc ?? []) {
          const part = parts.get(change.eventId) ?? { ...ccm, cc: [] };
          part.cc?.push(change);
          parts.set(change.eventId, part);
        }
        for (const [eventId, part] of parts) push(eventId, part);
      }
    });
  }
  const recordings: Recording[] = [];
  for (const [key, messages] of byEvent) {
    if (!messages.some((m) => m.op === 'mcm')) continue;
    const { eventId, racing } = keyEvent.get(key) ?? { eventId: key, racing: false };
    messages.sort((a, b) => a.pt - b.pt);
    const firstPt = (messages[0] as McmMessage | CcmMessage).pt;
    const lastPt = (messages[messages.length - 1] as McmMessage | CcmMessage).pt;
    const inPlayAt = messages.find((m) => m.op === 'mcm' && (m as McmMessage).mc?.some((c) => c.marketDefinition?.inPlay === true))?.pt;
    const anchor = inPlayAt ?? marketTimes.get(key) ?? firstPt;
    recordings.push({
      eventId,
      key,
      racing,
      messages,
      // A race takes its own markets' entries; another event every entry of the event.
      catalogues: catalogues.filter((c) => marketEvent.get(c.marketId) === key || (!racing && c.event?.id === eventId)),
      firstPt,
      lastPt,
      anchorPt: Math.min(Math.max(anchor, firstPt), lastPt),
    });
  }
  return recordings.sort((a, b) => a.key.localeCompare(b.key));
}
