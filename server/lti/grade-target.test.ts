// Which line item a launch lets the tool send scores to: only one the launch offers with the
// score scope, and only at an address a bearer token may travel to (record 0297).
import { describe, expect, it } from 'vitest';
import { AGS_SCORE_SCOPE, gradeTargetOf } from './launch.ts';
import { isPlatformUrl } from './platform-url.ts';

const launch = (lineitem: unknown, scope: unknown = [AGS_SCORE_SCOPE]) => ({
  'https://purl.imsglobal.org/spec/lti/claim/resource_link': { id: 'induccion-1' },
  'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': { lineitem, scope },
});

describe('the line item a launch offers', () => {
  it('is taken over https, or over http on this machine', () => {
    for (const url of [
      'https://lms.example.co/mod/lti/services.php/2/lineitems/7/lineitem?type_id=3',
      'http://127.0.0.1:8081/ags/7',
      'http://localhost/ags/7',
    ])
      expect(gradeTargetOf(launch(url))).toEqual({
        resourceLinkId: 'induccion-1',
        lineitemUrl: url,
      });
  });

  it('is refused over plain http to another machine, where the token would travel in clear', () => {
    expect(gradeTargetOf(launch('http://lms.example.co/ags/7'))).toEqual({
      refused: 'insecure-line-item',
    });
    expect(gradeTargetOf(launch('ftp://lms.example.co/ags/7'))).toEqual({
      refused: 'insecure-line-item',
    });
    expect(gradeTargetOf(launch('https://user:secret@lms.example.co/ags/7'))).toEqual({
      refused: 'insecure-line-item',
    });
  });

  it('is none without the score scope, a line item or a resource link', () => {
    expect(gradeTargetOf(launch('https://lms.example.co/ags/7', []))).toEqual({
      refused: 'no-line-item',
    });
    expect(gradeTargetOf(launch(undefined))).toEqual({ refused: 'no-line-item' });
    expect(gradeTargetOf({})).toEqual({ refused: 'no-line-item' });
  });
});

describe('a platform address', () => {
  it('is an https URL or http on this machine, never with credentials or unparsable', () => {
    expect(isPlatformUrl('https://lms.example.co/auth')).toBe(true);
    expect(isPlatformUrl('http://[::1]:9000/auth')).toBe(true);
    expect(isPlatformUrl('http://10.0.0.5/auth')).toBe(false);
    expect(isPlatformUrl('https://a:b@lms.example.co/')).toBe(false);
    expect(isPlatformUrl('no es una URL')).toBe(false);
    expect(isPlatformUrl(42)).toBe(false);
  });
});
