// Typed content-side wrapper over an LmsApi, after pipwerks-scorm-api-wrapper: it remembers
// whether the connection is open, turns the LMS's 'true'/'false' strings into booleans, logs
// every failure with GetLastError's code and GetErrorString's text, never lets an exception
// from the LMS reach the course, and makes no call at all after Terminate.
// Each call is judged by what it returns (decision record 0265): 'true' for Initialize,
// SetValue, Commit and Terminate, the value for GetValue. GetLastError is read only after a call
// that did not answer 'true', or a GetValue that answered '' (an empty string is both "no value"
// and "error" in SCORM); an LMS whose GetLastError is non-zero even after a call that plainly
// worked is found out once, and its codes then no longer turn an empty value into a failure.
import type { LmsApi } from './lms-api.ts';

export interface CallResult {
  ok: boolean;
  /** LMS error code ('0' when none; 'exception' when the API threw). */
  code: string;
}

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const consoleLogger: Logger = {
  info: (m) => console.info(`[scorm] ${m}`),
  warn: (m) => console.warn(`[scorm] ${m}`),
  error: (m) => console.error(`[scorm] ${m}`),
};

export type ConnectionState = 'new' | 'open' | 'terminated';

export interface WrapperOptions {
  /** Codes that mean "already initialised": the connection is usable. */
  alreadyInitializedCodes: readonly string[];
  /** Codes that GetValue may set for an element the LMS simply has no value for. */
  quietGetCodes: readonly string[];
  /**
   * An element every conforming LMS answers with a value (2004 `cmi._version`, 1.2
   * `cmi.core._children`): read once to learn whether GetLastError means anything (record 0265).
   */
  probeElement: string;
}

export class ScormWrapper {
  private stateValue: ConnectionState = 'new';
  /**
   * Whether GetLastError answers non-zero after calls that worked (record 0265): null until an
   * empty value came with an error code and the probe was read.
   */
  private errorCodesNoise: boolean | null = null;
  /** Every LMS call made, by method (for tests, the preview and the bench). */
  readonly calls = { initialize: 0, terminate: 0, getValue: 0, setValue: 0, commit: 0 };

  constructor(
    private readonly api: LmsApi,
    private readonly options: WrapperOptions,
    private readonly log: Logger = consoleLogger,
  ) {}

  get state(): ConnectionState {
    return this.stateValue;
  }

  /** The session was opened before the app started (early-init.ts): use it as it is. */
  adoptOpenSession(): void {
    if (this.stateValue === 'new') this.stateValue = 'open';
  }

  initialize(): boolean {
    if (this.stateValue === 'open') return true;
    if (this.stateValue === 'terminated') return false; // SCORM allows one session per launch
    const result = this.guard('Initialize', () => this.api.initialize());
    this.calls.initialize++;
    let ok = result === 'true';
    if (!ok) {
      const code = this.lastErrorCode();
      // pipwerks: 'false' with no error means the LMS is fine; some LMSs initialise for us.
      if (code === '0' || this.options.alreadyInitializedCodes.includes(code)) ok = true;
      else this.logError('Initialize', code);
    }
    if (ok) this.stateValue = 'open';
    return ok;
  }

  terminate(): boolean {
    if (this.stateValue !== 'open') return false;
    this.stateValue = 'terminated'; // even when it fails: never call the LMS again
    this.calls.terminate++;
    const result = this.guard('Terminate', () => this.api.terminate());
    if (result === 'true') return true;
    this.logError('Terminate', this.lastErrorCode(true));
    return false;
  }

  getValue(element: string): string {
    return this.readValue(element).value;
  }

  /**
   * GetValue with its outcome: not ok when the LMS threw or set an error code other than the
   * quiet "no value stored" ones (decision record 0160: a failed read must never be taken for
   * an empty record).
   */
  readValue(element: string): CallResult & { value: string } {
    if (this.stateValue !== 'open') return { ok: false, code: 'closed', value: '' };
    this.calls.getValue++;
    const value = this.guard(`GetValue(${element})`, () => this.api.getValue(element));
    if (value === null) return { ok: false, code: 'exception', value: '' };
    if (value === '') {
      const code = this.lastErrorCode();
      if (code !== '0' && !this.options.quietGetCodes.includes(code) && !this.codesAreNoise()) {
        this.logError(`GetValue(${element})`, code);
        return { ok: false, code, value };
      }
    }
    return { ok: true, code: '0', value: String(value) };
  }

  /** `quiet`: a refusal is not logged here (the caller logs it, e.g. once per element kind). */
  setValue(element: string, value: string, quiet = false): CallResult {
    if (this.stateValue !== 'open') return { ok: false, code: 'closed' };
    this.calls.setValue++;
    const result = this.guard(`SetValue(${element})`, () => this.api.setValue(element, value));
    if (result === 'true') return { ok: true, code: '0' };
    const code = result === null ? 'exception' : this.lastErrorCode();
    if (quiet && code !== 'exception') return { ok: false, code };
    this.logError(
      `SetValue(${element}, ${JSON.stringify(value.length > 80 ? value.slice(0, 77) + '...' : value)})`,
      code,
    );
    return { ok: false, code };
  }

  commit(): CallResult {
    if (this.stateValue !== 'open') return { ok: false, code: 'closed' };
    this.calls.commit++;
    const result = this.guard('Commit', () => this.api.commit());
    if (result === 'true') return { ok: true, code: '0' };
    const code = result === null ? 'exception' : this.lastErrorCode();
    this.logError('Commit', code);
    return { ok: false, code };
  }

  /**
   * After an empty value with an error code: does this LMS answer GetLastError non-zero even
   * after a GetValue that plainly worked (decision record 0265)? Learned once per session from
   * the probe element, which every conforming LMS answers with a value. When it does, its codes
   * say nothing and an empty value is an empty value (record 0160 still needs the status to be a
   * vocabulary value for a read to count). When the probe gives no value, nothing can be learned
   * and the codes are believed, as before.
   */
  private codesAreNoise(): boolean {
    if (this.errorCodesNoise !== null) return this.errorCodesNoise;
    this.calls.getValue++;
    const probe = this.guard(`GetValue(${this.options.probeElement})`, () =>
      this.api.getValue(this.options.probeElement),
    );
    this.errorCodesNoise = !!probe && this.lastErrorCode() !== '0';
    if (this.errorCodesNoise)
      this.log.warn(
        'the LMS reports an error code even after calls that worked: ' +
          'each call is judged by what it returns, and an empty value is taken as empty',
      );
    return this.errorCodesNoise;
  }

  /** Runs an LMS call; an exception becomes null (logged), never thrown into the course. */
  private guard(what: string, call: () => string): string | null {
    try {
      return call();
    } catch (error) {
      this.log.error(`${what} threw: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  /** GetLastError is allowed after Terminate too (we read it right after a failed one). */
  private lastErrorCode(afterTerminate = false): string {
    if (this.stateValue === 'terminated' && !afterTerminate) return '0';
    try {
      const code = String(this.api.getLastError()).trim();
      return code === '' ? '0' : code;
    } catch {
      return 'exception';
    }
  }

  private logError(what: string, code: string): void {
    if (code === 'exception') return; // already logged by guard()
    let text = '';
    try {
      text = this.api.getErrorString(code);
      const diagnostic = this.api.getDiagnostic(code);
      if (diagnostic && diagnostic !== text) text += ` (${diagnostic})`;
    } catch {
      // the error text is a nicety; the code is what matters
    }
    this.log.warn(`${what} failed: LMS error ${code}${text ? ` ${text}` : ''}`);
  }
}
