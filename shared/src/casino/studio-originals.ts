/**
 * The most each Backlay Studio original (ADR 0021) can ever pay, as a multiple of its stake: the
 * operator registers it with the game (casino_int_games.max_multiplier, api seed.ts) and refuses
 * any credit of a round above its debits times it; the studio's own tests prove its games never
 * pay more (studio/src/games/*.test.ts), so this is the one home of the numbers.
 *
 * - crash: the crash point is capped at 100 000.00× (CRASH_MAX_CENTS);
 * - mines: ⌊stake · 0.99 · C(25,k)/C(25−m,k)⌋ is largest with every safe tile picked among
 *   12 or 13 mines: 0.99 · C(25,12) = 5 148 297×;
 * - plinko: the edge bucket of 16 rows, high risk: 1 000×;
 * - dice: ⌊990 000 / n⌋ hundredths is largest at the smallest win chance we take, one roll in
 *   10 000 (0.01 %): 9 900×;
 * - limbo: a win pays the target, and the highest target we take is 1 000 000× (LIMBO_MAX_CENTS);
 * - hilo: a guess whose win would take the round's multiplier above 1 000 000× is refused
 *   (HILO_MAX_MULTIPLIER), and a round pays at most stake times its multiplier.
 *
 * Decimal strings with at most two decimals (a registry value, never a float in arithmetic).
 */
export const STUDIO_MAX_MULTIPLIERS = { crash: '100000', mines: '5148297', plinko: '1000', dice: '9900', limbo: '1000000', hilo: '1000000' } as const;
