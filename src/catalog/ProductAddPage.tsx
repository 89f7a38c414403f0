import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import type { PageProps } from '../routes/types';
import { createProduct } from './catalogApi';
import { CodesEditor, codesValid, newCodeDraft, type CodeDraft } from './CodesEditor';
import {
  emptyProductForm,
  ProductFieldsForm,
  productFieldsOf,
  productFormProblem,
  type ProductFormValues,
} from './ProductFieldsForm';
import { isCodeKind, normaliseCode } from './productRules';
import { LabelAccountSelect } from './LabelAccountSelect';
import { actingAs } from '../routes/access';
import { useSession } from '../session/useSession';
import '../widgets/pageParts.css';
import './catalog.css';

/** `?code=…&kind=…` (the statement's Needs Attention list) pre-fills the first code. */
function initialCodes(params: URLSearchParams): CodeDraft[] {
  const code = params.get('code');
  const kind = params.get('kind');
  return [newCodeDraft(code ?? '', isCodeKind(kind) ? kind : 'isrc')];
}

/** Admins and overseers belong to the portal's own account and name the product's label account. */
function useIsStaff(): boolean {
  const { session } = useSession();
  if (!session) return false;
  const { roles } = actingAs(session);
  return roles.includes('admin') || roles.includes('overseer');
}

/** /products/add: every field and type of SPEC section 3, and the product's codes. */
export function ProductAddPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<ProductFormValues>(emptyProductForm);
  const [codes, setCodes] = useState<CodeDraft[]>(() => initialCodes(params));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const staff = useIsStaff();
  const [accountId, setAccountId] = useState('');

  const problem =
    staff && accountId === '' ? 'catalog.add.label-required' : productFormProblem(values);
  const chooseLabel = (id: string) => {
    setAccountId(id);
    // The artist belongs to a label: another label's artist cannot stay chosen.
    setValues((current) => ({ ...current, artistId: '' }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem || !codesValid(codes)) return;
    setSaving(true);
    createProduct(api, {
      ...productFieldsOf(values),
      codes: codes.map(({ code, kind }) => ({ code: normaliseCode(code, kind), kind })),
      ...(staff ? { accountId } : {}),
    }).then(
      (product) => void navigate(`/products/${encodeURIComponent(product.id)}`),
      // The client has shown the server's text (a code of another product, say).
      () => setSaving(false),
    );
  };

  return (
    <section className="page catalog-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <form className="form product-form" onSubmit={submit} noValidate>
        {staff && (
          <LabelAccountSelect value={accountId} onChange={chooseLabel} showProblem={tried} />
        )}
        <ProductFieldsForm
          values={values}
          onChange={setValues}
          {...(staff ? { artistAccountId: accountId } : {})}
        />
        <CodesEditor codes={codes} onChange={setCodes} showListProblem={tried} />
        {tried && problem && (
          <p className="field-error" role="alert">
            {t(problem)}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? t('catalog.add.saving') : t('catalog.add.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
