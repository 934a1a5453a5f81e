import { describe, expect, it, vi } from 'vitest';
import { previewPrint, print, subscribePreview, subscribePrint } from './print-bus.ts';
import type { PrintEvent } from './print-types.ts';

describe('print bus', () => {
  it('delivers typed events to every subscriber until it unsubscribes', () => {
    const seen: PrintEvent[] = [];
    const other = vi.fn();
    const stop = subscribePrint((event) => seen.push(event));
    const stopOther = subscribePrint(other);
    const sheet = {
      number: 'DB20261121001',
      date: '2026-11-21',
      fromWarehouse: '杭州总仓',
      toWarehouse: '宁波仓',
      status: '待出库',
      lines: [],
      totalQuantity: 0,
    };
    print('transfer', sheet);
    expect(seen).toEqual([{ kind: 'transfer', payload: sheet }]);
    expect(other).toHaveBeenCalledTimes(1);
    stop();
    print('label', []);
    expect(seen).toHaveLength(1);
    expect(other).toHaveBeenCalledTimes(2);
    stopOther();
  });

  it('keeps what was asked before the frames subscribed and hands it to the first subscriber', () => {
    print('hangtag', []);
    const seen: PrintEvent[] = [];
    const stop = subscribePrint((event) => seen.push(event));
    expect(seen).toEqual([{ kind: 'hangtag', payload: [] }]);
    const late: PrintEvent[] = [];
    const stopLate = subscribePrint((event) => late.push(event));
    expect(late).toEqual([]);
    stop();
    stopLate();
  });

  it('hands the copies to the frames (1 unless given)', () => {
    const seen: [PrintEvent, number][] = [];
    const stop = subscribePrint((event, copies) => seen.push([event, copies]));
    print('label', []);
    print('washlabel', [], 3);
    expect(seen).toEqual([
      [{ kind: 'label', payload: [] }, 1],
      [{ kind: 'washlabel', payload: [] }, 3],
    ]);
    stop();
  });

  it('sends previewPrint to the preview, not to the frames; asked early, it opens once the preview subscribes', () => {
    const printed = vi.fn();
    const stopPrint = subscribePrint(printed);
    previewPrint('label', []);
    const previewed: PrintEvent[] = [];
    const stop = subscribePreview((event) => previewed.push(event));
    expect(previewed).toEqual([{ kind: 'label', payload: [] }]);
    previewPrint('hangtag', []);
    expect(previewed).toHaveLength(2);
    expect(printed).not.toHaveBeenCalled();
    stop();
    stopPrint();
  });
});
