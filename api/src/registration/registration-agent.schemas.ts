/** JSON schemas of the registration agent routes (ADR 0074 "Content per site"). */
import { type SaveRegistrationAgentRequest } from '@backlay/shared/contracts';
import { bearerSecurity, responses, type Agree, type AllAgree, type BodyOf } from '../common/schemas';
import { siteIdSchema } from '../sites/site-scope';

const tags = ['registration'] as const;
const agentResponse = {
  type: 'object',
  required: ['siteId', 'username'],
  properties: { siteId: { type: 'string' }, username: { type: ['string', 'null'] } },
} as const;

export const registrationAgentSchema = {
  tags,
  security: bearerSecurity,
  description: "The DL a site's new players register under (null: the configured REGISTRATION_PARENT_USERNAME on it).",
  querystring: { type: 'object', additionalProperties: false, properties: { siteId: siteIdSchema } },
  response: responses(agentResponse),
} as const;

export const saveRegistrationAgentSchema = {
  tags,
  security: bearerSecurity,
  description: 'Sets the registration agent of a site: a DL of that site in the caller\'s downline, not locked; null: the configured name.',
  body: {
    type: 'object',
    required: ['username', 'transactionPassword'],
    additionalProperties: false,
    properties: {
      siteId: siteIdSchema,
      username: { type: ['string', 'null'], minLength: 1, maxLength: 64 },
      transactionPassword: { type: 'string', minLength: 1, maxLength: 64 },
    },
  },
  response: responses(agentResponse),
} as const;

/** The contracts' request type (the front end's) agrees with the schema. */
export type RegistrationAgentContractsAgree = AllAgree<[Agree<SaveRegistrationAgentRequest, BodyOf<typeof saveRegistrationAgentSchema>>]>;
