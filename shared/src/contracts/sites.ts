/**
 * White-label sites (issue 35, ADR 0074): one deployment serves many branded sites, each an
 * Admin's subtree with its own domains, name, logo, colours, support contact and maintenance
 * switch. GET /api/site answers the site of the request's host; the shell reads it at load.
 */

/** The colours a site's theme sets, as CSS custom properties of the shell (`--bl-brand-…`). */
export const SITE_THEME_KEYS = ['primary', 'accent', 'header', 'headerText'] as const;
export type SiteThemeKey = (typeof SITE_THEME_KEYS)[number];
export type SiteTheme = Record<SiteThemeKey, string>;

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
