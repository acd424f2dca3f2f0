// What the standalone web app needs of the signed-in learner's company (record 0291): the
// certificate issuer and acceptance facts (CompanyInfo, for the company's first obra), every
// obra's placeholder values (CompanyObras, decision 0078) and the data notice {text, version},
// plus a short hash of exactly that. The web build bundles the installation file's (the
// fallback, scripts/vite-content-plugin.ts); the server sends the hash with the learner and the
// whole thing from its learner endpoint when the hash differs. Plain data, no file access.
import { shortHash } from '../content/content-version.ts';
import { companyObras, type CompanyObras } from '../content/fill-per-obra.ts';
import type { Course } from '../content/types.ts';
import { companyInfo, type CompanyInfo } from './company-info.ts';
import type { CompanyConfig } from './load-config.ts';

/** The habeas-data notice a company's learners accept (record 0125). */
export interface CompanyNotice {
  text: string;
  version: string;
}

export interface LearnerCompany {
  /** Issuer, signer, logo, acceptance facts; `obra` is the company's first obra. */
  company: CompanyInfo;
  obras: CompanyObras;
  notice: CompanyNotice;
}

export function learnerCompany(
  config: CompanyConfig,
  course: Pick<Course, 'hours'>,
  notice: CompanyNotice,
): LearnerCompany {
  return {
    company: companyInfo(config, config.obras[0]!),
    obras: companyObras(config, course),
    notice: { text: notice.text, version: notice.version },
  };
}

/** JSON with every object's keys sorted (undefined members dropped, as JSON does). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A short hash of exactly what the app is given: equal data, equal hash, on every side. */
export const learnerCompanyHash = (data: LearnerCompany): string =>
  `empresa-${shortHash(canonicalJson(data))}`;
