import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/platform/config.js';
import { defaultListenSockets, reusePortSupported } from '../../server/platform/listen-sockets.js';

describe('listening on several sockets of one port', () => {
  it('is possible on Linux from Node 22.12 and 23.1 on, where Node has reusePort', () => {
    expect(reusePortSupported('20.20.2', 'linux')).toBe(false);
    expect(reusePortSupported('22.11.0', 'linux')).toBe(false);
    expect(reusePortSupported('22.12.0', 'linux')).toBe(true);
    expect(reusePortSupported('23.0.0', 'linux')).toBe(false);
    expect(reusePortSupported('23.1.0', 'linux')).toBe(true);
    expect(reusePortSupported('26.10.0', 'linux')).toBe(true);
    expect(reusePortSupported('26.10.0', 'darwin')).toBe(false);
  });

  it('defaults to 16 sockets where it is possible and to one elsewhere', () => {
    expect(defaultListenSockets(true)).toBe(16);
    expect(defaultListenSockets(false)).toBe(1);
  });

  it('refuses LISTEN_SOCKETS outside 1 to 64, and more than one where reusePort is missing', () => {
    const base = { SESSION_SECRET: 'a-session-secret-long-enough-for-cookies' };
    expect(() => loadConfig({ ...base, LISTEN_SOCKETS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, LISTEN_SOCKETS: '65' })).toThrow(/LISTEN_SOCKETS: must be a whole number from 1 to 64/);
    expect(loadConfig({ ...base, LISTEN_SOCKETS: '1' }).listenSockets).toBe(1);
    if (reusePortSupported()) {
      expect(loadConfig({ ...base, LISTEN_SOCKETS: '4' }).listenSockets).toBe(4);
    } else {
      expect(() => loadConfig({ ...base, LISTEN_SOCKETS: '4' })).toThrow(/more than 1 needs SO_REUSEPORT: Linux and Node 22.12 or later/);
    }
  });
});
