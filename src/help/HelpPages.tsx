import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../routes/types';
import { FAQ, GUIDE, type HelpEntry } from './helpContent';
import { searchHelp } from './helpSearch';
import { HelpSearchBox, SearchOutcome, useHelpQuery } from './HelpSearchBox';

function useFiltered(entries: readonly HelpEntry[]) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useHelpQuery();
  const shown = searchHelp(entries, query, (key) => t(key), i18n.language);
  return { query, setQuery, shown };
}

function Paragraphs({ entry }: { entry: HelpEntry }) {
  const { t } = useTranslation();
  return entry.paragraphKeys.map((key) => <p key={key}>{t(key)}</p>);
}

/** /help: the Product Guide, from upload to payout, searchable in the reader's language. */
export function HelpGuidePage({ route }: PageProps) {
  const { t } = useTranslation();
  const { query, setQuery, shown } = useFiltered(GUIDE);
  return (
    <section className="page" aria-labelledby="help-title">
      <h1 id="help-title" className="page-title">
        {t(route.titleKey)}
      </h1>
      <HelpSearchBox query={query} onChange={setQuery} />
      <p className="page-note">{t('help.guide.intro')}</p>
      <SearchOutcome query={query} count={shown.length} onClear={() => setQuery('')} />
      {shown.length > 0 && (
        <nav aria-label={t('help.guide.contents')}>
          <ul className="help-contents">
            {shown.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`}>{t(entry.titleKey)}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="help-entries">
        {shown.map((entry) => (
          <article
            key={entry.id}
            id={entry.id}
            className="card help-entry"
            aria-labelledby={`${entry.id}-title`}
          >
            <h2 id={`${entry.id}-title`}>{t(entry.titleKey)}</h2>
            <Paragraphs entry={entry} />
          </article>
        ))}
      </div>
    </section>
  );
}

/** /help/faq: the questions label staff and payees ask; a search opens the answers it finds. */
export function HelpFaqPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { query, setQuery, shown } = useFiltered(FAQ);
  const { hash } = useLocation();
  const searching = query.trim() !== '';
  return (
    <section className="page" aria-labelledby="faq-title">
      <h1 id="faq-title" className="page-title">
        {t(route.titleKey)}
      </h1>
      <HelpSearchBox query={query} onChange={setQuery} />
      <p className="page-note">{t('help.faq.intro')}</p>
      <SearchOutcome query={query} count={shown.length} onClear={() => setQuery('')} />
      <div className="help-entries">
        {shown.map((entry) => (
          // A search's answers are open, and so is a question linked to (/help/faq#held).
          <details
            key={`${entry.id}-${searching ? 'open' : 'closed'}`}
            id={entry.id}
            className="card help-entry"
            open={searching || hash === `#${entry.id}`}
          >
            <summary>{t(entry.titleKey)}</summary>
            <Paragraphs entry={entry} />
          </details>
        ))}
      </div>
    </section>
  );
}
