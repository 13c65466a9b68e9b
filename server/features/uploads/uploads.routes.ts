import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { UploadResponseSchema, uploadSizeMessage, uploadTypeMessage } from '@shared/schemas/memes';
import { AppError, badRequest } from '../../platform/errors.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { formParts } from '../../platform/lib/form-parts.js';
import { cleanUpload, coverPng } from '../../platform/lib/images.js';
import { findMemeForNewImage, memeHeight, memeWidth, setMemeImage } from '../memes/index.js';
import type { UploadStore } from '../../platform/lib/upload-store.js';

const tags = ['Uploads'];
const failures = errorResponses(400, 401, 403, 404, 409, 413, 429, 507);

async function readFile(file: MultipartFile | undefined): Promise<Buffer> {
  if (!file) throw badRequest('NO_FILE', uploadTypeMessage);
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'FILE_TOO_LARGE', uploadSizeMessage, {}, { cause: error });
    }
    throw error;
  }
}

const malformedMessage = 'The upload was cut off or malformed. Please try again.';

/** The one file and the text fields of a multipart body; a body that cannot be parsed is a 400. */
async function readParts(request: FastifyRequest, fileField: string) {
  try {
    return await collectParts(request, fileField);
  } catch (error) {
    // The multipart parser throws plain errors (no boundary, body cut off): the sender's fault.
    // Ours are AppErrors, and the plugin's own (limits) carry a status.
    if (error instanceof AppError || (error as { statusCode?: unknown }).statusCode !== undefined) throw error;
    throw new AppError(400, 'INVALID_MULTIPART', malformedMessage, {}, { cause: error });
  }
}

/** The one file and the text fields of a multipart body, in the order they come. */
async function collectParts(request: FastifyRequest, fileField: string) {
  let bytes: Buffer | null = null;
  const fields: Record<string, string> = {};
  for await (const part of formParts(request)) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField || bytes) {
        part.file.resume();
        throw badRequest('UNEXPECTED_FILE', `Send one file in the "${fileField}" field.`);
      }
      bytes = await readFile(part);
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  if (!bytes) throw badRequest('NO_FILE', uploadTypeMessage);
  return { bytes, fields };
}

const uploadsRoutes: FastifyPluginAsyncTypebox<{ store: UploadStore }> = async (app, { store }) => {
  app.post(
    '/image',
    {
      onRequest: [app.walletProofGate, app.costLimit.upload],
      schema: {
        tags,
        summary: 'Upload an image',
        description: 'multipart/form-data with one file in the `image` field.',
        response: { 200: UploadResponseSchema, ...failures },
      },
    },
    async (request) => {
      await request.requireUser();
      if (!request.isMultipart()) throw badRequest('NOT_MULTIPART', uploadTypeMessage);
      const { bytes } = await readParts(request, 'image');
      const clean = await cleanUpload(bytes);
      return { uploadedImageUrl: store.urlOf(await store.save(clean.data, clean.extension)) };
    },
  );

  // For the spec's client-rendered PNG: validated like any upload and tied to the caller's own meme.
  app.post(
    '/complete-meme',
    {
      onRequest: [app.walletProofGate, app.costLimit.upload],
      schema: {
        tags,
        summary: "Replace my meme's image with a rendered one",
        description: 'multipart/form-data: the file in `memeImage` and the meme id in `memeId`.',
        response: { 200: UploadResponseSchema, ...failures },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      if (!request.isMultipart()) throw badRequest('NOT_MULTIPART', uploadTypeMessage);
      const { bytes, fields } = await readParts(request, 'memeImage');
      const memeId = Number(fields.memeId);
      if (!Number.isSafeInteger(memeId) || memeId < 1) throw badRequest('INVALID_MEME_ID', 'memeId must be a meme id.');
      const meme = await findMemeForNewImage(app.db, user, memeId);
      const clean = await cleanUpload(bytes);
      const png = await coverPng(clean.data, { width: memeWidth, height: memeHeight });
      const name = await store.save(png, 'png');
      await setMemeImage(app.db, meme.id, name);
      return { uploadedImageUrl: store.urlOf(name) };
    },
  );
};

export default uploadsRoutes;
