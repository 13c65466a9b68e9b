import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running one of the project's modules, given the module's URL without its extension.
 * Compiled, the bundle holds the worker as its own `.js` file beside the caller's; from the sources (tsx,
 * vitest) the worker loads the `.ts` file through tsx's API, since a Node 20 worker inherits no loader.
 */
export function startModuleWorker(callerUrl: string, moduleName: string, options: WorkerOptions = {}): Worker {
  const fromSources = callerUrl.endsWith('.ts');
  const moduleUrl = new URL(`./${moduleName}${fromSources ? '.ts' : '.js'}`, callerUrl);
  if (!fromSources) return new Worker(moduleUrl, options);
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const source = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(moduleUrl.href)}, ${JSON.stringify(callerUrl)}))`;
  return new Worker(source, { ...options, eval: true });
}
