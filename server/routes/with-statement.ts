// Every response that hands the learner their data carries their acceptance statement, built and
// published by the server (record 0259): the app shows exactly that text, and an acceptance of
// any text not published to the learner is refused.
import type { AppContext } from '../context.ts';
import type { PublicUser } from '../db/store.ts';

export type UserWithStatement = PublicUser & { acceptanceStatement: string };

export async function withStatement(ctx: AppContext, user: PublicUser): Promise<UserWithStatement>;
export async function withStatement(
  ctx: AppContext,
  user: PublicUser | null,
): Promise<UserWithStatement | null>;
export async function withStatement(ctx: AppContext, user: PublicUser | null) {
  return user ? { ...user, acceptanceStatement: await ctx.acceptanceStatement(user) } : null;
}
