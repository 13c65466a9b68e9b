import { AppError } from '../../platform/errors.js';
import type { ListGuardRefusal } from '../imports/index.js';

/**
 * The console preview's answer to a list the import refuses whatever the flags, in the command's words:
 * a list without data rows (400 IMPORT_FILE_EMPTY), and pairs another source holds (409
 * IMPORT_SOURCE_OVERLAP, with how many and the first few). A list that needs --replace is no refusal
 * here: the preview answers it with `needsReplace`.
 */
export function previewRefusal(refusal: ListGuardRefusal, fileName: string): AppError {
  switch (refusal.refused) {
    case 'no-rows':
      return new AppError(400, 'IMPORT_FILE_EMPTY', `${fileName} has no data rows (only its header): an import never empties a source; nothing was changed.`);
    case 'overlap': {
      const { pairs, examples } = refusal.overlap;
      const rows = `${pairs} row${pairs === 1 ? '' : 's'} of ${fileName} ${pairs === 1 ? 'names' : 'name'}`;
      return new AppError(
        409,
        'IMPORT_SOURCE_OVERLAP',
        `${rows} a (wallet, category) pair already held under another source; imported as source "${refusal.source}", each of those holders would be counted twice. ` +
          'To correct a list, import it under its own source.',
        { pairs, examples },
      );
    }
    case 'shrinks':
      // Only a written import refuses for this; a preview writes nothing.
      throw new Error('A preview is never refused for needing --replace');
  }
}
