// Every route that takes a body declares its schema (record 0272): the routes are enumerated as
// buildApp adds them, and one that answers a POST (or any method but GET/HEAD) without
// `schema.body` fails here — a new route, the console's included, cannot read an unchecked body.
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openTestDb } from '../test-support.ts';

describe('the routes and their body schemas', () => {
  const routes: RouteOptions[] = [];
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => close?.());

  it('every route that takes a body has a schema for it', async () => {
    const t = await openTestDb('pglite');
    const app = await buildApp({
      db: t.db,
      webDir: null,
      lmsPreviewDir: null,
      adminChannelToken: 'x'.repeat(43),
      onRoute: (route) => void routes.push(route),
    });
    await app.ready();
    close = async () => {
      await app.close();
      await t.cleanup();
    };
    const methods = (route: RouteOptions) => [route.method].flat();
    const withBody = routes.filter((r) => methods(r).some((m) => m !== 'GET' && m !== 'HEAD'));
    expect(withBody.map((r) => r.url)).toContain('/api/v1/update-user');
    expect(withBody.map((r) => r.url)).toContain('/consola/obras');
    const missing = withBody.filter((r) => !r.schema?.body).map((r) => `${methods(r)} ${r.url}`);
    expect(missing).toEqual([]);
  });
});
