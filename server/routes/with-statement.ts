// Every response that hands the learner their data carries their acceptance statement, built and
// published by the server (record 0259): the app shows exactly that text, and an acceptance of
// any text not published to the learner is refused. It carries too the hash of what the web app
// needs of the learner's company (`company_config`, record 0291): the app fetches that from
// `company-config` when it holds another. Both read the company's configuration once: the
// store's version check is shared by reads made at the same moment (record 0287).
import type { AppContext } from '../context.ts';
import type { PublicUser } from '../db/store.ts';

export type UserWithStatement = PublicUser & {
  acceptanceStatement: string;
  company_config: string;
};

export async function withStatement(ctx: AppContext, user: PublicUser): Promise<UserWithStatement>;
export async function withStatement(
  ctx: AppContext,
  user: PublicUser | null,
): Promise<UserWithStatement | null>;
export async function withStatement(ctx: AppContext, user: PublicUser | null) {
  if (!user) return null;
  const [acceptanceStatement, company] = await Promise.all([
    ctx.acceptanceStatement(user),
    ctx.learnerCompany(),
  ]);
  return { ...user, acceptanceStatement, company_config: company.hash };
}
