import * as yup from 'yup';
import { BET_DELAY_MAX_SEC, MARKET_LIMIT_MAX, MESSAGES, NEWS_TEXT_MAX_LENGTH, type MarketLimits } from '@backlay/shared';
import { t } from '../../i18n';

/**
 * The yup schemas of the sports admin forms. Limits are whole rupees (stakes) and whole seconds
 * (bet delay) within the API's bounds (MARKET_LIMIT_MAX, BET_DELAY_MAX_SEC); where the API has a
 * message for a rule, the form uses it.
 */

const LIMIT_MAX_TEXT = MARKET_LIMIT_MAX.toLocaleString('en-IN');

/** What the limits form says for each rule (in the page's language when read). */
export const LIMIT_MESSAGES = {
  get minStake() {
    return t('limits.error.minStake', { max: LIMIT_MAX_TEXT });
  },
  get maxStake() {
    return t('limits.error.maxStake', { max: LIMIT_MAX_TEXT });
  },
  get maxProfit() {
    return t('limits.error.maxProfit', { max: LIMIT_MAX_TEXT });
  },
  get betDelaySec() {
    return t('limits.error.betDelay', { max: BET_DELAY_MAX_SEC });
  },
  ordered: MESSAGES.stakeLimitsInvalid,
};

const WHOLE = /^\s*\d+\s*$/;

function wholeSchema(rule: 'minStake' | 'maxStake' | 'maxProfit' | 'betDelaySec', min: number, max: number) {
  return yup
    .string()
    .default('')
    .test('whole', () => LIMIT_MESSAGES[rule], (v) => WHOLE.test(v ?? '') && Number(v) >= min && Number(v) <= max);
}

/** The limits form as typed (text), sent as numbers once valid. */
export interface LimitsFormValues {
  minStake: string;
  maxStake: string;
  maxProfit: string;
  betDelaySec: string;
}

/** Min/max stake, max profit (rupees) and bet delay (seconds); the minimum not above the maximum. */
export const limitsSchema = yup.object({
  minStake: wholeSchema('minStake', 1, MARKET_LIMIT_MAX),
  maxStake: wholeSchema('maxStake', 1, MARKET_LIMIT_MAX).test(
    'ordered',
    LIMIT_MESSAGES.ordered,
    function ordered(v) {
      const min = (this.parent as LimitsFormValues).minStake;
      return !WHOLE.test(v ?? '') || !WHOLE.test(min) || Number(min) <= Number(v);
    },
  ),
  maxProfit: wholeSchema('maxProfit', 1, MARKET_LIMIT_MAX),
  betDelaySec: wholeSchema('betDelaySec', 0, BET_DELAY_MAX_SEC),
});

/** Current limits as the form's text. */
export function limitsToForm(limits: MarketLimits): LimitsFormValues {
  return { minStake: String(limits.minStake), maxStake: String(limits.maxStake), maxProfit: String(limits.maxProfit), betDelaySec: String(limits.betDelaySec) };
}

/** The form's text as limits to send. */
export function formToLimits(values: LimitsFormValues): MarketLimits {
  return { minStake: Number(values.minStake), maxStake: Number(values.maxStake), maxProfit: Number(values.maxProfit), betDelaySec: Number(values.betDelaySec) };
}

/** A news line: required, at most NEWS_TEXT_MAX_LENGTH characters (the API's messages). */
export const messageSchema = yup.object({
  text: yup.string().trim().required(MESSAGES.messageTextRequired).max(NEWS_TEXT_MAX_LENGTH, MESSAGES.messageTextTooLong),
  active: yup.boolean().default(true),
});
