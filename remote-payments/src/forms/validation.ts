import * as yup from 'yup';
import {
  ACCOUNT_HOLDER_NAME_PATTERN,
  ACCOUNT_NUMBER_PATTERN,
  IFSC_PATTERN,
  MESSAGES,
  UPI_ID_PATTERN,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  UTR_PATTERN,
  rupeeAmountError,
} from '@backlay/shared';

/**
 * The rules of the payment forms (docs/rules/product.md §5) with the API's own messages (contracts/messages.ts),
 * so a form refuses with the sentence the server would. The server stays the authority: it
 * checks every rule again, and the deposit range only there (docs/rules/product.md §10).
 */

/** The withdraw amount kept as typed text (the rule: rupeeAmountError). */
export const withdrawAmountSchema = yup
  .string()
  .default('')
  .test('amount', function check(value) {
    const message = rupeeAmountError(value ?? '');
    return message === null || this.createError({ message });
  });

/** The UTR number of a deposit: 'Fill this field.' when empty, then its format. */
export const utrSchema = yup.string().trim().required(MESSAGES.fillThisField).matches(UTR_PATTERN, MESSAGES.utrInvalid);

/** File names the screenshot picker offers (docs/rules/product.md §9: png, jpg, jpeg). */
export const SCREENSHOT_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
const SCREENSHOT_NAME = /\.(png|jpe?g)$/i;

/**
 * Null for an acceptable screenshot, else why not. The server decides by the bytes; this only
 * stops an obviously wrong pick before it is uploaded.
 */
export function screenshotError(file: File | null): string | null {
  if (file === null) return MESSAGES.fillThisField;
  const typeOk = (UPLOAD_TYPES as readonly string[]).includes(file.type) || (file.type === '' && SCREENSHOT_NAME.test(file.name));
  if (!typeOk || !SCREENSHOT_NAME.test(file.name)) return MESSAGES.screenshotType;
  if (file.size === 0) return MESSAGES.screenshotEmpty;
  return file.size > UPLOAD_MAX_BYTES ? MESSAGES.screenshotTooLarge : null;
}

/** Holder names as the server stores them: runs of spaces become one. */
export function normaliseHolderName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** The 'Add Bank Detail' form: the three required messages, then the formats. */
export const bankAccountSchema = yup.object({
  accountHolderName: yup
    .string()
    .required(MESSAGES.accountHolderNameRequired)
    .test('blank', MESSAGES.accountHolderNameRequired, (v) => normaliseHolderName(v ?? '') !== '')
    .test('format', MESSAGES.accountHolderNameInvalid, (v) => ACCOUNT_HOLDER_NAME_PATTERN.test(normaliseHolderName(v ?? ''))),
  accountNumber: yup.string().trim().required(MESSAGES.accountNumberRequired).matches(ACCOUNT_NUMBER_PATTERN, MESSAGES.accountNumberInvalid),
  ifscCode: yup
    .string()
    .trim()
    .required(MESSAGES.ifscCodeRequired)
    .test('format', MESSAGES.ifscCodeInvalid, (v) => IFSC_PATTERN.test((v ?? '').trim().toUpperCase())),
});

/** The 'Add UPI Detail' form. */
export const upiSchema = yup.object({
  upiId: yup.string().trim().required(MESSAGES.upiIdRequired).matches(UPI_ID_PATTERN, MESSAGES.upiIdInvalid),
});
