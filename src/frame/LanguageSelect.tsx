import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_CHOICE_KEY, writeStored } from '../app/preferences';
import { LANGUAGES, toLanguage, type Language } from '../i18n';

/** Each language is offered under its own name. */
const LANGUAGE_NAME_KEYS: Record<Language, string> = {
  en: 'language.name.en',
  fr: 'language.name.fr',
  es: 'language.name.es',
  pt: 'language.name.pt',
  zh: 'language.name.zh',
  ja: 'language.name.ja',
};

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('frame.language.label')}</label>
      <select
        id={id}
        className="input"
        value={toLanguage(i18n.language)}
        onChange={(event) => {
          const language = toLanguage(event.target.value);
          // The server has no call to store the choice yet: it is kept in this browser.
          writeStored(LANGUAGE_CHOICE_KEY, language);
          void i18n.changeLanguage(language);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(LANGUAGE_NAME_KEYS[language])}
          </option>
        ))}
      </select>
    </div>
  );
}
