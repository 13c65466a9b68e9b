import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import { appendRouteHook } from './rate-limits.plugin.js';
import { waitText } from './wait-text.js';

export type CostKind = 'generation' | 'upload' | 'claim';
type CostHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Route hooks for calls that spend the operator's LLM budget, disk or X quota (a claim asks X about
     * the post): one budget per kind, shared by every route of that kind, counted per account and per IP.
     */
    costLimit: Record<CostKind, CostHook>;
  }
}

const reasons: Record<CostKind, Record<'user' | 'ip', string>> = {
  generation: {
    user: 'You have generated a lot in a short time.',
    ip: 'Too many generations from your network.',
  },
  upload: {
    user: 'You have uploaded a lot of images in a short time.',
    ip: 'Too many uploads from your network.',
  },
  claim: {
    user: 'You have tried to claim points many times in a short time.',
    ip: 'Too many claim attempts from your network.',
  },
};

/** Claims: CLAIM_RATE_LIMIT per member per minute, this many times that per IP (several members behind one address). */
const claimsPerIpFactor = 3;
const claimWindowMs = 60_000;

interface Budget {
  perUser: number;
  perIp: number;
  windowMs: number;
}

function budgets(config: AppConfig): Record<CostKind, Budget | null> {
  const { windowMs, generation, upload } = config.costLimits;
  const claims = config.claimRateLimit;
  return {
    generation: { ...generation, windowMs },
    upload: { ...upload, windowMs },
    // 0: no claim limit at all (the hook counts nothing).
    claim: claims > 0 ? { perUser: claims, perIp: claims * claimsPerIpFactor, windowMs: claimWindowMs } : null,
  };
}

const unlimited: CostHook = async () => {};

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const hook = (kind: CostKind): CostHook => {
      const limits = budgets(config)[kind];
      if (!limits) return unlimited;
      const { windowMs } = limits;
      // Two limiters, because the plugin's own route hook runs once per request: the second would be skipped.
      // Keys name their kind: on PostgreSQL every limiter counts in one shared table.
      const limiters = [
        {
          scope: 'user' as const,
          check: app.createRateLimit({
            max: limits.perUser,
            timeWindow: windowMs,
            keyGenerator: async (request) => `cost:${kind}:user:${(await request.sessionUser())?.id}`,
          }),
        },
        // The client IP as the plugin keys it by default (IPv6 grouped by /64), as with TRUST_PROXY.
        {
          scope: 'ip' as const,
          check: app.createRateLimit({
            max: limits.perIp,
            timeWindow: windowMs,
            keyGenerator: (request) => `cost:${kind}:ip:${normalizeIP(request.ip)}`,
          }),
        },
      ];

      return async (request, reply) => {
        // Without a session the route answers 401 and spends nothing, so nothing is counted.
        if (!(await request.sessionUser())) return;
        for (const { scope, check } of limiters) {
          const result = await check(request);
          if (result.isAllowed) continue;
          if (!result.isExceeded) {
            // A failed upload or generation spent nothing: the hit is given back (rate-limits.ts).
            app.rateLimitHits.counted(request, result.key);
            continue;
          }
          const seconds = Math.max(1, result.ttlInSeconds);
          reply.header('retry-after', seconds);
          throw new AppError(429, 'RATE_LIMITED', `${reasons[kind][scope]} Please try again in ${waitText(seconds)}.`, {
            retryAfterSeconds: seconds,
          });
        }
      };
    };

    const costLimit = { generation: hook('generation'), upload: hook('upload'), claim: hook('claim') };
    app.decorate('costLimit', costLimit);
    const costHooks = new Set<unknown>(Object.values(costLimit).filter((costHook) => costHook !== unlimited));
    app.addHook('onRoute', (route) => {
      const onRequest = [route.onRequest ?? []].flat();
      if (onRequest.some((routeHook) => costHooks.has(routeHook))) appendRouteHook(route, 'onResponse', app.rateLimitHits.onResponse);
    });
  },
  { name: 'cost-limits', dependencies: ['rate-limits', 'session'] },
);
