// Time formats of both SCORM versions. Kept in one place (and pure) because LMSs are strict
// about them: a wrong session_time is silently dropped by some and rejects the Commit in others.

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Splits a duration into whole hours, minutes and seconds with centiseconds (rounded). */
function splitDuration(ms: number): { h: number; m: number; cs: number } {
  const totalCs = Math.max(0, Math.round((Number.isFinite(ms) ? ms : 0) / 10));
  const h = Math.floor(totalCs / 360000);
  const m = Math.floor((totalCs % 360000) / 6000);
  return { h, m, cs: totalCs % 6000 };
}

/**
 * SCORM 1.2 CMITimespan: HHHH:MM:SS.SS (hours 2 to 4 digits, seconds with at most 2 decimals).
 * Durations beyond 9999 h are capped, since longer ones are invalid in 1.2.
 */
export function scorm12Timespan(ms: number): string {
  const { h, m, cs } = splitDuration(Math.min(ms, (10000 * 3600 - 0.01) * 1000));
  const seconds = Math.floor(cs / 100);
  const frac = cs % 100;
  return `${pad(Math.min(h, 9999))}:${pad(m)}:${pad(seconds)}.${pad(frac)}`;
}

/** SCORM 1.2 CMITime (time of day, the learner's local clock): HH:MM:SS. */
export function scorm12Time(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** SCORM 2004 timeinterval (ISO 8601 duration), at most 2 decimals: PT1H2M3.45S, PT0S. */
export function scorm2004Duration(ms: number): string {
  const { h, m, cs } = splitDuration(ms);
  const secondsCs = cs;
  let out = 'PT';
  if (h) out += `${h}H`;
  if (m) out += `${m}M`;
  if (secondsCs || (!h && !m)) {
    const whole = Math.floor(secondsCs / 100);
    const frac = secondsCs % 100;
    out += frac ? `${whole}.${pad(frac).replace(/0$/, '')}S` : `${whole}S`;
  }
  return out;
}

/** SCORM 2004 time(second,10,0) as local time without a zone: YYYY-MM-DDThh:mm:ss. */
export function scorm2004Timestamp(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** A 1.2 CMITimespan as read back (cmi.core.total_time, HHHH:MM:SS.SS) in ms; null if not one. */
export function parseScorm12Timespan(value: string): number | null {
  const m = /^(\d{1,4}):(\d{1,2}):(\d{1,2}(?:\.\d{1,2})?)$/.exec(value.trim());
  if (!m) return null;
  return Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000);
}

/**
 * A 2004 timeinterval as read back (cmi.total_time, PT1H2M3.45S) in ms; null if not one. Years,
 * months and days (never written by the course) count 365, 30 and 1 days.
 */
export function parseScorm2004Duration(value: string): number | null {
  const m =
    /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      value.trim(),
    );
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map((x) => Number(x ?? 0));
  const days = y! * 365 + mo! * 30 + d!;
  return Math.round(((days * 24 + h!) * 3600 + mi! * 60 + s!) * 1000);
}
