/** JSON schemas of the settings routes (request and response). */
import type { SaveSettingListRequest } from '@backlay/shared/contracts';
import { bearerSecurity, responses, type Agree, type AllAgree, type BodyOf } from '../common/schemas';

const settingRowSchema = {
  type: 'object',
  required: ['key', 'value'],
  additionalProperties: false,
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 64 },
    value: { type: 'string', maxLength: 1000 },
  },
} as const;

const settingListResponse = responses({ type: 'array', items: settingRowSchema });

export const settingListSchema = { tags: ['settings'], security: bearerSecurity, response: settingListResponse } as const;

export const saveSettingListSchema = {
  tags: ['settings'],
  security: bearerSecurity,
  body: {
    type: 'object',
    required: ['settingList', 'transactionPassword'],
    additionalProperties: false,
    properties: {
      settingList: { type: 'array', minItems: 1, maxItems: 50, items: settingRowSchema },
      // Checked by the access hook (`transactionPassword: true`, ADR 0032).
      transactionPassword: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
  response: settingListResponse,
} as const;

/** The contract's request type (the front end's) agrees with the schema. */
export type SettingsContractsAgree = AllAgree<[Agree<SaveSettingListRequest, BodyOf<typeof saveSettingListSchema>>]>;
