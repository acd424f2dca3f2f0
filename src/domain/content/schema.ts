// zod schemas of the raw content files under content/es/. Used at build time and in tests,
// never shipped to the browser (the app receives content already validated by the build).
import { z } from 'zod';
import { fieldKit } from './fields.ts';
import { ACTIVITY_TYPES, type TopicContent } from './types.ts';
import { screenTypeDefinitions } from '../registry/index.ts';

type RawTopicShape = typeof commonTopicFields & { type: z.ZodType<TopicContent['type']> };

const { html, image: imageName } = fieldKit;

export const rememberSchema = z.strictObject({ title: z.string().min(1), text: html });

/** What every topic has, whatever its type. */
const commonTopicFields = {
  title: z.string().min(1),
  remember: z.array(rememberSchema).optional(),
  /** Legal source(s), plain text without the «Fuente:» prefix: shown as a small line at the end. */
  fuente: z.string().min(1).optional(),
  /** Explicit next page id (or 'menu'); by default the next topic, then the quiz. */
  next: z.string().optional(),
};

/**
 * A topic: the common fields plus the fields its screen type declares in its definition.ts,
 * one member per registered type (decision record 0200).
 */
export const rawTopicSchema = z.discriminatedUnion(
  'type',
  screenTypeDefinitions().map((d) =>
    z.strictObject({ ...commonTopicFields, type: z.literal(d.type), ...d.fields(fieldKit) }),
  ) as unknown as [z.ZodObject<RawTopicShape>, ...z.ZodObject<RawTopicShape>[]],
);

export const rawQuestionSchema = z.strictObject({
  question: html,
  options: z
    .array(
      z.strictObject({ option: z.string().min(1), correct: z.union([z.literal(0), z.literal(1)]) }),
    )
    .min(2),
  message: html.optional(),
  /** Hint shown after a wrong answer; must not give the answer away. HTML. */
  pista: html.optional(),
  /**
   * Page id of the screen that teaches the answer (decision 0171): a topic of this module or of
   * an earlier one, checked by the loader.
   */
  repaso: z
    .string()
    .regex(/^modulo[1-9][0-9]*-tema[1-9][0-9]*$/, 'debe ser el id de una pantalla, moduloN-temaM')
    .optional(),
});

export const rawActivitySchema = z.strictObject({
  title: z.string().min(1),
  type: z.enum(ACTIVITY_TYPES),
  last: z.boolean().optional(),
  next: z.string().optional(),
  questions: z.array(rawQuestionSchema).min(1),
});

export const rawModuleSchema = z.strictObject({
  id: z.string().regex(/^modulo[1-9][0-9]*$/, 'debe ser moduloN'),
  number: z.number().int().min(1),
  name: html,
  title: z.string().min(1),
  img: imageName,
  alt: z.string().min(1),
  topics: z.array(rawTopicSchema).min(1),
  activity: rawActivitySchema,
});

/**
 * Shape rules of one course, written in its own course.json and checked by the loader: the
 * engine itself works for any number of modules, topics and questions (decision record 0033).
 */
export const courseRulesSchema = z.strictObject({
  /** One entry per module, in order: the module count is the length of this list. */
  modules: z
    .array(
      z.strictObject({
        title: z.string().min(1),
        questions: z.number().int().min(1),
        quizType: z.enum(ACTIVITY_TYPES),
      }),
    )
    .min(1),
  /** Title of every quiz; `{n}` is the module number. */
  quizTitle: z.string().includes('{n}', { message: 'debe contener {n} (el número del módulo)' }),
});

export const rawCourseSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  header: z.string().min(1),
  /** Name under the installed web app's icon (manifest short_name; decision record 0140). */
  shortName: z.string().min(1).max(20).optional(),
  hours: z.number().positive(),
  introduction: z.strictObject({
    title: z.string().min(1),
    text: html,
    img: imageName.optional(),
    alt: z.string().optional(),
  }),
  /**
   * The page that gathers the rules a worker must never break («Reglas que salvan vidas»),
   * linked from the menu (decision record 0270). Optional.
   */
  lifeRules: z
    .string()
    .regex(/^modulo\d+-tema\d+$/)
    .optional(),
  /**
   * Questions added after the course was first published, in the order they were added: their
   * interaction records go after every earlier question's, so no LMS record moves (decision
   * record 0270). Optional.
   */
  appendedQuestions: z.array(z.string().regex(/^m\d+-q\d+$/)).optional(),
  /** Module files, in order, relative to the course file. */
  modules: z.array(z.string().regex(/^[a-z0-9-]+\.json$/)).min(1),
  /**
   * How the course is packaged: the prefix of the SCORM identifiers, of the zip names, and the
   * manifest description (decision record 0034). Optional: the prefixes default to `id`.
   */
  package: z
    .strictObject({
      /** The manifest's own identifier (kept stable: LMSs match updates by it). */
      manifestIdentifier: z.string().regex(/^[A-Za-z0-9._-]+$/),
      identifierPrefix: z.string().regex(/^[a-z0-9-]+$/),
      zipPrefix: z.string().regex(/^[a-z0-9-]+$/),
      description: z.string().min(1),
    })
    .optional(),
  /** This course's own shape rules (optional: without them any shape is accepted). */
  rules: courseRulesSchema.optional(),
});

export type RawTopic = z.infer<z.ZodObject<typeof commonTopicFields>> & TopicContent;
export type RawModule = z.infer<typeof rawModuleSchema>;
export type RawCourse = z.infer<typeof rawCourseSchema>;
export type CourseRules = z.infer<typeof courseRulesSchema>;
