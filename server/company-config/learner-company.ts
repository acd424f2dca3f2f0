// What the web app needs of a learner's company, at run time (record 0291): the pure
// `learnerCompany` of the company's current configuration (store.ts) and its notice
// (notice.ts), and its hash. Made once per configuration version this instance holds: a cached
// version costs nothing beyond the store's one version check, which reads running at the same
// moment (the acceptance statement's) share.
import type { Queryable } from '../db/db.ts';
import { forCompanyOf, type CompanyDb } from '../db/company-scope.ts';
import type { CompanyConfig } from '../../src/domain/config/index.ts';
import {
  learnerCompany,
  learnerCompanyHash,
  type LearnerCompany,
} from '../../src/domain/config/learner-company.ts';
import type { CompanyConfigs } from './store.ts';
import { companyNotice } from './notice.ts';

export interface MadeLearnerCompany {
  hash: string;
  data: LearnerCompany;
}

export interface LearnerCompanies {
  /** The company's data for the web app and its hash. */
  of(company: number): Promise<MadeLearnerCompany>;
}

export function learnerCompanies(
  db: Queryable,
  configs: CompanyConfigs,
  courseHours: () => number,
): LearnerCompanies {
  // Keyed by the configuration object (a new version is a new object, store.ts) and the
  // operator's mark: the notice names the installation's operator (record 0294).
  const made = new WeakMap<
    CompanyConfig,
    { mark: number | null; made: Promise<MadeLearnerCompany> }
  >();
  const make = async (company: number, config: CompanyConfig): Promise<MadeLearnerCompany> => {
    // A bare database (a test's, a tool's) enters no wall and is passed as it is.
    const notice = await companyNotice(forCompanyOf(db, company) as CompanyDb, config);
    const data = learnerCompany(config, { hours: courseHours() }, notice);
    return { hash: learnerCompanyHash(data), data };
  };
  return {
    async of(company) {
      const { config, operatorMark: mark } = await configs.current(company);
      const kept = made.get(config);
      if (kept && kept.mark === mark) return kept.made;
      const found = make(company, config);
      made.set(config, { mark, made: found });
      // A failed make is forgotten, unless a newer one already took its place.
      found.catch(() => made.get(config)?.made === found && made.delete(config));
      return found;
    },
  };
}
