import { describe, expect, it } from 'vitest';
import type { DictItemRecord, DictRecord } from '@erp/shared';
import { dictLabel, toDictOptions } from '../../../api/use-dict.ts';
import type { checkRule } from '../../../ui/form-modal/check-rule.ts';
import { deleteBlockedReason, dictFormInitial, dictFormRules, itemFormInitial, itemFormRules, nextSortAfter, toDictInput, toItemInput, toItemUpdate } from './dict-rules.ts';

const dict: DictRecord = {
  id: 1,
  dictCode: 'season',
  name: '季节',
  remark: '',
  status: 'disabled',
  sort: 3,
  itemCount: 5,
  createdAt: '2026-11-21T00:00:00.000Z',
  updatedAt: '2026-11-21T00:00:00.000Z',
};
const item: DictItemRecord = { ...dict, id: 7, name: '春', value: 'spring', remark: '春季', status: 'enabled', sort: 1 };

const validate = (rules: ReturnType<typeof checkRule>[], value: unknown) => rules[0]!.validator(null, value);

describe('dictionary form', () => {
  it('validates with the server messages', async () => {
    await expect(validate(dictFormRules.dictCode, '')).rejects.toThrow('请输入字典编码');
    await expect(validate(dictFormRules.dictCode, '9x')).rejects.toThrow('字典编码须为2-64位字母、数字或下划线，且以字母开头');
    await expect(validate(dictFormRules.dictCode, 'pay_method2')).resolves.toBeUndefined();
    await expect(validate(dictFormRules.name, '  ')).rejects.toThrow('请输入字典名称');
    await expect(validate(dictFormRules.sort, 10000)).rejects.toThrow('排序须为0-9999的整数');
    await expect(validate(dictFormRules.sort, null)).resolves.toBeUndefined();
  });

  it('fills the form from a record and sends trimmed values with a status', () => {
    expect(dictFormInitial(null, 11)).toEqual({ dictCode: '', name: '', sort: 11, enabled: true, remark: '' });
    const values = dictFormInitial(dict, 0);
    expect(values).toEqual({ dictCode: 'season', name: '季节', sort: 3, enabled: false, remark: '' });
    expect(toDictInput({ ...values, name: ' 季节 ', sort: null, enabled: true })).toEqual({ dictCode: 'season', name: '季节', sort: 0, status: 'enabled', remark: '' });
  });

  it('blocks deleting a dictionary with items, saying why', () => {
    expect(deleteBlockedReason(dict)).toBe('该字典下还有 5 个字典项，请先删除字典项');
    expect(deleteBlockedReason({ itemCount: 0 })).toBeNull();
  });
});

describe('item form', () => {
  it('sends the value only when adding', () => {
    const values = { ...itemFormInitial(item, 0), name: ' 初春 ' };
    expect(toItemInput('season', values)).toEqual({ dictCode: 'season', name: '初春', value: 'spring', sort: 1, status: 'enabled', remark: '春季' });
    expect(toItemUpdate(values)).toEqual({ name: '初春', sort: 1, status: 'enabled', remark: '春季' });
  });

  it('leaves an empty value out: the server gives the item its id', async () => {
    const values = { ...itemFormInitial(null, 3), name: '初春', value: '  ' };
    expect(toItemInput('season', values)).toEqual({ dictCode: 'season', name: '初春', sort: 3, status: 'enabled', remark: '' });
    await expect(validate(itemFormRules.value, '')).resolves.toBeUndefined();
    await expect(validate(itemFormRules.value, '-x')).rejects.toThrow('字典项值须为');
  });

  it('suggests the next sort after the largest', () => {
    expect(nextSortAfter([{ sort: 3 }, { sort: 9 }, { sort: 1 }])).toBe(10);
    expect(nextSortAfter([])).toBe(1);
    expect(nextSortAfter(undefined)).toBe(1);
    expect(nextSortAfter([{ sort: 9999 }])).toBe(9999);
  });
});

describe('dictionary options', () => {
  it('maps items to select options and labels stored values', () => {
    const options = toDictOptions([
      { id: 1, name: '现金', value: 'cash' },
      { id: 2, name: '微信支付', value: 'wechat' },
    ]);
    expect(options).toEqual([
      { label: '现金', value: 'cash' },
      { label: '微信支付', value: 'wechat' },
    ]);
    expect(toDictOptions(undefined)).toEqual([]);
    expect(dictLabel(options, 'wechat')).toBe('微信支付');
    expect(dictLabel(options, 'gone')).toBe('gone');
    expect(dictLabel(options, null)).toBe('');
  });
});
