// QR code as vector rectangles: the matrix comes from uqr, each horizontal run of dark
// modules becomes one rectangle (fewer operators, smaller PDF than one square per module).
import { encode } from 'uqr';

/** Dark/light modules, row by row from the top, without quiet zone. */
export type QrMatrix = boolean[][];

export function qrMatrix(text: string): QrMatrix {
  return encode(text, { ecc: 'M', border: 0 }).data;
}

/** A run of dark modules in module units: row from the top, first column, length. */
export interface QrRun {
  row: number;
  column: number;
  length: number;
}

export function qrRuns(matrix: QrMatrix): QrRun[] {
  const runs: QrRun[] = [];
  matrix.forEach((cells, row) => {
    let start = -1;
    cells.forEach((dark, column) => {
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push({ row, column: start, length: column - start });
        start = -1;
      }
    });
    if (start >= 0) runs.push({ row, column: start, length: cells.length - start });
  });
  return runs;
}
