import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { TextInput } from '../widgets/TextInput';
import { formatDuration, parseDuration, parseTags, PRODUCT_TYPES } from './productRules';
import type { NewProduct, Product, RevenueView, Visibility } from '../../api/products';

/** The product form's fields as typed. */
export interface ProductFormValues {
  title: string;
  altTitle: string;
  subtitle: string;
  type: string;
  genre: string;
  duration: string;
  copyright: string;
  territory: string;
  label: string;
  labelArtist: string;
  artistId: string;
  tags: string;
  visibility: Visibility;
  revenueView: RevenueView;
}

export const emptyProductForm = (): ProductFormValues => ({
  title: '',
  altTitle: '',
  subtitle: '',
  type: 'single',
  genre: '',
  duration: '',
  copyright: '',
  territory: '',
  label: '',
  labelArtist: '',
  artistId: '',
  tags: '',
  visibility: 'full',
  revenueView: 'net',
});

export function productFormOf(product: Product): ProductFormValues {
  return {
    title: product.title,
    altTitle: product.altTitle ?? '',
    subtitle: product.subtitle ?? '',
    type: product.type,
    genre: product.genre ?? '',
    duration: formatDuration(product.duration),
    copyright: product.copyright ?? '',
    territory: product.territory ?? '',
    label: product.label ?? '',
    labelArtist: product.labelArtist ?? '',
    artistId: product.artistId ?? '',
    tags: product.tags.join(', '),
    visibility: product.visibility,
    revenueView: product.revenueView,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The fields of POST /api/products (and PATCH) from the form, codes apart. */
export function productFieldsOf(values: ProductFormValues): Omit<NewProduct, 'codes'> {
  return {
    title: values.title.trim(),
    altTitle: orNull(values.altTitle),
    subtitle: orNull(values.subtitle),
    type: values.type,
    genre: orNull(values.genre),
    duration: orNull(values.duration),
    copyright: orNull(values.copyright),
    territory: orNull(values.territory),
    ...(values.label.trim() ? { label: values.label.trim() } : {}),
    labelArtist: orNull(values.labelArtist),
    artistId: orNull(values.artistId),
    tags: parseTags(values.tags),
    visibility: values.visibility,
    revenueView: values.revenueView,
  };
}

/** i18n key of the form's first problem, or null. */
export function productFormProblem(values: ProductFormValues): string | null {
  if (values.title.trim() === '') return 'catalog.fields.title-required';
  if (parseDuration(values.duration) === undefined) return 'catalog.fields.duration-invalid';
  return null;
}

interface ArtistOption {
  id: string;
  name: string;
  accountId: string;
}

export interface ProductFieldsFormProps {
  values: ProductFormValues;
  /** Takes an update of the latest values, so quick edits of two fields both land. */
  onChange: (update: (values: ProductFormValues) => ProductFormValues) => void;
  /**
   * Staff choose the product's label account: the artist list is then that account's artists
   * (GET /api/artists answers every account's), and empty until a label is chosen. Left out, the
   * list is the API's answer as it comes.
   */
  artistAccountId?: string;
}

/** Every field of SPEC section 3's product. */
export function ProductFieldsForm({ values, onChange, artistAccountId }: ProductFieldsFormProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const artistList = useLoad(
    (signal) =>
      api.get<{ items: ArtistOption[] }>('artists', {
        query: { limit: 1000 },
        quiet: true,
        signal,
      }),
    [api],
  );
  const artists = artistList.data?.items ?? [];

  const artistChoices =
    artistAccountId === undefined
      ? artists
      : artists.filter((artist) => artist.accountId === artistAccountId);

  const set = (field: keyof ProductFormValues) => (value: string) =>
    onChange((current) => ({ ...current, [field]: value }));
  const text = (field: keyof ProductFormValues, labelKey: string, required = false) => (
    <TextInput
      label={t(labelKey)}
      value={values[field]}
      onChange={set(field)}
      required={required}
      size="small"
    />
  );

  return (
    <div className="product-fields">
      {text('title', 'catalog.fields.title', true)}
      {text('altTitle', 'catalog.fields.alt-title')}
      {text('subtitle', 'catalog.fields.subtitle')}
      <label className="field">
        <span className="field-label">{t('catalog.fields.type')}</span>
        <select
          className="input"
          value={values.type}
          onChange={(event) => set('type')(event.target.value)}
        >
          {PRODUCT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      {text('genre', 'catalog.fields.genre')}
      <TextInput
        label={t('catalog.fields.duration')}
        value={values.duration}
        onChange={set('duration')}
        size="small"
        hint={t('catalog.fields.duration-hint')}
        validator={(value) =>
          parseDuration(value) === undefined ? t('catalog.fields.duration-invalid') : null
        }
      />
      {text('copyright', 'catalog.fields.copyright')}
      {text('territory', 'catalog.fields.territory')}
      {text('label', 'catalog.fields.label')}
      {text('labelArtist', 'catalog.fields.label-artist')}
      <label className="field">
        <span className="field-label">{t('catalog.fields.artist')}</span>
        <select
          className="input"
          value={values.artistId}
          onChange={(event) => set('artistId')(event.target.value)}
        >
          <option value="">{t('catalog.fields.no-artist')}</option>
          {artistChoices.map((artist) => (
            <option key={artist.id} value={artist.id}>
              {artist.name}
            </option>
          ))}
        </select>
      </label>
      <TextInput
        label={t('catalog.fields.tags')}
        value={values.tags}
        onChange={set('tags')}
        size="small"
        hint={t('catalog.fields.tags-hint')}
      />
      <label className="field">
        <span className="field-label">{t('catalog.fields.visibility')}</span>
        <select
          className="input"
          value={values.visibility}
          onChange={(event) => set('visibility')(event.target.value)}
        >
          <option value="full">{t('catalog.fields.visibility-full')}</option>
          <option value="limited">{t('catalog.fields.visibility-limited')}</option>
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t('catalog.fields.revenue-view')}</span>
        <select
          className="input"
          value={values.revenueView}
          onChange={(event) => set('revenueView')(event.target.value)}
        >
          <option value="net">{t('catalog.fields.revenue-net')}</option>
          <option value="gross">{t('catalog.fields.revenue-gross')}</option>
        </select>
      </label>
    </div>
  );
}
