import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { List } from '../widgets/list/List';
import type { ListColumn } from '../widgets/list/columns';
import type { Recoupment } from '../../api/recoupments';
import { ProgressCell, RemainingCell, StatusCell } from './RecoupmentCells';
import { listRecoupments } from './recoupmentsApi';
import { RecoupmentDialog } from './RecoupmentDialog';
import type { ProductRef } from './recoupmentDraft';
import { useRecoupmentEditing } from './useRecoupmentEditing';

/** A product's Recoupments tab: the recoupments linked to it that the reader may see. */
export function ProductRecoupments({ product }: { product: ProductRef }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const productId = product.id;
  const editing = useRecoupmentEditing();
  const [creating, setCreating] = useState(false);
  const linked = useLoad(
    (signal) => listRecoupments(api, { product: productId }, signal),
    [api, productId],
  );
  const columns: ListColumn<Recoupment>[] = [
    {
      label: t('recoupments.list.title'),
      key: 'title',
      linkPath: '/recoupments/:id',
      width: 200,
      flexGrow: 2,
    },
    {
      label: t('recoupments.list.remaining'),
      key: 'remaining',
      component: RemainingCell,
      width: 110,
    },
    { label: t('recoupments.list.progress'), key: 'recouped', component: ProgressCell, width: 110 },
    { label: t('recoupments.list.status'), key: 'status', component: StatusCell, width: 90 },
  ];
  return (
    <section className="card" data-testid="product-recoupments">
      <header className="recoup-head">
        <h2 className="section-title">{t('catalog.tabs.recoupments')}</h2>
        {editing === 'pages' && (
          <Link className="button button-secondary" to="/recoupments/add">
            {t('recoupments.dialog.new')}
          </Link>
        )}
        {editing === 'dialog' && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setCreating(true)}
          >
            {t('recoupments.dialog.new')}
          </button>
        )}
      </header>
      {creating && (
        <RecoupmentDialog
          product={product}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            linked.reload();
          }}
        />
      )}
      <List
        label={t('catalog.tabs.recoupments')}
        columns={columns}
        rows={linked.data?.items ?? []}
        loading={linked.status === 'loading'}
        loadingText={t('recoupments.list.loading')}
        emptyText={t('recoupments.product.none')}
        maxRows={8}
      />
    </section>
  );
}
