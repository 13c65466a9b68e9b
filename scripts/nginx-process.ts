import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const shippedNginxSite = fileURLToPath(new URL('../deploy/nginx/acorn.conf', import.meta.url));

/** Debian's nginx lives in /usr/sbin, which a user's PATH often lacks. */
export function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('nginx is not installed: apt-get install nginx (.ci/run does)');
  }
}

/** Replaces `from` with `to`, exactly `count` times, so a change to the shipped file cannot go unnoticed. */
function replaceExactly(text: string, from: string, to: string, count: number): string {
  const found = text.split(from).length - 1;
  if (found !== count) throw new Error(`expected "${from}" ${count} times in ${shippedNginxSite}, found ${found}`);
  return text.split(from).join(to);
}

export interface NginxOptions {
  /** One or two app processes: the shipped upstream's first line, and its second or none. */
  appPorts: [number] | [number, number];
  /** `worker_processes`: 1 unless said (Debian's own nginx.conf says `auto`). */
  workers?: number | 'auto';
  /**
   * The lookups' `limit_req` burst instead of the shipped 20, for a load generator that asks from one
   * address: the limit is still checked on every lookup, and never refuses one.
   */
  lookupBurst?: number;
}

/**
 * The shipped site with only what differs on this machine filled in: the port nginx listens on
 * (loopback, IPv4), the app processes' ports, the cache folder, and the lookup burst when asked.
 * Everything else is the file as shipped.
 */
function localSite(options: NginxOptions & { listenPort: number; cacheDir: string }): string {
  const [firstPort, secondPort] = options.appPorts;
  let site = fs.readFileSync(shippedNginxSite, 'utf8');
  site = replaceExactly(site, '    listen [::]:80;\n', '', 1);
  site = replaceExactly(site, '    listen 80;\n', `    listen 127.0.0.1:${options.listenPort};\n`, 1);
  site = replaceExactly(site, 'server 127.0.0.1:3001 ', `server 127.0.0.1:${firstPort} `, 1);
  site =
    secondPort === undefined
      ? replaceExactly(site, '    server 127.0.0.1:3002 max_fails=1 fail_timeout=5s;\n', '', 1)
      : replaceExactly(site, 'server 127.0.0.1:3002 ', `server 127.0.0.1:${secondPort} `, 1);
  if (options.lookupBurst !== undefined) site = replaceExactly(site, 'zone=acorn_lookup burst=20 ', `zone=acorn_lookup burst=${options.lookupBurst} `, 1);
  return replaceExactly(site, 'proxy_cache_path /var/cache/nginx/acorn ', `proxy_cache_path ${options.cacheDir} `, 1);
}

/** nginx's main file: everything it writes (pid, logs, temp files) inside `prefix`, nothing of the package's own. */
function mainConfig(prefix: string, sitePath: string, workers: number | 'auto'): string {
  const temp = (name: string) => path.join(prefix, 'temp', name);
  return [
    `worker_processes ${workers};`,
    // As root the workers would otherwise run as nobody, who cannot enter the private folder `prefix`.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'error.log')} info;`,
    'events { worker_connections 1024; }',
    'http {',
    `  access_log ${path.join(prefix, 'access.log')};`,
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${sitePath};`,
    '}',
    '',
  ].join('\n');
}

export interface NginxProcess {
  /** The master's; the workers are its children. */
  pid: number;
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
  errorLog(): string;
  stop(): Promise<void>;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Debian's nginx in the foreground on a free loopback port, in front of the app ports, with the shipped site. */
export async function startNginx(prefix: string, options: NginxOptions): Promise<NginxProcess> {
  const port = await freePort();
  fs.mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  const sitePath = path.join(prefix, 'acorn.conf');
  fs.writeFileSync(sitePath, localSite({ ...options, listenPort: port, cacheDir: path.join(prefix, 'cache') }));
  const configPath = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(configPath, mainConfig(prefix, sitePath, options.workers ?? 1));

  const child: ChildProcess = spawn(nginxBinary(), ['-p', prefix, '-c', configPath, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => {
    const file = path.join(prefix, 'error.log');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  };

  for (let attempt = 0; attempt < 100 && child.exitCode === null; attempt++) {
    if (await portAnswers(port)) {
      return {
        pid: child.pid!,
        port,
        base: `http://127.0.0.1:${port}`,
        errorLog,
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGQUIT');
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not start:\n${output.join('')}\n${errorLog()}`);
}
