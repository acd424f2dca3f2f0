// The inline early-Initialize script and the app session adopting it: Initialize is called
// once, by whichever comes first, and the session works as usual afterwards.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectScorm } from './index.ts';
import { adoptEarlyInit, EARLY_INIT_KEY, earlyInitialize } from './early-init.ts';
import { COURSE, lms12, lms2004 } from './test-support.ts';
import { instrument } from './test-lms-wrappers.ts';

/** A top window holding the API and a course window inside it (same origin). */
function frames(api: Record<string, unknown>, key: 'API' | 'API_1484_11') {
  const top: Record<string, unknown> = { [key]: api };
  top.parent = top;
  top.top = top;
  const noop = () => undefined;
  const course: Record<string, unknown> = {
    parent: top,
    top,
    opener: null,
    addEventListener: noop,
    removeEventListener: noop,
    document: { addEventListener: noop, removeEventListener: noop, visibilityState: 'visible' },
  };
  return { top, course: course as unknown as Window };
}

describe('early Initialize', () => {
  it.each([
    ['1.2', () => lms12(), 'API', 'LMSInitialize'],
    ['2004', () => lms2004(), 'API_1484_11', 'Initialize'],
  ] as const)(
    'SCORM %s: the inline script initialises and the session adopts it',
    async (_v, make, key, method) => {
      const lms = instrument(make());
      const { course } = frames(lms.api, key);
      earlyInitialize(course);
      expect(lms.calls.filter((c) => c.method === method)).toHaveLength(1);
      expect(adoptEarlyInit(course, lms.api)).toEqual(expect.any(Number));

      const port = connectScorm(course, { packageId: 'curso-sst', course: COURSE });
      expect(port).not.toBeNull();
      await port!.start();
      port!.save({ bookmark: 'menu' });
      port!.flush();
      expect(lms.calls.filter((c) => c.method === method)).toHaveLength(1);
      expect(lms.calls.some((c) => /Commit$/.test(c.method) && c.result === 'true')).toBe(true);
      port!.finish();
    },
  );

  it('does nothing without an LMS, and the session initialises itself when the script could not', async () => {
    const lonely = { parent: null, top: null, opener: null } as unknown as Window;
    expect(() => earlyInitialize(lonely)).not.toThrow();
    expect((lonely as unknown as Record<string, unknown>)[EARLY_INIT_KEY]).toBeUndefined();

    const lms = instrument(lms12());
    const { course } = frames(lms.api, 'API');
    expect(adoptEarlyInit(course, lms.api)).toBeNull();
    const port = connectScorm(course, { packageId: 'curso-sst', course: COURSE });
    await port!.start();
    expect(lms.calls.filter((c) => c.method === 'LMSInitialize')).toHaveLength(1);
    port!.finish();
  });

  describe('the session time of an adopted session', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each([
      ['1.2', () => lms12(), 'API', 'cmi.core.session_time', '00:00:15.00'],
      ['2004', () => lms2004(), 'API_1484_11', 'cmi.session_time', 'PT15S'],
    ] as const)(
      'SCORM %s: counts from the early Initialize, not from when the app caught up with it',
      async (_v, make, key, element, fifteenSeconds) => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date(2026, 10, 27, 7, 0, 0));
        const lms = instrument(make());
        const { course } = frames(lms.api, key);
        earlyInitialize(course);
        vi.setSystemTime(new Date(2026, 10, 27, 7, 0, 5)); // the app's JavaScript arrives
        const port = connectScorm(course, { packageId: 'curso-sst', course: COURSE });
        await port!.start();
        vi.setSystemTime(new Date(2026, 10, 27, 7, 0, 15));
        port!.finish();
        expect(lms.sets().filter(([e]) => e === element)).toEqual([[element, fifteenSeconds]]);
      },
    );
  });

  it('an Initialize answered false is not adopted', () => {
    const lms = instrument(lms2004());
    lms.fail('Initialize', 1, '102');
    const { course } = frames(lms.api, 'API_1484_11');
    earlyInitialize(course);
    expect(adoptEarlyInit(course, lms.api)).toBeNull();
  });
});
