import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionProof } from '@shared/schemas/auth';
import type { AppConfig } from '../../platform/config.js';
import type { User } from '../../platform/db/schema.js';
import { AppError, forbidden, unauthorized } from '../../platform/errors.js';
import { assertNotBlocked, sessionTtlMs, userForSession } from './auth.service.js';
import { requestCookies } from '../../platform/http/cookies.js';
import { sessionCookieName } from '../../platform/public-paths.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session id from the signed cookie, or null. */
    sessionId(): string | null;
    /** The session's user, or null for a visitor. Memoised per request. */
    sessionUser(): Promise<User | null>;
    /** How the session was opened (wallet signature or address only), or null for a visitor; same query as sessionUser. */
    sessionProof(): Promise<SessionProof | null>;
    /** The session's user; 401 without a session, 403 ACCOUNT_BLOCKED for a blocked one. */
    requireUser(): Promise<User>;
    /** requireUser, and 403 unless the user is the one the call names. */
    requireSelf(owner: { id?: number; walletAddress?: string }): Promise<User>;
  }
  interface FastifyInstance {
    /**
     * Route hook (onRequest) for linking X, claims, generation and uploads: with WALLET_PROOF=required,
     * 403 WALLET_PROOF_REQUIRED for a session opened by address alone. A visitor passes on to the route's 401.
     */
    walletProofGate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyReply {
    startSession(sessionId: string): void;
    endSession(): void;
  }
}


export const walletProofRequiredMessage =
  'Sign in with your wallet to do this. Joining with an address alone is not enough.';

const memo = new WeakMap<FastifyRequest, Promise<{ user: User; proof: SessionProof } | null>>();
/** Requests that read their session cookie, or opened or ended a session: their answers are personal. */
const personal = new WeakSet<FastifyRequest>();

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorateRequest('sessionId', function sessionId(this: FastifyRequest) {
      personal.add(this);
      const raw = requestCookies(this)[sessionCookieName];
      if (!raw) return null;
      const unsigned = this.unsignCookie(raw);
      return unsigned.valid ? unsigned.value : null;
    });

    function sessionState(request: FastifyRequest) {
      let pending = memo.get(request);
      if (!pending) {
        const id = request.sessionId();
        pending = id ? userForSession(app.db, id).then((found) => found ?? null) : Promise.resolve(null);
        memo.set(request, pending);
      }
      return pending;
    }

    app.decorateRequest('sessionUser', async function sessionUser(this: FastifyRequest) {
      return (await sessionState(this))?.user ?? null;
    });

    app.decorateRequest('sessionProof', async function sessionProof(this: FastifyRequest) {
      return (await sessionState(this))?.proof ?? null;
    });

    app.decorate('walletProofGate', async function walletProofGate(request: FastifyRequest) {
      if (config.walletProof !== 'required') return;
      const state = await sessionState(request);
      if (state && !state.proof.proven) throw new AppError(403, 'WALLET_PROOF_REQUIRED', walletProofRequiredMessage);
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
      personal.add(this.request);
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
      personal.add(this.request);
      this.clearCookie(sessionCookieName, { path: '/' });
    });

    // Whatever a route answers after reading the session (its caller's account, an operator's view,
    // a 401) is one person's: no browser or proxy may keep it, whatever Cache-Control the route set.
    // Deciding here, where the session is read, covers every such route, /api/admin's gate included,
    // and leaves the public answers (lookup, proof, root, stats), which never read it, as they are.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (personal.has(request)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'session', dependencies: ['database', '@fastify/cookie'] },
);
