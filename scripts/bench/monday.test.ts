import { describe, expect, it } from 'vitest';
import {
  formatWorkerMinute,
  MONDAY_STEPS,
  mondayCsv,
  summariseMonday,
  WORKER_MINUTE,
  type MondayRun,
} from './monday.ts';

const fold = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

describe('mondayCsv', () => {
  const { csv, workers } = mondayCsv({
    date: '2026-11-30',
    prefix: '52123456',
    knownObra: 'Obra Ejemplo',
    newObra: 'Torre Ñandú',
  });
  const lines = csv.split('\r\n');
  const rows = lines.slice(1, -1).map((l) => l.split(';'));

  it('writes a header and 40 rows of nine cells, CRLF, ending in a line break', () => {
    expect(lines[0]).toBe(
      'documento;nombre;correo;contraseña;obra;contratista;cargo;fecha_ingreso;celular',
    );
    expect(lines.at(-1)).toBe('');
    expect(rows).toHaveLength(40);
    for (const r of rows) expect(r).toHaveLength(9);
    expect(workers).toHaveLength(40);
  });

  it('gives 40 different valid documents and 40 different names with accents', () => {
    expect(new Set(workers.map((w) => w.document)).size).toBe(40);
    for (const w of workers) expect(w.document).toMatch(/^[0-9]{3,20}$/);
    expect(new Set(workers.map((w) => w.name)).size).toBe(40);
    expect(
      workers.filter((w) => w.name !== fold(w.name) && /[^\x20-\x7e]/.test(w.name)).length,
    ).toBeGreaterThan(30);
    expect(workers.some((w) => w.name.includes('Ñ') || w.name.includes('ñ'))).toBe(true);
  });

  it('names the known obra in several spellings that fold to one, and the new one twice', () => {
    const known = workers.filter((w) => !w.newObra).map((w) => w.obra);
    expect(new Set(known).size).toBeGreaterThanOrEqual(3);
    expect(new Set(known.map(fold))).toEqual(new Set(['obra ejemplo']));
    const fresh = workers.filter((w) => w.newObra).map((w) => w.obra);
    expect(fresh).toHaveLength(8);
    expect(new Set(fresh)).toEqual(new Set(['Torre Ñandú', 'torre nandu']));
  });

  it('starts everyone on the date, as dd/mm/aaaa, with passwords left to the server', () => {
    for (const r of rows) {
      expect(r[7]).toBe('30/11/2026');
      expect(r[3]).toBe('');
    }
  });

  it('writes most celulares, valid Colombian mobiles in several forms, some left blank', () => {
    const written = rows.map((r) => r[8]!);
    expect(written.filter((c) => c === '')).toHaveLength(workers.filter((w) => !w.celular).length);
    expect(workers.filter((w) => w.celular).length).toBeGreaterThanOrEqual(34);
    for (const [i, w] of workers.entries()) {
      if (!w.celular) continue;
      expect(w.celular).toMatch(/^3\d{9}$/);
      expect(written[i]!.replace(/\D/g, '').replace(/^57(?=\d{10}$)/, '')).toBe(w.celular);
    }
    expect(new Set(written.filter(Boolean).map((c) => c.replace(/\d/g, '9'))).size).toBe(3);
  });

  it('refuses a count it cannot make distinct and a date not in ISO form', () => {
    const base = { date: '2026-11-30', prefix: '1', knownObra: 'A', newObra: 'B' };
    expect(() => mondayCsv({ ...base, count: 0 })).toThrow();
    expect(() => mondayCsv({ ...base, count: 161 })).toThrow();
    expect(() => mondayCsv({ ...base, date: '30/11/2026' })).toThrow();
    const many = mondayCsv({ ...base, count: 160 }).workers;
    expect(new Set(many.map((w) => w.name)).size).toBe(160);
  });
});

describe('summariseMonday', () => {
  const run = (k: number): MondayRun =>
    Object.fromEntries(MONDAY_STEPS.map((s, i) => [s.id, (i + 1) * 100 * k])) as MondayRun;

  it('gives the median of each step and of each side and the whole', () => {
    const s = summariseMonday([run(1), run(3), run(2)]);
    expect(s.steps.map((x) => x.id)).toEqual(MONDAY_STEPS.map((x) => x.id));
    expect(s.steps[0]!.ms).toMatchObject({ min: 100, median: 200, max: 300 });
    // Coordinator: steps 1–6 → 2,100 × k; worker: steps 7–9 → 2,400 × k.
    expect(s.coordinatorMs.median).toBe(4200);
    expect(s.workerMs.median).toBe(4800);
    expect(s.totalMs).toMatchObject({ min: 4500, median: 9000, max: 13500 });
  });

  it('refuses no runs', () => {
    expect(() => summariseMonday([])).toThrow();
  });
});

describe('formatWorkerMinute', () => {
  const x = (median: number) => ({
    min: median - 100,
    median,
    max: median + 100,
    samples: [median - 100, median, median + 100],
  });

  it('prints the four figures of the worker, each budgeted one marked within or over', () => {
    const text = formatWorkerMinute(
      { signIn: x(900), notice: x(2100), acceptToCourse: x(700), codeToCourse: x(1800) },
      { runs: 5, phone: 'teléfono' },
    );
    const lines = text.split('\n');
    expect(lines).toHaveLength(1 + WORKER_MINUTE.length);
    expect(lines[1]).toMatch(/0\.90 s .*presupuesto 1\.50 s ✓$/);
    expect(lines[2]).toMatch(/2\.10 s .*presupuesto 2\.00 s ✗ excedido$/);
    expect(lines[3]).toMatch(/«Acepto».*0\.70 s .*presupuesto 1\.00 s ✓$/);
    expect(lines[4]).toMatch(/código.*1\.80 s +\(1\.70 s–1\.90 s\)$/);
  });
});
