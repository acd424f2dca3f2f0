// The verification QR code drawn as vector rectangles, one per run of dark modules, so the
// PDF stays small and the same input gives the same bytes.
import {
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  type PDFPage,
} from 'pdf-lib';
import { qrMatrix, qrRuns } from './qr.ts';

/** The QR code of `url` as a square of `size` points, its lower left corner at (x, y). */
export function drawQr(
  page: PDFPage,
  url: string,
  x: number,
  y: number,
  size: number,
  color: readonly [number, number, number],
) {
  const matrix = qrMatrix(url);
  const module = size / matrix.length;
  const top = y + size;
  const ops = qrRuns(matrix).map((run) =>
    rectangle(
      round3(x + run.column * module),
      round3(top - (run.row + 1) * module),
      round3(run.length * module),
      round3(module),
    ),
  );
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(...color),
    ...ops,
    fill(),
    popGraphicsState(),
  );
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
