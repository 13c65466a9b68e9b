import fp from 'fastify-plugin';

/** Whether the process is shutting down: set once, on the signal, by server/platform/graceful-shutdown.ts. */
export interface Draining {
  readonly active: boolean;
  begin(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    draining: Draining;
  }
}

/**
 * While draining, every answer carries `Connection: close`: the client's next request opens a new
 * connection (which a proxy that has seen /readyz fail sends to another process) instead of being
 * reset on this one when the listener closes. Node closes the socket after such an answer.
 */
export default fp(
  async (app) => {
    let active = false;
    app.decorate('draining', {
      get active() {
        return active;
      },
      begin() {
        active = true;
      },
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (active) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'draining' },
);
