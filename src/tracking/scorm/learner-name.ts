// LMSs give the learner's name as "Apellido, Nombre" (SCORM's own convention); the course and
// the certificate show "Nombre Apellido". Compound names keep every part.

/**
 * 'Pérez Gómez, María José' → 'María José Pérez Gómez'. Only the first comma splits (a later
 * one becomes a space); a name without a comma is kept as is.
 * Empty or blank → null.
 */
export function displayName(lmsName: string | null | undefined): string | null {
  if (typeof lmsName !== 'string') return null;
  const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
  const whole = clean(lmsName);
  if (!whole) return null;
  const comma = whole.indexOf(',');
  if (comma < 0) return whole;
  const family = clean(whole.slice(0, comma));
  const given = clean(whole.slice(comma + 1).replace(/,/g, ' '));
  return [given, family].filter(Boolean).join(' ') || null;
}
