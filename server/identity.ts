import { hasBidiControls, hasControlChars } from './routes/input.ts';

// How a número de documento and a correo are written down, the same way for the CLI (when an
// admin imports employees) and for sign-in (when a learner types them): "1.234.567" and
// "1234567 " are the same document.
export function normalizeDocument(input: string): string {
  return input.normalize('NFC').replace(/[\s.]/g, '').toUpperCase();
}

// CC, CE, TI, NIT and passports: digits, letters and hyphens, 3 to 20 characters.
export const isValidDocument = (document: string) => /^[A-Z0-9-]{3,20}$/.test(document);

export const normalizeEmail = (input: string) => input.trim().toLowerCase();

export const isValidEmail = (email: string) =>
  email.length <= 254 && /^[^\s@<>"'`;,()]+@[^\s@<>"'`;,()]+\.[^\s@<>"'`;,()]{2,}$/.test(email);

export const isValidName = (name: string) =>
  name.length >= 2 &&
  name.length <= 120 &&
  !/[<>]/.test(name) &&
  !hasControlChars(name) &&
  !hasBidiControls(name);

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;
