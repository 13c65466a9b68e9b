import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** A text field of a form, its value as the text a route reads. */
export interface FormField {
  type: 'field';
  fieldname: string;
  value: string;
}

// C0 controls and DEL. No field or file name of a form is more than one line, PostgreSQL refuses NUL
// in text (a 500 where SQLite stored it), and the console must not echo escape sequences.
// eslint-disable-next-line no-control-regex
const controlCharacter = /[\u0000-\u001F\u007F]/;

const refused = () =>
  new AppError(
    400,
    'INVALID_MULTIPART_TEXT',
    'A file name or form field holds a control character (such as NUL or a line break). Rename the file or correct the field and try again.',
  );

/**
 * The parts of a multipart body in the order they come, each field's value as text. Every route that
 * reads a form reads it through here, so a control character in a field's name or value, or in a
 * file's name, is a 400 INVALID_MULTIPART_TEXT before the route uses any of it.
 */
export async function* formParts(request: FastifyRequest): AsyncGenerator<MultipartFile | FormField> {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (controlCharacter.test(part.fieldname) || controlCharacter.test(part.filename)) {
        part.file.resume();
        throw refused();
      }
      yield part;
    } else {
      const value = String(part.value);
      if (controlCharacter.test(part.fieldname) || controlCharacter.test(value)) throw refused();
      yield { type: 'field', fieldname: part.fieldname, value };
    }
  }
}
