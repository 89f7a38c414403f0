import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useServerText } from '../i18n/serverText';
import type { Statement } from '../../api/statements';
import type { CorrectionOpened, StatementCorrections as Links } from '../../api/periods';
import { periodLabel } from './periodLabel';

const statementLink = (id: string) => `/statements/${encodeURIComponent(id)}`;

/**
 * On a statement's page: the closed statement it corrects, the correction statements that
 * correct it, and (its period being closed) the way to open one in the next open period.
 */
export function StatementCorrections({
  statement,
  canWrite,
}: {
  statement: Pick<Statement, 'id'>;
  canWrite: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const serverText = useServerText({ email: '' });
  const loaded = useLoad(
    () => api.get<Links>(`statements/${encodeURIComponent(statement.id)}/corrections`),
    [api, statement.id],
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const links = loaded.data;
  if (!links || (!links.closed && !links.corrects && links.correctedBy.length === 0)) return null;
  const name = (period: string) => periodLabel(t, i18n.language, period);

  const open = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const opened = await api.post<CorrectionOpened>(
        `statements/${encodeURIComponent(statement.id)}/correction`,
        undefined,
        { quiet: true },
      );
      void navigate(`${statementLink(opened.id)}?tab=adjustments`);
    } catch (error) {
      setProblem(error instanceof ApiError ? serverText(error.message) : t('periods.list.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card statement-corrections" aria-label={t('periods.corrections.heading')}>
      {links.corrects && (
        <p>
          {t('periods.corrections.corrects', { period: name(links.corrects.period) })}{' '}
          <Link to={statementLink(links.corrects.id)}>{links.corrects.title}</Link>
        </p>
      )}
      {links.correctedBy.map((correction) => (
        <p key={correction.id}>
          {t('periods.corrections.corrected-in', { period: name(correction.period) })}{' '}
          <Link to={statementLink(correction.id)}>{correction.title}</Link>
        </p>
      ))}
      {links.closed && (
        <>
          <p className="page-note">{t('periods.corrections.closed')}</p>
          {canWrite && (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void open()}
            >
              {t('periods.corrections.open')}
            </button>
          )}
        </>
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
