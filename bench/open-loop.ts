/**
 * An open-loop load generator: requests at a fixed rate with uniform arrivals, each sent at its
 * scheduled time whether or not earlier ones have answered, and timed from that scheduled time, so a
 * stall of the server or of the generator shows as latency instead of as requests never sent (no
 * coordinated omission). autocannon is closed loop: its connections wait for their answers, so a
 * stall delays the sends and only the one request in flight per connection sees it.
 *
 * Keep-alive connections from an undici Pool, one request at a time each: when every connection is
 * busy the pool opens another, up to `maxConnections`; a send that finds all of them busy waits in the
 * pool's queue and is counted as late. The generator's own lag (actual send − scheduled send) is
 * measured too: past `maxLagP99Ms` at the p99 the round is void, as its latencies then include the
 * generator's delays as well as the server's.
 */
import { build } from 'hdr-histogram-js';
import { Pool } from 'undici';
import { errorCodeOf, isShedBody } from './error-code.js';

export interface OpenLoopRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface OpenLoopOptions {
  /** Each send's request (called at its send: a new wallet each time, say). */
  request: () => OpenLoopRequest;
  maxConnections?: number;
  /** An answer not begun or not finished within this is a failure (`UND_ERR_HEADERS_TIMEOUT`, …). */
  timeoutMs?: number;
}

export interface OpenLoopRound {
  rate: number;
  seconds: number;
  sent: number;
  ok: number;
  /** 503 SERVER_BUSY answers: shed by the server, counted apart from failures. */
  shed: number;
  /** Every other answer and error, by status and code (`500 INTERNAL`) or error code (`ECONNRESET`). */
  failed: Map<string, number>;
  /** Sends that found every connection busy at the cap and waited in the pool's queue. */
  late: number;
  peakInFlight: number;
  /** Every answer's time from its scheduled send (failures without an answer left out). */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The generator's lag: actual send − scheduled send. */
  lagP99Ms: number;
  lagMaxMs: number;
  /** The lag's p99 is past `maxLagP99Ms`: the latencies measure the generator too. */
  void: boolean;
}

export const maxLagP99Ms = 1;

/**
 * Timers fire up to a millisecond or so late, the whole lag allowed: this close to the next send the
 * scheduler turns the event loop (setImmediate) instead of sleeping, so sends leave within microseconds
 * of their time. Above 500 sends a second that keeps the load core busy, as autocannon does.
 */
const timerThresholdMs = 2;

const histogram = () => build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3 });
const micros = (ms: number) => Math.max(0, Math.round(ms * 1000));

export function openLoop(url: string, options: OpenLoopOptions) {
  const maxConnections = options.maxConnections ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pool = new Pool(url, { connections: maxConnections, pipelining: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });

  /** Sends `rate` requests a second for `seconds`; resolves once every one has answered or failed. */
  function run(rate: number, seconds: number): Promise<OpenLoopRound> {
    const latency = histogram();
    const lag = histogram();
    const failed = new Map<string, number>();
    const fail = (key: string) => failed.set(key, (failed.get(key) ?? 0) + 1);
    const total = Math.round(rate * seconds);
    const intervalMs = 1000 / rate;
    let next = 0;
    let inFlight = 0;
    let peakInFlight = 0;
    let ok = 0;
    let shed = 0;
    let late = 0;

    return new Promise((resolve) => {
      const finishIfDone = () => {
        if (next < total || inFlight > 0) return;
        const lagP99Ms = lag.getValueAtPercentile(99) / 1000;
        resolve({
          rate,
          seconds,
          sent: total,
          ok,
          shed,
          failed,
          late,
          peakInFlight,
          p50Ms: latency.getValueAtPercentile(50) / 1000,
          p99Ms: latency.getValueAtPercentile(99) / 1000,
          maxMs: latency.maxValue / 1000,
          lagP99Ms,
          lagMaxMs: lag.maxValue / 1000,
          void: lagP99Ms > maxLagP99Ms,
        });
      };

      const send = (scheduled: number) => {
        lag.recordValue(micros(performance.now() - scheduled));
        if (inFlight >= maxConnections) late++;
        inFlight++;
        peakInFlight = Math.max(peakInFlight, inFlight);
        let status = 0;
        // The body is kept only for an answer other than 200, for its error code.
        let body: Buffer[] | null = null;
        const done = () => {
          inFlight--;
          finishIfDone();
        };
        const { method, path, headers, body: requestBody } = options.request();
        pool.dispatch(
          { method, path, headers, body: requestBody },
          {
            // undici takes a handler as of its new shape by this method, even an empty one.
            onRequestStart() {},
            onResponseStart(_controller, statusCode) {
              status = statusCode;
              if (statusCode !== 200) body = [];
            },
            onResponseData(_controller, chunk) {
              body?.push(chunk);
            },
            onResponseEnd() {
              latency.recordValue(micros(performance.now() - scheduled));
              if (status === 200) ok++;
              else {
                const text = Buffer.concat(body ?? []).toString();
                if (status === 503 && isShedBody(text)) shed++;
                else fail(`${status} ${errorCodeOf(text)}`);
              }
              done();
            },
            onResponseError(_controller, error) {
              fail((error as NodeJS.ErrnoException).code ?? error.message);
              done();
            },
          },
        );
      };

      const start = performance.now();
      const tick = () => {
        // Every send that is due goes now: after a stall of the generator, all the late ones at once.
        while (next < total && start + next * intervalMs <= performance.now()) send(start + next++ * intervalMs);
        if (next === total) return finishIfDone();
        const wait = start + next * intervalMs - performance.now();
        if (wait > timerThresholdMs) setTimeout(tick, wait - timerThresholdMs / 2);
        else setImmediate(tick);
      };
      tick();
    });
  }

  return { run, close: () => pool.close() };
}
