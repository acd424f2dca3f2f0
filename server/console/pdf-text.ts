// Text for the standard PDF fonts (WinAnsi) of the registro and the audit pack (record 0264).
import { toWinAnsi } from '../../src/domain/certificate/text.ts';

/**
 * Marks the standard fonts (WinAnsi) lack, as the text they stand for: without this they print
 * as «?» (record 0264). Letters outside WinAnsi are toWinAnsi's (base letter or look-alike).
 */
const MARKS: Record<string, string> = {
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '−': '-',
  '✓': 'sí',
  '✔': 'sí',
  '✗': 'no',
  '✘': 'no',
};
/** `toWinAnsi` after spelling out the marks WinAnsi lacks. */
export const pdfText = (text: string) =>
  toWinAnsi(text.replace(/[→←⇒≥≤≠−✓✔✗✘]/gu, (m) => MARKS[m] ?? m));
