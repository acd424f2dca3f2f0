// Draws a logo reduced by svgToPdfPaths onto a pdf-lib page, fitted inside a box (decision 0074).
import { rgb, type PDFPage } from 'pdf-lib';
import type { PdfLogo } from './svg-logo.ts';

/** A box in PDF points; (x, y) is its lower-left corner, as everywhere in pdf-lib. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Scales the logo to fit the box keeping its proportions, centred, and draws every path.
 * Returns the rectangle actually covered (for layout and tests).
 */
export function drawLogo(page: PDFPage, logo: PdfLogo, box: Box): Box {
  const { minX, minY, width, height } = logo.viewBox;
  const scale = Math.min(box.width / width, box.height / height);
  const drawnWidth = width * scale;
  const drawnHeight = height * scale;
  const left = box.x + (box.width - drawnWidth) / 2;
  const top = box.y + (box.height + drawnHeight) / 2;
  // drawSvgPath puts the SVG origin at (x, y) and flips the y axis (SVG y grows downwards).
  const x = left - minX * scale;
  const y = top + minY * scale;
  for (const path of logo.paths)
    page.drawSvgPath(path.d, {
      x,
      y,
      scale,
      color: rgb(path.color.r, path.color.g, path.color.b),
      borderWidth: 0,
      ...(path.opacity !== undefined ? { opacity: path.opacity } : {}),
    });
  return { x: left, y: top - drawnHeight, width: drawnWidth, height: drawnHeight };
}
