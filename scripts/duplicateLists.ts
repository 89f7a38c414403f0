// Finds a list of allowed values typed in more than one file: every array literal of 3 or more
// string literals (or of `Type.Literal('…')` calls) and every union of 3 or more string literal
// types, compared as sorted sets of values. A list the portal allows lives once, in api/ or rules/.
import ts from 'typescript';

export interface SourceText {
  /** The path shown in the report, relative to the repository. */
  file: string;
  text: string;
}

export interface ListPlace {
  file: string;
  line: number;
}

export interface DuplicateList {
  values: string[];
  places: ListPlace[];
}

const MIN_VALUES = 3;

/** `'a'` or `` `a` `` without substitutions. */
const stringOf = (node: ts.Node): string | null =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : null;

/** `Type.Literal('a')`, as a TypeBox union spells a value. */
function typeboxLiteralOf(node: ts.Node): string | null {
  if (!ts.isCallExpression(node) || node.arguments.length !== 1) return null;
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'Literal') return null;
  return stringOf(node.arguments[0]!);
}

function listValues(node: ts.Node): string[] | null {
  let parts: readonly ts.Node[];
  let valueOf: (part: ts.Node) => string | null;
  if (ts.isArrayLiteralExpression(node)) {
    parts = node.elements;
    valueOf = (part) => stringOf(part) ?? typeboxLiteralOf(part);
  } else if (ts.isUnionTypeNode(node)) {
    parts = node.types;
    valueOf = (part) => (ts.isLiteralTypeNode(part) ? stringOf(part.literal) : null);
  } else return null;
  if (parts.length < MIN_VALUES) return null;
  const values: string[] = [];
  for (const part of parts) {
    const value = valueOf(part);
    if (value === null) return null;
    values.push(value);
  }
  const set = [...new Set(values)].sort();
  return set.length >= MIN_VALUES ? set : null;
}

/** Each list of allowed values in one source, with the line it starts on. */
export function listsIn(source: SourceText): { values: string[]; line: number }[] {
  const kind = source.file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const parsed = ts.createSourceFile(source.file, source.text, ts.ScriptTarget.Latest, true, kind);
  const found: { values: string[]; line: number }[] = [];
  const visit = (node: ts.Node) => {
    const values = listValues(node);
    if (values) {
      const line = parsed.getLineAndCharacterOfPosition(node.getStart(parsed)).line + 1;
      found.push({ values, line });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return found;
}

/**
 * The sets of values that appear in two files or more, each with every place it appears; a set
 * written twice in one file is that file's own business. `allowed` holds sets, as sorted values
 * joined by commas, known to mean different things in different files.
 */
export function findDuplicateLists(
  sources: readonly SourceText[],
  allowed: ReadonlySet<string> = new Set(),
): DuplicateList[] {
  const bySet = new Map<string, DuplicateList>();
  for (const source of sources)
    for (const { values, line } of listsIn(source)) {
      const key = values.join(',');
      if (allowed.has(key)) continue;
      const entry = bySet.get(key) ?? { values, places: [] };
      entry.places.push({ file: source.file, line });
      bySet.set(key, entry);
    }
  return [...bySet.values()].filter(
    (entry) => new Set(entry.places.map((place) => place.file)).size > 1,
  );
}

export function describeDuplicates(duplicates: readonly DuplicateList[]): string {
  return duplicates
    .map(
      ({ values, places }) =>
        `The list [${values.map((value) => `'${value}'`).join(', ')}] is typed in more than one file:\n` +
        places.map(({ file, line }) => `  ${file}:${line}`).join('\n'),
    )
    .join('\n');
}
