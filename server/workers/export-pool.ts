// Runs console export tasks on a worker thread (decision 0232): one lazily started worker per
// server process, tasks in turn; a crashed worker fails its task and the next task starts a new
// one. `inline: true` runs them on the calling thread (tests that measure the difference).
import { Worker } from 'node:worker_threads';
import type { ExportResult, ExportTask } from './export-tasks.ts';

const ENTRY = new URL('./export-worker.mjs', import.meta.url);

interface Pending {
  resolve(result: ExportResult): void;
  reject(error: Error): void;
}

export class ExportPool {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly options: { inline?: boolean } = {}) {}

  private start(): Promise<Worker> {
    if (this.ready) return this.ready;
    this.ready = new Promise<Worker>((resolve, reject) => {
      const worker = new Worker(ENTRY, { execArgv: [] });
      // An idle worker must not keep the process alive.
      worker.unref();
      worker.on('message', (message: { ready?: boolean; id?: number; ok?: boolean }) => {
        if (message.ready) {
          this.worker = worker;
          resolve(worker);
          return;
        }
        const entry = this.pending.get(message.id!);
        if (!entry) return;
        this.pending.delete(message.id!);
        const m = message as { ok: boolean; result?: ExportResult; message?: string };
        if (m.ok) entry.resolve(m.result!);
        else entry.reject(new Error(m.message ?? 'export failed'));
      });
      const fail = (error: Error) => {
        reject(error);
        for (const entry of this.pending.values()) entry.reject(error);
        this.pending.clear();
        this.worker = null;
        this.ready = null;
      };
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (this.worker === worker || this.pending.size > 0)
          fail(new Error(`export worker exited (${code})`));
      });
    });
    return this.ready;
  }

  async run(task: ExportTask): Promise<ExportResult> {
    if (this.options.inline) {
      const { runExportTask } = await import('./export-tasks.ts');
      return runExportTask(task);
    }
    const worker = await this.start();
    const id = this.nextId++;
    return new Promise<ExportResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, task });
    }).finally(() => {
      if (this.pending.size === 0) worker.unref();
    });
  }

  async registroPdf(data: Extract<ExportTask, { kind: 'registro-pdf' }>['data']) {
    return (await this.run({ kind: 'registro-pdf', data })) as Uint8Array;
  }

  async csvLines(rows: (string | number | null | undefined)[][], separator: string) {
    return (await this.run({ kind: 'csv-lines', rows, separator })) as string;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (worker) await worker.terminate();
  }
}
