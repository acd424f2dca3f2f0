// The eight SCORM run-time calls under neutral names. Each version folder binds its own method
// names (LMSInitialize… for 1.2, Initialize… for 2004) to this shape; everything else in this
// folder talks to LmsApi only.

export interface LmsApi {
  initialize(): string;
  terminate(): string;
  getValue(element: string): string;
  setValue(element: string, value: string): string;
  commit(): string;
  getLastError(): string;
  getErrorString(code: string): string;
  getDiagnostic(code: string): string;
}

/** Calls a method of the LMS's API object by name, always passing string arguments. */
export function bindApi(raw: Record<string, unknown>, names: Record<keyof LmsApi, string>): LmsApi {
  const call =
    (name: string) =>
    (...args: string[]): string => {
      const fn = raw[name];
      if (typeof fn !== 'function') throw new Error(`LMS API has no ${name}`);
      // Some LMSs return booleans, numbers or null instead of strings: normalise here.
      return String((fn as (...a: string[]) => unknown).apply(raw, args) ?? '');
    };
  return {
    initialize: () => call(names.initialize)(''),
    terminate: () => call(names.terminate)(''),
    getValue: (element) => call(names.getValue)(element),
    setValue: (element, value) => call(names.setValue)(element, value),
    commit: () => call(names.commit)(''),
    getLastError: () => call(names.getLastError)(),
    getErrorString: (code) => call(names.getErrorString)(code),
    getDiagnostic: (code) => call(names.getDiagnostic)(code),
  };
}
