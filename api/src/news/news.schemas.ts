/** JSON schemas of the news routes (request and response). */
import { NEWS_TEXT_MAX_LENGTH, type SaveMessageRequest, type UpdateMessageRequest } from '@backlay/shared/contracts';
import { siteIdSchema } from '../sites/site-scope';
import { bearerSecurity, isoTimeSchema, responses, uuidSchema, type Agree, type AllAgree, type BodyOf } from '../common/schemas';

const messageSchema = {
  type: 'object',
  required: ['_id', 'text', 'active', 'createdAt', 'siteId'],
  properties: {
    _id: uuidSchema,
    text: { type: 'string' },
    active: { type: 'boolean' },
    createdAt: isoTimeSchema,
    siteId: { type: ['string', 'null'] },
  },
} as const;
/** Type-level bound only (the trimmed length is checked by news-rules.ts with its message). */
const textField = { type: 'string', maxLength: NEWS_TEXT_MAX_LENGTH * 4 } as const;
const tags = ['news'] as const;
/** A site (ADR 0074), or null: every site (the Super Admin's). */
const siteIdOrEverySchema = { anyOf: [siteIdSchema, { type: 'null' }] } as const;

export const messagesSchema = { tags, security: bearerSecurity, response: responses({ type: 'array', items: messageSchema }) } as const;

export const saveMessageSchema = {
  tags,
  security: bearerSecurity,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['text', 'active'],
    properties: { text: textField, active: { type: 'boolean' }, siteId: siteIdOrEverySchema },
  },
  response: responses(messageSchema),
} as const;

export const updateMessageSchema = {
  tags,
  security: bearerSecurity,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['_id'],
    properties: { _id: uuidSchema, text: textField, active: { type: 'boolean' } },
  },
  response: responses(messageSchema),
} as const;

/** The contracts' request types (the front end's) agree with these schemas. */
export type NewsContractsAgree = AllAgree<
  [Agree<SaveMessageRequest, BodyOf<typeof saveMessageSchema>>, Agree<UpdateMessageRequest, BodyOf<typeof updateMessageSchema>>]
>;
