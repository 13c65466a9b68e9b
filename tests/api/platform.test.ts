import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { useTestApp } from '../helpers/build-app.js';
import { postgresUrl } from '../helpers/test-database.js';

const ctx = useTestApp();

describe('platform', () => {
  it('runs on the database the suite was asked for', () => {
    expect(ctx.handle.dialect).toBe(postgresUrl ? 'postgres' : 'sqlite');
  });

  it('GET /healthz answers while the process runs, without the database', async () => {
    await ctx.handle.db.destroy();
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    ctx.handle = connectDatabase(ctx.config);
  });

  it('GET /readyz reports the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: ctx.handle.dialect });
  });

  it('GET /readyz answers 503 DATABASE_UNAVAILABLE with Retry-After when the database is gone', async () => {
    // tests/api/database-outage.test.ts stops, pauses and disconnects a real PostgreSQL.
    await ctx.handle.db.destroy();
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe('DATABASE_UNAVAILABLE');
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    ctx.handle = connectDatabase(ctx.config);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('sends security headers with a CSP that forbids inline scripts', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
