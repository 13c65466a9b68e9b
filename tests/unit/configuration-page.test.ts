import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.js';

/** docs/configuration.md is the operator's list of settings: it must name exactly what the server reads. */

type Env = Record<string, string | undefined>;

/** Every variable `loadConfig` reads from `env`, recorded as it reads them. */
function variablesRead(env: Env): Set<string> {
  const read = new Set<string>();
  const recording = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  });
  loadConfig(recording);
  return read;
}

/** The variables the server accepts: the simulated X's start, and a real X app's, which reads X's endpoints too. */
function acceptedVariables(): string[] {
  const starts: Env[] = [{}, { X_CLIENT_ID: 'an-x-app' }, { HOST: '0.0.0.0' }];
  return [...new Set(starts.flatMap((env) => [...variablesRead(env)]))].sort();
}

/** The first cell of each row of the page's table that names a variable. */
function documentedVariables(): string[] {
  const page = fs.readFileSync('docs/configuration.md', 'utf8');
  return [...page.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!).sort();
}

describe('docs/configuration.md', () => {
  it('lists every variable server/platform/config.ts accepts, each once, and no other', () => {
    const documented = documentedVariables();
    const accepted = acceptedVariables();

    expect(accepted.length).toBeGreaterThan(40);
    expect(documented.filter((name, index) => documented.indexOf(name) !== index), 'listed twice').toEqual([]);
    expect(accepted.filter((name) => !documented.includes(name)), 'accepted but not on the page').toEqual([]);
    expect(documented.filter((name) => !accepted.includes(name)), 'on the page but no longer read').toEqual([]);
  });

  it('gives each variable a default and one sentence', () => {
    const page = fs.readFileSync('docs/configuration.md', 'utf8');
    const rows = page.split('\n').filter((line) => /^\| `[A-Z]/.test(line));
    expect(rows.length).toBeGreaterThan(40);
    for (const row of rows) {
      const cells = row.slice(1, -1).split(' | ').map((cell) => cell.trim());
      expect(cells, row).toHaveLength(3);
      const [, fallback, meaning] = cells;
      expect(fallback, row).not.toBe('');
      expect(meaning, row).toMatch(/^[A-Z`].*\.\)?$/);
      expect(meaning, `${row}: one sentence`).not.toMatch(/\.\s+[A-Z]/);
    }
  });
});
