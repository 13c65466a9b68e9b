import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { isFromThisMachine, notFromThisMachineMessage } from './x-mode.js';

/**
 * onRequest hook of every simulated-X route and of linking X while the simulated X is in use: a
 * request through a proxy or from another machine is refused before anything else runs.
 */
export async function refuseUnlessFromThisMachine(request: FastifyRequest): Promise<void> {
  if (isFromThisMachine({ headers: request.headers, peerAddress: request.socket.remoteAddress })) return;
  throw new AppError(503, 'X_NOT_CONFIGURED', notFromThisMachineMessage);
}
