/**
 * Polls `GET <url>` every `everyMs` over one keep-alive connection of its own for `seconds`, as a
 * load balancer's health check does. Prints `ready` once its connection is open and answered (the
 * spike starts then), and at the end each poll's time in ms (or -1 for no answer within `timeoutMs`,
 * or a non-200) as one JSON array on a line of its own. Started by bench/spike.bench.ts as its own
 * process, so the spike's load generator does not delay the polls it measures.
 *
 *   node --import tsx bench/healthz-poller.ts <url> <seconds> [everyMs=200] [timeoutMs=10000]
 */
import http from 'node:http';

const [url, seconds, everyMs = '200', timeoutMs = '10000'] = process.argv.slice(2);
if (!url || !seconds) throw new Error('usage: healthz-poller.ts <url> <seconds> [everyMs] [timeoutMs]');

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function poll(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(url!, { agent, timeout: Number(timeoutMs) }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - started : -1));
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', () => resolve(-1));
  });
}

if ((await poll()) < 0) throw new Error(`${url} does not answer`);
process.stdout.write('ready\n');

const times: number[] = [];
const end = performance.now() + Number(seconds) * 1000;
let next = performance.now();
// One poll at a time: a slow answer delays the next poll, as a health checker waits for its answer.
while (next < end) {
  times.push(await poll());
  next += Number(everyMs);
  const wait = next - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  else next = performance.now();
}
agent.destroy();
process.stdout.write(`${JSON.stringify(times)}\n`);
