// Parts of a language's texts, made by the locale-sections plugin of vite.config.ts.
declare module 'locale-sections:*' {
  const texts: Record<string, unknown>;
  export default texts;
}
