import path from 'node:path';
import { defaultExternalLinks, type ExternalLinkName, type ExternalLinks, externalLinkVariables } from '@shared/links';
import type { WalletProof } from '@shared/schemas/config';
import { parseRevealSchedule, type RevealSchedule } from './reveal-schedule.js';
import { defaultListenSockets, reusePortSupported } from './listen-sockets.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';
import { decideXMode, simulatedXClientId, simulatedXPrefix, type XModeDecision } from './x-mode.js';

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Where `npm run backup` writes (BACKUP_DIR); never inside DATA_DIR. */
  backupDir: string;
  /** The server takes a backup into BACKUP_DIR this often; 0 turns scheduled backups off. */
  backupIntervalHours: number;
  /** Scheduled backups keep the newest this many complete ones. */
  backupKeep: number;
  /** `postgres://…` switches to PostgreSQL; null keeps the embedded SQLite file. */
  databaseUrl: string | null;
  /** SQLite: how long a write waits (off the event loop) for another process's write lock before a 503. */
  databaseBusyTimeoutMs: number;
  /** PostgreSQL: how long one query of the server may run before its request answers 503 (0: no bound). */
  databaseQueryTimeoutMs: number;
  /**
   * MIGRATE_ON_START (default true): the server, `npm start` and the CLIs apply pending migrations when
   * they open the database; false: they only check that none is pending (a role without DDL rights).
   */
  migrateOnStart: boolean;
  /** null: generated once and kept in DATA_DIR. */
  sessionSecret: string | null;
  miningOpen: boolean;
  /** ALLOCATION_REVEAL_AT: the reveal stored at start when none is (then `npm run launch` rules); null: public. */
  allocationRevealAt: RevealSchedule | null;
  /** `npm start` loads the demo data set into an empty database (DEMO_DATA, default true). */
  demoData: boolean;
  /** required: linking X, claims, generation and uploads need a session opened with a wallet signature. */
  walletProof: WalletProof;
  blockHeightUrls: string[];
  marketplaceApiBase: string;
  stakingStatsUrl: string | null;
  /** External pages the pages link to (LINK_* variables). */
  links: ExternalLinks;
  /** Checking the payouts' transactions against Esplora block explorers, and where holders look them up. */
  payouts: PayoutCheckConfig;
  /**
   * mode: real (X_CLIENT_ID set), simulated (the built-in stand-in on loopback) or off (no X at all);
   * reason: its public code; detail: why, in words for the start-up log.
   */
  x: XModeDecision & {
    /** In simulated mode the simulated X's client id, so the X client treats it as configured. */
    clientId: string | null;
    clientSecret: string | null;
    redirectUrl: string | null;
    authUrl: string;
    tokenUrl: string;
    apiBase: string;
    /** What an X account must have to be linked and to claim (issue 13): checked at link and again at each claim. */
    requirements: XRequirements;
  };
  llm: { baseUrl: string | null; apiKey: string | null; model: string };
  logLevel: string;
  /** How long any outside call (explorer, marketplace, X, LLM) may take. */
  upstreamTimeoutMs: number;
  /** Logins allowed per IP per minute. */
  loginRateLimit: number;
  /** Allocation lookups (and, counted apart, proofs) per IP per minute; 0: no limit (benchmarks). */
  lookupRateLimit: number;
  /** Claim attempts (tweet and meme claims together) per member per minute, three times as many per IP; 0: no limit. */
  claimRateLimit: number;
  /** SECURITY_CONTACT: the `mailto:` or `https:` URI /.well-known/security.txt names; null: no security.txt. */
  securityContact: string | null;
  /** Generation (LLM) and upload calls per account and per IP in one window: the operator's budget and disk. */
  costLimits: {
    windowMs: number;
    generation: { perUser: number; perIp: number };
    upload: { perUser: number; perIp: number };
  };
  /** How often expired sessions, OAuth states and sign-in challenges are deleted. */
  pruneIntervalMs: number;
  /** Disk budget of DATA_DIR/uploads (uploads and rendered memes); past it new images answer 507. */
  uploadsMaxBytes: number;
  /** Which reverse proxies' X-Forwarded-For to believe, so rate limits see the client's IP. */
  trustProxy: TrustProxy;
  /** How long a client may take to send a whole request (headers and body) before a 408. */
  requestTimeoutMs: number;
  /** On SIGTERM: how long the server answers (not ready, closing each connection) before it stops listening. */
  shutdownGraceMs: number;
  /** Sockets listening on PORT (SO_REUSEPORT): each turn of the event loop accepts one connection per socket. */
  listenSockets: number;
  /**
   * Load shedding: past this mean event-loop delay (sampled every `sampleIntervalMs`), and for the rest of
   * a turn of the event loop that has spent `turnBudgetMs` (0: no turn budget), API calls answer 503
   * SERVER_BUSY at once instead of queueing; so do they while a call asking now would wait longer than
   * `poolWaitMs` for a database connection, or one already has (0: never); `eventLoopDelayMs` 0 turns
   * all shedding off.
   */
  shedding: { eventLoopDelayMs: number; sampleIntervalMs: number; turnBudgetMs: number; poolWaitMs: number };
  /** METRICS_TOKEN: `GET /metrics` answers only with `Authorization: Bearer <token>`; null: no /metrics at all. */
  metricsToken: string | null;
  /** Built client (index.html + assets); not served when the folder is absent. */
  clientDir: string;
  /** Session cookies need HTTPS when the public URL is HTTPS. */
  secureCookies: boolean;
}

export interface PayoutCheckConfig {
  /** Esplora API bases (EXPLORER_API_URLS), asked in turn. */
  explorerApiUrls: string[];
  /** Requests per explorer host in any minute. */
  explorerRequestsPerMinute: number;
  /** Confirmations after which a transaction is checked once more, then never again. */
  finalConfirmations: number;
  /** A transaction no explorer has shown this long after it was recorded is not_found. */
  notFoundMs: number;
  /** The explorer page of a transaction: this, a slash and the txid (https). */
  explorerTxUrl: string;
}

export interface XRequirements {
  minAccountAgeDays: number;
  minFollowers: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function fail(name: string, reason: string, value: string): never {
  throw new ConfigError(`Invalid environment variable ${name}: ${reason} (got "${value}")`);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    fail(name, `must be a whole number from ${min} to ${max}`, raw);
  }
  return Number(raw);
}

function listenSockets(env: Env): number {
  const sockets = integer(env, 'LISTEN_SOCKETS', defaultListenSockets(), 1, 64);
  if (sockets > 1 && !reusePortSupported()) {
    fail('LISTEN_SOCKETS', `more than 1 needs SO_REUSEPORT: Linux and Node 22.12 or later (this is Node ${process.versions.node} on ${process.platform})`, String(sockets));
  }
  return sockets;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return fail(name, 'must be true or false', raw);
}

function httpUrl(name: string, raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw.replace(/\/+$/, '');
  } catch {
    // fall through to the named failure below
  }
  return fail(name, 'must be an http(s) URL', raw);
}

function optionalUrl(env: Env, name: string): string | null {
  const raw = read(env, name);
  return raw === undefined ? null : httpUrl(name, raw);
}

function url(env: Env, name: string, fallback: string): string {
  return optionalUrl(env, name) ?? fallback;
}

function databaseUrl(env: Env): string | null {
  const raw = read(env, 'DATABASE_URL');
  if (raw === undefined) return null;
  if (!/^postgres(ql)?:\/\//.test(raw)) fail('DATABASE_URL', 'must be a postgres:// URL', raw);
  return raw;
}

/** BACKUP_DIR, resolved; a backup inside DATA_DIR would be lost with the disk it should outlive. */
function backupDir(env: Env, dataDir: string): string {
  const raw = read(env, 'BACKUP_DIR');
  const resolved = path.resolve(raw ?? './backups');
  if (isInside(resolved, dataDir)) fail('BACKUP_DIR', `must not be inside DATA_DIR (${dataDir})`, raw ?? './backups');
  return resolved;
}

/** True when `child` is `parent` or a folder below it. */
export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function xRequirements(env: Env): XRequirements {
  return {
    minAccountAgeDays: integer(env, 'X_MIN_ACCOUNT_AGE_DAYS', 30, 0, 36_500),
    minFollowers: integer(env, 'X_MIN_FOLLOWERS', 10, 0, 1_000_000_000),
  };
}

type XSettings = XModeDecision & Omit<AppConfig['x'], keyof XModeDecision | 'requirements'>;

function xSettings(env: Env, host: string, publicUrl: string, behindProxy: boolean): XSettings {
  const clientId = read(env, 'X_CLIENT_ID') ?? null;
  const redirectUrl = optionalUrl(env, 'X_REDIRECT_URL');
  const decision = decideXMode({
    clientId,
    host,
    publicUrl,
    behindProxy,
    simulatedAllowed: boolean(env, 'X_SIMULATED', true),
  });
  if (decision.mode === 'simulated') {
    // The app reaches the simulated X the way a browser does: on its own (loopback) public URL.
    const base = `${publicUrl}${simulatedXPrefix}`;
    return {
      ...decision,
      clientId: simulatedXClientId,
      clientSecret: null,
      redirectUrl,
      authUrl: `${base}/i/oauth2/authorize`,
      tokenUrl: `${base}/2/oauth2/token`,
      apiBase: base,
    };
  }
  return {
    ...decision,
    clientId,
    clientSecret: read(env, 'X_CLIENT_SECRET') ?? null,
    redirectUrl,
    authUrl: url(env, 'X_AUTH_URL', 'https://x.com/i/oauth2/authorize'),
    tokenUrl: url(env, 'X_TOKEN_URL', 'https://api.x.com/2/oauth2/token'),
    apiBase: url(env, 'X_API_BASE', 'https://api.x.com'),
  };
}

function httpsUrl(name: string, raw: string): string {
  const value = httpUrl(name, raw);
  return value.startsWith('https://') ? value : fail(name, 'must be an https URL', raw);
}

/** Each external link from its LINK_* variable, or the product's default. */
function externalLinks(env: Env): ExternalLinks {
  const entries = (Object.keys(defaultExternalLinks) as ExternalLinkName[]).map((name) => {
    const variable = externalLinkVariables[name];
    const raw = read(env, variable);
    return [name, raw === undefined ? defaultExternalLinks[name] : httpsUrl(variable, raw)] as const;
  });
  return Object.fromEntries(entries) as ExternalLinks;
}

function trustProxy(env: Env): TrustProxy {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  const parsed = parseTrustProxy(raw);
  if (parsed === null) {
    fail('TRUST_PROXY', 'must be true (one proxy), false, a number of proxies, or proxy addresses/CIDR ranges', raw);
  }
  return parsed;
}

/** A bearer token long enough that guessing it is hopeless; unset leaves /metrics off. */
function metricsToken(env: Env): string | null {
  const raw = read(env, 'METRICS_TOKEN');
  if (raw === undefined) return null;
  return /^[\x21-\x7e]{16,}$/.test(raw) ? raw : fail('METRICS_TOKEN', 'must be at least 16 printable characters without spaces', '…');
}

function walletProof(env: Env): WalletProof {
  const raw = read(env, 'WALLET_PROOF');
  if (raw === undefined) return 'optional';
  return raw === 'optional' || raw === 'required' ? raw : fail('WALLET_PROOF', 'must be optional or required', raw);
}

export const defaultExplorerApiUrls = ['https://mempool.space/api', 'https://blockstream.info/api'];

function payoutCheck(env: Env): PayoutCheckConfig {
  const apiUrls = read(env, 'EXPLORER_API_URLS')
    ?.split(',')
    .map((entry) => httpUrl('EXPLORER_API_URLS', entry.trim()));
  return {
    explorerApiUrls: apiUrls ?? defaultExplorerApiUrls,
    explorerRequestsPerMinute: integer(env, 'EXPLORER_REQUESTS_PER_MINUTE', 30, 1, 10_000),
    finalConfirmations: integer(env, 'PAYOUT_FINAL_CONFIRMATIONS', 6, 1, 1000),
    notFoundMs: integer(env, 'PAYOUT_NOT_FOUND_HOURS', 24, 1, 8760) * 3_600_000,
    explorerTxUrl: httpsUrl('EXPLORER_TX_URL', read(env, 'EXPLORER_TX_URL') ?? 'https://mempool.space/tx'),
  };
}

export const defaultBlockHeightUrls = [
  'https://mempool.space/api/blocks/tip/height',
  'https://blockstream.info/api/blocks/tip/height',
];

function securityContact(env: Env): string | null {
  const raw = read(env, 'SECURITY_CONTACT');
  if (raw === undefined) return null;
  if (/^mailto:[^@\s]+@[^@\s]+$/.test(raw)) return raw;
  if (raw.startsWith('https://')) return httpsUrl('SECURITY_CONTACT', raw);
  return fail('SECURITY_CONTACT', 'must be a mailto: or https: URI (mailto:security@example.com)', raw);
}

function allocationRevealAt(env: Env): RevealSchedule | null {
  const raw = read(env, 'ALLOCATION_REVEAL_AT');
  if (raw === undefined) return null;
  const parsed = parseRevealSchedule(raw);
  return parsed.ok ? parsed.value : fail('ALLOCATION_REVEAL_AT', parsed.problem, raw);
}

/** The only reader of process.env: every setting, its default and a message naming a bad variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const publicUrl = url(env, 'PUBLIC_URL', `http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  const dataDir = path.resolve(read(env, 'DATA_DIR') ?? './data');
  const proxies = trustProxy(env);
  const sessionSecret = read(env, 'SESSION_SECRET') ?? null;
  if (sessionSecret !== null && sessionSecret.length < 32) {
    fail('SESSION_SECRET', 'must be at least 32 characters', '(hidden)');
  }
  const blockHeightUrls = read(env, 'BLOCK_HEIGHT_URLS')
    ?.split(',')
    .map((entry) => httpUrl('BLOCK_HEIGHT_URLS', entry.trim()));

  return {
    port,
    host,
    publicUrl,
    dataDir,
    backupDir: backupDir(env, dataDir),
    backupIntervalHours: integer(env, 'BACKUP_INTERVAL_HOURS', 24, 0, 8760),
    backupKeep: integer(env, 'BACKUP_KEEP', 7, 1, 1000),
    databaseUrl: databaseUrl(env),
    databaseBusyTimeoutMs: integer(env, 'DATABASE_BUSY_TIMEOUT_MS', 5000, 0, 600_000),
    databaseQueryTimeoutMs: integer(env, 'DATABASE_QUERY_TIMEOUT_MS', 30_000, 0, 3_600_000),
    migrateOnStart: boolean(env, 'MIGRATE_ON_START', true),
    sessionSecret,
    miningOpen: boolean(env, 'MINING_OPEN', false),
    allocationRevealAt: allocationRevealAt(env),
    demoData: boolean(env, 'DEMO_DATA', true),
    walletProof: walletProof(env),
    blockHeightUrls: blockHeightUrls ?? defaultBlockHeightUrls,
    marketplaceApiBase: url(env, 'MARKETPLACE_API_BASE', 'https://api-mainnet.magiceden.dev'),
    stakingStatsUrl: optionalUrl(env, 'STAKING_STATS_URL'),
    links: externalLinks(env),
    payouts: payoutCheck(env),
    x: { ...xSettings(env, host, publicUrl, proxies !== false), requirements: xRequirements(env) },
    llm: {
      baseUrl: optionalUrl(env, 'LLM_BASE_URL'),
      apiKey: read(env, 'LLM_API_KEY') ?? null,
      model: read(env, 'LLM_MODEL') ?? 'gpt-4o-mini',
    },
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
    upstreamTimeoutMs: integer(env, 'UPSTREAM_TIMEOUT_MS', 5000, 100, 60000),
    loginRateLimit: integer(env, 'LOGIN_RATE_LIMIT', 20, 1, 100000),
    lookupRateLimit: integer(env, 'LOOKUP_RATE_LIMIT', 60, 0, 1_000_000),
    claimRateLimit: integer(env, 'CLAIM_RATE_LIMIT', 10, 0, 100_000),
    securityContact: securityContact(env),
    costLimits: {
      windowMs: integer(env, 'COST_LIMIT_WINDOW_MINUTES', 10, 1, 1440) * 60_000,
      generation: {
        perUser: integer(env, 'GENERATION_LIMIT_PER_USER', 20, 1, 100000),
        perIp: integer(env, 'GENERATION_LIMIT_PER_IP', 60, 1, 100000),
      },
      upload: {
        perUser: integer(env, 'UPLOAD_LIMIT_PER_USER', 30, 1, 100000),
        perIp: integer(env, 'UPLOAD_LIMIT_PER_IP', 90, 1, 100000),
      },
    },
    pruneIntervalMs: integer(env, 'PRUNE_INTERVAL_MINUTES', 60, 1, 1440) * 60_000,
    uploadsMaxBytes: integer(env, 'UPLOADS_MAX_MB', 2048, 1, 10_000_000) * 1024 * 1024,
    trustProxy: proxies,
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 60_000, 100, 3_600_000),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 5000, 0, 600_000),
    listenSockets: listenSockets(env),
    shedding: {
      eventLoopDelayMs: integer(env, 'SHED_EVENT_LOOP_DELAY_MS', 100, 0, 60_000),
      sampleIntervalMs: integer(env, 'SHED_SAMPLE_INTERVAL_MS', 500, 10, 60_000),
      turnBudgetMs: integer(env, 'SHED_TURN_BUDGET_MS', 50, 0, 60_000),
      poolWaitMs: integer(env, 'SHED_POOL_WAIT_MS', 100, 0, 60_000),
    },
    metricsToken: metricsToken(env),
    clientDir: path.resolve(read(env, 'CLIENT_DIR') ?? './dist/client'),
    secureCookies: publicUrl.startsWith('https://'),
  };
}
