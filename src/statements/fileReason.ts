import { useTranslation } from 'react-i18next';
import { useImportServerText } from '../import/importServerText';

const FILE_FORMAT_ERROR = 'File Format Error';

/** The server's 'File Format Error: expected …' split into the catalogue title and the detail. */
export function fileErrorParts(error: string): { formatError: boolean; detail: string } {
  if (!error.startsWith(FILE_FORMAT_ERROR)) return { formatError: false, detail: error };
  return {
    formatError: true,
    detail: error.slice(FILE_FORMAT_ERROR.length).replace(/^[:\s]+/, ''),
  };
}

/**
 * Why a file could not be read, as the server keeps it per file ('File Format Error: expected the
 * DistroKid layout …'), in the reader's language: the catalogue's title, then the detail.
 */
export function useFileReason(): (error: string) => string {
  const { t } = useTranslation();
  const serverText = useImportServerText();
  return (error) => {
    const { formatError, detail } = fileErrorParts(error);
    return formatError
      ? `${t('import.errors.file-format-error')}: ${serverText(detail)}`
      : serverText(detail);
  };
}
