import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { LANGUAGES } from '../../rules/languages';
import { TextInput } from '../widgets/TextInput';
import type { Profile } from '../../api/settings';
import {
  AUTO_TIMEZONE,
  availableCurrencies,
  CLOCKS,
  formatNameValue,
  nameProblems,
  type Clock,
} from '../../rules/profile';
import { useMessageText } from './messages';
import { SelectField } from '../widgets/SelectField';
import { readProfile, saveProfile } from './settingsApi';
import { useSessionRefresh } from './useSessionRefresh';

const LANGUAGE_KEYS: Record<(typeof LANGUAGES)[number], string> = {
  en: 'language.name.en',
  fr: 'language.name.fr',
  es: 'language.name.es',
  pt: 'language.name.pt',
  zh: 'language.name.zh',
  ja: 'language.name.ja',
};

const CLOCK_KEYS: Record<Clock, string> = {
  '12hour': 'settings.profile.clock-12',
  '24hour': 'settings.profile.clock-24',
};

const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/** Names (SPEC "Name value") and display preferences (SPEC section 9). */
export function ProfileSection() {
  const { api } = useServices();
  const loaded = useLoad((signal) => readProfile(api, signal), [api]);
  if (!loaded.data) return null;
  return <ProfileForm saved={loaded.data.profile} editable={loaded.data.editable} />;
}

function ProfileForm({ saved, editable }: { saved: Profile; editable: boolean }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const text = useMessageText();
  const refreshSession = useSessionRefresh();
  const [draft, setDraft] = useState<Profile>(saved);
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> }>();
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);
  const problems = nameProblems(draft);
  const set = (field: keyof Profile) => (value: string) => {
    setDone(false);
    setDraft((current) => ({ ...current, [field]: value }));
  };
  const errorOf = (field: keyof Profile) =>
    text.rule(field in problems ? problems[field as keyof typeof problems] : undefined) ??
    failure?.fields[field] ??
    null;

  const save = async () => {
    setSaving(true);
    setFailure(undefined);
    try {
      const answer = await saveProfile(api, draft);
      setDraft(answer.profile);
      await refreshSession(answer.profile.language);
      setDone(true);
    } catch (error) {
      setFailure(text.failure(error));
    } finally {
      setSaving(false);
    }
  };

  const select = (
    field: 'language' | 'timezone' | 'clock' | 'currency',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <SelectField
      label={label}
      value={draft[field]}
      onChange={set(field)}
      options={options}
      error={failure?.fields[field] ?? null}
    />
  );

  return (
    <form
      className="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (Object.keys(problems).length === 0 && !saving) void save();
      }}
    >
      <fieldset disabled={!editable}>
        <legend>{t('settings.profile.names')}</legend>
        <div className="settings-row">
          <TextInput
            label={t('settings.profile.first-name')}
            value={draft.firstName}
            onChange={set('firstName')}
            error={errorOf('firstName')}
            autoComplete="given-name"
            required
          />
          <TextInput
            label={t('settings.profile.middle-initial')}
            value={draft.middleInitial}
            onChange={set('middleInitial')}
            error={errorOf('middleInitial')}
            maxLength={2}
            size="small"
            autoComplete="additional-name"
          />
          <TextInput
            label={t('settings.profile.last-name')}
            value={draft.lastName}
            onChange={set('lastName')}
            error={errorOf('lastName')}
            autoComplete="family-name"
            required
          />
        </div>
        <TextInput
          label={t('settings.profile.display-name')}
          value={draft.displayName}
          onChange={set('displayName')}
          error={errorOf('displayName')}
          hint={t('settings.profile.display-name-hint')}
          autoComplete="nickname"
        />
        <p className="page-note">
          {t('settings.profile.shown-as', {
            name: draft.displayName.trim() || formatNameValue(draft),
          })}
        </p>
      </fieldset>
      <fieldset disabled={!editable}>
        <legend>{t('settings.profile.preferences')}</legend>
        <div className="settings-row">
          {select(
            'language',
            t('settings.profile.language'),
            LANGUAGES.map((language) => ({ value: language, label: t(LANGUAGE_KEYS[language]) })),
          )}
          {select(
            'clock',
            t('settings.profile.clock'),
            CLOCKS.map((clock) => ({ value: clock, label: t(CLOCK_KEYS[clock]) })),
          )}
        </div>
        <div className="settings-row">
          {select('timezone', t('settings.profile.timezone'), [
            { value: AUTO_TIMEZONE, label: t('settings.profile.timezone-auto') },
            ...TIME_ZONES.map((zone) => ({ value: zone, label: zone })),
          ])}
          {select(
            'currency',
            t('settings.profile.currency'),
            availableCurrencies().map((currency) => ({ value: currency, label: currency })),
          )}
        </div>
      </fieldset>
      {failure && (
        <p className="field-error" role="alert">
          {failure.message}
        </p>
      )}
      {done && (
        <p className="settings-saved" role="status">
          {t('settings.page.saved')}
        </p>
      )}
      {editable && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {t('settings.page.save')}
          </button>
        </div>
      )}
    </form>
  );
}
