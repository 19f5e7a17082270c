import * as yup from 'yup';
import {
  DISPLAY_NAME_MAX_LENGTH,
  MESSAGES,
  MONEY_MAX_RUPEES,
  PHONE_PATTERN,
  REMARK_MAX_LENGTH,
  TRANSACTION_PASSWORD_PATTERN,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  hasAtMostTwoDecimals,
  previewPasswordPolicy,
  rupeeAmountError,
} from '@backlay/shared';
import { t } from '../i18n';

/**
 * The yup building blocks of the admin forms. Each message is the one the API sends for the same
 * rule (contracts/messages.ts and limits.ts), so a form says exactly what the server would.
 */

const NUMBER_TEXT = /^\s*\d+(\.\d+)?\s*$/;

/**
 * A login password set for someone (a new account, a child's reset): the password policy of
 * @backlay/shared/domain (length, not the username, not a common password), exactly as the
 * server checks it. `username`: the account's username, or how to read it from the form's values.
 */
export const loginPasswordSchema = (required: string, username: string | ((values: Record<string, unknown>) => unknown)) =>
  yup
    .string()
    .required(required)
    .test('password-policy', async function policy(value) {
      if (!value) return true;
      const name = typeof username === 'string' ? username : username(this.parent as Record<string, unknown>);
      const problem = await previewPasswordPolicy(value, { username: typeof name === 'string' ? name : null });
      return problem === null || this.createError({ message: problem });
    });

/** Repeat of a password field. */
export const confirmSchema = (field: string) => yup.string().required(MESSAGES.confirmPasswordRequired).oneOf([yup.ref(field)], MESSAGES.passwordsDontMatch);

/** The caller's transaction password, which confirms the action. */
export const transactionPasswordSchema = yup.string().required(MESSAGES.transactionPasswordRequired).matches(TRANSACTION_PASSWORD_PATTERN, MESSAGES.transactionPasswordFormat);

/** A new account's username. */
export const usernameSchema = yup
  .string()
  .trim()
  .required(MESSAGES.usernameRequired)
  .min(USERNAME_MIN_LENGTH, MESSAGES.usernameTooShort)
  .max(USERNAME_MAX_LENGTH, MESSAGES.usernameTooLong)
  .matches(USERNAME_PATTERN, MESSAGES.usernameInvalid);

/** True for text that reads as a plain non-negative decimal ('12', '12.5'); no signs or exponents. */
function isNumberText(v: string): boolean {
  return NUMBER_TEXT.test(v);
}

/**
 * A typed decimal kept as the text the user typed (the form sends Number(text) once valid): a
 * number within [min, max] with at most two decimals, else `invalid` (the server's one message
 * for the field). `tooLarge` is reported above MONEY_MAX_RUPEES for money fields. Empty is
 * reported as `required` unless the field is optional.
 */
export function decimalSchema({ invalid, required, max, money = false }: { invalid: string; required?: string; max?: number; money?: boolean }) {
  const valid = (v: string) => isNumberText(v) && hasAtMostTwoDecimals(v) && Number(v) >= 0 && (max === undefined || Number(v) <= max);
  let s = yup.string().default('');
  s = required ? s.required(required) : s.optional();
  s = s.test('valid', invalid, (v) => !v || valid(v));
  if (money) s = s.test('money-max', MESSAGES.amountTooLarge, (v) => !v || !valid(v) || Number(v) <= MONEY_MAX_RUPEES);
  return s;
}

/** The amount of a chip transfer kept as typed text (the rule: rupeeAmountError). */
export const chipAmountSchema = yup
  .string()
  .default('')
  .test('amount', function check(value) {
    const message = rupeeAmountError(value ?? '');
    return message === null || this.createError({ message });
  });

/** A remark on a chip transfer. */
export const remarkSchema = yup.string().max(REMARK_MAX_LENGTH, MESSAGES.remarkTooLong);

/** A display name: required, at most DISPLAY_NAME_MAX_LENGTH characters. */
export const displayNameSchema = yup.string().trim().required(MESSAGES.displayNameRequired).max(DISPLAY_NAME_MAX_LENGTH, MESSAGES.displayNameTooLong);

/** An optional phone number. */
export const phoneSchema = yup.string().trim().matches(PHONE_PATTERN, { message: MESSAGES.phoneInvalid, excludeEmptyString: true });

/**
 * A cumulative partnership in percent: [0, 100] with two decimals (the server's message), and not
 * above `maxPercent`, the signed-in agent's own share (the server's wording of that bound), when
 * it is known.
 */
export function partnershipSchema(maxPercent: number | null) {
  const schema = decimalSchema({ invalid: MESSAGES.partnershipInvalid, required: MESSAGES.partnershipInvalid, max: 100 });
  if (maxPercent === null) return schema;
  return schema.test(
    'parent-cap',
    ({ value }) => t('form.partnershipAboveOwn', { value: Number(value), max: maxPercent }),
    (v) => !v || !isNumberText(v) || Number(v) <= maxPercent,
  );
}
