// Worker-thread entry for console exports (decision 0232). The server runs TypeScript through
// tsx; a worker thread does not inherit a loader registered in-process (nor Vitest's), so it
// registers tsx itself before loading the task code.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runExportTask } = await import('./export-tasks.ts');
// Background work, once loaded: on Linux, setpriority on «this process» (pid 0) changes the
// calling thread only, so this worker leaves the cores to the event loops that serve saves when
// they are busy (decision 0232). Nice 5, not 19: on a saturated machine an export must still
// finish.
try {
  setPriority(5);
} catch {
  // Not allowed or not supported: the export still runs, at normal priority.
}

parentPort.on('message', async ({ id, task }) => {
  try {
    const result = await runExportTask(task);
    parentPort.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: String(error?.stack ?? error) });
  }
});
parentPort.postMessage({ ready: true });
