import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';

import { LANGUAGES, type Language } from '../rules/languages';

export { LANGUAGES, type Language };

const localesDir = join(import.meta.dirname, '..', 'locales');

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        translation: JSON.parse(
          readFileSync(join(localesDir, `${language}.json`), 'utf8'),
        ) as object,
      },
    ]),
  ),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Texts the server writes itself (e-mails), in the reader's language; English when unknown. */
export function translator(language: string): TFunction {
  return instance.getFixedT(LANGUAGES.includes(language as never) ? language : 'en');
}
