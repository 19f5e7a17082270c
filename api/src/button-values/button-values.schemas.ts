/** JSON schemas of the stake-button routes (request and response). */
import { BUTTON_LABEL_MAX_LENGTH, BUTTON_VALUES_MAX, ODDS_ACCEPTANCES, type BetPreferences, type SaveBetPreferencesRequest, type SaveButtonValuesRequest } from '@backlay/shared/contracts';
import { bearerSecurity, responses, rupeesField, type Agree, type AllAgree, type BodyOf } from '../common/schemas';

const buttonSchema = {
  type: 'object',
  required: ['label', 'value'],
  properties: { label: { type: 'string' }, value: { type: 'number' } },
} as const;
const listResponse = responses({ type: 'array', items: buttonSchema });
const tags = ['button-values'] as const;

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

const betPreferencesSchema = {
  type: 'object',
  required: ['oddsAcceptance', 'oneClick', 'oneClickStake'],
  properties: { oddsAcceptance: { type: 'string' }, oneClick: { type: 'boolean' }, oneClickStake: { type: 'number' } },
} as const;
const preferencesTags = ['bet-preferences'] as const;

export const getBetPreferencesSchema = { tags: preferencesTags, security: bearerSecurity, response: responses(betPreferencesSchema) } as const;

export const saveBetPreferencesSchema = {
  tags: preferencesTags,
  security: bearerSecurity,
  body: {
    type: 'object',
    additionalProperties: false,
    properties: {
      oddsAcceptance: { type: 'string', enum: ODDS_ACCEPTANCES },
      oneClick: { type: 'boolean' },
      // Type-level bounds only; bet-preferences-rules.ts gives the readable message.
      oneClickStake: rupeesField,
    },
  },
  response: responses(betPreferencesSchema),
} as const;

/** The contracts' request types (the front end's) agree with the schemas. */
export type ButtonValuesContractsAgree = AllAgree<
  [Agree<SaveButtonValuesRequest, BodyOf<typeof saveButtonValuesSchema>>, Agree<SaveBetPreferencesRequest, BodyOf<typeof saveBetPreferencesSchema>>]
>;
export type { BetPreferences };
