// The CPU-heavy part of console exports (decision 0232), run in a worker thread so that the
// event loop serving learners' saves never waits behind a «Registro de inducción» of thousands
// of rows: the database reads stay on the main thread (async), the PDF drawing and the CSV
// formatting happen here. Plain data in, plain data out (structured clone).
import { registroPdf, type RegistroData } from '../console/registro-pdf.ts';
import { csvCell } from '../cli/csv.ts';

export type ExportTask =
  | { kind: 'registro-pdf'; data: RegistroData }
  | { kind: 'csv-lines'; rows: (string | number | null | undefined)[][]; separator: string };

export type ExportResult = Uint8Array | string;

export async function runExportTask(task: ExportTask): Promise<ExportResult> {
  if (task.kind === 'registro-pdf') return registroPdf(task.data);
  return task.rows
    .map((row) => row.map((v) => csvCell(v, { guardFormula: true })).join(task.separator))
    .join('\r\n');
}
