export declare const RACE_SPACING_MS: number;
export declare const racingEnv: Record<string, string>;
export declare const RACING_SPORT_IDS: { horseRacing: number; greyhoundRacing: number };
