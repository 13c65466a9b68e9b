import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type RequestLineFields, requestLine } from '../../server/platform/request-log.js';

/** The line Fastify's own logger (pino) writes for the same fields, its time replaced by `time`. */
function pinoLine(fields: RequestLineFields, time: number): string {
  const lines: string[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  app.log.info(fields, 'request');
  return lines[0]!.replace(/"time":\d+/, `"time":${time}`);
}

describe('the request log line', () => {
  it("is pino's line for the same fields, byte for byte, whatever the path holds", () => {
    const paths = [
      '/api/config',
      '/',
      '/meme/ABC123',
      '/api/user/bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh/points',
      '/say "hi"\\there',
      '/松鼠/Eichhörnchen/🐿️',
      '/control\u0001\u001f\ttab',
      `/${'long-'.repeat(40)}`,
    ];
    for (const path of paths) {
      for (const [status, ms] of [
        [200, 0.2],
        [404, 12],
        [503, 1234.5],
      ] as const) {
        const fields = { reqId: 'req-1f', method: 'GET', path, status, ms };
        expect(requestLine(fields, 1795657390827), path).toBe(pinoLine(fields, 1795657390827));
      }
    }
  });

  it('keeps a lone surrogate as an escape (pino would write it raw, to become U+FFFD)', () => {
    const fields = { reqId: 'req-2', method: 'GET', path: '/lone\ud800surrogate', status: 404, ms: 1 };
    expect(JSON.parse(requestLine(fields, 1))).toMatchObject({ path: fields.path, msg: 'request' });
  });
});
