import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppConfig } from '../../platform/config.js';
import { notFound } from '../../platform/errors.js';

export const securityTxtPath = '/.well-known/security.txt';

const yearMs = 365 * 24 * 60 * 60 * 1000;

/** The RFC 9116 fields; `Expires` a year past `now`, so the file never goes stale while the server runs. */
export function securityTxt(contact: string, publicUrl: string, now: number): string {
  return [
    `Contact: ${contact}`,
    `Expires: ${new Date(now + yearMs).toISOString()}`,
    'Preferred-Languages: en, zh',
    `Canonical: ${publicUrl}${securityTxtPath}`,
    '',
  ].join('\n');
}

/**
 * `/.well-known/security.txt`: where to report a flaw or a phishing copy of the site (SECURITY_CONTACT).
 * Without a contact it is a 404 of its own, never the app's page the not-found handler would send.
 */
const securityTxtRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig; now?: () => number }> = async (
  app,
  { config, now = Date.now },
) => {
  app.get(securityTxtPath, { schema: { hide: true } }, async (_request, reply) => {
    if (config.securityContact === null) throw notFound('NOT_FOUND', `No route for GET ${securityTxtPath}`);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(securityTxt(config.securityContact, config.publicUrl, now()));
  });
};

export default securityTxtRoutes;
