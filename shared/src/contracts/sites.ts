/**
 * White-label sites (issue 35, ADR 0074): one deployment serves many branded sites, each an
 * Admin's subtree with its own domains, name, logo, colours, support contact and maintenance
 * switch. GET /api/site answers the site of the request's host; the shell reads it at load.
 */

/** The colours a site's theme sets, as CSS custom properties of the shell (`--bl-brand-…`). */
export const SITE_THEME_KEYS = ['primary', 'accent', 'header', 'headerText'] as const;
export type SiteThemeKey = (typeof SITE_THEME_KEYS)[number];
export type SiteTheme = Record<SiteThemeKey, string>;

/**
 * The installable app's icons (ADR 0076): files of the shell (shell/public/icons, drawn by
 * shell/scripts/draw-icons.mjs, revalidated on every load), named by each site's manifest
 * (GET /api/site/manifest).
 */
export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/** GET /api/site/manifest: the web app manifest of the host's site (ADR 0076). */
export interface AppManifest {
  id: '/';
  name: string;
  short_name: string;
  start_url: '/';
  scope: '/';
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: typeof APP_ICONS;
}

/** The languages a site may offer. */
export const SITE_LANGUAGES = ['en', 'hi'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/** GET /api/site (public): what the shell needs to show the site of the host it was loaded from. */
export interface PublicSite {
  id: string;
  name: string;
  theme: SiteTheme;
  /** A data: URL of the logo (SVG, PNG or WebP), or null: the name is the mark. */
  logo: string | null;
  languages: SiteLanguage[];
  defaultLanguage: SiteLanguage;
  support: { email: string; phone: string };
  /** The site's own maintenance switch (the platform's is the `maintenance` setting). */
  maintenance: boolean;
  maintenanceMessage: string;
}

export const SITE_MESSAGES = {
  /** 401 of a token used on another site's domain. */
  otherSite: 'This session belongs to another site. Please sign in here.',
} as const;

/** The Admin account a site is bound to (the root's child whose subtree the site is). */
export interface SiteAdminRef {
  id: string;
  username: string;
}

/**
 * GET /api/get-site-list: the sites as the Super Admin manages them (all of them) or as an Admin
 * sees its own (the site its account is on; the default site's Admins see the default site).
 */
export interface SiteAdminRow extends PublicSite {
  domains: string[];
  /** The site a host no site names is answered as; it keeps the flag forever. */
  isDefault: boolean;
  /** The bound Admin, or null (the default site has none). */
  admin: SiteAdminRef | null;
}

/** The site's fields an Admin may change on its own site (the Super Admin on any). */
export interface SiteFields {
  name: string;
  theme: SiteTheme;
  /** A data: URL (SVG, PNG or WebP, at most SITE_LOGO_MAX_BYTES decoded), or null for none. */
  logo: string | null;
  support: { email: string; phone: string };
  languages: SiteLanguage[];
  defaultLanguage: SiteLanguage;
  maintenanceMessage: string;
}

/** POST /api/create-site (the Super Admin only): a site, its domains and its new Admin. */
export interface CreateSiteRequest extends SiteFields {
  id: string;
  /** Host names (lower-cased, no port); at least one. */
  domains: string[];
  /** The site's Admin, created as the root's child on the new site and bound to it. */
  admin: { username: string; password: string; /** Cumulative partnership in percent (≤ the root's). */ partnership: number };
  transactionPassword: string;
}

/**
 * POST /api/update-site: the fields sent change, the others stay. An Admin edits its own site
 * only and never its domains; the Super Admin edits any site.
 */
export interface UpdateSiteRequest extends Partial<SiteFields> {
  id: string;
  maintenance?: boolean;
  domains?: string[];
  transactionPassword: string;
}

/** The largest logo, decoded. */
export const SITE_LOGO_MAX_BYTES = 64 * 1024;
/** The most domains one site answers on. */
export const SITE_MAX_DOMAINS = 20;
export const SITE_NAME_MAX_LENGTH = 40;
export const SITE_MAINTENANCE_MESSAGE_MAX_LENGTH = 300;
export const SITE_SUPPORT_EMAIL_MAX_LENGTH = 120;
export const SITE_SUPPORT_PHONE_MAX_LENGTH = 20;
/** A site id: a lower-case slug of 2 to 32 characters (the `sites.id` check). */
export const SITE_ID_PATTERN_SOURCE = '^[a-z0-9][a-z0-9-]{1,31}$';
/** A theme colour. */
export const SITE_COLOUR_PATTERN_SOURCE = '^#[0-9a-fA-F]{6}$';

/** The words of the site routes' answers (issue 35). */
export const SITE_ADMIN_MESSAGES = {
  created: 'Site created',
  updated: 'Site saved',
  notFound: 'Site not found',
  idInvalid: 'The site id must be 2 to 32 lower-case letters, digits or hyphens, starting with a letter or digit',
  idTaken: (id: string) => `A site with the id ${id} already exists`,
  nameInvalid: `The site name must be 2 to ${SITE_NAME_MAX_LENGTH} characters`,
  domainsRequired: 'Give the site at least one domain',
  tooManyDomains: `A site answers on at most ${SITE_MAX_DOMAINS} domains`,
  domainInvalid: (domain: string) => `${domain.slice(0, 60)} is not a host name`,
  domainTaken: (domain: string, site: string) => `The domain ${domain} already answers for the site ${site}`,
  colourInvalid: (key: string) => `The ${key} colour must be #rrggbb`,
  logoInvalid: 'The logo must be an SVG, PNG or WebP image',
  logoTooLarge: `The logo must be at most ${SITE_LOGO_MAX_BYTES / 1024} KB`,
  supportEmailInvalid: 'The support email is not an email address',
  supportPhoneInvalid: 'The support phone must be digits, spaces or hyphens with an optional leading +, at most 20',
  languagesInvalid: 'Choose the languages from the list, each once, and the default among them',
  maintenanceMessageTooLong: `The maintenance message must be at most ${SITE_MAINTENANCE_MESSAGE_MAX_LENGTH} characters`,
  domainsSuperAdminOnly: "Only the Super Admin changes a site's domains",
} as const;
