// The company configuration file (decision 0070): one JSON file per company, Spanish
// field names, a list of obras. Required vs optional follows the placeholder contract: what the
// content may use bare is required, everything else optional (the content carries a fallback).
import { z } from 'zod';
import { nitProblem } from './nit.ts';

/** Immutable obra identifier used in package names and identifiers: never derived from a name. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const RISK_CLASSES = ['I', 'II', 'III', 'IV', 'V'] as const;
export const DEFAULT_EMERGENCY_LINE = '123';

/** Required text: trimmed, not empty. */
const requiredText = z.string().trim().min(1, 'está vacío: este campo es obligatorio');
/** Optional text: an empty string counts as not given (a copied example with a blank field). */
const optionalText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().optional(),
);
/** Optional list of names: an empty list counts as not given. */
const optionalNames = z.preprocess(
  (v) => (Array.isArray(v) && v.length === 0 ? undefined : v),
  z.array(requiredText).optional(),
);
const phone = z
  .string()
  .trim()
  .regex(
    /^[0-9#*+() -]{3,30}$/,
    'no parece un número de teléfono: usa solo dígitos, espacios, +, #, * y paréntesis',
  );
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'la fecha debe escribirse AAAA-MM-DD (p. ej. 2026-01-15)')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'no es una fecha que exista');

export const obraSchema = z.strictObject({
  slug: z
    .string()
    .regex(
      SLUG_PATTERN,
      'slug inválido: solo minúsculas sin tildes, dígitos y guiones entre palabras (p. ej. torre-norte)',
    ),
  nombre: requiredText,
  direccion: optionalText,
  puntoEncuentro: optionalText,
  alarma: optionalText,
  brigadistas: optionalNames,
  clinicaCercana: optionalText,
  lineaEmergencias: phone.default(DEFAULT_EMERGENCY_LINE),
  canalReporte: optionalText,
  coordinadorAlturas: optionalText,
});

const signatorySchema = z.strictObject({
  nombre: requiredText,
  cargo: requiredText,
  licencia: optionalText,
});

export const companyConfigSchema = z
  .strictObject({
    /** true in the demonstration file: certificates say «EJEMPLO — SIN VALIDEZ». */
    ejemplo: z.boolean().default(false),
    empresa: z.strictObject({
      nombre: requiredText,
      nit: z.string().superRefine((nit, ctx) => {
        const problem = nitProblem(nit.trim());
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      claseRiesgo: z.enum(RISK_CLASSES, {
        error:
          'la clase de riesgo debe ser I, II, III, IV o V (en números romanos, entre comillas)',
      }),
      arl: z.strictObject({ nombre: requiredText, linea: phone }),
      /** The company's number of workers: the size of the Res. 0312 audit sample (decision 0222). */
      numeroTrabajadores: z.number().int().min(1).max(1_000_000).optional(),
      /** SVG logo: a path relative to the configuration file (decision 0070). */
      logo: z
        .string()
        .regex(
          /\.svg$/i,
          'el logo debe ser la ruta de un archivo .svg junto al archivo de configuración',
        )
        .optional(),
    }),
    sst: z.strictObject({
      responsable: z.strictObject({
        nombre: requiredText,
        licencia: optionalText,
        contacto: optionalText,
      }),
    }),
    politicaSST: z
      .strictObject({ resumen: optionalText, firmante: optionalText, fecha: isoDate.optional() })
      .optional(),
    politicaAlcoholDrogas: z.strictObject({ resumen: optionalText }).optional(),
    reglamentoHigiene: z.strictObject({ ubicacion: optionalText }).optional(),
    copasst: z.strictObject({ miembros: optionalNames }).optional(),
    vigia: z.strictObject({ nombre: optionalText }).optional(),
    ccl: z.strictObject({ contacto: optionalText }).optional(),
    pesv: z.strictObject({ aplica: z.boolean() }).optional(),
    certificado: z
      .strictObject({
        /** Who signs the certificate; by default the responsable SST. */
        firmante: signatorySchema.optional(),
        /** Print the learner's document in an LMS (where ids are often usernames). */
        mostrarDocumentoEnLms: z.boolean().default(false),
      })
      .default({ mostrarDocumentoEnLms: false }),
    /** Reinducción (console, decision 0111): months from completion until a learner is due again. */
    reinduccion: z
      .strictObject({ periodoMeses: z.number().int().min(1).max(60).default(12) })
      .default({ periodoMeses: 12 }),
    /**
     * The worker's electronic acceptance (decision 0220): `clausula` is the prior agreement to
     * confirm the induction electronically; without it a default marked «EJEMPLO» is shown.
     */
    aceptacion: z.strictObject({ clausula: optionalText }).optional(),
    /** Habeas-data notice shown where learners' data are collected (console issue). */
    avisoDatos: optionalText,
    /**
     * Personal data (Ley 1581 de 2012): `aviso` is the notice a learner accepts at first sign-in
     * in the standalone app; without it a default text is used (src/domain/config/data-notice.ts).
     */
    datosPersonales: z.strictObject({ aviso: optionalText }).optional(),
    obras: z.array(obraSchema).min(1, 'debe haber al menos una obra'),
  })
  .superRefine((config, ctx) => {
    const seen = new Map<string, number>();
    config.obras.forEach((obra, i) => {
      const first = seen.get(obra.slug);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['obras', i, 'slug'],
          message: `slug duplicado «${obra.slug}» (ya lo usa obras[${first}])`,
        });
      else seen.set(obra.slug, i);
    });
    if (config.copasst?.miembros && config.vigia?.nombre)
      ctx.addIssue({
        code: 'custom',
        path: ['vigia'],
        message:
          'usa copasst (10 o más trabajadores) o vigia (menos de 10), no los dos: el curso nombraría dos comités',
      });
  });

export type RawCompanyConfig = z.infer<typeof companyConfigSchema>;
export type Obra = z.infer<typeof obraSchema>;
export type RiskClass = (typeof RISK_CLASSES)[number];
