import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.js';
import { projectRoot } from '../helpers/run-cli.js';

/**
 * The shipped units, checked by systemd itself (`systemd-analyze verify`) against a staged root: the
 * machine's own systemd units, the unit under /etc/systemd/system and an executable at the path
 * ExecStart names, so the check does not depend on what this machine has installed.
 */

const deployDir = path.join(projectRoot, 'deploy/systemd');
const unitFile = path.join(deployDir, 'acorn@.service');
const envExample = path.join(deployDir, 'acorn.env.example');
const systemUnits = ['/usr/lib/systemd/system', '/lib/systemd/system'].find((dir) => fs.existsSync(dir));

let root: string;

function verify(unit: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('systemd-analyze', ['verify', `--root=${root}`, unit], { cwd: root }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

/** `KEY=value` lines of an environment file, as systemd's EnvironmentFile= reads them (comments and blanks skipped). */
function readEnvFile(file: string): Record<string, string> {
  const entries = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);
  return Object.fromEntries(entries);
}

/** The value of `key=` in the unit's [Service] section. */
function unitSetting(key: string): string {
  const line = fs
    .readFileSync(unitFile, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith(`${key}=`));
  if (line === undefined) throw new Error(`no ${key}= in ${unitFile}`);
  return line.slice(key.length + 1);
}

beforeAll(() => {
  if (!systemUnits) throw new Error('systemd is not installed: apt-get install systemd (.ci/run does)');
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-systemd-root-'));
  fs.cpSync(systemUnits, path.join(root, 'usr/lib/systemd/system'), { recursive: true });
  fs.mkdirSync(path.join(root, 'etc/systemd/system'), { recursive: true });
  fs.copyFileSync(unitFile, path.join(root, 'etc/systemd/system/acorn@.service'));
  const [executable] = unitSetting('ExecStart').split(' ');
  fs.mkdirSync(path.join(root, path.dirname(executable!)), { recursive: true });
  fs.writeFileSync(path.join(root, executable!), '#!/bin/sh\n', { mode: 0o755 });
});

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('deploy/systemd', () => {
  it('passes systemd-analyze verify for an instance of acorn@.service without a word', async () => {
    const result = await verify('acorn@3001.service');
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });

  it('fails the check when the unit names an executable the root lacks (the check looks)', async () => {
    const broken = fs.readFileSync(unitFile, 'utf8').replace('ExecStart=/usr/bin/node', 'ExecStart=/usr/bin/no-such-node');
    fs.writeFileSync(path.join(root, 'etc/systemd/system/acorn-broken@.service'), broken);
    const result = await verify('acorn-broken@3001.service');
    expect(result.output).toContain('/usr/bin/no-such-node');
  });

  it('ships an environment file the app accepts, behind one proxy, with mining closed', () => {
    const config = loadConfig({ ...readEnvFile(envExample), PORT: '3001', DATA_DIR: '/var/lib/acorn/3001' });
    expect(config).toMatchObject({ host: '127.0.0.1', trustProxy: 1, miningOpen: false, port: 3001 });
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.x.mode).not.toBe('simulated');
    // systemd stops waiting after TimeoutStopSec: the grace and the 10 s drain must fit inside it.
    expect(Number(unitSetting('TimeoutStopSec').replace(/s$/, '')) * 1000).toBeGreaterThan(config.shutdownGraceMs + 10_000);
  });
});
