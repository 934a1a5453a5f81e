import { describe, expect, it } from 'vitest';
import { materialInputProblem } from '@erp/shared';
import { formValuesOf, inputOf } from './material-rules.ts';

describe('material form values', () => {
  it('sends the cost in fen as the form holds it, and reads it back', () => {
    const input = inputOf({ code: ' WL-A ', name: ' 纸袋 ', category: 'packaging', unit: 'ge', specification: '', imageUrl: '', costFen: 30, remark: '' });
    expect(input).toMatchObject({ code: 'WL-A', name: '纸袋', costPriceFen: 30, supplierId: null });
    expect(materialInputProblem(input)).toBeNull();
    const record = { ...input, id: 1, unitName: '个', categoryName: '包装物料', supplierId: 3, supplierName: '锦纶', enabled: true, createdAt: '', updatedAt: '' };
    const back = formValuesOf({ ...record, costPriceFen: 68000, specification: '', imageUrl: '', remark: '' });
    expect(back.costFen).toBe(68000);
    expect(inputOf({ ...back, costFen: null }).costPriceFen).toBeNull();
    expect(back.supplierId).toBe(3);
    expect(inputOf(back).supplierId).toBe(3);
    expect(inputOf({ ...back, supplierId: undefined }).supplierId).toBeNull();
  });

  it('checks fields in form order with the server messages', () => {
    expect(materialInputProblem({ code: 'x', name: '' })).toBe('物料编码须为2-32位字母、数字、下划线或短横线');
    expect(materialInputProblem({ code: 'WL-1', name: '' })).toBe('请输入物料名称');
    expect(materialInputProblem({ code: 'WL-1', name: '袋', category: 'pop', unit: '' })).toBe('请选择单位');
  });
});
