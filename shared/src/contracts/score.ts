/**
 * The words of a match's live score (`Score.summary` and `Score.detail`), as the feed's producers
 * write them (the simulator's cricket, tennis, soccer and races, the replayed IPL matches, Betfair's
 * cricket score): one home for the English, which the API sends, and the template the page matches
 * to say it in its own language (shared/src/i18n/api-index.ts, `score.*` in api.hi.json; issue 36).
 * Names, figures and overs are filled in with `fillMessage` and carried over as they are.
 */
export const SCORE_WORDS = {
  // Cricket.
  toBatFirst: '{team} to bat first',
  matchScheduled: 'Match scheduled',
  chasing: '{innings} · target {target}',
  runRate: 'Run rate {rate}',
  need: 'Need {runs} from {balls} balls',
  inningsBreak: 'Innings break',
  wonByWickets: '{team} won by {wickets} wickets',
  wonByRuns: '{team} won by {runs} runs',
  tied: 'Match tied',
  matchComplete: 'Match complete',
  recent: 'Recent: {balls}',
  lastBalls: 'Last balls: {balls}',
  batting: 'Batting: {batters}',
  bowling: 'Bowling: {bowler}',
  cricsheetCredit: 'Data from Cricsheet (cricsheet.org)',
  // Tennis.
  notStarted: 'Not started',
  setsFinished: 'Sets {sets} · {games}',
  setsPlaying: 'Sets {sets} · Games {games} · {points}',
  setScores: 'Sets: {sets}',
  serving: '{player} serving',
  servingTiebreak: '{player} serving (tiebreak)',
  setBreak: 'Set break',
  won: '{name} won',
  deuce: 'Deuce',
  advantage: 'Adv {player}',
  // Soccer: the line is "ARS 1 - 0 CHE · 67'" (the clock a minute, or one of the two words).
  soccerLine: '{home} {homeGoals} - {awayGoals} {away} · {clock}',
  halfTimeShort: 'HT',
  fullTimeShort: 'FT',
  goals: 'Goals: {goals}',
  halfTime: 'Half time',
  // Races.
  field: '{runners} runners · {places} places',
  running: 'Running · {runner} leads',
  order: 'Order: {order}',
  firstPastThePost: 'Finished · {runner} first past the post',
  result: 'Result · {runner} won',
  first: '1st: {runner}',
  second: '2nd: {runner}',
  third: '3rd: {runner}',
  fourth: '4th: {runner}',
  nonRunner: 'Non-runner: {runner}',
} as const;
