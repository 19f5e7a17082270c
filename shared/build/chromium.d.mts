export interface ChromiumBuild {
  readonly path: string;
  readonly debianPackage: string;
}
export declare const FULL_CHROMIUM: ChromiumBuild;
export declare const JOURNEY_CHROMIUM: ChromiumBuild;
export declare const CHROMIUM_FLAGS: string[];
