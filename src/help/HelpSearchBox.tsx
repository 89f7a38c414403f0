import { useId } from 'react';
import { NavLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import './help.css';

/** The search of /help, kept in the address (`?q=`) so it stays when moving between Guide and FAQ. */
export function useHelpQuery(): [string, (query: string) => void] {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const setQuery = (next: string) => setParams(next ? { q: next } : {}, { replace: true });
  return [query, setQuery];
}

/** Guide and FAQ links and the search box, the head of both help pages. */
export function HelpSearchBox({
  query,
  onChange,
}: {
  query: string;
  onChange: (q: string) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const search = query ? `?q=${encodeURIComponent(query)}` : '';
  return (
    <>
      <nav className="help-switch" aria-label={t('help.page.switch-label')}>
        <NavLink to={`/help${search}`} end>
          {t('help.page.guide-link')}
        </NavLink>
        <NavLink to={`/help/faq${search}`}>{t('help.page.faq-link')}</NavLink>
      </nav>
      <div className="help-search" role="search">
        <label htmlFor={inputId}>{t('help.page.search-label')}</label>
        <input
          id={inputId}
          type="search"
          value={query}
          placeholder={t('help.page.search-hint')}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </>
  );
}

/** What the search left: the count, or a clear way back when nothing matches. */
export function SearchOutcome({
  query,
  count,
  onClear,
}: {
  query: string;
  count: number;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (!query.trim()) return null;
  return (
    <p className="page-note" role="status">
      {count === 0 ? t('help.page.no-match', { query }) : t('help.page.matches', { count })}{' '}
      <button type="button" className="button button-secondary button-small" onClick={onClear}>
        {t('help.page.clear')}
      </button>
    </p>
  );
}
