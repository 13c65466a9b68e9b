import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { AdminRole } from '@shared/schemas/admin';
import type { Database, User } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { recordAdminCall } from '../auth/index.js';
import type { AuditActor } from '../audit/index.js';
import { roleOf } from './admin.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role an /api/admin route needs; without it, admin. */
    adminRole?: AdminRole;
  }
}

/** Admin calls stop this long after the session's last one; a new signed sign-in starts again. */
export const adminIdleMs = 30 * 60 * 1000;

export interface AdminCaller {
  user: User;
  role: AdminRole;
  actor: AuditActor;
}

const callers = new WeakMap<FastifyRequest, AdminCaller>();

/** The caller the gate let through; only inside an /api/admin route. */
export function adminCaller(request: FastifyRequest): AdminCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('adminCaller outside an /api/admin route');
  return caller;
}

/**
 * Every /api/admin call: a session (401), opened by a wallet signature, not only an address (403), a
 * role read now, so a revoked one stops at once (403), the route's role, and an admin call within the
 * idle limit (403; the session itself stays signed in).
 */
export function adminGate(db: Kysely<Database>, now: () => number): onRequestHookHandler {
  return async (request) => {
    const user = await request.requireUser();
    const proof = await request.sessionProof();
    if (!proof?.proven) {
      throw new AppError(403, 'ADMIN_SIGNATURE_REQUIRED', 'The operator console needs a sign-in with your wallet signature.');
    }
    const role = await roleOf(db, user.wallet_address);
    const needed = request.routeOptions.config.adminRole ?? 'admin';
    if (role === null || (needed === 'admin' && role !== 'admin')) {
      throw new AppError(403, 'ADMIN_ROLE_REQUIRED', 'Your wallet has no role that allows this.');
    }
    if (!(await recordAdminCall(db, request.sessionId()!, adminIdleMs, now()))) {
      throw new AppError(403, 'ADMIN_SESSION_IDLE', 'The operator console was idle for 30 minutes. Sign in with your wallet again.');
    }
    callers.set(request, { user, role, actor: { actor: user.wallet_address, role } });
  };
}
