import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookSettings } from '../../api/journals';
import {
  BOOK_CODE_INVALID,
  BOOK_CODE_MAX,
  BOOK_NAME_INVALID,
  BOOK_NAME_MAX,
  bookAccountError,
  kebabCase,
  xeroTaxRateError,
  type BookCategory,
} from '../../rules/journals';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { SaveFooter, SettingsCard } from '../app/SettingsCard';
import { useServerText } from '../i18n/serverText';
import { TextInput } from '../widgets/TextInput';
import { readBookSettings, saveBookSettings } from './journalsApi';
import './journals.css';

interface Row {
  category: BookCategory;
  code: string;
  name: string;
}

function BooksForm({ settings, onSaved }: { settings: BookSettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const serverText = useServerText({ email: '' });
  const [rows, setRows] = useState<Row[]>(() =>
    settings.accounts.map(({ category, code, name }) => ({ category, code, name })),
  );
  const [taxRate, setTaxRate] = useState(settings.xeroTaxRate);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errors = new Map(rows.map((row) => [row.category, bookAccountError(row)]));
  const taxRateError = xeroTaxRateError(taxRate);
  const ready = !saving && taxRateError === null && [...errors.values()].every((e) => e === null);
  const change = (category: BookCategory, part: Partial<Row>) =>
    setRows((current) =>
      current.map((row) => (row.category === category ? { ...row, ...part } : row)),
    );

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await saveBookSettings(api, {
        version: settings.version,
        accounts: rows.map((row) => ({ ...row, code: row.code.trim(), name: row.name.trim() })),
        xeroTaxRate: taxRate.trim(),
      });
      toasts.send({
        type: 'toast.add',
        toast: { type: 'success', content: t('journals.books.saved') },
      });
      onSaved();
    } catch (error) {
      setFailure(
        error instanceof ApiError ? serverText(error.message) : t('journals.books.unexpected'),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="books-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void save();
      }}
    >
      <p className="page-note">{t('journals.books.note')}</p>
      <div className="book-accounts">
        {rows.map((row) => {
          const error = errors.get(row.category) ?? null;
          return (
            <fieldset key={row.category} className="book-account">
              <legend className="field-label">
                {t(`journals.category.${kebabCase(row.category)}`)}
              </legend>
              <TextInput
                label={t('journals.books.code')}
                value={row.code}
                onChange={(code) => change(row.category, { code })}
                error={error === BOOK_CODE_INVALID ? serverText(error) : null}
                size="small"
                maxLength={BOOK_CODE_MAX}
              />
              <TextInput
                label={t('journals.books.name')}
                value={row.name}
                onChange={(name) => change(row.category, { name })}
                error={error === BOOK_NAME_INVALID ? serverText(error) : null}
                maxLength={BOOK_NAME_MAX}
              />
            </fieldset>
          );
        })}
      </div>
      <TextInput
        label={t('journals.books.xero-tax-rate')}
        hint={t('journals.books.xero-tax-rate-hint')}
        value={taxRate}
        onChange={setTaxRate}
        error={taxRateError ? serverText(taxRateError) : null}
      />
      <SaveFooter failure={failure} ready={ready} label={t('journals.books.save')} />
    </form>
  );
}

/**
 * The Account page's "Books" tab: the account code and name in the label's chart of accounts for
 * each book category its journals post to, mapped once; defaults until the label maps them.
 */
export function BooksSection() {
  const { t } = useTranslation();
  const { api } = useServices();
  return (
    <SettingsCard
      id="books-heading"
      heading={t('journals.books.heading')}
      loading={t('journals.books.loading')}
      load={() => readBookSettings(api)}
      deps={[api]}
    >
      {(settings, onSaved) => <BooksForm settings={settings} onSaved={onSaved} />}
    </SettingsCard>
  );
}
