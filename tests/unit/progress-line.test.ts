import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../scripts/cli.js';

function capture(isTTY: boolean) {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean };
  stream.isTTY = isTTY;
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

describe('import progress', () => {
  it('writes one whole line per step when the output is a log or a pipe', () => {
    const out = capture(false);
    const progress = progressLine(out.stream);
    progress.onProgress({ phase: 'read', rows: 50_000 });
    progress.onProgress({ phase: 'read', rows: 100_000 });
    progress.onProgress({ phase: 'write', rows: 50_000, total: 100_000 });
    progress.end();
    expect(out.text()).toBe('checked 50,000 rows\nchecked 100,000 rows\nwritten 50,000 of 100,000 rows\n');
  });

  it('updates one line in place on a terminal, a new line per phase', () => {
    const out = capture(true);
    const progress = progressLine(out.stream);
    progress.onProgress({ phase: 'read', rows: 50_000 });
    progress.onProgress({ phase: 'read', rows: 100_000 });
    progress.onProgress({ phase: 'write', rows: 50_000, total: 100_000 });
    progress.end();
    expect(out.text()).toBe('\rchecked 50,000 rows\rchecked 100,000 rows\n\rwritten 50,000 of 100,000 rows\n');
  });
});
