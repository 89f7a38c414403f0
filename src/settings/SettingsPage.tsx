import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes/types';
import { useSession } from '../session/useSession';
import { SETTINGS_SECTIONS } from './sections';
import { UsernameConfirmation } from './UsernameConfirmation';
import { Tabs } from '../widgets/Tabs';
import '../widgets/pageParts.css';
import './settings.css';

/** /settings, shown as Account: the signed-in person's own account, one tab per section. */
export function SettingsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { session } = useSession();
  const [params, setParams] = useSearchParams();
  const sections = SETTINGS_SECTIONS.filter(
    (section) => !section.shownTo || (session !== null && section.shownTo(session)),
  );
  const current = sections.find((section) => section.id === params.get('section')) ?? sections[0];
  const emulating = !!session?.emulation;
  return (
    <section className="page settings-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      {emulating && (
        <p className="page-note settings-read-only" role="status">
          {t('settings.page.read-only')}
        </p>
      )}
      <UsernameConfirmation />
      <Tabs
        label={t('settings.page.tabs-label')}
        items={sections.map((section) => ({ key: section.id, label: t(section.labelKey) }))}
        selected={current?.id ?? null}
        onSelect={(section) => setParams({ section }, { replace: true })}
      />
      {current && (
        <div role="tabpanel" className="tab-panel" aria-label={t(current.labelKey)}>
          <current.Component />
        </div>
      )}
    </section>
  );
}
