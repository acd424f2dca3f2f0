// Worker-thread entry for console exports (decision 0232). The server runs TypeScript through
// tsx; a worker thread does not inherit a loader registered in-process (nor Vitest's), so it
// registers tsx itself before loading the task code.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runExportTask } = await import('./export-tasks.ts');

parentPort.on('message', async ({ id, task }) => {
  try {
    const result = await runExportTask(task);
    parentPort.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: String(error?.stack ?? error) });
  }
});
parentPort.postMessage({ ready: true });
