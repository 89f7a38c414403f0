/** The languages the portal is translated into; the first is the fallback. */
export const LANGUAGES = ['en', 'fr', 'es', 'pt', 'zh', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
