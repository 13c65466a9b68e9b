import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import type { User } from '../db/schema.js';
import { forbidden, unauthorized } from '../errors.js';
import { assertNotBlocked, sessionTtlMs, userForSession } from '../features/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session id from the signed cookie, or null. */
    sessionId(): string | null;
    /** The session's user, or null for a visitor. Memoised per request. */
    sessionUser(): Promise<User | null>;
    /** The session's user; 401 without a session, 403 ACCOUNT_BLOCKED for a blocked one. */
    requireUser(): Promise<User>;
    /** requireUser, and 403 unless the user is the one the call names. */
    requireSelf(owner: { id?: number; walletAddress?: string }): Promise<User>;
  }
  interface FastifyReply {
    startSession(sessionId: string): void;
    endSession(): void;
  }
}

export const sessionCookieName = 'acorn_session';

const memo = new WeakMap<FastifyRequest, Promise<User | null>>();

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorateRequest('sessionId', function sessionId(this: FastifyRequest) {
      const raw = this.cookies[sessionCookieName];
      if (!raw) return null;
      const unsigned = this.unsignCookie(raw);
      return unsigned.valid ? unsigned.value : null;
    });

    app.decorateRequest('sessionUser', function sessionUser(this: FastifyRequest) {
      let pending = memo.get(this);
      if (!pending) {
        const id = this.sessionId();
        pending = id ? userForSession(app.db, id).then((user) => user ?? null) : Promise.resolve(null);
        memo.set(this, pending);
      }
      return pending;
    });

    app.decorateRequest('requireUser', async function requireUser(this: FastifyRequest) {
      const user = await this.sessionUser();
      if (!user) throw unauthorized();
      assertNotBlocked(user);
      return user;
    });

    app.decorateRequest('requireSelf', async function requireSelf(this: FastifyRequest, owner) {
      const user = await this.requireUser();
      const sameId = owner.id === undefined || owner.id === user.id;
      const sameWallet = owner.walletAddress === undefined || owner.walletAddress === user.wallet_address;
      if (!sameId || !sameWallet) throw forbidden();
      return user;
    });

    app.decorateReply('startSession', function startSession(this: FastifyReply, sessionId: string) {
      this.setCookie(sessionCookieName, sessionId, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        path: '/',
        maxAge: sessionTtlMs / 1000,
      });
    });

    app.decorateReply('endSession', function endSession(this: FastifyReply) {
      this.clearCookie(sessionCookieName, { path: '/' });
    });
  },
  { name: 'session', dependencies: ['database', '@fastify/cookie'] },
);
