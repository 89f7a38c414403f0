// Part of `npm run lint:layers`: fails when a list of allowed values is typed in two files of the
// shared folders, the browser app or the server (DESIGN.md, "One contract"). The list belongs in
// api/ or rules/, and both sides import it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeDuplicates, findDuplicateLists, type SourceText } from './duplicateLists';

const FOLDERS = ['api', 'rules', 'machines', 'src', 'server'];

/**
 * Sets that mean different things where they appear; keep this short, each with its reason.
 * Sorted values joined by commas.
 */
const ALLOWED = new Set<string>([]);

function sourcesUnder(folder: string): SourceText[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'),
    )
    .map((entry) => {
      const file = join(entry.parentPath, entry.name);
      return { file, text: readFileSync(file, 'utf8') };
    });
}

const sources = FOLDERS.flatMap(sourcesUnder);
const duplicates = findDuplicateLists(sources, ALLOWED);
if (duplicates.length > 0) {
  console.error(describeDuplicates(duplicates));
  console.error(
    `${duplicates.length} list(s) of allowed values typed twice: give each one home in api/ or rules/ and import it.`,
  );
  process.exit(1);
}
console.log(`✔ no list of allowed values typed twice (${sources.length} files read)`);
