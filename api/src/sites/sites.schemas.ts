/** JSON schemas of the sites routes (ADR 0074). */
import { SITE_LANGUAGES, SITE_THEME_KEYS } from '@backlay/shared/contracts';
import { responses } from '../common/schemas';

const colour = { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' } as const;

export const publicSiteResponse = {
  type: 'object',
  required: ['id', 'name', 'theme', 'logo', 'languages', 'defaultLanguage', 'support', 'maintenance', 'maintenanceMessage'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    theme: { type: 'object', required: [...SITE_THEME_KEYS], properties: Object.fromEntries(SITE_THEME_KEYS.map((key) => [key, colour])) },
    logo: { type: ['string', 'null'] },
    languages: { type: 'array', items: { type: 'string', enum: [...SITE_LANGUAGES] } },
    defaultLanguage: { type: 'string', enum: [...SITE_LANGUAGES] },
    support: { type: 'object', required: ['email', 'phone'], properties: { email: { type: 'string' }, phone: { type: 'string' } } },
    maintenance: { type: 'boolean' },
    maintenanceMessage: { type: 'string' },
  },
} as const;

export const publicSiteSchema = {
  tags: ['sites'],
  description: "The site of the request's host (a host no site names is the default site): its name, theme, logo, languages and support contact, for the shell to show.",
  response: responses(publicSiteResponse),
} as const;
