import dayjs from 'dayjs';
import { EMPTY_DISPLAY } from '@erp/shared';

/** ISO time -> 'YYYY-MM-DD HH:mm:ss' in local time; empty shows --. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return EMPTY_DISPLAY;
  const time = dayjs(value);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : EMPTY_DISPLAY;
}
