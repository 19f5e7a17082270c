export interface ChromiumBuild {
  readonly path: string;
  readonly debianPackage: string;
  /** Playwright's launch options for it, with CHROMIUM_FLAGS. */
  readonly launchOptions: { executablePath: string; args: string[] };
}
export declare const CHROMIUM_FLAGS: string[];
export declare const FULL_CHROMIUM: ChromiumBuild;
export declare const JOURNEY_CHROMIUM: ChromiumBuild;
