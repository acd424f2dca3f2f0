// A company's data notice on the server (record 0294): the text its learners read and accept, and
// its version. The company (its configuration) is the «Responsable del Tratamiento»; when the
// installation has an operator (the platform role sets it, migration 071) the operator is the
// «Encargado» and the notice names it. Everything that publishes or checks a company's notice
// version asks here: the start-up publication (company 1), the import of a configuration, the
// learner's acceptance.
import type { Queryable } from '../db/db.ts';
import type { CompanyDb } from '../db/company-scope.ts';
import {
  dataNoticeText,
  noticeTextVersion,
  type CompanyConfig,
  type DataNoticeOperator,
} from '../../src/domain/config/index.ts';

/** The installation's operator as set now, or null (none: each company processes its own data). */
export async function installationOperator(db: Queryable): Promise<DataNoticeOperator | null> {
  // `installation_operator` is the installation's table, outside the wall (migration 071).
  const [row] = await db.query<{ name: string; nit: string; contact: string }>(
    'SELECT name, nit, contact FROM installation_operator ORDER BY id DESC LIMIT 1',
  );
  return row && row.name ? { nombre: row.name, nit: row.nit, contacto: row.contact } : null;
}

/** The notice of a configuration under an operator (or none): its text and version. */
export function noticeOf(
  config: CompanyConfig,
  operator: DataNoticeOperator | null,
): { text: string; version: string } {
  const text = dataNoticeText(config, operator);
  return { text, version: noticeTextVersion(text) };
}

/** The notice a company's learners read and accept now: its text and its version. */
export async function companyNotice(
  db: CompanyDb,
  config: CompanyConfig,
): Promise<{ text: string; version: string }> {
  return noticeOf(config, await installationOperator(db));
}
