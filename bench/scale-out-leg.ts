import path from 'node:path';
import type autocannon from 'autocannon';
import { type NginxProcess, startNginx } from '../scripts/nginx-process.js';
import { type CpuMeters, type LoadOptions, type LoadResult, measureInTurns, warmUp } from './load.js';
import { cpuMsOf, withChildrenCpuMs } from './processes.js';

/** A product process started for this leg. */
export interface ScaleOutApp {
  port: number;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface ScaleOutRow {
  setUp: string;
  apps: number;
  behindNginx: boolean;
  result: LoadResult;
}

/** Names of the meters, as LoadResult's otherCpuMicrosPerRequest holds them. */
export const appMeter = (index: number) => `app ${index + 1}`;
export const nginxMeter = 'nginx';

/** The load generator asks from one address: with the shipped burst of 20 nearly every lookup would be a 429. */
const lookupBurstNoAddressReaches = 1_000_000_000;

/**
 * The lookup, closed loop with the same connections, on one product process asked directly, the same
 * process behind the shipped nginx site, and two processes behind it (the shipped upstream with both
 * ports), measured in turns. Each set-up meters its app processes and nginx (master and workers) apart,
 * beside `sharedMeters` (PostgreSQL, the load generator).
 */
export async function runScaleOutLeg(options: {
  startApp: (name: string) => Promise<ScaleOutApp>;
  workDir: string;
  request: autocannon.Request;
  load: LoadOptions;
  sharedMeters: CpuMeters;
}): Promise<ScaleOutRow[]> {
  const apps: ScaleOutApp[] = [];
  const proxies: NginxProcess[] = [];
  const startProxy = async (name: string, appPorts: [number] | [number, number]) => {
    const proxy = await startNginx(path.join(options.workDir, name), { appPorts, workers: 'auto', lookupBurst: lookupBurstNoAddressReaches });
    proxies.push(proxy);
    return proxy;
  };
  try {
    for (const name of ['scale-out-1', 'scale-out-2']) apps.push(await options.startApp(name));
    const [first, second] = apps as [ScaleOutApp, ScaleOutApp];
    const setUps = [
      { setUp: 'one process, direct', apps: 1, proxy: null },
      { setUp: 'one process behind nginx', apps: 1, proxy: await startProxy('nginx-one-process', [first.port]) },
      { setUp: 'two processes behind nginx', apps: 2, proxy: await startProxy('nginx-two-processes', [first.port, second.port]) },
    ];
    // The first process is warmed by each set-up's warm-up, the second only by half of the last one's.
    await warmUp(second.url, [options.request], options.load);
    const results = await measureInTurns(
      setUps.map(({ apps: count, proxy }) => ({
        url: proxy?.base ?? first.url,
        meters: {
          ...Object.fromEntries(apps.slice(0, count).map((app, index) => [appMeter(index), () => cpuMsOf(app.pid)])),
          ...(proxy === null ? {} : { [nginxMeter]: () => withChildrenCpuMs(proxy.pid) }),
          ...options.sharedMeters,
        },
      })),
      [options.request],
      options.load,
    );
    return setUps.map(({ setUp, apps: count, proxy }, index) => ({ setUp, apps: count, behindNginx: proxy !== null, result: results[index]! }));
  } finally {
    for (const proxy of proxies) await proxy.stop();
    for (const app of apps) await app.stop();
  }
}
