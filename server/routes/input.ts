// Reads a request body sent as JSON, urlencoded form or multipart form into plain fields,
// and the field checks shared by the routes. Anything odd becomes a 400/413/422 HttpError,
// never an exception that would surface as a 500.
import { HttpError } from '../errors.ts';
import { MESSAGES } from '../messages.ts';

export type Fields = Record<string, unknown>;

interface MultipartField {
  type?: string;
  value?: unknown;
  valueTruncated?: boolean;
  fieldnameTruncated?: boolean;
  fieldname?: string;
}

const isMultipartPart = (v: unknown): v is MultipartField =>
  typeof v === 'object' && v !== null && 'fieldname' in v && ('type' in v || 'value' in v);

/** Flattens the body into field → value (string, number, boolean, or an array when repeated). */
export function readFields(body: unknown): Fields {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new HttpError(400, MESSAGES.bodyMustBeObject);
  const fields: Fields = {};
  for (const [name, raw] of Object.entries(body as Record<string, unknown>)) {
    const parts =
      Array.isArray(raw) && raw.every(isMultipartPart) ? raw : isMultipartPart(raw) ? [raw] : null;
    if (!parts) {
      fields[name] = raw;
      continue;
    }
    const values = parts.map((part) => {
      if (part.type === 'file') throw new HttpError(422, MESSAGES.filesNotAllowed);
      if (part.valueTruncated || part.fieldnameTruncated)
        throw new HttpError(413, MESSAGES.tooLarge);
      return part.value;
    });
    fields[name] = values.length === 1 ? values[0] : values;
  }
  return fields;
}

/** A single text value: strings as given, finite numbers as text; anything else is invalid. */
export function text(value: unknown): string | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

// Control characters never belong in a name, document, route or location (one rule with the
// activity record's texts).
export { hasControlChars } from '../../src/domain/progress/activity-record.ts';

/**
 * Bidirectional-text controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates,
 * the LRM/RLM/ALM marks): in a name they make «Ana‮gnp.exe» read as «Anaexe.png» on screen and
 * in PDFs, so names, cargos and contratistas refuse them everywhere (decision 0183).
 */
export const hasBidiControls = (s: string) =>
  /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(s);
