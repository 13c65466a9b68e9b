import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler, RouteOptions } from 'fastify';

/** What a check returns once it has sent the answer itself (a refusal with a body of its own). */
export const answered = Symbol('answered');

type Verdict = undefined | Error | typeof answered;

/**
 * A condition a request must meet before its route runs: nothing to let it through, an error to refuse
 * it (the error handler answers), `answered` once it has sent the answer itself; a promise of one of
 * these only when it has to wait (a database read).
 */
export type RequestCheck = (request: FastifyRequest, reply: FastifyReply) => Verdict | Promise<Verdict>;

const checksOfHook = new WeakMap<object, readonly RequestCheck[]>();

/**
 * Several checks as ONE onRequest hook, run in the order given; the first that refuses ends it, so a
 * later check (a limit) spends nothing for a request an earlier one (load shedding, the reveal gate)
 * refused. Synchronous while every check is: each hook Fastify runs costs a turn of its hook runner.
 */
export function oneHook(...checks: RequestCheck[]): onRequestHookHandler {
  const hook: onRequestHookHandler = function requestChecks(request, reply, done) {
    runChecks(checks, 0, request, reply, done);
  };
  checksOfHook.set(hook, checks);
  return hook;
}

function runChecks(checks: readonly RequestCheck[], from: number, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  for (let index = from; index < checks.length; index++) {
    const verdict = checks[index]!(request, reply);
    if (verdict === undefined) continue;
    if (verdict instanceof Promise) {
      verdict.then((settled) => {
        try {
          if (settled === undefined) runChecks(checks, index + 1, request, reply, done);
          else refuse(settled, done);
        } catch (error) {
          done(error as Error);
        }
      }, done);
      return;
    }
    refuse(verdict, done);
    return;
  }
  done();
}

function refuse(verdict: Error | typeof answered, done: HookHandlerDoneFunction): void {
  if (verdict !== answered) done(verdict);
}

/** The checks in a route's onRequest hooks made by `oneHook`: plugins add what goes with a check they see there. */
export function routeChecks(route: Pick<RouteOptions, 'onRequest'>): RequestCheck[] {
  return [route.onRequest ?? []].flat().flatMap((hook) => checksOfHook.get(hook) ?? []);
}
