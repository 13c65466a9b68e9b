import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.js';
import { decideXMode, describeXMode, isFromThisMachine, isLoopbackHost, xPolicyWarning } from '../../server/platform/x-mode.js';

const local = { clientId: null, host: '127.0.0.1', publicUrl: 'http://127.0.0.1:3000', behindProxy: false, simulatedAllowed: true };

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.8.9.10', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1'])(
    'counts %s as loopback',
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );

  it.each(['0.0.0.0', '::', '192.168.1.5', '10.0.0.1', '128.0.0.1', '127.0.0.256', 'acorn.example', 'localhost.example.com', '127.0.0.1.nip.io', ''])(
    'does not count %s as loopback',
    (host) => expect(isLoopbackHost(host)).toBe(false),
  );
});

describe('decideXMode', () => {
  it('uses the simulated X on a loopback address without X credentials', () => {
    expect(decideXMode(local)).toMatchObject({ mode: 'simulated', reason: 'loopback-demo' });
    expect(decideXMode({ ...local, host: 'localhost', publicUrl: 'http://localhost:5173' }).mode).toBe('simulated');
    expect(decideXMode({ ...local, host: '::1', publicUrl: 'http://[::1]:3000' }).mode).toBe('simulated');
  });

  it('uses the real X whenever X_CLIENT_ID is set, wherever the server runs', () => {
    expect(decideXMode({ ...local, clientId: 'abc' })).toEqual({
      mode: 'real',
      reason: 'configured',
      detail: expect.stringContaining('X_CLIENT_ID'),
    });
    expect(decideXMode({ ...local, clientId: 'abc', host: '0.0.0.0', publicUrl: 'https://acorn.example' }).mode).toBe('real');
  });

  it('is off, naming HOST, when the server listens beyond loopback', () => {
    const decision = decideXMode({ ...local, host: '0.0.0.0', publicUrl: 'http://0.0.0.0:3000' });
    expect(decision).toMatchObject({ mode: 'off', reason: 'not-loopback' });
    expect(decision.detail).toContain('HOST 0.0.0.0');
  });

  it('is off, naming PUBLIC_URL, when the public URL is https, even on localhost', () => {
    for (const publicUrl of ['https://acorn.example', 'https://localhost:3000']) {
      const decision = decideXMode({ ...local, publicUrl });
      expect(decision, publicUrl).toMatchObject({ mode: 'off', reason: 'https' });
      expect(decision.detail).toContain(`PUBLIC_URL ${publicUrl}`);
    }
  });

  it('is off when the public URL names a host other than loopback', () => {
    expect(decideXMode({ ...local, publicUrl: 'http://192.168.1.5:3000' })).toMatchObject({ mode: 'off', reason: 'not-loopback' });
    expect(decideXMode({ ...local, publicUrl: 'http://acorn.example' })).toMatchObject({ mode: 'off', reason: 'not-loopback' });
  });

  it('is off when X_SIMULATED=false turns it down', () => {
    const decision = decideXMode({ ...local, simulatedAllowed: false });
    expect(decision).toEqual({ mode: 'off', reason: 'disabled', detail: expect.stringContaining('X_SIMULATED=false') });
  });

  it('is off behind a proxy, even on loopback', () => {
    const decision = decideXMode({ ...local, behindProxy: true });
    expect(decision).toEqual({ mode: 'off', reason: 'behind-proxy', detail: expect.stringContaining('TRUST_PROXY is set') });
    expect(describeXMode(decision, 'http://127.0.0.1:3000')).toMatch(/^X: off, .*behind a proxy/);
  });
});

describe('isFromThisMachine', () => {
  it('accepts a loopback peer without forwarding headers', () => {
    expect(isFromThisMachine({ headers: { host: '127.0.0.1:3000' }, peerAddress: '127.0.0.1' })).toBe(true);
    expect(isFromThisMachine({ headers: {}, peerAddress: '::ffff:127.0.0.1' })).toBe(true);
  });

  it.each(['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded', 'x-real-ip'])('refuses a request carrying %s', (name) => {
    expect(isFromThisMachine({ headers: { [name]: '203.0.113.9' }, peerAddress: '127.0.0.1' })).toBe(false);
  });

  it('refuses another peer or none', () => {
    expect(isFromThisMachine({ headers: {}, peerAddress: '192.168.1.20' })).toBe(false);
    expect(isFromThisMachine({ headers: {}, peerAddress: undefined })).toBe(false);
  });
});

describe('loadConfig and the X mode', () => {
  it('points the X client at the simulated X under PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '4100', PUBLIC_URL: 'http://localhost:5173' });
    expect(config.x.mode).toBe('simulated');
    expect(config.x.clientId).not.toBeNull();
    expect(config.x.authUrl).toBe('http://localhost:5173/simulated-x/i/oauth2/authorize');
    expect(config.x.tokenUrl).toBe('http://localhost:5173/simulated-x/2/oauth2/token');
    expect(config.x.apiBase).toBe('http://localhost:5173/simulated-x');
  });

  it('keeps the configured X endpoints in real mode', () => {
    const config = loadConfig({ X_CLIENT_ID: 'id', X_API_BASE: 'http://127.0.0.1:9999' });
    expect(config.x.mode).toBe('real');
    expect(config.x.clientId).toBe('id');
    expect(config.x.apiBase).toBe('http://127.0.0.1:9999');
    expect(config.x.authUrl).toBe('https://x.com/i/oauth2/authorize');
  });

  it('has no client id when off, so connecting X answers 503', () => {
    const config = loadConfig({ HOST: '0.0.0.0' });
    expect(config.x.mode).toBe('off');
    expect(config.x.clientId).toBeNull();
    expect(config.x.reason).toBe('not-loopback');
    expect(config.x.detail).toContain('HOST 0.0.0.0');
  });

  it('is off with TRUST_PROXY set, whatever HOST and PUBLIC_URL say', () => {
    for (const env of [{}, { PUBLIC_URL: 'http://localhost:3000' }, { TRUST_PROXY: '127.0.0.1' }]) {
      const config = loadConfig({ TRUST_PROXY: 'true', HOST: '127.0.0.1', ...env });
      expect(config.x).toMatchObject({ mode: 'off', reason: 'behind-proxy' });
      expect(config.x.detail).toContain('TRUST_PROXY');
    }
    expect(loadConfig({ TRUST_PROXY: 'false' }).x.mode).toBe('simulated');
  });

  it('names X_SIMULATED when it is not a boolean', () => {
    expect(() => loadConfig({ X_SIMULATED: 'maybe' })).toThrow(/X_SIMULATED/);
  });
});

describe('describeXMode', () => {
  it('names the X in use and why, for the start-up log', () => {
    expect(describeXMode(decideXMode(local), 'http://127.0.0.1:3000')).toMatch(
      /^X: simulated \(Simulated X — local demo\) at http:\/\/127\.0\.0\.1:3000\/simulated-x: X_CLIENT_ID is not set/,
    );
    expect(describeXMode(decideXMode({ ...local, clientId: 'id' }), 'https://acorn.example')).toBe('X: real (X_CLIENT_ID is set)');
    expect(describeXMode(decideXMode({ ...local, host: '0.0.0.0' }), 'http://0.0.0.0:3000')).toMatch(/^X: off, .*HOST 0\.0\.0\.0/);
  });
});

describe('xPolicyWarning', () => {
  it("warns at start when a real X app and open mining would reward posting on X, which X's developer policy forbids", () => {
    const warning = xPolicyWarning({ xMode: 'real', miningOpen: true });
    expect(warning).toMatch(/^X developer policy: /);
    expect(warning).toContain('since 2026-01-15');
    expect(warning).toContain('reward users for posting on X');
    expect(warning).toContain('MINING_OPEN=false');
  });

  it('says nothing while mining is closed, or when the X is simulated or off', () => {
    expect(xPolicyWarning({ xMode: 'real', miningOpen: false })).toBeNull();
    expect(xPolicyWarning({ xMode: 'simulated', miningOpen: true })).toBeNull();
    expect(xPolicyWarning({ xMode: 'off', miningOpen: true })).toBeNull();
  });
});
