import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import type { PageProps } from '../routes/types';
import { List } from '../widgets/list/List';
import type { ListColumn } from '../widgets/list/columns';
import { listDistributors } from './distributorsApi';
import { useCanEditDistributors } from './useDistributorAccess';
import './distributors.css';
import type { Distributor } from '../../api/distributors';

interface DistributorRow extends Distributor {
  uploadLabel: string;
  templateLabel: string;
}

/** /distributors: every distributor, whether it takes uploads and has a template. */
export function DistributorsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const canEdit = useCanEditDistributors();
  const distributors = useLoad(() => listDistributors(api), [api]);

  const columns: ListColumn<DistributorRow>[] = [
    {
      label: t('distributors.list.name'),
      key: 'name',
      linkPath: '/distributors/:id',
      width: 220,
      flexGrow: 2,
    },
    { label: t('distributors.list.uploadable'), key: 'uploadLabel', width: 140 },
    { label: t('distributors.list.template'), key: 'templateLabel', width: 140 },
  ];
  const listed = distributors.status === 'ready' ? distributors.data.items : [];
  const rows: DistributorRow[] = listed.map((distributor) => ({
    ...distributor,
    uploadLabel: distributor.uploadable ? t('distributors.list.yes') : t('distributors.list.no'),
    templateLabel: distributor.hasTemplate ? t('distributors.list.yes') : t('distributors.list.no'),
  }));

  return (
    <section className="page distributors-page">
      <header className="distributors-head">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        {canEdit && (
          <Link className="button button-primary" to="/distributors/add">
            {t('distributors.list.add')}
          </Link>
        )}
      </header>
      <List
        label={t('distributors.list.table-label')}
        columns={columns}
        rows={rows}
        loading={distributors.status === 'loading'}
        loadingText={t('distributors.list.loading')}
        emptyText={t('distributors.list.empty')}
        maxRows={14}
      />
    </section>
  );
}
