import { useTranslation } from 'react-i18next';
import { formatDuration } from './productRules';
import type { Product } from '../../api/products';

/** The product's descriptive fields, each only when set. */
export function ProductDetailsFacts({ product }: { product: Product }) {
  const { t } = useTranslation();
  const facts: [string, string | null][] = [
    [t('catalog.fields.type'), product.type],
    [t('catalog.fields.alt-title'), product.altTitle],
    [t('catalog.fields.genre'), product.genre],
    [
      t('catalog.fields.duration'),
      product.duration === null ? null : formatDuration(product.duration),
    ],
    [t('catalog.fields.copyright'), product.copyright],
    [t('catalog.fields.territory'), product.territory],
    [t('catalog.fields.label'), product.label],
    [t('catalog.fields.label-artist'), product.labelArtist],
    [
      t('catalog.fields.visibility'),
      product.visibility === 'limited'
        ? t('catalog.fields.visibility-limited')
        : t('catalog.fields.visibility-full'),
    ],
    [
      t('catalog.fields.revenue-view'),
      product.revenueView === 'gross'
        ? t('catalog.fields.revenue-gross')
        : t('catalog.fields.revenue-net'),
    ],
    [t('catalog.codes.legend'), product.codes.map((code) => code.code).join(', ')],
  ];
  return (
    <dl className="facts product-facts">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
