// The published ISO 20022 schemas (xsd/README.md says where each came from), checked by libxml2
// (xmllint-wasm): a validator no one here wrote, independent of the portal's writers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

export type SchemaFile = 'pain.001.001.09.xsd' | 'pain.002.001.11.xsd' | 'camt.054.001.08.xsd';

const schemaText = (file: SchemaFile) => readFileSync(join(__dirname, 'xsd', file), 'utf8');

/**
 * What libxml2 finds wrong in each document, by index ([] for a valid one). All documents go in
 * one call: each call loads the WebAssembly module and parses the schema anew (~0.6 s).
 */
export async function schemaErrors(schema: SchemaFile, documents: string[]): Promise<string[][]> {
  const names = documents.map((_, index) => `document-${index}.xml`);
  const result = await validateXML({
    xml: documents.map((contents, index) => ({ fileName: names[index] ?? '', contents })),
    schema: [{ fileName: schema, contents: schemaText(schema) }],
    maxMemoryPages: 4096,
  });
  // libxml2 places most errors by file and line, and ends each failed file with a line naming it.
  const fileOf = (error: (typeof result.errors)[number]) =>
    error.loc?.fileName ?? names.find((name) => error.rawMessage.startsWith(`${name} `));
  const unplaced = result.errors.filter((error) => fileOf(error) === undefined);
  // An error that names no file (a broken schema, say) fails every document.
  return names.map((name) =>
    [...result.errors.filter((error) => fileOf(error) === name), ...unplaced].map(
      (error) => error.rawMessage,
    ),
  );
}
