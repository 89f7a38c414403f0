import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';
import { importServerText } from '../../../src/import/importServerText';
import { AmbiguousAmountsError } from '../../../server/import/types';

describe('the import’s server texts in the reader’s language', () => {
  it('says in French which column’s amounts could be read two ways', () => {
    const { t } = createI18n('fr');
    const refused = new AmbiguousAmountsError('Net Revenue', ['13,389']).message;
    expect(importServerText(t, refused)).toBe(
      'Les montants de la colonne « Net Revenue » peuvent se lire de deux façons (par ex. « 13,389 ») : indiquez le séparateur décimal dans le modèle de ce distributeur.',
    );
    const mixed = new AmbiguousAmountsError('Earnings (USD)', ['1,234.56', '12,5']).message;
    expect(importServerText(createI18n('ja').t, mixed)).toContain('「1,234.56」と「12,5」');
  });

  it('says the file limit and an empty file in the reader’s language', () => {
    const { t } = createI18n('es');
    expect(
      importServerText(
        t,
        'At most 20 files can be uploaded in one request: upload the others in another.',
      ),
    ).toBe('Se pueden subir como máximo 20 archivos a la vez: suba los demás en otro envío.');
    expect(importServerText(t, 'The file is empty: it holds no header and no rows.')).toBe(
      'El archivo está vacío: no tiene encabezado ni filas.',
    );
  });

  it('leaves a text it does not know as the server wrote it', () => {
    expect(importServerText(createI18n('fr').t, 'Something else.')).toBe('Something else.');
  });
});
