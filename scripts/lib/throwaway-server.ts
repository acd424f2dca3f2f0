// A server on a throwaway data folder, for the browser tests' API server (e2e/support/
// api-server.ts) and the Monday bench's (tools/bench/monday-server.ts): seeded, started, and on
// SIGINT or SIGTERM closed with its folder removed; a seed or start that fails removes the folder
// and ends the process with 1.
import { rmSync } from 'node:fs';

export async function serveThrowaway<S extends { close(): Promise<unknown> }>(
  dataDir: string,
  start: () => Promise<S>,
): Promise<S> {
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await start();
    const stop = () => {
      void server.close().finally(() => {
        removeData();
        process.exit(0);
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return server;
  } catch (error) {
    console.error(error);
    removeData();
    process.exit(1);
  }
}
