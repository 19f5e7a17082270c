/** JSON schema of the health route (response only). */
import { responses } from '../common/schemas';

export const healthSchema = {
  tags: ['health'],
  response: responses({
    type: 'object',
    required: ['status', 'db'],
    properties: { status: { type: 'string', enum: ['ok'] }, db: { type: 'string', enum: ['up'] } },
  }),
} as const;
