import { brand } from '@shared/brand';
import { notFound } from '../../platform/errors.js';

/** Only our own collection is served: the collection endpoints are no open relay to the marketplace. */
export function assertOwnCollection(collection: string): void {
  if (collection !== brand.collectionSlug) throw notFound('UNKNOWN_COLLECTION', `Unknown collection ${collection}`);
}
