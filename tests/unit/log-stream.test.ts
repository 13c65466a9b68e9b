import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs the writer with its output on a pipe this test reads slowly, so its writes meet a full pipe. */
async function slowlyReadOutput(lines: number): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/log-stream-writer.ts'], {
    env: { ...process.env, LINES: String(lines) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    child.stdout.pause();
    setTimeout(() => child.stdout.resume(), 1);
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code).toBe(0);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the server log stream', () => {
  it('delivers every line whole and in order through a full pipe, multi-byte characters included', async () => {
    const lines = 30_000;
    const output = await slowlyReadOutput(lines);
    const received = output.split('\n');
    expect(received.pop()).toBe('');
    expect(received).toHaveLength(lines);
    received.forEach((line, index) => {
      expect(JSON.parse(line)).toEqual({ n: index, text: `Eichhörnchen 松鼠 ${'x'.repeat(index % 97)}` });
    });
  });
});
