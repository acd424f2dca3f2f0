// The fields coordinators filter by (decision 0112): contratista, cargo, fecha de ingreso, and the
// account's role; and the celular an invitation is sent to (decision 0158). Shared by `users add`, the CSV import and the console's add form.
import { hasBidiControls, hasControlChars } from '../routes/input.ts';
import { ROLES, type Role } from '../db/store.ts';
import { normalizeCelular } from '../identity.ts';
import { esCli as T } from './strings/es-cli.ts';

export interface LearnerExtras {
  role: Role;
  contratista: string | null;
  cargo: string | null;
  /** aaaa-mm-dd, or null. */
  fechaIngreso: string | null;
  /** Ten digits (decision 0158), or null. */
  celular: string | null;
}

const validDate = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    y >= 1900 &&
    y <= 2100 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d
  );
};

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/mm/aaaa (also d/m/aaaa, with - or .) or aaaa-mm-dd → aaaa-mm-dd; null when neither. */
export function parseFecha(input: string): string | null {
  const text = input.trim();
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) [d, m, y] = [Number(local[1]), Number(local[2]), Number(local[3])];
  else return null;
  return validDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

const shortText = (value: string | undefined) => {
  const text = value?.trim().replace(/\s+/g, ' ') ?? '';
  return text === '' ? null : text;
};

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Checks the optional fields; Spanish problems for the bad ones. */
export function validateExtras(raw: {
  rol?: string;
  contratista?: string;
  cargo?: string;
  fechaIngreso?: string;
  celular?: string;
}): { extras: LearnerExtras; problems: string[] } {
  const problems: string[] = [];
  const rol = raw.rol?.trim().toLowerCase() || 'aprendiz';
  if (!isRole(rol)) problems.push(T.badRole(raw.rol));
  const contratista = shortText(raw.contratista);
  const cargo = shortText(raw.cargo);
  for (const [label, value] of [
    ['contratista', contratista],
    ['cargo', cargo],
  ] as const)
    if (
      value !== null &&
      (value.length > 120 || /[<>]/.test(value) || hasControlChars(value) || hasBidiControls(value))
    )
      problems.push(T.badShortText(label));
  let fechaIngreso: string | null = null;
  if (raw.fechaIngreso?.trim()) {
    fechaIngreso = parseFecha(raw.fechaIngreso);
    if (!fechaIngreso) problems.push(T.badFechaIngreso(raw.fechaIngreso));
  }
  const celular = normalizeCelular(raw.celular ?? '');
  if (celular === undefined) problems.push(T.badCelular(raw.celular));
  return {
    extras: {
      role: isRole(rol) ? rol : 'aprendiz',
      contratista,
      cargo,
      fechaIngreso,
      celular: celular ?? null,
    },
    problems,
  };
}
