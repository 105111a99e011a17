/** The package version, replaced at build time (vite `define`) and in tests. */
declare const __PAYTOKEN_VERSION__: string;
