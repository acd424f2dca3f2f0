import { describe, expect, it } from 'vitest';
import { contentVersion, shortHash } from './content-version.ts';
import { readCourse } from '../../../course-files/read-content.ts';

describe('content version', () => {
  it('is stable for the same content and changes when a question changes', () => {
    const { course } = readCourse();
    expect(course).not.toBeNull();
    const version = contentVersion(course!);
    expect(version).toBe(contentVersion(structuredClone(course!)));
    expect(version).toMatch(/^curso-sst-[0-9a-z]{1,11}$/);
    expect(version.length).toBeLessThanOrEqual(64);
    const edited = structuredClone(course!);
    edited.modules[0]!.activity.questions[0]!.options[0]!.option += ' (corregido)';
    expect(contentVersion(edited)).not.toBe(version);
  });

  it('shortHash tells texts apart and gives the same value for the same text', () => {
    expect(shortHash('aviso')).toBe(shortHash('aviso'));
    expect(shortHash('aviso')).not.toBe(shortHash('aviso.'));
    expect(shortHash('')).toMatch(/^[0-9a-z]+$/);
  });
});
