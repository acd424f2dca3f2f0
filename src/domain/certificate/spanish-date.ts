// Spanish dates in Colombia's calendar. Apart from the certificate's other text helpers
// (text.ts re-exports them) because the first screen's script needs these few lines only: the
// course's texts write configuration dates, the gate its deadlines (record 0284).

/** Spanish month names, January first (also used to write configuration dates in the course). */
export const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** Colombia's offset from UTC (no daylight saving): dates are the learner's calendar day. */
export const COLOMBIA_UTC_OFFSET_MINUTES = -5 * 60;

/** The calendar day (year, month 0–11, day) of `date` at that offset from UTC. */
export function calendarDay(
  date: Date,
  utcOffsetMinutes: number,
): { year: number; month: number; day: number } {
  const shifted = new Date(date.getTime() + utcOffsetMinutes * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
  };
}

/** '22 de noviembre de 2026' — the calendar day in Colombia unless another offset is given. */
export function formatSpanishDate(
  date: Date,
  utcOffsetMinutes = COLOMBIA_UTC_OFFSET_MINUTES,
): string {
  const { year, month, day } = calendarDay(date, utcOffsetMinutes);
  return `${day} de ${MONTHS[month] ?? ''} de ${year}`;
}
