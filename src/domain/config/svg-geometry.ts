// The geometry of the company logo (decision 0074): the translate/scale transforms an SVG may
// use, and its path data rewritten in absolute commands with the transform applied, so that
// pdf-lib draws it as is (svg-logo.ts reads the file and picks the shapes).

// ---------------------------------------------------------------- transforms (translate/scale)

export interface Affine {
  sx: number;
  sy: number;
  tx: number;
  ty: number;
}
export const IDENTITY: Affine = { sx: 1, sy: 1, tx: 0, ty: 0 };

/** outer ∘ inner: apply inner first. */
export const compose = (outer: Affine, inner: Affine): Affine => ({
  sx: outer.sx * inner.sx,
  sy: outer.sy * inner.sy,
  tx: outer.sx * inner.tx + outer.tx,
  ty: outer.sy * inner.ty + outer.ty,
});

export function parseTransform(text: string): Affine | string {
  let result = IDENTITY;
  const re = /([a-zA-Z]+)\s*\(([^)]*)\)/g;
  const rest = text.replace(re, '').replace(/[\s,]/g, '');
  if (rest) return `transform «${text}» no se entiende`;
  for (const m of text.matchAll(re)) {
    const nums = m[2]!
      .trim()
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (nums.some((n) => !Number.isFinite(n))) return `transform «${m[0]}» no se entiende`;
    let t: Affine;
    if (m[1] === 'translate') t = { sx: 1, sy: 1, tx: nums[0] ?? 0, ty: nums[1] ?? 0 };
    else if (m[1] === 'scale') t = { sx: nums[0] ?? 1, sy: nums[1] ?? nums[0] ?? 1, tx: 0, ty: 0 };
    else
      return `transform «${m[0]}» no soportado: el logo solo puede usar translate y scale (aplica las demás transformaciones en tu editor, p. ej. «Object → Apply transform»)`;
    result = compose(result, t);
  }
  return result;
}

// ---------------------------------------------------------------- path data

const ARG_COUNT: Record<string, number> = {
  M: 2,
  L: 2,
  H: 1,
  V: 1,
  C: 6,
  S: 4,
  Q: 4,
  T: 2,
  A: 7,
  Z: 0,
};

/** Tokenises path data into commands with their numbers (handles 1.5.5, -1-2 and arc flags). */
function parsePathData(d: string): Array<{ cmd: string; args: number[] }> | string {
  const out: Array<{ cmd: string; args: number[] }> = [];
  const re = /([MmLlHhVvCcSsQqTtAaZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)|([\s,]+)|(.)/g;
  let current: { cmd: string; args: number[] } | null = null;
  for (let m = re.exec(d); m; m = re.exec(d)) {
    if (m[4]) return `trazado (d) con un carácter inesperado «${m[4]}»`;
    if (m[3]) continue;
    if (m[1]) {
      current = { cmd: m[1], args: [] };
      out.push(current);
      continue;
    }
    if (!current) return 'trazado (d) que no empieza por un comando';
    // Arc flags may be written without separators: «a1 1 0 00 1 1».
    const upper = current.cmd.toUpperCase();
    const pos = current.args.length % 7;
    if (upper === 'A' && (pos === 3 || pos === 4) && /^[01]\d/.test(m[2]!)) {
      current.args.push(Number(m[2]![0]));
      re.lastIndex = m.index + 1;
      continue;
    }
    current.args.push(Number(m[2]));
  }
  for (const c of out) {
    const n = ARG_COUNT[c.cmd.toUpperCase()]!;
    if (n === 0 ? c.args.length !== 0 : c.args.length === 0 || c.args.length % n !== 0)
      return `trazado (d): el comando ${c.cmd} tiene ${c.args.length} números`;
  }
  return out;
}

const fmt = (n: number) => String(Math.round(n * 1000) / 1000);

/** Rewrites path data in absolute commands with the transform applied. */
export function transformPath(d: string, t: Affine): string | { error: string } {
  const parsed = parsePathData(d);
  if (typeof parsed === 'string') return { error: parsed };
  const X = (x: number) => t.sx * x + t.tx;
  const Y = (y: number) => t.sy * y + t.ty;
  let cx = 0;
  let cy = 0;
  let startX = 0;
  let startY = 0;
  const parts: string[] = [];
  for (const { cmd, args } of parsed) {
    const upper = cmd.toUpperCase();
    const rel = cmd !== upper;
    const n = ARG_COUNT[upper]!;
    if (upper === 'Z') {
      parts.push('Z');
      cx = startX;
      cy = startY;
      continue;
    }
    for (let i = 0; i < args.length; i += n) {
      const a = args.slice(i, i + n);
      // After the first pair, extra pairs of an M are line-tos.
      const c = upper === 'M' && i > 0 ? 'L' : upper;
      const ax = (k: number) => (rel ? cx + a[k]! : a[k]!);
      const ay = (k: number) => (rel ? cy + a[k]! : a[k]!);
      switch (c) {
        case 'M':
        case 'L':
        case 'T': {
          const x = ax(0);
          const y = ay(1);
          parts.push(`${c} ${fmt(X(x))} ${fmt(Y(y))}`);
          [cx, cy] = [x, y];
          if (c === 'M') [startX, startY] = [x, y];
          break;
        }
        case 'H': {
          const x = rel ? cx + a[0]! : a[0]!;
          parts.push(`L ${fmt(X(x))} ${fmt(Y(cy))}`);
          cx = x;
          break;
        }
        case 'V': {
          const y = rel ? cy + a[0]! : a[0]!;
          parts.push(`L ${fmt(X(cx))} ${fmt(Y(y))}`);
          cy = y;
          break;
        }
        case 'C': {
          const pts = [0, 2, 4].map((k) => [ax(k), ay(k + 1)] as const);
          parts.push(`C ${pts.map(([x, y]) => `${fmt(X(x))} ${fmt(Y(y))}`).join(' ')}`);
          [cx, cy] = pts[2]!;
          break;
        }
        case 'S':
        case 'Q': {
          const pts = [0, 2].map((k) => [ax(k), ay(k + 1)] as const);
          parts.push(`${c} ${pts.map(([x, y]) => `${fmt(X(x))} ${fmt(Y(y))}`).join(' ')}`);
          [cx, cy] = pts[1]!;
          break;
        }
        case 'A': {
          const [rx, ry, rot, large, sweep] = a as [number, number, number, number, number];
          if (rot % 180 !== 0 && Math.abs(t.sx) !== Math.abs(t.sy))
            return { error: 'un arco girado con scale distinto en x e y no se puede dibujar' };
          const x = ax(5);
          const y = ay(6);
          const flip = t.sx * t.sy < 0 ? 1 - sweep : sweep;
          parts.push(
            `A ${fmt(Math.abs(t.sx) * rx)} ${fmt(Math.abs(t.sy) * ry)} ${fmt(rot)} ${large ? 1 : 0} ${flip ? 1 : 0} ${fmt(X(x))} ${fmt(Y(y))}`,
          );
          [cx, cy] = [x, y];
          break;
        }
      }
    }
  }
  return parts.join(' ');
}
