import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toQuery } from './operation-log-api.ts';
import { formatDuration } from './operation-log-labels.ts';

describe('operation log query', () => {
  it('sends the picked days as their first and last moments', () => {
    const start = dayjs('2026-03-01T15:20:00');
    const end = dayjs('2026-03-05T08:00:00');
    const query = toQuery({ time: [start, end], keyword: 'admin', page: 2, limit: 20 });
    expect(query).toEqual({
      keyword: 'admin',
      page: 2,
      limit: 20,
      from: dayjs('2026-03-01T00:00:00.000').toISOString(),
      to: dayjs('2026-03-05T23:59:59.999').toISOString(),
    });
  });

  it('leaves an open end out', () => {
    const query = toQuery({ time: [null, dayjs('2026-03-05')], page: 1, limit: 10 });
    expect(query.from).toBeUndefined();
    expect(query.to).toBe(dayjs('2026-03-05T23:59:59.999').toISOString());
    expect(toQuery({ page: 1, limit: 10 })).toEqual({ page: 1, limit: 10, from: undefined, to: undefined });
  });

  it('shows durations in ms, then seconds', () => {
    expect(formatDuration(12)).toBe('12 ms');
    expect(formatDuration(1234)).toBe('1.23 s');
    expect(formatDuration(12_345)).toBe('12.3 s');
    expect(formatDuration(null)).toBe('--');
  });
});
