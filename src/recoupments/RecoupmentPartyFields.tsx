import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { RefPicker } from './RefPicker';
import { Check, Choice, type DraftFieldsProps } from './RecoupmentTermFields';
import { recoupmentScopes, type PersonRef, type ProductRef } from './recoupmentDraft';
import { SCOPE_LABELS } from './recoupmentLabels';
import { searchPeople, searchProducts } from './recoupmentFormApi';

const personName = (person: PersonRef) => person.fullname;
const productTitle = (product: ProductRef) => product.title;
const without = <T extends { id: string }>(items: readonly T[], gone: T) =>
  items.filter((item) => item.id !== gone.id);

/** Creditor, debtors and warranter (the label's people), and what the recoupment covers. */
export function RecoupmentPartyFields({ draft, set, problemOf }: DraftFieldsProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const findPeople = (text: string, signal: AbortSignal) =>
    searchPeople(api, text, signal).then((users) =>
      users.map(({ id, fullname }) => ({ id, fullname })),
    );
  const findProducts = (text: string, signal: AbortSignal) =>
    searchProducts(api, text, signal).then((products) =>
      products.map(({ id, title }) => ({ id, title })),
    );
  const personPlaceholder = t('recoupment-form.pickers.person-placeholder');

  return (
    <>
      <h2 className="section-title">{t('recoupment-form.sections.people')}</h2>
      <div className="product-fields">
        <RefPicker<PersonRef>
          label={t('recoupment-form.fields.creditor')}
          chosen={draft.creditor ? [draft.creditor] : []}
          nameOf={personName}
          search={findPeople}
          onAdd={(person) => set('creditor', person)}
          onRemove={() => set('creditor', null)}
          placeholder={personPlaceholder}
          error={problemOf('creditor')}
        />
        <RefPicker<PersonRef>
          label={t('recoupment-form.fields.debtors')}
          chosen={draft.debtors}
          nameOf={personName}
          search={findPeople}
          onAdd={(person) => set('debtors', [...without(draft.debtors, person), person])}
          onRemove={(person) => set('debtors', without(draft.debtors, person))}
          placeholder={personPlaceholder}
          error={problemOf('debtors')}
        />
        <RefPicker<PersonRef>
          label={t('recoupment-form.fields.warranter')}
          chosen={draft.warranter ? [draft.warranter] : []}
          nameOf={personName}
          search={findPeople}
          onAdd={(person) => set('warranter', person)}
          onRemove={() => set('warranter', null)}
          placeholder={personPlaceholder}
          error={problemOf('warranter')}
        />
      </div>
      <h2 className="section-title">{t('recoupment-form.sections.scope')}</h2>
      <div className="product-fields">
        <Choice
          label={t('recoupment-form.fields.scope')}
          value={draft.scope}
          problem={problemOf('scope')}
          onChange={(value) =>
            set('scope', recoupmentScopes.find((scope) => scope === value) ?? draft.scope)
          }
        >
          {recoupmentScopes.map((scope) => (
            <option key={scope} value={scope}>
              {t(SCOPE_LABELS[scope])}
            </option>
          ))}
        </Choice>
        <Check
          label={t('recoupment-form.fields.auto-link')}
          checked={draft.autoLink}
          onChange={(value) => set('autoLink', value)}
        />
        {draft.scope === 'products' && (
          <RefPicker<ProductRef>
            label={t('recoupment-form.fields.products')}
            chosen={draft.products}
            nameOf={productTitle}
            search={findProducts}
            onAdd={(product) => set('products', [...without(draft.products, product), product])}
            onRemove={(product) => set('products', without(draft.products, product))}
            placeholder={t('recoupment-form.pickers.product-placeholder')}
            error={problemOf('products')}
          />
        )}
      </div>
    </>
  );
}
