// The signed-in learner's company in the web app (record 0291): one build for every company. It
// starts from what the build bundles (the installation file's: virtual:company-bundled) and,
// when the server names another company for the learner (`company_config`, a hash), takes that
// company's name, logo, obras and data notice from `company-config`, keeps it on the device for
// that learner (an offline restart shows it) and applies it before the screens that need it.
// In the web build `virtual:company` and `virtual:company-obras` are this module's live values
// (scripts/vite-content-plugin.ts), so the certificate and the acceptance statement read through
// it; the LMS builds never bundle it.
import {
  company as bundledCompany,
  companyConfig as bundledHash,
  obras as bundledObras,
} from 'virtual:company-bundled';
import type { CompanyInfo } from '../domain/config/company-info.ts';
import type { CompanyNotice, LearnerCompany } from '../domain/config/learner-company.ts';
import type { CompanyObras } from '../domain/content/fill-per-obra.ts';
import type { ApiClient } from '../tracking/http/api-client.ts';
import { defaultStore, readJson, safeSet, type KeyValueStore } from '../tracking/http/storage.ts';

/** The device's copy: one learner's company (another worker's is never shown). */
export const COMPANY_KEY = 'curso-sst:company';

interface Stored {
  user: string;
  hash: string;
  data: LearnerCompany;
}

// Live bindings: importers read the current values.
export let company: CompanyInfo = bundledCompany;
export let obras: CompanyObras | null = bundledObras;
export let companyConfig: string | null = bundledHash;
let notice: CompanyNotice | null = null;
let revision = 0;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Changes whenever another company is applied: caches of filled texts key on it. */
export const companyRevision = () => revision;

/** The notice version the learner accepts: their company's, else the build's. */
export const noticeVersionNow = (bundled: string): string => notice?.version ?? bundled;

/** The notice text the learner reads: their company's, else the build's. */
export const noticeTextNow = (bundled: string): string => notice?.text ?? bundled;

/** Settles once the company of the learner last handed over is applied (or given up on). */
export const companySettled = (): Promise<void> => pending ?? Promise.resolve();

/** Whether a fetch of the learner's company is on its way. */
export const companyPending = () => pending !== null;

export function onCompanyChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What `company-config` must answer to be used: anything else leaves the company shown. */
function readAnswer(body: unknown): { hash: string; data: LearnerCompany } | null {
  if (!isRecord(body) || typeof body.company_config !== 'string') return null;
  const { company: c, obras: o, notice: n } = body;
  if (!isRecord(c) || typeof c.companyName !== 'string' || !isRecord(c.obra)) return null;
  if (!isRecord(o) || typeof o.first !== 'string' || !isRecord(o.obras) || !isRecord(o.company))
    return null;
  if (!Object.values(o.obras).every(isRecord)) return null;
  if (!isRecord(n) || typeof n.text !== 'string' || typeof n.version !== 'string' || !n.text)
    return null;
  return {
    hash: body.company_config,
    data: {
      company: c as unknown as CompanyInfo,
      obras: o as unknown as CompanyObras,
      notice: { text: n.text, version: n.version },
    },
  };
}

function apply(hash: string | null, data: LearnerCompany | null): void {
  if (hash === companyConfig) return;
  company = data?.company ?? bundledCompany;
  obras = data?.obras ?? bundledObras;
  notice = data?.notice ?? null;
  companyConfig = hash;
  revision++;
  listeners.forEach((l) => l());
}

function storedFor(store: KeyValueStore, user: string): Stored | null {
  const stored = readJson<Stored>(store, COMPANY_KEY);
  if (!isRecord(stored) || stored.user !== user || typeof stored.hash !== 'string') return null;
  const read = readAnswer({ ...stored.data, company_config: stored.hash });
  return read ? { user, ...read } : null;
}

/**
 * The learner stored on this device (an offline restart): their stored company, if any, before
 * anything renders.
 */
export function restoreLearnerCompany(user: string | null, store = defaultStore()): void {
  const stored = user === null ? null : storedFor(store, user);
  if (stored) apply(stored.hash, stored.data);
}

/**
 * The course starts once the learner's company is applied: its screens are filled with that
 * company's obras from their first paint.
 */
export function startingWithCompany<T extends { start(): Promise<S> }, S>(tracking: T): T {
  return {
    ...tracking,
    start: async () => {
      const snapshot = await tracking.start();
      await companySettled();
      return snapshot;
    },
  };
}

export interface AdoptOptions {
  api: Pick<ApiClient, 'get'>;
  store?: KeyValueStore;
}

/**
 * The server handed over the learner (sign-in, resume, a save): their company's hash. The same
 * as the build's: the build's. As kept on this device for this learner: that copy. Otherwise it
 * is fetched, kept and applied; a failed or malformed answer leaves what is shown.
 */
export function adoptLearnerCompany(
  user: { id: number | string; company_config?: string | null },
  options: AdoptOptions,
): Promise<void> {
  const hash = user.company_config;
  // An older server names none: the build's company, as before.
  if (!hash || hash === bundledHash) {
    apply(bundledHash, null);
    return companySettled();
  }
  if (hash === companyConfig) return companySettled();
  const store = options.store ?? defaultStore();
  const id = String(user.id);
  const stored = storedFor(store, id);
  if (stored?.hash === hash) {
    apply(hash, stored.data);
    return companySettled();
  }
  const fetching = options.api
    .get<unknown>('company-config', { handleErrors: false })
    .then(
      (body) => {
        const read = readAnswer(body);
        if (!read) {
          console.error('[curso-sst] los datos de la empresa llegaron ilegibles', body);
          return;
        }
        safeSet(store, COMPANY_KEY, JSON.stringify({ user: id, ...read } satisfies Stored));
        apply(read.hash, read.data);
      },
      (e: unknown) => console.warn('[curso-sst] no se pudieron traer los datos de la empresa', e),
    )
    .finally(() => {
      if (pending !== fetching) return;
      pending = null;
      // Whatever came of it, the screens waiting for it are drawn again.
      listeners.forEach((l) => l());
    });
  pending = fetching;
  return fetching;
}
