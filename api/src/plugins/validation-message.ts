/**
 * The one readable sentence of a request-validation failure. Missing or empty fields that the
 * front end's forms know get the contract's message (e.g. 'Username is required'); anything
 * else names the field and the broken rule.
 */
import { MESSAGES } from '@backlay/shared/contracts';

/** The parts of an ajv error we read. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const REQUIRED_MESSAGES: Readonly<Record<string, string>> = {
  username: MESSAGES.usernameRequired,
  password: MESSAGES.passwordRequired,
  oldPassword: MESSAGES.oldPasswordRequired,
  newPassword: MESSAGES.newPasswordRequired,
  confirmPassword: MESSAGES.confirmPasswordRequired,
  transactionPassword: MESSAGES.transactionPasswordRequired,
  confirmTransactionPassword: MESSAGES.confirmPasswordRequired,
  // docs/rules/product.md §8: a refresh without a token answers 'Token not exist'.
  token: MESSAGES.tokenNotExist,
  displayName: MESSAGES.displayNameRequired,
  amount: MESSAGES.amountRequired,
  'idempotency-key': MESSAGES.idempotencyKeyRequired,
};

function fieldOf(issue: ValidationIssue): string {
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    return issue.params.missingProperty;
  }
  const segments = issue.instancePath.split('/').filter((s) => s.length > 0);
  return segments.join('.');
}

export function readableValidationMessage(issues: readonly ValidationIssue[], context?: string): string {
  const first = issues[0];
  if (first === undefined) return 'Invalid request';
  const field = fieldOf(first);
  const last = field.split('.').pop() ?? field;
  const emptyString = first.keyword === 'minLength' && first.params.limit === 1;
  const known = REQUIRED_MESSAGES[last];
  if ((first.keyword === 'required' || emptyString) && known !== undefined) return known;
  const subject = field.length > 0 ? field : (context ?? 'request');
  if (first.keyword === 'required') return `${subject} is required`;
  // A closed list (a sort column, a status, an order) names what it accepts.
  if (first.keyword === 'enum' && Array.isArray(first.params.allowedValues)) return `${subject} must be one of: ${first.params.allowedValues.join(', ')}`;
  return `${subject} ${first.message ?? 'is invalid'}`;
}
