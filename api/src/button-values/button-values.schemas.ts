/** JSON schemas of the stake-button routes (request and response). */
import { BUTTON_LABEL_MAX_LENGTH, BUTTON_VALUES_MAX, type SaveButtonValuesRequest } from '@backlay/shared/contracts';
import { bearerSecurity, responses, rupeesField, type Agree, type AllAgree, type BodyOf } from '../common/schemas';

const buttonSchema = {
  type: 'object',
  required: ['label', 'value'],
  properties: { label: { type: 'string' }, value: { type: 'number' } },
} as const;
const listResponse = responses({ type: 'array', items: buttonSchema });
const tags = ['button values'] as const;

export const buttonValuesSchema = { tags, security: bearerSecurity, response: listResponse } as const;

export const saveButtonValuesSchema = {
  tags,
  security: bearerSecurity,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['buttons'],
    properties: {
      // Type-level bounds only; button-values-rules.ts gives the readable message.
      buttons: {
        type: 'array',
        maxItems: BUTTON_VALUES_MAX * 10,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['label', 'value'],
          properties: { label: { type: 'string', maxLength: BUTTON_LABEL_MAX_LENGTH * 10 }, value: rupeesField },
        },
      },
    },
  },
  response: listResponse,
} as const;

/** The contract's request type (the front end's) agrees with the schema. */
export type ButtonValuesContractsAgree = AllAgree<[Agree<SaveButtonValuesRequest, BodyOf<typeof saveButtonValuesSchema>>]>;
