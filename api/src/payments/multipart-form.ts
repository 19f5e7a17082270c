/**
 * Reads a multipart/form-data request into its text fields and at most one file, turning the
 * plugin's limit and parse errors into DomainErrors with readable messages (413 for limits, 400
 * for a malformed form). The file's name and declared type are ignored: only its bytes count.
 */
import { MESSAGES, UPLOAD_MAX_BYTES } from '@backlay/shared/contracts';
import type { FastifyPluginOptions, FastifyRequest } from 'fastify';
import { DomainError } from '../common/domain-error';

export interface MultipartForm {
  fields: Record<string, unknown>;
  /** The file of the expected field, or null when none was sent. */
  file: Buffer | null;
}

/** @fastify/multipart options of the payment routes (docs/rules/test-plan.md T13). */
export const MULTIPART_OPTIONS: FastifyPluginOptions = {
  limits: {
    files: 1,
    fileSize: UPLOAD_MAX_BYTES,
    fields: 10,
    parts: 12,
    fieldNameSize: 100,
    fieldSize: 4096,
    headerPairs: 100,
  },
  throwFileSizeLimit: true,
};

const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

function toDomainError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new DomainError('PAYLOAD_TOO_LARGE', MESSAGES.screenshotTooLarge);
  if (typeof code === 'string' && LIMIT_CODES.has(code)) return new DomainError('PAYLOAD_TOO_LARGE', MESSAGES.uploadTooManyParts);
  if (error instanceof DomainError) return error;
  // Busboy and the plugin: malformed parts, a JSON field that is not JSON, __proto__ fields,
  // a request closed early.
  return new DomainError('VALIDATION', MESSAGES.uploadMalformed);
}

/** The fields and the file of `fileField`; a file under any other name is refused (400). */
export async function readMultipartForm(request: FastifyRequest, fileField: string | null): Promise<MultipartForm> {
  const fields: Record<string, unknown> = {};
  let file: Buffer | null = null;
  let problem: DomainError | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          // Drain it so the form can be read to its end; the request is refused afterwards.
          part.file.resume();
          problem ??= new DomainError('VALIDATION', `Unexpected file in field "${part.fieldname}"`);
          continue;
        }
        file = await part.toBuffer();
        continue;
      }
      if (part.fieldnameTruncated || part.valueTruncated) {
        problem ??= new DomainError('VALIDATION', `Form field "${part.fieldname}" is too long`);
        continue;
      }
      if (Object.hasOwn(fields, part.fieldname)) {
        problem ??= new DomainError('VALIDATION', `Form field "${part.fieldname}" appears twice`);
        continue;
      }
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    throw toDomainError(error);
  }
  if (problem !== null) throw problem;
  return { fields, file };
}
