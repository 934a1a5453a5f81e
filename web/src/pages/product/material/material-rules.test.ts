import { describe, expect, it } from 'vitest';
import { materialInputProblem, yuanToFen } from '@erp/shared';
import { formValuesOf, inputOf } from './material-rules.ts';

describe('material form values', () => {
  it('converts yuan with two decimals to fen and back', () => {
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('680')).toBe(68000);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
    const input = inputOf({ code: ' WL-A ', name: ' 纸袋 ', category: 'packaging', unit: 'ge', specification: '', imageUrl: '', costYuan: 0.1 + 0.2, remark: '' });
    expect(input).toMatchObject({ code: 'WL-A', name: '纸袋', costPriceFen: 30, supplierId: null });
    expect(materialInputProblem(input)).toBeNull();
    const record = { ...input, id: 1, unitName: '个', categoryName: '包装物料', supplierId: 3, supplierName: '锦纶', enabled: true, createdAt: '', updatedAt: '' };
    const back = formValuesOf({ ...record, costPriceFen: 68000, specification: '', imageUrl: '', remark: '' });
    expect(back.costYuan).toBe(680);
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
