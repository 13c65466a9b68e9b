import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { AppError } from '../errors.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers (a CSP the built app passes: no inline scripts) and an Origin check on
 * every state-changing call, on top of SameSite=Lax cookies.
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const https = config.secureCookies;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix dialogs inject a scroll-lock <style>; styles cannot run code.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    });

    const publicOrigin = new URL(config.publicUrl).origin;
    // Every state-changing request is checked, whatever its path: the router decodes the URL
    // (`/%61pi/...` routes to `/api/...`), so a test on the raw path would be a bypass.
    app.addHook('onRequest', async (request) => {
      if (!unsafeMethods.has(request.method)) return;
      const origin = request.headers.origin;
      if (origin === undefined) return;
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin !== publicOrigin && origin !== ownOrigin) {
        throw new AppError(403, 'BAD_ORIGIN', 'This request came from another site and was refused.');
      }
    });
  },
  { name: 'security' },
);
