// The data notice a company's learners are shown and accept (record 0291: the learner endpoint
// and the hash sent with the learner read it from here). This version gives the configuration's
// own notice (record 0125); the notice naming responsable and encargado takes this place.
import type { CompanyDb } from '../db/company-scope.ts';
import type { CompanyConfig } from '../../src/domain/config/index.ts';
import { dataNoticeText, dataNoticeVersion } from '../../src/domain/config/data-notice.ts';

export async function companyNotice(
  db: CompanyDb,
  config: CompanyConfig,
): Promise<{ text: string; version: string }> {
  void db;
  return { text: dataNoticeText(config), version: dataNoticeVersion(config) };
}
