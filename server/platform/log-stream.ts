import fs from 'node:fs';

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * All of `text` to standard output, synchronously, also when it is a full non-blocking pipe. The
 * string is written as it is (no Buffer made first: half the cost of a log line); only after a
 * partial write are its bytes made, to write the rest from where it stopped.
 */
function writeAll(text: string): void {
  const size = Buffer.byteLength(text);
  let bytes: Buffer | null = null;
  let written = 0;
  while (written < size) {
    try {
      written += bytes ? fs.writeSync(1, bytes, written) : fs.writeSync(1, text);
      if (written < size) bytes ??= Buffer.from(text);
    } catch (error) {
      // Output closed or failing: losing log lines is better than stopping the server over them.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(sleeper, 0, 0, 10);
    }
  }
}

/**
 * Where the server's log goes: standard output, written once per event-loop turn instead of once per
 * line. Under load one turn answers many requests, and a write per request line was about a tenth of
 * a cached answer's cost (docs/performance.md). Lines keep their order; what is pending is written
 * synchronously before the process exits, also after an uncaught exception.
 */
class BufferedStdout {
  #pending: string[] = [];
  #length = 0;
  #scheduled = false;

  constructor() {
    process.on('exit', () => this.flush());
  }

  write(line: string): void {
    this.#pending.push(line);
    this.#length += line.length;
    if (this.#length >= 64 * 1024) this.flush();
    else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.#scheduled = false;
    if (this.#pending.length === 0) return;
    const text = this.#pending.join('');
    this.#pending = [];
    this.#length = 0;
    writeAll(text);
  }
}

let stream: BufferedStdout | null = null;

/** One stream per process, however many apps it builds. */
export function logStream(): BufferedStdout {
  stream ??= new BufferedStdout();
  return stream;
}
