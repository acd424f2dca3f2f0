import { describe, expect, it } from 'vitest';
import {
  scorm12Time,
  scorm12Timespan,
  scorm2004Duration,
  scorm2004Timestamp,
} from './time-format.ts';

const H = 3600_000;

describe('SCORM 1.2 timespan (HHHH:MM:SS.SS)', () => {
  it.each([
    [0, '00:00:00.00'],
    [1234, '00:00:01.23'],
    [1235, '00:00:01.24'],
    [59_999, '00:01:00.00'],
    [H + 2 * 60_000 + 3450, '01:02:03.45'],
    [123 * H, '123:00:00.00'],
    [12_000 * H, '9999:59:59.99'],
    [-5, '00:00:00.00'],
    [Number.NaN, '00:00:00.00'],
  ])('%d ms → %s', (ms, expected) => {
    expect(scorm12Timespan(ms)).toBe(expected);
    expect(scorm12Timespan(ms)).toMatch(/^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
  });

  it('time of day is HH:MM:SS', () => {
    expect(scorm12Time(new Date(2025, 0, 2, 7, 8, 9))).toBe('07:08:09');
  });
});

describe('SCORM 2004 duration (ISO 8601, ≤ 2 decimals)', () => {
  it.each([
    [0, 'PT0S'],
    [450, 'PT0.45S'],
    [500, 'PT0.5S'],
    [3000, 'PT3S'],
    [60_000, 'PT1M'],
    [H, 'PT1H'],
    [H + 2 * 60_000 + 3450, 'PT1H2M3.45S'],
    [H + 3456, 'PT1H3.46S'],
    [30 * H, 'PT30H'],
  ])('%d ms → %s', (ms, expected) => {
    expect(scorm2004Duration(ms)).toBe(expected);
    expect(scorm2004Duration(ms)).toMatch(/^PT(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?$/);
  });

  it('timestamp is YYYY-MM-DDThh:mm:ss', () => {
    expect(scorm2004Timestamp(new Date(2025, 11, 31, 23, 59, 1))).toBe('2025-12-31T23:59:01');
  });
});
