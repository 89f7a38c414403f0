import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { TextInput } from '../widgets/TextInput';
import { changeProduct } from './catalogApi';
import { CodesEditor, codesValid, newCodeDraft, type CodeDraft } from './CodesEditor';
import { normaliseCode, parseTags } from './productRules';
import type { Product } from '../../api/products';

interface TabProps {
  product: Product;
  onChanged: (product: Product) => void;
  editable: boolean;
}

const KIND_KEYS = {
  isrc: 'catalog.codes.kind-isrc',
  upc: 'catalog.codes.kind-upc',
  custom: 'catalog.codes.kind-custom',
} as const;

export function TagsTab({ product, onChanged, editable }: TabProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [text, setText] = useState(product.tags.join(', '));
  const [saving, setSaving] = useState(false);
  if (!editable) {
    return product.tags.length === 0 ? (
      <p className="page-note">{t('catalog.tags.none')}</p>
    ) : (
      <ul className="tag-list">
        {product.tags.map((tag) => (
          <li key={tag} className="role-chip">
            {tag}
          </li>
        ))}
      </ul>
    );
  }
  const save = () => {
    setSaving(true);
    changeProduct(api, product.id, { version: product.version, tags: parseTags(text) }).then(
      (updated) => {
        setSaving(false);
        onChanged(updated);
      },
      () => setSaving(false),
    );
  };
  return (
    <div className="form">
      <TextInput
        label={t('catalog.fields.tags')}
        value={text}
        onChange={setText}
        hint={t('catalog.fields.tags-hint')}
      />
      <div className="form-actions">
        <button type="button" className="button button-primary" disabled={saving} onClick={save}>
          {t('catalog.tags.save')}
        </button>
      </div>
    </div>
  );
}

export function CodesTab({ product, onChanged, editable }: TabProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [codes, setCodes] = useState<CodeDraft[]>(() =>
    product.codes.map((code) => newCodeDraft(code.code, code.kind)),
  );
  const [saving, setSaving] = useState(false);
  // A number another product of the label holds too: neither takes its statements' rows.
  const conflicts = product.codes
    .filter((code) => code.conflict)
    .map((code) => (
      <p key={code.code} className="page-note" role="status">
        {t('catalog.codes.conflict', { code: code.code })}
      </p>
    ));
  if (!editable) {
    return (
      <>
        {conflicts}
        <ul className="code-list">
          {product.codes.map((code) => (
            <li key={code.code}>
              {code.code} · {t(KIND_KEYS[code.kind])}
            </li>
          ))}
        </ul>
      </>
    );
  }
  const save = () => {
    if (!codesValid(codes)) return;
    setSaving(true);
    changeProduct(api, product.id, {
      version: product.version,
      codes: codes.map(({ code, kind }) => ({ code: normaliseCode(code, kind), kind })),
    }).then(
      (updated) => {
        setSaving(false);
        onChanged(updated);
      },
      () => setSaving(false),
    );
  };
  return (
    <div className="form">
      {conflicts}
      <CodesEditor codes={codes} onChange={setCodes} showListProblem />
      <p className="page-note">{t('catalog.codes.splits-note')}</p>
      <div className="form-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={saving || !codesValid(codes)}
          onClick={save}
        >
          {t('catalog.codes.save')}
        </button>
      </div>
    </div>
  );
}
