import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ImportPreviewResponseSchema,
  ImportSnapshotsResponseSchema,
  maxImportUploadBytes,
  previewWalletLimit,
} from '@shared/schemas/admin-imports';
import { AppError, badRequest } from '../../platform/errors.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { formParts } from '../../platform/lib/form-parts.js';
import { liveTableRoot } from '../allocation/index.js';
import { afterRevealCheck } from '../allocation/index.js';
import { extraCategoryProblem, importAllocationsFile, listImportSnapshots, needsReplace, sourceNameProblem } from '../imports/index.js';
import { previewRefusal } from './import-preview-refusal.js';

const tags = ['Admin'];
const admin = { adminRole: 'admin' } as const;
const csvMessage = 'Send the allocation list as one CSV file in the "file" field.';
const tooLarge = `The list is larger than ${maxImportUploadBytes / 1024 / 1024} MB.`;

/** The uploaded CSV, streamed to a file of its own (the import reads files), and the text fields. */
async function receiveList(request: FastifyRequest, folder: string) {
  const target = path.join(folder, 'list.csv');
  let filename: string | null = null;
  const fields: { source?: string; categories: string[] } = { categories: [] };
  try {
    for await (const part of formParts(request)) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || filename !== null) {
          part.file.resume();
          throw badRequest('UNEXPECTED_FILE', csvMessage);
        }
        await pipeline(part.file, fs.createWriteStream(target));
        if (part.file.truncated) throw new AppError(413, 'FILE_TOO_LARGE', tooLarge);
        filename = part.filename || 'upload.csv';
      } else if (part.fieldname === 'source') fields.source = part.value;
      else if (part.fieldname === 'category') fields.categories.push(part.value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE', tooLarge, {}, { cause: error });
    if ((error as { statusCode?: unknown }).statusCode !== undefined) throw error;
    throw new AppError(400, 'INVALID_MULTIPART', 'The upload was cut off or malformed. Please try again.', {}, { cause: error });
  }
  if (filename === null) throw badRequest('NO_FILE', csvMessage);
  return { file: target, filename, source: (fields.source?.trim() || path.basename(filename)).trim(), categories: fields.categories };
}

/**
 * The console's imports (admin): every allocation snapshot, and a corrected list's difference from the
 * live rows of its source, checked like `import:allocations --dry-run` and changing nothing. Replacing
 * the live list stays with the command, which writes its audit entry.
 */
const importsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Multipart only here: limits for one list, no other files.
  await app.register(multipart, { limits: { fileSize: maxImportUploadBytes, files: 1, fields: 20, parts: 22 } });

  app.get(
    '/imports',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every allocation snapshot: source, rows, wallets, tokens, as-of block, imported at and by whom; and the live Merkle root',
        response: { 200: ImportSnapshotsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async () => {
      const snapshots = await listImportSnapshots(app.db);
      const { root, leafCount } = await liveTableRoot(app.db);
      return {
        snapshots: snapshots.map((snapshot) => ({
          ...snapshot,
          importedAt: snapshot.importedAt === null ? null : new Date(snapshot.importedAt).toISOString(),
        })),
        root,
        leafCount,
      };
    },
  );

  app.post(
    '/imports/preview',
    {
      config: admin,
      schema: {
        tags,
        summary: "A corrected allocation list's difference from the live rows of its source (changes nothing)",
        description:
          'multipart/form-data: the CSV in `file` (wallet_address,category,tokens), optionally `source` (default: the file name) and `category` (repeated) for added categories. Bad rows are a 400 IMPORT_FILE_REJECTED naming each line. ' +
          'What the import refuses whatever its flags is refused here too: a list without data rows (400 IMPORT_FILE_EMPTY), a (wallet, category) pair another source holds (409 IMPORT_SOURCE_OVERLAP, `pairs` and `examples`). ' +
          '`needsReplace`: the import needs `--replace`, as it removes a wallet from the list or lowers a total (per wallet across every source, `difference.wholeList`).',
        response: { 200: ImportPreviewResponseSchema, ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('NOT_MULTIPART', csvMessage);
      const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'acorn-import-preview-'));
      try {
        const { file, filename, source, categories } = await receiveList(request, folder);
        const problem = sourceNameProblem(source);
        if (problem) throw badRequest('VALIDATION_ERROR', `source: ${problem}`);
        for (const name of categories) {
          const categoryProblem = extraCategoryProblem(name);
          if (categoryProblem) throw badRequest('VALIDATION_ERROR', `category: ${categoryProblem}`);
        }
        const result = await importAllocationsFile(app.db, file, {
          source,
          dryRun: true,
          extraCategories: categories,
          differenceLimit: previewWalletLimit,
        });
        if (!result.ok && 'refused' in result) throw previewRefusal(result, path.basename(filename));
        if (!result.ok) {
          const errors = 'errors' in result ? result.errors : [];
          const shown = errors.slice(0, 100);
          const lines = shown.map((error) => `line ${error.line}: ${error.message}`).join('\n');
          throw new AppError(400, 'IMPORT_FILE_REJECTED', `${errors.length} bad row${errors.length === 1 ? '' : 's'}; nothing was changed.\n${lines}`, {
            errors: shown,
            badRows: errors.length,
          });
        }
        return { difference: result.difference!, needsReplace: needsReplace(result.difference!.wholeList), afterReveal: afterRevealCheck(result.rootChange!) };
      } finally {
        await fs.promises.rm(folder, { recursive: true, force: true });
      }
    },
  );
};

export default importsRoutes;
