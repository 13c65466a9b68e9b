import { onTestFinished } from 'vitest';
import { type Behaviour, type FakeUpstream, startFakeUpstream } from '../../scripts/fake-x/fake-upstream.js';
import { perFile, perTest } from './build-app.js';

type Routes = Record<string, Behaviour>;

/** A fake outside service (explorer, marketplace, LLM) answering `routes`, for the running test; closed when it finishes. */
export async function buildFakeUpstream(routes: Routes = {}): Promise<FakeUpstream> {
  const upstream = await answering(routes);
  onTestFinished(() => upstream.close());
  return upstream;
}

/** `buildFakeUpstream` before each test: register it before an app whose env reads its `url`. */
export function useFakeUpstream(routes: Routes = {}): FakeUpstream {
  return perTest(() => buildFakeUpstream(routes));
}

/** One fake outside service for all the tests of the file (or describe block): for a server that starts once, as a browser suite's. */
export function useSharedFakeUpstream(routes: Routes = {}): FakeUpstream {
  return perFile(() => answering(routes));
}

async function answering(routes: Routes): Promise<FakeUpstream> {
  const upstream = await startFakeUpstream();
  for (const [path, behaviour] of Object.entries(routes)) upstream.set(path, behaviour);
  return upstream;
}
