import type { XMode, XState } from '@shared/schemas/config';
import { simulatedXLabel } from '@shared/simulated-x';

/** Where the simulated X is served, on the app's own origin. */
export const simulatedXPrefix = '/simulated-x';
/** The client id the app presents to the simulated X (it has no secret). */
export const simulatedXClientId = 'acorn-simulated-x';

export interface XModeInput {
  clientId: string | null;
  host: string;
  publicUrl: string;
  /** TRUST_PROXY is set: a proxy forwards visitors from anywhere, whatever HOST and PUBLIC_URL say. */
  behindProxy: boolean;
  /** X_SIMULATED: false turns the simulated X down even where it would be allowed. */
  simulatedAllowed: boolean;
}

/** The mode and its public reason code, with the words for the start-up log (which may name hosts and URLs). */
export type XModeDecision = XState & { detail: string };

const ipv4Loopback = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and localhost: addresses no other machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  const octets = ipv4Loopback.exec(bare.replace(/^::ffff:/, ''));
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/**
 * Which X the app talks to. The simulated X lets anyone "sign in" as any handle, so it is offered
 * only where nobody but this machine can reach the app: HOST and PUBLIC_URL both on loopback, over http,
 * and no proxy in front. Each request is checked again as well (isFromThisMachine).
 */
export function decideXMode(input: XModeInput): XModeDecision {
  if (input.clientId) return { mode: 'real', reason: 'configured', detail: 'X_CLIENT_ID is set' };
  const unset = 'X_CLIENT_ID is not set';
  if (!input.simulatedAllowed) return { mode: 'off', reason: 'disabled', detail: `${unset} and X_SIMULATED=false` };
  if (input.behindProxy) {
    return {
      mode: 'off',
      reason: 'behind-proxy',
      detail: `${unset}, and the simulated X is never used behind a proxy (TRUST_PROXY is set)`,
    };
  }
  const needsLoopback = `${unset}, and the simulated X needs a loopback address`;
  if (!isLoopbackHost(input.host)) {
    return { mode: 'off', reason: 'not-loopback', detail: `${needsLoopback} (HOST ${input.host} is not one)` };
  }
  const publicUrl = new URL(input.publicUrl);
  if (publicUrl.protocol !== 'http:') {
    return {
      mode: 'off',
      reason: 'https',
      detail: `${unset}, and the simulated X is never used behind https (PUBLIC_URL ${input.publicUrl})`,
    };
  }
  if (!isLoopbackHost(publicUrl.hostname)) {
    return { mode: 'off', reason: 'not-loopback', detail: `${needsLoopback} (PUBLIC_URL ${input.publicUrl} is not one)` };
  }
  return { mode: 'simulated', reason: 'loopback-demo', detail: `${unset} and the server is reachable only from this machine` };
}

/** The start-up log line: which X is in use, and why. */
export function describeXMode(decision: { mode: XMode; detail: string }, publicUrl: string): string {
  if (decision.mode === 'real') return `X: real (${decision.detail})`;
  if (decision.mode === 'off') return `X: off, connecting X is unavailable (${decision.detail})`;
  return `X: simulated (${simulatedXLabel}) at ${publicUrl}${simulatedXPrefix}: ${decision.detail}; set X_CLIENT_ID to use the real X`;
}

/**
 * The start-up warning when the site would reward posting on the real X: X's developer policy forbids
 * such apps (since 2026-01-15), which is why mining is closed by default.
 */
export function xPolicyWarning(state: { xMode: XMode; miningOpen: boolean }): string | null {
  if (state.xMode !== 'real' || !state.miningOpen) return null;
  return (
    "X developer policy: since 2026-01-15 X's developer policy forbids apps that reward users for posting on X, " +
    "and X revokes such apps' API access. MINING_OPEN=true with X_CLIENT_ID set is such an app: posts on X earn points. " +
    'Keep MINING_OPEN=false (the default) unless X has allowed it.'
  );
}

/** Headers a proxy adds: a request carrying any of them came from somewhere else, whatever its peer. */
const forwardingHeaders = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded', 'x-real-ip'];

/**
 * Whether a request comes straight from this machine: a loopback peer and no forwarding header. A proxy
 * on this machine makes its visitors' requests look local by their peer; its headers give it away.
 */
export function isFromThisMachine(request: { headers: Record<string, unknown>; peerAddress: string | undefined }): boolean {
  if (request.peerAddress === undefined || !isLoopbackHost(request.peerAddress)) return false;
  return forwardingHeaders.every((name) => request.headers[name] === undefined);
}

export const notFromThisMachineMessage =
  'The simulated X is only for this machine: it does not answer requests through a proxy or from another computer.';
