// The acceptance statements the server publishes (record 0259): it builds each learner's
// statement with the same pure builder the app uses (src/domain/acceptance/statement.ts), from
// the learner's name, document and obra and their company's configuration (its version now,
// record 0287: a new version publishes a new text; what was published stays), stores it once per
// learner and text when it hands the learner their data, and sends it to the app, which shows
// exactly that text. An acceptance must name one of the versions published to that learner
// (store.ts); any other text is refused.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import type { PublicUser } from '../db/store.ts';
import type { CompanyConfig } from '../../src/domain/config/index.ts';
import { companyInfo } from '../../src/domain/config/company-info.ts';
import { acceptanceStatement } from '../../src/domain/acceptance/statement.ts';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export type StatementLearner = Pick<PublicUser, 'name' | 'document' | 'obra' | 'obra_values'>;

/** The learner's obra name: a configuration obra, a console obra (its values), else the first. */
function obraName(config: CompanyConfig, learner: StatementLearner): string {
  const own = config.obras.find((o) => o.slug === learner.obra);
  if (own) return own.nombre;
  const consoleName = learner.obra_values?.['obra.nombre'];
  return typeof consoleName === 'string' && consoleName ? consoleName : config.obras[0]!.nombre;
}

/** The statement this learner is shown, as the app would build it for them. */
export function statementForLearner(
  config: CompanyConfig,
  courseTitle: string,
  learner: StatementLearner,
): string {
  const company = companyInfo(config, config.obras[0]!);
  return acceptanceStatement({
    learnerName: learner.name.trim() || 'el trabajador que usa esta sesión',
    document: learner.document || null,
    companyName: company.companyName,
    obraName: obraName(config, learner),
    courseTitle,
    responsable: company.sstResponsable,
    clause: company.acceptanceClause,
  });
}

/** Stores the statement as published to the learner (once per text); returns its hash. */
export async function publishStatement(
  db: Queryable,
  userId: number,
  obra: string | null,
  text: string,
): Promise<string> {
  const hash = sha256Hex(text);
  await db.query(
    `INSERT INTO published_statements (user_id, hash, obra, body) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, hash) DO NOTHING`,
    [userId, hash, obra, text],
  );
  return hash;
}

/** Whether the text with this hash was published to the learner. */
export async function wasPublished(db: Queryable, userId: number, hash: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM published_statements WHERE user_id = $1 AND hash = $2',
    [userId, hash],
  );
  return rows.length > 0;
}

/**
 * The publisher routes use: builds the learner's statement, stores it the first time this server
 * instance sees that learner and text (the table is append-only, so a stored row stays), and
 * returns the text to send.
 */
export function statementPublisher(
  db: Queryable,
  /** The learner's company's configuration now (record 0287). */
  config: () => Promise<CompanyConfig>,
  courseTitle: () => string,
): (user: PublicUser) => Promise<string> {
  const known = new Set<string>();
  return async (user) => {
    const text = statementForLearner(await config(), courseTitle(), user);
    const key = `${user.id}:${sha256Hex(text)}`;
    if (!known.has(key)) {
      await publishStatement(db, user.id, user.obra, text);
      if (known.size >= 50_000) known.clear();
      known.add(key);
    }
    return text;
  };
}
