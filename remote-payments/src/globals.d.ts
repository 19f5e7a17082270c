/** Set by DefinePlugin at build time (and by jest globals in tests). */
declare const __BUILD_LABEL__: string;
declare const __MF_LOAD_TIMEOUT_MS__: number;
