// GET <api>/gate-keys (decision 0242): the public keys that sign certificates' gate statements,
// key id → raw Ed25519 public key (base64url). Public and without a session: the «Verificar en
// portería» page of the installable app fetches it, and its service worker keeps the last answer
// for when the gate has no signal. A public key reveals nothing that could forge a statement.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { gatePublicKeys } from '../gate/sign.ts';

export async function gateKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/gate-keys', async (_request, reply) => {
    const keys = await gatePublicKeys(ctx.db, await ctx.installationKey());
    // The service worker asks the network first; the browser's own cache must not answer.
    reply.header('cache-control', 'no-cache');
    return { algorithm: 'Ed25519', keys };
  });
}
