import { MESSAGES } from '@backlay/shared/contracts';
import { readableValidationMessage, type ValidationIssue } from './validation-message';

const required = (field: string): ValidationIssue => ({
  keyword: 'required',
  instancePath: '',
  message: `must have required property '${field}'`,
  params: { missingProperty: field },
});

describe('readableValidationMessage', () => {
  it.each([
    [[required('username')], MESSAGES.usernameRequired],
    [[required('password')], MESSAGES.passwordRequired],
    [[required('token')], MESSAGES.tokenNotExist],
    [[required('confirmTransactionPassword')], MESSAGES.confirmPasswordRequired],
    [[{ keyword: 'minLength', instancePath: '/newPassword', message: 'must NOT have fewer than 1 characters', params: { limit: 1 } }], MESSAGES.newPasswordRequired],
    [[required('settingList')], 'settingList is required'],
    [[{ keyword: 'maximum', instancePath: '/limit', message: 'must be <= 100', params: { limit: 100 } }], 'limit must be <= 100'],
    [[{ keyword: 'type', instancePath: '/settingList/0/value', message: 'must be string', params: {} }], 'settingList.0.value must be string'],
    [[{ keyword: 'type', instancePath: '', message: 'must be object', params: {} }], 'body must be object'],
    [[{ keyword: 'enum', instancePath: '/sort', message: 'must be equal to one of the allowed values', params: { allowedValues: ['username', 'balance'] } }], 'sort must be one of: username, balance'],
    [[], 'Invalid request'],
  ])('%j → %j', (issues, expected) => {
    expect(readableValidationMessage(issues as ValidationIssue[], 'body')).toBe(expected);
  });
});
