// The web app's version (package.json, semver), fixed at build time by vite.config.ts's `define` (Help → About).
declare const __APP_VERSION__: string | undefined;

export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
