import { useTranslation } from 'react-i18next';

/** SPEC section 8's text, as the server sends it in English. */
export const NO_UPLOADABLE_DISTRIBUTOR_TEXT =
  'No distributor supports upload: configure one before importing statements.';

/** Server texts of the import flow shown in the user's language; others as the server wrote them. */
export function useImportServerText(): (text: string) => string {
  const { t } = useTranslation();
  return (text) =>
    text === NO_UPLOADABLE_DISTRIBUTOR_TEXT ? t('import.form.no-uploadable-distributor') : text;
}
