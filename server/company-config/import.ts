// Importing a company's configuration file (record 0287): validated by the same reader as
// config/*.json (its errors, in Spanish, name the field), stored as the company's next version
// with who imported it, its data notice published as a version that company's learners may
// accept, and written to the audit log — all in one transaction, so nothing is stored on an error.
// The console's «Configuración de la empresa» page calls it, and the platform role when it creates
// a company from a file; the console's page-by-page edits (record 0292) store through the same
// function, storeCompanyConfig.
import type { Db, Queryable } from '../db/db.ts';
import { forCompanyOf } from '../db/company-scope.ts';
import type { CompanyConfig } from '../../src/domain/config/index.ts';
import { audit } from '../console/audit.ts';
import { configHash, latestStored, validateConfig } from './store.ts';
import { installationOperator, noticeOf } from './notice.ts';

/** Who imports: a staff account of the company, or the platform role (its name for who acted). */
export type ConfigActor = { userId: number; name: string } | { platform: string };

export type ImportResult =
  | { ok: true; version: number; sha256: string; noticeVersion: string; noticeChanged: boolean }
  | { ok: false; errors: string[] };

export interface ImportOptions {
  /** The logo file the configuration names (empresa.logo), as SVG text. */
  logo?: string | null;
  /** The file's name, shown in error lines (default «archivo»). */
  fileName?: string;
}

/** PostgreSQL's unique_violation: another import took the same version number first. */
const isDuplicate = (error: unknown) => (error as { code?: string }).code === '23505';

/** What the audit row of a stored version says (the version number is added to `details`). */
export interface StoredAudit {
  action: 'importar-configuracion' | 'editar-configuracion';
  details: Record<string, unknown>;
}

/**
 * Validates `fileText` and stores it as `company`'s next configuration version. On any error
 * nothing is stored and the errors come back as the Spanish lines config/*.json gives.
 */
export async function importCompanyConfig(
  db: Db,
  company: number,
  fileText: string,
  actor: ConfigActor,
  options: ImportOptions = {},
): Promise<ImportResult> {
  return storeCompanyConfig(db, company, fileText, actor, options, (config, stored) => ({
    action: 'importar-configuracion',
    details: {
      empresa: config.empresa.nombre,
      hash: stored.sha256,
      aviso: stored.noticeVersion,
      avisoNuevo: stored.noticeChanged,
    },
  }));
}

/**
 * The one path every configuration version is stored by — an imported file (above) and a
 * section edited in the console (record 0292): validated by the same reader, then in one
 * transaction of the company the next version number, the data notice it shows published, and
 * the audit row `auditOf` describes. On any error nothing is stored.
 */
export async function storeCompanyConfig(
  db: Db,
  company: number,
  fileText: string,
  actor: ConfigActor,
  options: ImportOptions,
  auditOf: (
    config: CompanyConfig,
    stored: { sha256: string; noticeVersion: string; noticeChanged: boolean },
  ) => StoredAudit,
): Promise<ImportResult> {
  const shown = options.fileName?.trim() || 'archivo';
  const logo = options.logo ?? null;
  const loaded = validateConfig(fileText, logo, shown);
  if (!loaded.config) return { ok: false, errors: loaded.errors };
  const config = loaded.config;
  // A logo given that the file does not name is not stored.
  const storedLogo = config.empresa.logo ? logo : null;
  const sha256 = configHash(fileText, storedLogo);
  const scoped = forCompanyOf(db, company);

  for (let attempt = 0; ; attempt++) {
    try {
      return await scoped.transaction(async (tx: Queryable) => {
        const previous = await latestStored(tx, company);
        const version = (previous?.version ?? 0) + 1;
        const previousConfig = previous
          ? validateConfig(previous.body, previous.logo_svg, shown).config
          : null;
        // The company's notice as companyNotice gives it: under the installation's operator, if
        // any (record 0294).
        const operator = await installationOperator(tx);
        const noticeVersion = noticeOf(config, operator).version;
        await tx.query(
          `INSERT INTO company_configs
             (company_id, version, body, logo_svg, sha256, created_by, created_by_name, created_by_platform)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            company,
            version,
            fileText,
            storedLogo,
            sha256,
            'userId' in actor ? actor.userId : null,
            'userId' in actor ? actor.name : '',
            'platform' in actor ? actor.platform : null,
          ],
        );
        // The notice this version shows joins the versions the company's learners may accept
        // (record 0213); one already published stays as it was.
        await tx.query(
          'INSERT INTO data_notice_versions (version) VALUES ($1) ON CONFLICT DO NOTHING',
          [noticeVersion],
        );
        const noticeChanged =
          !previousConfig || noticeOf(previousConfig, operator).version !== noticeVersion;
        const described = auditOf(config, { sha256, noticeVersion, noticeChanged });
        await audit(
          tx,
          'userId' in actor
            ? { userId: actor.userId, name: actor.name }
            : { userId: null, name: actor.platform },
          described.action,
          null,
          { version, ...described.details },
        );
        return { ok: true as const, version, sha256, noticeVersion, noticeChanged };
      });
    } catch (error) {
      if (attempt < 2 && isDuplicate(error)) continue;
      throw error;
    }
  }
}
