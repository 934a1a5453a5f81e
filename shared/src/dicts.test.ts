import { describe, expect, it } from 'vitest';
import { DictMessages, dictInputProblem, dictItemInputProblem } from './dicts.ts';

describe('dictionary input', () => {
  it('names the first bad field in form order', () => {
    expect(dictInputProblem({})).toBe(DictMessages.codeRequired);
    expect(dictInputProblem({ dictCode: 'a' })).toBe(DictMessages.codeInvalid);
    expect(dictInputProblem({ dictCode: `a${'b'.repeat(63)}`, name: '名' })).toBeNull();
    expect(dictInputProblem({ dictCode: `a${'b'.repeat(64)}`, name: '名' })).toBe(DictMessages.codeInvalid);
    expect(dictInputProblem({ dictCode: 'unit', name: '' })).toBe(DictMessages.nameRequired);
    expect(dictInputProblem({ dictCode: 'unit', name: '单位', sort: 2.5 })).toBe(DictMessages.sortInvalid);
    expect(dictInputProblem({ dictCode: 'unit', name: '单位', status: 'off' })).toBe(DictMessages.statusInvalid);
    expect(dictInputProblem({ dictCode: 'unit', name: '单位', remark: 'x'.repeat(201) })).toBe(DictMessages.remarkTooLong);
    expect(dictInputProblem({ dictCode: 'unit', name: '单位', remark: 'x'.repeat(200), status: 'disabled', sort: 9999 })).toBeNull();
  });

  it('checks items, values included', () => {
    expect(dictItemInputProblem({ name: '件', value: 'jian' })).toBe(DictMessages.itemDictRequired);
    expect(dictItemInputProblem({ dictCode: 'unit', value: 'jian' })).toBe(DictMessages.itemNameRequired);
    // SPEC §3: id, dictCode and name make an item; the value may be left out
    expect(dictItemInputProblem({ dictCode: 'unit', name: '件' })).toBeNull();
    expect(dictItemInputProblem({ dictCode: 'unit', name: '件', value: '  ' })).toBeNull();
    expect(dictItemInputProblem({ dictCode: 'unit', name: '件', value: '-x' })).toBe(DictMessages.valueInvalid);
    expect(dictItemInputProblem({ dictCode: 'unit', name: '件', value: 'GB-18401.A_1' })).toBeNull();
    expect(dictItemInputProblem({ dictCode: 'year', name: '2026年', value: '2026' })).toBeNull();
  });
});
