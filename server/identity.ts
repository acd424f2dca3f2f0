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

/**
 * A Colombian mobile number as typed in a form or a CSV cell (decision 0158): blank → null; ten
 * digits starting with 3, with an optional +57 / 57 prefix and spaces, dots, dashes or
 * parentheses → those ten digits; anything else → undefined (invalid).
 */
export function normalizeCelular(input: string): string | null | undefined {
  const text = input.trim();
  if (text === '') return null;
  if (!/^[+\d\s().-]+$/.test(text)) return undefined;
  let digits = text.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('57')) digits = digits.slice(2);
  return /^3\d{9}$/.test(digits) ? digits : undefined;
}

/** The number wa.me expects: country code and the ten digits, no plus sign. */
export const celularForWhatsApp = (celular: string) => `57${celular}`;

/** «300 ••• 4567»: enough for a coordinator to recognise it, not to copy it. */
export const maskCelular = (celular: string) => `${celular.slice(0, 3)} ••• ${celular.slice(-4)}`;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;
