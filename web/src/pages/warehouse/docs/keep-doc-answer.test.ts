import { QueryClient } from '@tanstack/react-query';
import type { StockDocDetail, StockDocRecord } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { keepDocAnswer, stockDocKeys } from '../../../api/stock-docs.ts';

const header = (status: string, actions: string[]) => ({ id: 7, kind: 'inbound', status, actions, lineCount: 2 }) as unknown as StockDocRecord;
const detail = { ...header('submitted', ['post', 'void']), lines: [{ id: 1 }, { id: 2 }] } as unknown as StockDocDetail;

describe('keepDocAnswer', () => {
  it('puts the answered header over the shown document at once, keeps its lines, and refetches', () => {
    const client = new QueryClient();
    client.setQueryData(stockDocKeys.detail('inbound', 7), detail);
    keepDocAnswer(client, header('posted', ['void']));
    const shown = client.getQueryData<StockDocDetail>(stockDocKeys.detail('inbound', 7))!;
    expect([shown.status, shown.actions, shown.lines]).toEqual(['posted', ['void'], detail.lines]);
    expect(client.getQueryState(stockDocKeys.detail('inbound', 7))?.isInvalidated).toBe(true);
  });

  it('makes up no document it was not showing (the header has no lines)', () => {
    const client = new QueryClient();
    keepDocAnswer(client, header('draft', ['submit']));
    expect(client.getQueryData(stockDocKeys.detail('inbound', 7))).toBeUndefined();
  });
});
