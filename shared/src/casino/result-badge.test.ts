/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { CASINO_GAMES, playRound, tableSeats } from './registry';
import { type ResultBadge } from './result-badge';

const SERVER_SEED = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';
const ROUNDS = 150;

describe('every table reads its own results (issue 32)', () => {
  it.each(Object.keys(CASINO_GAMES))('%s: each winner code its rounds write has a badge of one to three characters and a name', async (code) => {
    const game = CASINO_GAMES[code];
    const stats = new Set<string>();
    for (let nonce = 0; nonce < ROUNDS; nonce++) {
      const { win } = await playRound(game, SERVER_SEED, `badge-${code}`, nonce);
      const badge = game.resultBadge(win);
      // 'void' is the tone of a code the table does not know, and of 32 Cards' run-out shoe only.
      if (!(code.startsWith('card32') && win === '0')) expect([win, badge.tone]).not.toEqual([win, 'void']);
      expect([...badge.label].length).toBeGreaterThanOrEqual(1);
      expect([...badge.label].length).toBeLessThanOrEqual(3);
      expect(badge.name.length).toBeGreaterThan(0);
      if (badge.stat !== null) stats.add(badge.stat);
    }
    // Statistics count a handful of groups, never one per round (Lottery by first digit, the wheel by colour).
    expect(stats.size).toBeLessThanOrEqual(10);
  });

  it('reads the sides, the ties and the numbers as players know them', () => {
    const b = (code: string, win: string): Omit<ResultBadge, 'name'> => {
      const { label, tone, stat } = CASINO_GAMES[code].resultBadge(win);
      return { label, tone, stat };
    };
    expect(b('dt20', '1')).toEqual({ label: 'D', tone: 'a', stat: 'Dragon' });
    expect(b('dt20', '2')).toEqual({ label: 'T', tone: 'b', stat: 'Tiger' });
    expect(b('dt20', '3')).toEqual({ label: 'Tie', tone: 'tie', stat: 'Tie' });
    expect(b('teen20', '2')).toEqual({ label: 'B', tone: 'b', stat: 'Player B' });
    expect(b('ab20', '1')).toEqual({ label: 'A', tone: 'a', stat: 'Andar' });
    expect(b('baccarat', '2')).toEqual({ label: 'B', tone: 'b', stat: 'Banker' });
    expect(b('lucky7', '0')).toEqual({ label: '7', tone: 'tie', stat: 'Seven' });
    expect(b('card32', '4')).toEqual({ label: '11', tone: 'd', stat: 'Player 11' });
    expect(b('roulette', '17')).toEqual({ label: '17', tone: 'black', stat: 'Black' });
    expect(b('roulette', '32')).toEqual({ label: '32', tone: 'red', stat: 'Red' });
    expect(b('roulette', '0')).toEqual({ label: '0', tone: 'green', stat: 'Zero' });
    expect(b('race20', '2')).toEqual({ label: 'K♥', tone: 'red', stat: 'King of Hearts' });
    expect(b('war', '1,3')).toEqual({ label: '2', tone: 'a', stat: '2 seats win' });
    expect(CASINO_GAMES.war.resultBadge('1,3').name).toBe('Seats 1, 3 win');
    expect(b('lottery', '407')).toEqual({ label: '407', tone: 'a', stat: 'Single 4' });
  });

  it('shows a code it does not know as it is, uncounted: never a wrong side', () => {
    for (const code of Object.keys(CASINO_GAMES)) {
      for (const win of ['', '9', '37', 'toString', '1,1,1,1,1,1,1']) {
        const badge = CASINO_GAMES[code].resultBadge(win);
        if (badge.tone === 'void') expect(badge.stat).toBeNull();
      }
    }
    expect(CASINO_GAMES.roulette.resultBadge('37')).toEqual({ label: '37', name: '37', tone: 'void', stat: null });
    expect(CASINO_GAMES.dt20.resultBadge('4').tone).toBe('void');
  });
});

describe('tableSeats', () => {
  it('lays out the places each table deals to, in dealing order', () => {
    expect(tableSeats(CASINO_GAMES.dt20)).toEqual(['dragon', 'tiger']);
    expect(tableSeats(CASINO_GAMES.teen20)).toEqual(['playerA', 'playerB']);
    expect(tableSeats(CASINO_GAMES.baccarat)).toEqual(['player', 'banker']);
    expect(tableSeats(CASINO_GAMES.ab20)[0]).toBe('joker');
    expect(tableSeats(CASINO_GAMES.card32)).toEqual(['player8', 'player9', 'player10', 'player11']);
    expect(tableSeats(CASINO_GAMES.roulette)).toEqual([]);
    // Every table's seats are hands its rounds really deal to.
    for (const game of Object.values(CASINO_GAMES)) for (const seat of tableSeats(game)) expect(seat).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });
});

describe('the casino rules are free of side effects for the bundlers', () => {
  it("shared's package.json lists every folder but casino as having side effects, so a screen that takes one rule from @backlay/shared/casino does not get all eighteen games", async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(__dirname, '..', '..');
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { sideEffects: string[] };
    const folders = readdirSync(join(root, 'src'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders).toContain('casino');
    for (const folder of folders) expect([folder, pkg.sideEffects.includes(`./src/${folder}/**`)]).toEqual([folder, folder !== 'casino']);
    expect(pkg.sideEffects).toEqual(expect.arrayContaining(['./src/*.ts', './src/*.tsx']));
  });
});
