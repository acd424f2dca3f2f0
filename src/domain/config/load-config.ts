// Reads a company configuration (decision 0070): JSON text → validated, resolved configuration,
// or every problem in Spanish, each naming the field path and what is wrong. Pure: the caller
// reads the files (the configuration itself and, through `readFile`, the logo).
import type { z } from 'zod';
import { companyConfigSchema, type Obra, type RawCompanyConfig } from './schema.ts';
import { checkSvgLogo, svgToPdfPaths, type PdfLogo } from './svg-logo.ts';

export interface ResolvedLogo {
  /** Path as written in the configuration (relative to the configuration file). */
  file: string;
  svg: string;
  pdf: PdfLogo;
}

/** The configuration after validation: defaults filled, the logo read and checked. */
export type CompanyConfig = Omit<RawCompanyConfig, 'empresa'> & {
  empresa: Omit<RawCompanyConfig['empresa'], 'logo'> & { logo?: ResolvedLogo };
};

export type { Obra };

export interface LoadConfigOptions {
  /**
   * Reads a file named relative to the configuration file's folder (the logo). Returns null
   * when it cannot be read. Without it a configured logo is an error.
   */
  readFile?: (relativePath: string) => string | null;
}

export type LoadConfigResult =
  { config: CompanyConfig; errors: [] } | { config: null; errors: string[] };

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto entre comillas',
  number: 'un número',
  boolean: 'true o false (sin comillas)',
  array: 'una lista [ … ]',
  object: 'un objeto { … }',
};

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'una lista';
  switch (typeof input) {
    case 'string':
      return `el texto «${input.length > 40 ? input.slice(0, 40) + '…' : input}»`;
    case 'number':
      return `el número ${input}`;
    case 'boolean':
      return String(input);
    case 'object':
      return 'un objeto';
    default:
      return typeof input;
  }
}

/** Spanish messages for zod's own issues (schema-level messages take precedence). */
function spanishMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'falta este campo obligatorio';
      return `debe ser ${TYPE_NAMES[issue.expected] ?? issue.expected}, no ${received(issue.input)}`;
    case 'too_small':
      if (issue.origin === 'array')
        return `la lista necesita al menos ${String(issue.minimum)} elemento(s)`;
      if (issue.origin === 'string') return 'está vacío';
      return `debe ser al menos ${String(issue.minimum)}`;
    case 'invalid_value':
      return `valor no permitido ${received(issue.input)}; se espera uno de: ${issue.values.map(String).join(', ')}`;
    default:
      return undefined;
  }
}

/** obras.0.slug → obras[0].slug */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`))
    .join('');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => (where ? `${where}.${k}` : k));
    return `${keys.length > 1 ? 'campos desconocidos' : 'campo desconocido'} ${keys.join(', ')}: revisa cómo está escrito (mayúsculas, tildes) o bórralo`;
  }
  return `${where || '(raíz)'}: ${issue.message}`;
}

/**
 * Parses and validates a configuration file's text. `path` is only used in messages.
 * Every error line reads «<path>: <campo>: <qué está mal>».
 */
export function loadCompanyConfig(
  text: string,
  path: string,
  options: LoadConfigOptions = {},
): LoadConfigResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { config: null, errors: [`${path}: JSON inválido: ${(e as Error).message}`] };
  }
  const parsed = companyConfigSchema.safeParse(data, { error: spanishMessage });
  if (!parsed.success)
    return { config: null, errors: parsed.error.issues.map((i) => `${path}: ${describeIssue(i)}`) };
  const raw = parsed.data;
  const { logo: logoFile, ...empresa } = raw.empresa;
  if (logoFile === undefined) return { config: { ...raw, empresa }, errors: [] };

  const svg = options.readFile?.(logoFile) ?? null;
  if (svg === null)
    return {
      config: null,
      errors: [
        `${path}: empresa.logo: no se pudo leer «${logoFile}» (la ruta es relativa al archivo de configuración)`,
      ],
    };
  const unsafe = checkSvgLogo(svg);
  if (unsafe.length)
    return { config: null, errors: unsafe.map((r) => `${path}: empresa.logo (${logoFile}): ${r}`) };
  const drawn = svgToPdfPaths(svg);
  if (!drawn.logo)
    return {
      config: null,
      errors: drawn.errors.map((r) => `${path}: empresa.logo (${logoFile}): ${r}`),
    };
  // Transforms can overflow to Infinity or NaN: such a logo would break every certificate and
  // registro later, so it is refused here (decision 0188).
  if (!finiteLogo(drawn.logo))
    return {
      config: null,
      errors: [
        `${path}: empresa.logo (${logoFile}): sus transformaciones producen coordenadas no válidas (infinitas, NaN o mayores que 1e7); revise los atributos transform, viewBox y las rutas`,
      ],
    };
  return {
    config: { ...raw, empresa: { ...empresa, logo: { file: logoFile, svg, pdf: drawn.logo } } },
    errors: [],
  };
}

/**
 * The obra a build or package is for. Without a slug, the only obra; an error when there are
 * several or the slug is unknown, listing the known slugs.
 */
export function selectObra(
  config: Pick<CompanyConfig, 'obras'>,
  slug?: string,
): { obra: Obra; error: null } | { obra: null; error: string } {
  const known = config.obras.map((o) => o.slug).join(', ');
  if (slug === undefined || slug === '') {
    if (config.obras.length === 1) return { obra: config.obras[0]!, error: null };
    return {
      obra: null,
      error: `la configuración tiene ${config.obras.length} obras: indica cuál con --obra SLUG (obras: ${known})`,
    };
  }
  const obra = config.obras.find((o) => o.slug === slug);
  if (!obra)
    return { obra: null, error: `no hay ninguna obra con slug «${slug}» (obras: ${known})` };
  return { obra, error: null };
}

/** Who signs the certificate: the configured signatory, else the responsable SST. */
export function certificateSignatory(config: CompanyConfig): {
  nombre: string;
  cargo: string;
  licencia?: string;
} {
  const firmante = config.certificado.firmante;
  if (firmante) return firmante;
  const r = config.sst.responsable;
  return {
    nombre: r.nombre,
    cargo: 'Responsable del SG-SST',
    ...(r.licencia ? { licencia: r.licencia } : {}),
  };
}

const LIMIT = 1e7;

/** Every coordinate of the reduced logo is a finite number of sensible size (decision 0188). */
export function finiteLogo(logo: PdfLogo): boolean {
  const { minX, minY, width, height } = logo.viewBox;
  const ok = (n: number) => Number.isFinite(n) && Math.abs(n) <= LIMIT;
  if (![minX, minY, width, height].every(ok)) return false;
  return logo.paths.every((p) => {
    if (/nan|infinity/i.test(p.d)) return false;
    const numbers = p.d.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? [];
    return numbers.every((n) => ok(Number(n)));
  });
}
