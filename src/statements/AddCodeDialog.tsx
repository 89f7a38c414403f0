import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { changeProduct, listProducts, readProduct } from '../catalog/catalogApi';
import { useCatalogAccess } from '../catalog/useCatalogAccess';
import { addCodePath } from '../import/importForm';
import { codesWithMissing } from './missingCode';
import { ProductRequestForm } from './ProductRequests';
import { Modal } from '../widgets/Modal';
import { TextInput } from '../widgets/TextInput';
import { CODE_KINDS, type CodeKind } from '../../rules/records';

export interface MissingCodeChoice {
  code: string;
  kind: string;
}

interface Props {
  missing: MissingCodeChoice;
  /** The statement's label account: only its products may take the code. */
  accountId: string;
  /** The statement naming the code: the label may ask the overseer for a new product for it. */
  statementId?: string;
  onClose: () => void;
  /** The code is now a product's: the statement is read again. */
  onAdded: () => void;
}

const SEARCH_LIMIT = 20;

const codeKindOf = (kind: string): CodeKind =>
  CODE_KINDS.find((known) => known === kind) ?? 'custom';

/**
 * A statement's missing code, resolved by the label itself: the code is added to one of the
 * account's products found by title or code, or (for those who may create products) to a new one;
 * a label asks the overseer for a new one.
 */
export function AddCodeDialog({ missing, accountId, statementId, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const { canAdd, canEdit } = useCatalogAccess();
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const found = useLoad(
    (signal) =>
      listProducts(api, { q: search.trim() || undefined, limit: SEARCH_LIMIT }, signal).then(
        (answer) => answer.items.filter((product) => product.accountId === accountId),
      ),
    [api, search, accountId],
  );
  const products = found.status === 'ready' ? found.data : [];

  const addTo = async (productId: string, title: string) => {
    setSaving(true);
    try {
      const product = await readProduct(api, productId);
      const codes = codesWithMissing(product.codes, {
        code: missing.code,
        kind: codeKindOf(missing.kind),
      });
      // Held already in another spelling: the statement only needs reading again.
      if (codes) await changeProduct(api, productId, { version: product.version, codes });
      toasts.send({
        type: 'toast.add',
        toast: {
          type: 'success',
          content: t('statements.add-code.added', { code: missing.code, product: title }),
        },
      });
      onAdded();
      onClose();
    } catch {
      // The client has shown the server's text (the code of another product, say).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('statements.add-code.title', { code: missing.code })}
      onClose={onClose}
      width={620}
      footer={
        canAdd ? (
          <Link className="button button-secondary" to={addCodePath(missing.code, missing.kind)}>
            {t('statements.add-code.create-product')}
          </Link>
        ) : undefined
      }
    >
      <p>{t('statements.add-code.note', { code: missing.code })}</p>
      <TextInput
        label={t('statements.add-code.search')}
        value={search}
        onChange={setSearch}
        size="small"
      />
      {found.status === 'loading' ? (
        <p className="page-note">{t('statements.add-code.searching')}</p>
      ) : products.length === 0 ? (
        <p className="page-note">{t('statements.add-code.none')}</p>
      ) : (
        <ul className="add-code-results" aria-label={t('statements.add-code.results')}>
          {products.map((product) => (
            <li key={product.id}>
              <span>
                <strong>{product.title}</strong>{' '}
                <span className="page-note">
                  {product.codes.map((code) => code.code).join(', ')}
                </span>
              </span>
              {canEdit && (
                <button
                  type="button"
                  className="button button-primary button-small"
                  disabled={saving}
                  aria-label={t('statements.add-code.add-to', { product: product.title })}
                  onClick={() => void addTo(product.id, product.title)}
                >
                  {t('statements.add-code.add')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {statementId && canEdit && !canAdd && (
        <ProductRequestForm statementId={statementId} code={missing.code} kind={missing.kind} />
      )}
    </Modal>
  );
}
