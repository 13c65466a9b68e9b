import { notInstalled } from './provider-errors';

/** A provider object a wallet extension injects into the page, read at call time: extensions may inject late. */
export function injectedProvider<T>(read: () => T | undefined) {
  return {
    find: read,
    require(): T {
      const found = read();
      if (!found) throw notInstalled();
      return found;
    },
  };
}
