import { describe, expect, it } from 'vitest';
import { describeScope, roleLabel } from './describe-scope.ts';

describe('describeScope', () => {
  it('puts each scope in words', () => {
    expect(describeScope({ kind: 'all' })).toBe('总部：全部数据');
    expect(describeScope({ kind: 'agent', agentId: 1, agentName: '华东代理' })).toBe('代理商：华东代理 及其下属门店');
    expect(describeScope({ kind: 'shop', shopId: 2, shopName: '南京路店', agentId: null })).toBe('门店：南京路店');
    expect(describeScope({ kind: 'supplier', supplierId: 3, supplierName: '织造厂' })).toBe('供应商：织造厂');
    expect(describeScope({ kind: 'none' })).toBe('无数据权限');
    expect(describeScope(undefined)).toBe('无数据权限');
  });
});

describe('roleLabel', () => {
  it('uses the shared labels', () => {
    expect(roleLabel('manager')).toBe('总部');
    expect(roleLabel('supplier')).toBe('供应商');
    expect(roleLabel('other')).toBe('--');
    expect(roleLabel(null)).toBe('--');
  });
});
