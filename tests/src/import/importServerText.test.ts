import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../src/i18n';
import { importServerText } from '../../../src/import/importServerText';
import { READER_OUT_OF_MEMORY } from '../../../server/import/copyChunksInThread';
import { damagedSpreadsheet } from '../../../server/import/spreadsheet';
import { AmbiguousAmountsError } from '../../../server/import/types';
import { alreadyInStatementText } from '../../../server/statements/replaceFile';

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

  it('says where a file sent again already is, and what works, in the reader’s language', () => {
    const statement = { title: 'DistroKid 2026-04', receivedAt: '2026-05-01T10:00:00Z' };
    const live = alreadyInStatementText('april.csv', { ...statement, approved: false });
    expect(importServerText(createI18n('en').t, live)).toBe(live);
    expect(importServerText(createI18n('es').t, live)).toBe(
      "'april.csv' ya está en el estado de cuenta 'DistroKid 2026-04' (recibido el 05-01-2026). Para leerlo de nuevo, reemplace el archivo en ese estado de cuenta o cancele antes ese estado de cuenta.",
    );
    const approved = alreadyInStatementText('april.csv', { ...statement, approved: true });
    expect(approved).toContain('which was approved');
    expect(importServerText(createI18n('fr').t, approved)).toBe(
      '« april.csv » figure déjà dans le relevé « DistroKid 2026-04 » (reçu le 05-01-2026), qui a été approuvé : ses ventes y sont comptées, il ne peut donc pas être relu.',
    );
    expect(importServerText(createI18n('ja').t, "'b.csv' is the same file as 'a.csv'.")).toBe(
      '「b.csv」は「a.csv」と同じファイルです。',
    );
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

  it('names the import limit a file went past in the reader’s language', () => {
    const fr = createI18n('fr').t;
    expect(importServerText(fr, 'The file expands to more than 1024 MB when uncompressed')).toBe(
      'Une fois décompressé, le fichier dépasse 1\u202f024 Mo : téléversez un relevé plus petit ou divisez-le en plusieurs fichiers.',
    );
    expect(
      importServerText(
        createI18n('es').t,
        "Sheet 'Ventas' has more than 1048576 rows; upload a larger statement as CSV",
      ),
    ).toBe(
      'La hoja «Ventas» tiene más de 1.048.576 filas: suba un extracto de este tamaño como CSV.',
    );
    expect(importServerText(createI18n('ja').t, 'The file holds archives more than 3 deep')).toBe(
      'ファイル内のアーカイブが 3 階層を超えて入れ子になっています。中の明細書をアップロードしてください。',
    );
    expect(
      importServerText(
        createI18n('en').t,
        'The spreadsheet has more than 15000000 cells with content; upload a larger statement as CSV',
      ),
    ).toBe(
      'The spreadsheet has more than 15,000,000 cells with content: upload a statement this large as CSV.',
    );
  });

  it('says a file needed more memory than one file is given, in the reader’s language', () => {
    expect(importServerText(createI18n('pt').t, READER_OUT_OF_MEMORY)).toBe(
      'A leitura deste arquivo precisou de mais memória do que o portal dá a um arquivo: verifique se é um extrato ou divida-o em arquivos menores.',
    );
    expect(importServerText(createI18n('zh').t, 'The spreadsheet is too large to read')).toBe(
      '该电子表格所需内存超过门户为单个文件分配的内存：请以 CSV 格式上传对账单。',
    );
  });

  it('says a workbook is damaged in the reader’s language', () => {
    expect(importServerText(createI18n('fr').t, damagedSpreadsheet('xlsx').message)).toBe(
      'Le classeur XLSX est endommagé ou incomplet : ouvrez-le dans le programme qui l’a créé, enregistrez-le à nouveau et téléversez cette copie.',
    );
    expect(importServerText(createI18n('zh').t, damagedSpreadsheet('ods').message)).toBe(
      '该 ODS 电子表格已损坏或不完整：请在创建它的程序中打开，重新保存后上传该副本。',
    );
  });

  it('leaves a text it does not know as the server wrote it', () => {
    expect(importServerText(createI18n('fr').t, 'Something else.')).toBe('Something else.');
  });
});
