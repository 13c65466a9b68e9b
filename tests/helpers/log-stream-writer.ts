/**
 * Writes `LINES` numbered log lines (with two-byte and three-byte characters) through the server's log
 * stream, in bursts larger than a pipe holds, then exits. Run by tests/unit/log-stream.test.ts.
 */
import { logStream } from '../../server/platform/log-stream.js';

// Touching process.stdout makes a pipe on fd 1 non-blocking, as it is in the server (pino, console).
void process.stdout.writable;
const stream = logStream();
const lines = Number(process.env.LINES);
for (let index = 0; index < lines; index++) {
  stream.write(`{"n":${index},"text":"Eichhörnchen 松鼠 ${'x'.repeat(index % 97)}"}\n`);
  if (index % 5000 === 4999) await new Promise((resolve) => setImmediate(resolve));
}
