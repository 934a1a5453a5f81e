import { describe, expect, it } from 'vitest';
import { loadBuyer, saveBuyer } from './remembered-buyer.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

const buyer = { type: 'agent' as const, id: 3, code: 'AG001', name: '浙江衣尚商贸', description: '代理商 · 一级代理' };

describe('订货 remembers the buyer per user', () => {
  it('a reload reads back the buyer and shop the same account chose; another account has its own', () => {
    const storage = memoryStorage();
    expect(loadBuyer(storage, 'admin')).toBeNull();
    saveBuyer({ buyer, shopId: 7 }, storage, 'admin');
    expect(loadBuyer(storage, 'admin')).toEqual({ buyer, shopId: 7 });
    expect(loadBuyer(storage, 'agent01')).toBeNull();
    expect(loadBuyer(storage, undefined)).toBeNull();
  });

  it('ignores what is not a buyer (edited by hand, an old shape)', () => {
    const storage = memoryStorage();
    storage.setItem('erp.ordering.buyer.admin', '{bad json');
    expect(loadBuyer(storage, 'admin')).toBeNull();
    storage.setItem('erp.ordering.buyer.admin', JSON.stringify({ buyer: { ...buyer, type: 'supplier' }, shopId: 7 }));
    expect(loadBuyer(storage, 'admin')).toBeNull();
    storage.setItem('erp.ordering.buyer.admin', JSON.stringify({ buyer, shopId: -1 }));
    expect(loadBuyer(storage, 'admin')).toEqual({ buyer, shopId: null });
  });
});
