import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { tableOwnerRule } from '../../eslint-rules/table-owner.js';

/**
 * Each architecture rule, fed a small tree with one violation of it (tests/fixtures/lint-boundaries),
 * must report it: a rule that silently stops matching fails here instead of letting the layers drift.
 */
const projectRoot = path.resolve(import.meta.dirname, '../..');
const fixtureRoot = path.join(projectRoot, 'tests/fixtures/lint-boundaries');
const configFile = path.join(projectRoot, '.dependency-cruiser.cjs');
const { forbidden } = createRequire(import.meta.url)(configFile) as { forbidden: { name: string; comment?: string }[] };

/** The one file each rule must be reported from. */
const expected: Record<string, string> = {
  'feature-tier-order': 'server/features/audit/reaches-up.ts',
  'feature-has-a-tier': 'server/features/unlisted/no-tier.ts',
  'server-feature-through-its-index': 'server/features/users/reaches-inside.ts',
  'outside-features-through-their-index': 'scripts/reaches-inside.ts',
  'platform-below-features': 'server/platform/uses-feature.ts',
  'integrations-below-features': 'server/integrations/uses-feature.ts',
  'no-folder-cycle': 'server/platform/left',
  'no-cycle': 'server/platform/ping.ts',
  'client-not-server': 'client/src/lib/reads-server.ts',
  'client-lib-not-features': 'client/src/components/knows-feature.ts',
  'client-feature-through-its-index': 'client/src/features/memes/reaches-inside.ts',
  'client-feature-not-app': 'client/src/features/memes/reaches-app.ts',
  'shared-is-plain': 'shared/reads-server-type.ts',
  'shared-no-node': 'shared/reads-node.ts',
  'migrations-import-no-app-code': 'migrations/uses-app.ts',
};

interface Reported {
  rule: string;
  from: string;
  text: string;
}

async function cruiseFixture(): Promise<Reported[]> {
  const bin = path.join(projectRoot, 'node_modules/.bin/depcruise');
  const args = ['server', 'client/src', 'shared', 'migrations', 'scripts', '--config', configFile, '--output-type', 'err-long'];
  const output = await promisify(execFile)(bin, args, { cwd: fixtureRoot }).then(
    () => '',
    (error: { stdout?: string }) => error.stdout ?? '',
  );
  // "  error rule-name: from/file.ts → " followed by the path and the rule's hint, up to the next error.
  return output.split(/\n(?= {2}(?:error|warn) )/).flatMap((block) => {
    const match = /^\s*error ([\w-]+): (\S+) →/.exec(block);
    return match ? [{ rule: match[1]!, from: match[2]!, text: block }] : [];
  });
}

describe('the import rules (dependency-cruiser)', () => {
  it('have a violation in the fixture for every rule the configuration holds', () => {
    expect(Object.keys(expected).sort()).toEqual([...new Set(forbidden.map((rule) => rule.name))].sort());
  });

  it('report each violation from its file, with the rule’s hint on how to fix it', async () => {
    const reported = await cruiseFixture();
    for (const [rule, from] of Object.entries(expected)) {
      const hits = reported.filter((entry) => entry.rule === rule && entry.from === from);
      expect(hits, `${rule} from ${from}`).not.toEqual([]);
      if (rule === 'feature-tier-order') continue;
      const hint = forbidden.find((candidate) => candidate.name === rule)?.comment;
      expect(hint, `${rule} has a hint`).toBeTruthy();
      expect(hits[0]!.text.replace(/\s+/g, ' ')).toContain(hint!.split(/\s+/).slice(0, 6).join(' '));
    }
    expect(reported.find((entry) => entry.rule === 'feature-tier-order')?.text.replace(/\s+/g, ' ')).toContain('"audit" (tier 0) may import only features of a lower tier');
  });

  it('report nothing in the files that keep the rules', async () => {
    const reported = await cruiseFixture();
    const clean = ['server/features/audit/index.ts', 'server/features/audit/entries.ts', 'server/features/admin/index.ts', 'client/src/features/wallet/index.ts'];
    expect(reported.filter((entry) => clean.includes(entry.from))).toEqual([]);
  });
});

describe('the table-owner rule (eslint)', () => {
  it('reports SQL on another feature’s table and a table given as a value, and lets a feature query its own', () => {
    const file = 'server/features/audit/foreign-sql.ts';
    const linter = new Linter({ cwd: fixtureRoot });
    const messages = linter.verify(
      fs.readFileSync(path.join(fixtureRoot, file), 'utf8'),
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { acorn: { rules: { 'table-owner': tableOwnerRule } } },
        rules: { 'acorn/table-owner': 'error' },
      },
      { filename: path.join(fixtureRoot, file) },
    );
    expect(messages.map((message) => [message.line, message.message])).toEqual([
      [4, '"users" is owned by the users feature: call a function exported from server/features/users/index.ts instead of running SQL on it here.'],
      [5, expect.stringContaining('A table given as a value cannot be checked for its owner')],
    ]);
  });
});
