/** The recorded Betfair files of api/feed-data/betfair, read for tests (gzipped JSON lines). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { CcmMessage, McmMessage } from './messages';

export const FEED_DATA_DIR = path.resolve(__dirname, '..', '..', '..', 'feed-data', 'betfair');

export function readRecording(name: string): Array<McmMessage | CcmMessage> {
  const text = gunzipSync(readFileSync(path.join(FEED_DATA_DIR, name))).toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as McmMessage | CcmMessage);
}

export const T20_ODDS = '1.200806927.cricket-match-odds.jsonl.gz';
export const T20_SCORE = '1.200806927.cricket-score.jsonl.gz';
export const HORSE_WIN = '1.132153978.horse-win-basic.jsonl.gz';
export const GREYHOUND_WIN = '1.197931750.greyhound-win.jsonl.gz';
/** The T20's market, event and recorded winner (Netherlands). */
export const T20_MARKET = '1.200806927';
export const T20_EVENT = '31573045';
export const T20_WINNER = '228749';
