import { QueryClient } from '@tanstack/react-query';
import type { StockDocDetail } from '@erp/shared';
import { describe, expect, it } from 'vitest';
import { keepDocAnswer, stockDocKeys } from './stock-docs-api.ts';

const doc = (lines: number, lineCount: number) =>
  ({ id: 7, kind: 'inbound', status: 'posted', lineCount, lines: Array.from({ length: lines }, (_, i) => ({ id: i + 1, lineNo: i + 1 })) }) as unknown as StockDocDetail;

describe('keepDocAnswer', () => {
  it('keeps an answer holding every line as the detail, and refetches the kind', () => {
    const client = new QueryClient();
    client.setQueryData(stockDocKeys.detail('inbound', 7), doc(3, 3));
    keepDocAnswer(client, doc(3, 3));
    expect((client.getQueryData(stockDocKeys.detail('inbound', 7)) as StockDocDetail).status).toBe('posted');
    expect(client.getQueryState(stockDocKeys.detail('inbound', 7))?.isInvalidated).toBe(true);
  });

  it('leaves the shown detail alone when the answer holds only the first lines', () => {
    const client = new QueryClient();
    const shown = { ...doc(250, 250), status: 'submitted' } as StockDocDetail;
    client.setQueryData(stockDocKeys.detail('inbound', 7), shown);
    keepDocAnswer(client, doc(200, 250));
    expect(client.getQueryData(stockDocKeys.detail('inbound', 7))).toBe(shown);
    expect(client.getQueryState(stockDocKeys.detail('inbound', 7))?.isInvalidated).toBe(true);
  });
});
