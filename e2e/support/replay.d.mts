export declare const REPLAY_SPEED: number;
export declare const REPLAY_RETENTION_MS: number;
export declare const REPLAY_FILES: string[];
export declare const replayEnv: Record<string, string>;
export declare const REPLAYED_ID: RegExp;
