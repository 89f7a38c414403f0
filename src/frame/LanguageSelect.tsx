import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_CHOICE_KEY, writeStored } from '../app/preferences';
import { useServices } from '../app/ServicesContext';
import { LANGUAGES, type Language } from '../../rules/languages';
import { toLanguage } from '../i18n/languages';
import { useSession } from '../session/useSession';

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
  const { api, session: actor } = useServices();
  const { session } = useSession();
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
          void i18n.changeLanguage(language);
          if (!session) {
            // Logged out: kept in this browser, and saved to the account at the next sign-in.
            writeStored(LANGUAGE_CHOICE_KEY, language);
            return;
          }
          api.saveLanguage(language).then(
            (updated) => actor.send({ type: 'session.update', session: updated }),
            // The client has shown the failure; the page stays in the chosen language.
            () => undefined,
          );
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
