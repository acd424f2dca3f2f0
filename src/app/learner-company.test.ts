// The learner's company taken at run time (record 0291): the values fetched are the ones shown,
// kept on the device for that worker only, and a malformed answer changes nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { company as bundledCompany } from 'virtual:company-bundled';
import type { KeyValueStore } from '../tracking/http/storage.ts';
import type * as LearnerCompanyModule from './learner-company.ts';

type Runtime = typeof LearnerCompanyModule;

const HASH = 'empresa-beta1';
const BETA = {
  success: true,
  company_config: HASH,
  company: { ...bundledCompany, companyName: 'Constructora Beta S.A.S.' },
  obras: {
    first: 'torre-beta',
    company: { 'empresa.nombre': 'Constructora Beta S.A.S.' },
    obras: { 'torre-beta': { 'obra.nombre': 'Torre Beta', 'obra.puntoEncuentro': 'Parqueadero' } },
  },
  notice: { text: 'Constructora Beta trata tus datos.', version: 'aviso-beta' },
};

function memoryStore(): KeyValueStore {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
  };
}

const answering = (body: unknown) => ({ get: vi.fn(() => Promise.resolve(body as never)) });

/** A fresh page: the module as it starts, with nothing applied. */
async function freshPage(): Promise<Runtime> {
  vi.resetModules();
  return import('./learner-company.ts');
}

describe('the learner’s company at run time', () => {
  let store: KeyValueStore;
  beforeEach(() => {
    store = memoryStore();
  });
  afterEach(() => vi.restoreAllMocks());

  it('applies the company fetched for the learner: name, obras and data notice', async () => {
    const page = await freshPage();
    const api = answering(BETA);
    const changed = vi.fn();
    page.onCompanyChange(changed);
    await page.adoptLearnerCompany({ id: 7, company_config: HASH }, { api, store });
    expect(api.get).toHaveBeenCalledWith('company-config', { handleErrors: false });
    expect(page.company.companyName).toBe('Constructora Beta S.A.S.');
    expect(page.obras?.obras['torre-beta']?.['obra.puntoEncuentro']).toBe('Parqueadero');
    expect(page.noticeTextNow('aviso del build')).toBe('Constructora Beta trata tus datos.');
    expect(page.noticeVersionNow('aviso-build')).toBe('aviso-beta');
    expect(page.companyConfig).toBe(HASH);
    expect(changed).toHaveBeenCalled();
    // The same hash again (a save's answer): nothing fetched.
    await page.adoptLearnerCompany({ id: 7, company_config: HASH }, { api, store });
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  it('keeps the company on the device for that worker only', async () => {
    const first = await freshPage();
    await first.adoptLearnerCompany(
      { id: 7, company_config: HASH },
      { api: answering(BETA), store },
    );

    // Offline restart of the same worker: their company from the first screen, no request.
    const again = await freshPage();
    again.restoreLearnerCompany('7', store);
    expect(again.company.companyName).toBe('Constructora Beta S.A.S.');
    const offline = { get: vi.fn(() => Promise.reject(new Error('sin red'))) };
    await again.adoptLearnerCompany({ id: 7, company_config: HASH }, { api: offline, store });
    expect(offline.get).not.toHaveBeenCalled();

    // Another worker on the same phone: never the first worker's company.
    const other = await freshPage();
    other.restoreLearnerCompany('8', store);
    expect(other.company.companyName).toBe(bundledCompany.companyName);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await other.adoptLearnerCompany({ id: 8, company_config: HASH }, { api: offline, store });
    expect(offline.get).toHaveBeenCalledTimes(1);
    expect(other.company.companyName).toBe(bundledCompany.companyName);
    expect(other.noticeTextNow('aviso del build')).toBe('aviso del build');
  });

  it('ignores a malformed answer: a clear console error, the bundled values stay', async () => {
    const page = await freshPage();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { ...BETA, notice: { text: 42 } };
    await page.adoptLearnerCompany(
      { id: 7, company_config: HASH },
      { api: answering(broken), store },
    );
    expect(error).toHaveBeenCalledWith(
      '[curso-sst] los datos de la empresa llegaron ilegibles',
      broken,
    );
    expect(page.company.companyName).toBe(bundledCompany.companyName);
    expect(page.noticeVersionNow('aviso-build')).toBe('aviso-build');
    expect(store.getItem(page.COMPANY_KEY)).toBeNull();
    expect(page.companyPending()).toBe(false);
  });
});
