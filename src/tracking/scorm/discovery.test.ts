import { describe, expect, it } from 'vitest';
import { apiOf, findApi } from './discovery.ts';

const api12 = () => ({
  LMSInitialize: () => 'true',
  LMSFinish: () => 'true',
  LMSGetValue: () => '',
  LMSSetValue: () => 'true',
  LMSCommit: () => 'true',
  LMSGetLastError: () => '0',
});
const api2004 = () => ({
  Initialize: () => 'true',
  Terminate: () => 'true',
  GetValue: () => '',
  SetValue: () => 'true',
  Commit: () => 'true',
  GetLastError: () => '0',
});

interface FakeWindow {
  parent: FakeWindow;
  top: FakeWindow;
  opener: FakeWindow | null;
  [key: string]: unknown;
}

/** A window; with crossOrigin, reading anything but parent/top/opener throws as browsers do. */
function win(
  props: Record<string, unknown> = {},
  parent?: FakeWindow,
  crossOrigin = false,
): FakeWindow {
  const w = { opener: null, ...props } as unknown as FakeWindow;
  const self = !crossOrigin
    ? w
    : new Proxy(w, {
        get(target, key) {
          if (key === 'parent' || key === 'top' || key === 'opener') return target[key as string];
          throw new DOMException(
            'Blocked a frame from accessing a cross-origin frame.',
            'SecurityError',
          );
        },
      });
  w.parent = parent ?? self;
  w.top = parent ? parent.top : self;
  return self;
}

function chain(depth: number, top: FakeWindow): FakeWindow {
  let w = top;
  for (let i = 0; i < depth; i++) w = win({}, w);
  return w;
}

const asWindow = (w: FakeWindow) => w as unknown as Window;

describe('API discovery', () => {
  it('finds SCORM 1.2 in a parent 3 frames up', () => {
    const api = api12();
    const top = win({ API: api });
    const found = findApi(asWindow(chain(3, top)));
    expect(found?.version).toBe('1.2');
    expect(found?.api).toBe(api);
    expect(found?.host).toBe(top);
  });

  it('finds SCORM 2004 in its own window', () => {
    const w = win({ API_1484_11: api2004() });
    expect(findApi(asWindow(w))?.version).toBe('2004');
  });

  it('prefers 2004 when one window holds both', () => {
    expect(
      findApi(asWindow(chain(1, win({ API: api12(), API_1484_11: api2004() }))))?.version,
    ).toBe('2004');
  });

  it('takes the nearest window: a 1.2 API below a 2004 one wins', () => {
    const top = win({ API_1484_11: api2004() });
    const mid = win({ API: api12() }, top);
    expect(findApi(asWindow(win({}, mid)))?.version).toBe('1.2');
  });

  it('climbs 500 parents, not 501', () => {
    const top = win({ API: api12() });
    expect(findApi(asWindow(chain(500, top)))?.version).toBe('1.2');
    expect(findApi(asWindow(chain(501, top)))).toBeNull();
  });

  it('skips cross-origin frames without throwing', () => {
    const top = win({ API_1484_11: api2004() });
    const foreign = win({}, top, true);
    const course = win({}, win({}, foreign));
    expect(findApi(asWindow(course))?.version).toBe('2004');
  });

  it('returns null when only cross-origin windows are around', () => {
    const top = win({ API: api12() }, undefined, true);
    expect(findApi(asWindow(chain(2, top)))).toBeNull();
  });

  it('ignores objects that are not an API', () => {
    expect(findApi(asWindow(win({ API: { LMSInitialize: 'nope' }, API_1484_11: {} })))).toBeNull();
    expect(apiOf(asWindow(win({ API: null })))).toBeNull();
  });

  it('looks in the opener when no parent has the API (popup launch)', () => {
    const lms = win({ API: api12() });
    const popup = win({ opener: lms });
    expect(findApi(asWindow(popup))?.host).toBe(lms);
  });

  it("looks in the opener's parents and in the opener of a framed popup's top", () => {
    const lmsTop = win({ API_1484_11: api2004() });
    const lmsFrame = win({}, lmsTop);
    const popupTop = win({ opener: lmsFrame });
    const course = chain(2, popupTop);
    expect(findApi(asWindow(course))?.host).toBe(lmsTop);
  });

  it('follows an opener chain and survives a loop', () => {
    const lms = win({ API: api12() });
    const first = win({ opener: lms });
    const second = win({ opener: first });
    expect(findApi(asWindow(second))?.host).toBe(lms);
    const a = win();
    const b = win({ opener: a });
    a.opener = b;
    expect(findApi(asWindow(b))).toBeNull();
  });

  it('survives a throwing opener getter', () => {
    const w = win();
    Object.defineProperty(w, 'opener', {
      get() {
        throw new Error('denied');
      },
    });
    expect(findApi(asWindow(w))).toBeNull();
  });
});
