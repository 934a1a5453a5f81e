import { describe, expect, it } from 'vitest';
import { isCalendarDay, isIsoDateTime } from './validators.ts';

describe('isCalendarDay', () => {
  it('accepts days that exist', () => {
    for (const day of ['2026-01-01', '2024-02-29', '2026-12-31', '1900-01-01', '2099-12-31']) expect(isCalendarDay(day)).toBe(true);
  });
  it('refuses days that do not, and anything not YYYY-MM-DD', () => {
    for (const day of [
      '2026-13-01',
      '0000-00-00',
      '0000-01-01',
      '0999-12-31',
      '1899-12-31',
      '9999-12-31',
      '2100-01-01',
      '2026-02-30',
      '2025-02-29',
      '2026-04-31',
      '2026-00-10',
      '2026-01-00',
      '2026-1-1',
      '2026-01-01T00:00:00Z',
      '',
      null,
      20260101,
    ]) {
      expect(isCalendarDay(day)).toBe(false);
    }
  });
});

describe('isIsoDateTime', () => {
  it('accepts date-times with an offset', () => {
    for (const text of ['2026-03-01T08:00:00+08:00', '2026-03-01T08:00Z', '2026-03-01T23:59:59.999999-05:00', '2024-02-29T00:00:00+0800']) expect(isIsoDateTime(text)).toBe(true);
  });
  it('refuses impossible days and times, and times without an offset', () => {
    for (const text of [
      '2026-02-30T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '0000-00-00T00:00:00Z',
      '2026-03-01T24:00:00Z',
      '2026-03-01T10:60:00Z',
      '2026-03-01T10:00:00',
      '2026-03-01',
      '2026-03-01T10:00:00+25:00',
      5,
    ]) {
      expect(isIsoDateTime(text)).toBe(false);
    }
  });
});
