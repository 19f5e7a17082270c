import { BET_DELAY_MAX_SEC, MARKET_LIMIT_MAX, MESSAGES, NEWS_TEXT_MAX_LENGTH } from '@backlay/shared';
import { LIMIT_MESSAGES, formToLimits, limitsSchema, limitsToForm, messageSchema } from './sports-forms';

const valid = { minStake: '100', maxStake: '100000', maxProfit: '500000', betDelaySec: '5' };

async function firstError(schema: { validate: (v: unknown) => Promise<unknown> }, values: unknown): Promise<string | null> {
  try {
    await schema.validate(values);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('limitsSchema', () => {
  it.each([
    [{}, null],
    [{ betDelaySec: '0' }, null],
    [{ minStake: '500', maxStake: '500' }, null],
    [{ maxStake: String(MARKET_LIMIT_MAX), maxProfit: String(MARKET_LIMIT_MAX) }, null],
    [{ minStake: '' }, LIMIT_MESSAGES.minStake],
    [{ minStake: '0' }, LIMIT_MESSAGES.minStake],
    [{ minStake: '10.5' }, LIMIT_MESSAGES.minStake],
    [{ maxStake: String(MARKET_LIMIT_MAX + 1) }, LIMIT_MESSAGES.maxStake],
    [{ minStake: '5000', maxStake: '1000' }, MESSAGES.stakeLimitsInvalid],
    [{ maxProfit: '-1' }, LIMIT_MESSAGES.maxProfit],
    [{ betDelaySec: String(BET_DELAY_MAX_SEC + 1) }, LIMIT_MESSAGES.betDelaySec],
    [{ betDelaySec: '2.5' }, LIMIT_MESSAGES.betDelaySec],
  ])('%o → %s', async (over, message) => {
    expect(await firstError(limitsSchema, { ...valid, ...over })).toBe(message);
  });

  it('turns the typed text into numbers and back', () => {
    expect(formToLimits(valid)).toEqual({ minStake: 100, maxStake: 100000, maxProfit: 500000, betDelaySec: 5 });
    expect(limitsToForm(formToLimits(valid))).toEqual(valid);
  });
});

describe('messageSchema', () => {
  it.each([
    ['Fancy sessions open at the toss', null],
    ['   ', MESSAGES.messageTextRequired],
    ['x'.repeat(NEWS_TEXT_MAX_LENGTH), null],
    ['x'.repeat(NEWS_TEXT_MAX_LENGTH + 1), MESSAGES.messageTextTooLong],
  ])('%s → %s', async (text, message) => {
    expect(await firstError(messageSchema, { text, active: true })).toBe(message);
  });
});
