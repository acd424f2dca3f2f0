// A coordinator with a console session, for the benches that ask the console (bench-console.ts,
// bench-scale-out.ts): console sessions carry the `consola` scope, so a plain token gets 401.
import type { Db } from '../../server/db/db.ts';
import { createUser, issueToken } from '../../server/db/store.ts';

/** Creates the coordinator `document` and returns an hour-long console token for them. */
export async function coordinatorConsoleToken(db: Db, document: string): Promise<string> {
  const coordinator = await createUser(db, {
    document,
    name: 'Coordinadora',
    password: `bench-${document}`,
    role: 'coordinador',
  });
  return issueToken(db, coordinator.id, 3_600_000, 'consola');
}
