import fs from 'node:fs';
import path from 'node:path';
import { Linter, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { expect, it } from 'vitest';
import { featureOfFile, sqlTableVisitor } from '../../eslint-rules/table-owner.js';
import { tableOwners, wholeDatabaseFiles } from '../../eslint-rules/table-owners.js';

/**
 * Each table has one owning feature: read from the code, the features whose files run SQL on a table
 * are exactly its declared owner (eslint-rules/table-owners.js). Scripts run none of their own.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.join(projectRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

/** Every table each file runs SQL on, and each table it is handed as a value. */
function sqlByFile(files: string[]): { file: string; table: string | null }[] {
  const found: { file: string; table: string | null }[] = [];
  const linter = new Linter();
  for (const file of files) {
    const inventory: Rule.RuleModule = {
      create: () =>
        sqlTableVisitor(
          (_node: unknown, table: string) => found.push({ file, table }),
          () => found.push({ file, table: null }),
        ),
    };
    linter.verify(
      fs.readFileSync(path.join(projectRoot, file), 'utf8'),
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { inventory: { rules: { tables: inventory } } },
        rules: { 'inventory/tables': 'error' },
      },
      { filename: path.join(projectRoot, file) },
    );
  }
  return found;
}

it('declares an owner for every table the schema holds', () => {
  const schema = fs.readFileSync(path.join(projectRoot, 'server/platform/db/schema.ts'), 'utf8');
  const database = /export interface Database \{([^}]*)\}/.exec(schema)![1]!;
  const tables = [...database.matchAll(/^\s*(\w+): \w+;$/gm)].map((match) => match[1]);
  expect(Object.keys(tableOwners).sort()).toEqual(tables.sort());
});

it('runs SQL on each table only in the feature that owns it', () => {
  const files = [...sourceFiles('server'), ...sourceFiles('scripts')].filter((file) => !wholeDatabaseFiles.includes(file));
  const runners: Record<string, string[]> = {};
  const unnamed: string[] = [];
  for (const { file, table } of sqlByFile(files)) {
    if (table === null) unnamed.push(file);
    else runners[table] = [...new Set([...(runners[table] ?? []), featureOfFile(file) ?? file])].sort();
  }
  expect(runners).toEqual(Object.fromEntries(Object.entries(tableOwners).map(([table, owner]) => [table, [owner]])));
  expect(unnamed).toEqual([]);
  // Parses every server and script file: seconds on a busy two-core machine.
}, 60_000);
