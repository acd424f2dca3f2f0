// Each company's configuration as data (record 0287): the configuration file of decision 0070,
// stored per company in `company_configs` (migration 067), one append-only row per version. What
// a company's documents print and what the server decides from its configuration (the registro,
// the audit pack, the invitation cards, /verificar, the acceptance statement, the certificate)
// come from here:
// - the company's latest stored version, validated again by the same reader as config/*.json;
// - company 1 with nothing stored: the installation's file, as before (a one-company installation
//   needs no new setting);
// - another company with nothing stored: «sin configurar» — its documents print its own name
//   (`companies.name`) and no NIT, logo, ARL or responsable, never company 1's.
// Kept per company in memory; every read checks the company's latest version number (one short
// statement, shared by the reads that ask at once), so a version another server instance stored
// is read at the next request.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { forCompanyOf } from '../db/company-scope.ts';
import { FIRST_COMPANY_ID } from '../db/company-store.ts';
import {
  loadCompanyConfig,
  type CompanyConfig,
  type LoadConfigResult,
} from '../../src/domain/config/index.ts';

/** Where a company's configuration comes from. */
export type ConfigSource = 'stored' | 'installation' | 'unconfigured';

export interface CurrentConfig {
  company: number;
  source: ConfigSource;
  config: CompanyConfig;
  /** The stored version (1, 2, …); null when nothing is stored. */
  version: number | null;
  /** The stored file's hash (text, then logo), as read-config.ts gives it; null when none. */
  sha256: string | null;
  /** Who stored this version and when; null when nothing is stored. */
  createdBy: string | null;
  createdAt: string | null;
  /**
   * The installation operator's latest row seen by this read (null: never set). The company's
   * notice names the operator (record 0294), so what is made from the notice is kept per mark.
   */
  operatorMark: number | null;
}

/** The installation's configuration (CURSO_CONFIG), and its file's text when there is a file. */
export interface InstallationConfig {
  config: CompanyConfig;
  text: string | null;
}

/** The name a stored version is validated under in messages. */
export const STORED_NAME = 'configuración guardada';

/** sha256 of the configuration text, then of its logo (the same as read-config.ts). */
export function configHash(text: string, logo: string | null): string {
  const hash = createHash('sha256').update(text);
  if (logo !== null) hash.update('\0logo\0').update(logo);
  return hash.digest('hex');
}

/** A configuration file's text (and the logo it names), validated as config/*.json is. */
export function validateConfig(text: string, logo: string | null, shown: string): LoadConfigResult {
  return loadCompanyConfig(text, shown, { readFile: () => logo });
}

/**
 * A company without a configuration of its own: the installation's course facts (obras,
 * reinducción period, policies) so its pages work, but nothing that names a company — its own
 * name, no NIT, logo, ARL, responsable or signatory.
 */
export function unconfiguredConfig(installation: CompanyConfig, name: string): CompanyConfig {
  const { logo: _logo, ...empresa } = installation.empresa;
  void _logo;
  const { firmante: _firmante, ...certificado } = installation.certificado;
  void _firmante;
  return {
    ...installation,
    empresa: { ...empresa, nombre: name, nit: '', arl: { nombre: '', linea: '' } },
    sst: { ...installation.sst, responsable: { nombre: '', contacto: '' } },
    certificado,
  };
}

interface StoredRow {
  version: number;
  body: string;
  logo_svg: string | null;
  sha256: string;
  created_by_name: string;
  created_by_platform: string | null;
  created_at: string | Date;
}

/** The company's latest stored version, or null. */
export async function latestStored(db: Queryable, company: number): Promise<StoredRow | null> {
  const [row] = await forCompanyOf(db, company).query<StoredRow>(
    `SELECT version, body, logo_svg, sha256, created_by_name, created_by_platform, created_at
       FROM company_configs WHERE company_id = $1 ORDER BY version DESC LIMIT 1`,
    [company],
  );
  return row ? { ...row, version: Number(row.version) } : null;
}

/** The company's name and latest version number: the one statement every read makes. */
async function versionOf(
  db: Queryable,
  company: number,
): Promise<{ name: string; version: number | null; operatorMark: number | null } | null> {
  // `companies` and `installation_operator` are the installation's tables (outside the wall);
  // company_configs is under it.
  const [row] = await forCompanyOf(db, company).query<{
    name: string;
    version: number | null;
    operator: number | string | null;
  }>(
    `SELECT c.name, (SELECT max(version) FROM company_configs WHERE company_id = c.id) AS version,
            (SELECT max(id) FROM installation_operator) AS operator
       FROM companies c WHERE c.id = $1`,
    [company],
  );
  if (!row) return null;
  return {
    name: row.name,
    version: row.version === null ? null : Number(row.version),
    operatorMark: row.operator === null ? null : Number(row.operator),
  };
}

function fromRow(company: number, row: StoredRow): CurrentConfig {
  const loaded = validateConfig(row.body, row.logo_svg, STORED_NAME);
  // A stored version was valid when it was stored; one the schema now refuses is a fault to see.
  if (!loaded.config)
    throw new Error(
      `company ${company} configuration version ${row.version} no longer validates: ${loaded.errors.join('; ')}`,
    );
  return {
    company,
    source: 'stored',
    config: loaded.config,
    version: row.version,
    sha256: row.sha256,
    createdBy: row.created_by_platform ?? row.created_by_name,
    createdAt: new Date(row.created_at).toISOString(),
    operatorMark: null,
  };
}

const none = (company: number, source: ConfigSource, config: CompanyConfig): CurrentConfig => ({
  company,
  source,
  config,
  version: null,
  sha256: null,
  createdBy: null,
  createdAt: null,
  operatorMark: null,
});

/** Reads each company's configuration, kept per company until a newer version is stored. */
export interface CompanyConfigs {
  /** The company's current configuration (one version check; the rest from memory). */
  current(company: number): Promise<CurrentConfig>;
  /** The last configuration read for the company, without asking the database; null if none. */
  known(company: number): CurrentConfig | null;
  /** The installation's file (company 1's while it stores none). */
  installation(): InstallationConfig;
}

/**
 * The configurations of `db`'s companies. `installation` is read once, when first needed (a
 * server started with an invalid CURSO_CONFIG fails as before, at its first read).
 */
export function companyConfigs(
  db: Queryable,
  installation: () => InstallationConfig,
): CompanyConfigs {
  let file: InstallationConfig | null = null;
  const installed = () => (file ??= installation());
  const cache = new Map<number, CurrentConfig>();
  const checking = new Map<number, Promise<CurrentConfig>>();

  const read = async (company: number): Promise<CurrentConfig> => {
    const found = await versionOf(db, company);
    const mark = found?.operatorMark ?? null;
    // The same configuration under another operator: the same object, a new mark (record 0294).
    const marked = (kept: CurrentConfig): CurrentConfig => {
      if (kept.operatorMark === mark) return kept;
      const next = { ...kept, operatorMark: mark };
      cache.set(company, next);
      return next;
    };
    const kept = cache.get(company);
    let next: CurrentConfig;
    if (found?.version != null) {
      if (kept?.version === found.version) return marked(kept);
      const row = await latestStored(db, company);
      // Stored between the two statements: the newer one is as good.
      next = row ? fromRow(company, row) : none(company, 'installation', installed().config);
    } else if (company === FIRST_COMPANY_ID) {
      next = none(company, 'installation', installed().config);
    } else {
      const name = found?.name ?? '';
      if (kept?.source === 'unconfigured' && kept.config.empresa.nombre === name)
        return marked(kept);
      next = none(company, 'unconfigured', unconfiguredConfig(installed().config, name));
    }
    next = { ...next, operatorMark: mark };
    cache.set(company, next);
    return next;
  };

  return {
    current(company) {
      // The reads that ask at the same moment share one check (the learner API asks on every
      // save; record 0287).
      const pending = checking.get(company);
      if (pending) return pending;
      const check = read(company).finally(() => checking.delete(company));
      checking.set(company, check);
      return check;
    },
    known: (company) => cache.get(company) ?? null,
    installation: installed,
  };
}
