/** JSON schemas of the health routes (responses only). */
import { responses } from '../common/schemas';

export const healthSchema = {
  tags: ['health'],
  response: responses({
    type: 'object',
    required: ['status', 'db', 'redis', 'version'],
    properties: {
      status: { type: 'string', enum: ['ok'] },
      db: { type: 'string', enum: ['up'] },
      redis: { type: 'string', enum: ['up', 'off'] },
      version: { type: 'string' },
    },
  }),
} as const;

export const livenessSchema = {
  tags: ['health'],
  response: responses({
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'string', enum: ['ok'] } },
  }),
} as const;
