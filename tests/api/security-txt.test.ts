import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, loadConfig } from '../../server/platform/config.js';
import { build, type TestApp } from '../helpers/build-app.js';

/** RFC 9116: where a researcher who found a phishing copy or a flaw reaches the operator. */

let ctx: TestApp | undefined;

const publicUrl = 'https://acorn.example.com';
const yearMs = 365 * 24 * 60 * 60 * 1000;

function fields(text: string): Map<string, string> {
  return new Map(
    text
      .split('\n')
      .filter((line) => line.includes(':') && !line.startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
  );
}

describe('GET /.well-known/security.txt', () => {
  it('names the contact, an expiry a year ahead, the languages and its canonical URL as text/plain', async () => {
    const now = Date.parse('2026-11-26T12:00:00.000Z');
    ctx = await build({ SECURITY_CONTACT: 'mailto:security@acorn.example.com', PUBLIC_URL: publicUrl }, { now: () => now });
    const response = await ctx.app.inject({ method: 'GET', url: '/.well-known/security.txt' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const answer = fields(response.body);
    expect(answer.get('Contact')).toBe('mailto:security@acorn.example.com');
    expect(answer.get('Expires')).toBe(new Date(now + yearMs).toISOString());
    expect(answer.get('Preferred-Languages')).toBe('en, zh');
    expect(answer.get('Canonical')).toBe(`${publicUrl}/.well-known/security.txt`);
  });

  it('takes an https contact', async () => {
    ctx = await build({ SECURITY_CONTACT: 'https://acorn.example.com/security' });
    const response = await ctx.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(fields(response.body).get('Contact')).toBe('https://acorn.example.com/security');
  });

  it('answers 404 when SECURITY_CONTACT is not set', async () => {
    ctx = await build();
    const response = await ctx.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('is served in place of the app page when the client is built, with the document security headers', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-client-'));
    onTestFinished(() => fs.rmSync(clientDir, { recursive: true, force: true }));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title>');

    ctx = await build({ CLIENT_DIR: clientDir, SECURITY_CONTACT: 'mailto:security@acorn.example.com' });
    const served = await ctx.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(served.body).toContain('Contact: mailto:security@acorn.example.com');
    expect(served.headers['content-security-policy']).toContain("default-src 'self'");
    expect(served.headers['x-frame-options']).toBe('SAMEORIGIN');
    await ctx.close();

    ctx = await build({ CLIENT_DIR: clientDir });
    const unset = await ctx.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(unset.statusCode).toBe(404);
    expect(unset.body).not.toContain('<title>app</title>');
  });

  it('refuses a SECURITY_CONTACT that is not a mailto: or https: URI at config load, naming the variable', () => {
    for (const contact of ['security@acorn.example.com', 'http://acorn.example.com/security', 'mailto:nobody']) {
      expect(() => loadConfig({ SECURITY_CONTACT: contact })).toThrow(ConfigError);
      expect(() => loadConfig({ SECURITY_CONTACT: contact })).toThrow(/SECURITY_CONTACT/);
    }
  });
});
