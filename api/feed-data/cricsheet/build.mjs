#!/usr/bin/env node
// Builds ipl-2022.json, the compact form of Cricsheet's IPL 2022 ball-by-ball files that the
// simulator replays (api/src/feed/simulator/recorded-cricket.ts), from a folder of Cricsheet JSON
// (cricsheet.org/format/json): `node build.mjs <folder of <id>.json files>`. The output is
// deterministic (files in id order, players in order of first mention), so a rebuild from the same
// files changes nothing. Cricsheet's data is under ODC-By 1.0: see README.md.
//
// Per match: id, date, venue, city, teams (Cricsheet's order: the first is the listed home side),
// players (names; deliveries refer to them by index), the recorded outcome, and per innings the
// batting team (index into teams) and its deliveries as one string of space-separated tokens:
//   <striker>:<non-striker>:<bowler>:<batter runs>[<extra kind><extra runs>]…[!<player out>[r]]
// each extra kind with its runs (a no-ball may carry leg byes too): w wide, n no-ball, l leg bye, b bye, p penalty; `!` a dismissal (r: not the bowler's,
// a run out or retired out). "retired hurt" is no dismissal (Laws 25.4) and is left out.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node build.mjs <folder of Cricsheet JSON files>');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const EXTRA_KINDS = { wides: 'w', noballs: 'n', legbyes: 'l', byes: 'b', penalty: 'p' };
const NOT_THE_BOWLERS = new Set(['run out', 'retired out', 'obstructing the field', 'timed out', 'handled the ball']);

const files = readdirSync(folder)
  .filter((f) => /^\d+\.json$/.test(f))
  .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
const matches = [];
for (const file of files) {
  const { info, innings } = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
  if (innings.length !== 2 || info.outcome.winner === undefined || info.outcome.method !== undefined) {
    console.warn(`${file}: skipped (not two innings with a plain result)`);
    continue;
  }
  const players = [];
  const index = (name) => {
    let i = players.indexOf(name);
    if (i === -1) i = players.push(name) - 1;
    return i;
  };
  for (const team of info.teams) for (const name of info.players[team] ?? []) index(name);
  const by = info.outcome.by;
  const margin = by.runs !== undefined ? `${by.runs} run${by.runs === 1 ? '' : 's'}` : `${by.wickets} wicket${by.wickets === 1 ? '' : 's'}`;
  matches.push({
    id: file.replace(/\.json$/, ''),
    date: info.dates[0],
    event: `${info.event.name}${info.event.match_number ? ` match ${info.event.match_number}` : info.event.stage ? `, ${info.event.stage}` : ''}`,
    venue: info.venue,
    city: info.city ?? '',
    teams: info.teams,
    players,
    winner: info.outcome.winner,
    outcome: `${info.outcome.winner} won by ${margin}`,
    innings: innings.map((inn) => ({
      team: info.teams.indexOf(inn.team),
      balls: inn.overs
        .flatMap((over) => over.deliveries)
        .map((d) => {
          let token = `${index(d.batter)}:${index(d.non_striker)}:${index(d.bowler)}:${d.runs.batter}`;
          for (const [kind, runs] of Object.entries(d.extras ?? {})) token += `${EXTRA_KINDS[kind]}${runs}`;
          const out = (d.wickets ?? []).filter((w) => w.kind !== 'retired hurt');
          if (out.length > 1) throw new Error(`${file}: two dismissals on one delivery`);
          if (out.length === 1) token += `!${index(out[0].player_out)}${NOT_THE_BOWLERS.has(out[0].kind) ? 'r' : ''}`;
          return token;
        })
        .join(' '),
    })),
  });
}
const output = {
  source: 'Cricsheet (cricsheet.org), Indian Premier League 2022, ball-by-ball JSON',
  licence: 'Open Data Commons Attribution License (ODC-By 1.0)',
  credit: 'Data from Cricsheet (cricsheet.org)',
  matches,
};
writeFileSync(path.join(here, 'ipl-2022.json'), `${JSON.stringify(output)}\n`);
console.log(`ipl-2022.json: ${matches.length} matches`);
