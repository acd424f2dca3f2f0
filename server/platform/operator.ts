// Who runs the platform (record 0294): the operator of this installation, the «Encargado del
// Tratamiento» of each company's learners' data (Ley 1581 de 2012, art. 3 d). The platform role
// sets it on its page «Operador de la plataforma»; each change is a new row of
// `installation_operator` (migration 071, the installation's, outside the wall) and a row of the
// platform's audit, in one transaction. The companies' data notices name it from then on
// (server/company-config/notice.ts).
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { field, sendHtml } from '../console/console-context.ts';
import { dateTime, escapeHtml } from '../console/layout.ts';
import { platformPage, type PlatformViewer } from './pages.ts';
import { platformAudit, type PlatformAccount } from './store.ts';
import { esOperator as T } from './strings/es-operator.ts';

export const OPERATOR_PATH = '/plataforma/operador';

export interface OperatorValues {
  nombre: string;
  nit: string;
  contacto: string;
}

export interface OperatorNow extends OperatorValues {
  setBy: string;
  setAt: string;
}

/** The operator as set now (its newest row), or null: none set, or removed. */
export async function currentOperator(db: Queryable): Promise<OperatorNow | null> {
  const [row] = await db.query<{
    name: string;
    nit: string;
    contact: string;
    set_by_name: string;
    set_at: string | Date;
  }>(
    'SELECT name, nit, contact, set_by_name, set_at FROM installation_operator ORDER BY id DESC LIMIT 1',
  );
  if (!row || !row.name) return null;
  return {
    nombre: row.name,
    nit: row.nit,
    contacto: row.contact,
    setBy: row.set_by_name,
    setAt: new Date(row.set_at).toISOString(),
  };
}

// No markup and no control or text-direction characters (the console's rule for names).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const NIT = /^[0-9][0-9. ]{3,14}(-[0-9])?$/;

/** The form's values, trimmed, and what is wrong with them (none: all three, or none at all). */
export function checkOperator(raw: OperatorValues): { values: OperatorValues; problem: string } {
  const values = {
    nombre: raw.nombre.trim().replace(/\s+/g, ' '),
    nit: raw.nit.trim(),
    contacto: raw.contacto.trim().replace(/\s+/g, ' '),
  };
  const given = [values.nombre, values.nit, values.contacto].filter(Boolean).length;
  if (given === 0) return { values, problem: '' };
  if (given < 3) return { values, problem: T.missing };
  if (values.nombre.length < 2 || values.nombre.length > 120 || UNSAFE.test(values.nombre))
    return { values, problem: T.badName };
  if (!NIT.test(values.nit)) return { values, problem: T.badNit };
  if (values.contacto.length < 5 || values.contacto.length > 120 || UNSAFE.test(values.contacto))
    return { values, problem: T.badContact };
  return { values, problem: '' };
}

/**
 * Sets the installation's operator (all three empty: none) and audits it, in one transaction.
 */
export async function setOperator(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  actor: PlatformAccount,
  values: OperatorValues,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO installation_operator (name, nit, contact, set_by, set_by_name)
       VALUES ($1, $2, $3, $4, $5)`,
      [values.nombre, values.nit, values.contacto, actor.id, actor.name],
    );
    await platformAudit(
      tx,
      actor,
      'fijar-operador',
      null,
      values.nombre
        ? { nombre: values.nombre, nit: values.nit, contacto: values.contacto }
        : { ninguno: true },
    );
  });
}

export function operatorPage(
  viewer: PlatformViewer,
  now: OperatorNow | null,
  values: OperatorValues,
  message = '',
  saved = false,
): string {
  const input = (name: keyof OperatorValues, label: string, extra: string) =>
    `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" type="text" value="${escapeHtml(values[name])}"${extra}></div>`;
  const current = now
    ? `<p>${T.currentHtml(escapeHtml(now.nombre), escapeHtml(now.nit), escapeHtml(now.contacto))} ${escapeHtml(T.setBy(now.setBy, dateTime(now.setAt)))}</p>`
    : `<p>${T.noneNow}</p>`;
  return platformPage(
    T.title,
    `<h1>${T.heading}</h1>
${saved ? `<p class="notice ok" role="status">${T.saved}</p>` : ''}
${message ? `<p class="notice bad" role="alert">${escapeHtml(message)}</p>` : ''}
<p>${T.intro}</p>
${current}
<form method="post" action="${OPERATOR_PATH}"><input type="hidden" name="_xsrf" value="${escapeHtml(viewer.formToken)}">
${input('nombre', T.nombre, ' maxlength="120" autocomplete="organization"')}
${input('nit', T.nit, ' maxlength="20" autocomplete="off"')}
${input('contacto', T.contacto, ' maxlength="120" autocomplete="off"')}
<p class="hint">${T.change} ${T.clear}</p>
<button type="submit">${T.submit}</button>
</form>`,
    viewer,
  );
}

/** GET and POST /plataforma/operador; registered by platformRoutes with its guard. */
export function operatorRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guarded: RouteShorthandOptions,
  form: RouteShorthandOptions,
): void {
  const path = OPERATOR_PATH.slice('/plataforma'.length);
  app.get(path, guarded, async (request, reply) => {
    const now = await currentOperator(ctx.db);
    const saved = (request.query as Record<string, unknown>).guardado === '1';
    return sendHtml(
      reply,
      operatorPage(
        request.platformViewer!,
        now,
        now ?? { nombre: '', nit: '', contacto: '' },
        '',
        saved,
      ),
    );
  });
  app.post(path, form, async (request, reply) => {
    const viewer = request.platformViewer!;
    const { values, problem } = checkOperator({
      nombre: field(request, 'nombre'),
      nit: field(request, 'nit'),
      contacto: field(request, 'contacto'),
    });
    if (problem)
      return sendHtml(
        reply,
        operatorPage(viewer, await currentOperator(ctx.db), values, T.notSaved(problem)),
        422,
      );
    await setOperator(ctx.db, viewer, values);
    return reply.redirect(`${OPERATOR_PATH}?guardado=1`, 303);
  });
}
