import { describe, expect, it } from 'vitest';
import { percentToBp, rateText, specialPriceText, type SpecialRecord } from '@erp/shared';
import { policyFormValues, policyInputOf, specialFormProblem, specialFormValues, specialInputOf, type SpecialFormValues } from './planning-form.ts';

const form = (over: Partial<SpecialFormValues> = {}): SpecialFormValues => ({
  name: ' 冬装特价 ',
  mode: 'rate',
  ratePercent: 88,
  validFrom: '2026-11-01',
  validTo: '2026-11-30',
  enabled: true,
  season: 'winter',
  ...over,
});

describe('planning forms: percents and yuan in, basis points and fen out', () => {
  it('turns typed percents into basis points, refusing a third decimal or over 100', () => {
    expect(percentToBp(90)).toBe(9000);
    expect(percentToBp('90.5')).toBe(9050);
    expect(percentToBp(0)).toBe(0);
    expect(percentToBp(100)).toBe(10000);
    expect(percentToBp(100.01)).toBeNull();
    expect(percentToBp('8.555')).toBeNull();
    expect(percentToBp(-1)).toBeNull();
  });

  it('round-trips a policy', () => {
    const input = policyInputOf({
      targetType: 'shop_kind',
      targetValue: 'franchise',
      ratePercent: 92,
      returnPercent: 5,
      swapPercent: null,
      windowDays: 30,
      remark: ' 加盟 ',
      enabled: true,
    });
    expect(input).toEqual({
      targetType: 'shop_kind',
      targetValue: 'franchise',
      rateBp: 9200,
      returnRateBp: 500,
      swapRateBp: 0,
      returnWindowDays: 30,
      remark: '加盟',
      enabled: true,
    });
    const record = {
      id: 1,
      targetName: '加盟店',
      createdAt: '',
      updatedAt: '',
      ...input,
      returnWindowDays: 30,
      returnRateBp: 500,
      swapRateBp: 0,
      remark: '加盟',
      enabled: true,
    } as const;
    expect(policyInputOf(policyFormValues({ ...record, rateBp: 9200 }))).toEqual(input);
  });

  it('builds a special: conditions as null when empty, the price by its mode, in fen', () => {
    expect(specialInputOf('condition', form())).toMatchObject({ name: '冬装特价', brandId: null, season: 'winter', rateBp: 8800, fixedPriceFen: null, agentId: null });
    expect(specialInputOf('shop', form({ shopId: 3, agentId: 9, mode: 'fixed', fixedFen: 15990, season: '' }))).toMatchObject({
      shopId: 3,
      agentId: null,
      season: null,
      rateBp: null,
      fixedPriceFen: 15990,
    });
  });

  it('shows what no single field shows with the server messages', () => {
    expect(specialFormProblem('condition', form({ season: null }))).toBe('条件特价须至少设置品牌、商品分类、季节、标签、款式中的一项');
    expect(specialFormProblem('condition', form({ validFrom: '2026-12-01' }))).toBe('开始日期不能晚于结束日期');
    expect(specialFormProblem('agent', form())).toBe('请选择代理商');
    expect(specialFormProblem('condition', form({ ratePercent: 100.5 }))).toBe('折扣率须为0-100之间的百分比，最多两位小数');
    expect(specialFormProblem('condition', form())).toBeNull();
  });

  it('fills an edit form from a record and shows rates as people read them', () => {
    const record = { ...specialInputOf('condition', form()), id: 5, rateBp: 8800, fixedPriceFen: null, validFrom: '2026-11-01', validTo: '2026-11-30' } as unknown as SpecialRecord;
    expect(specialFormValues(record, '2026-11-27')).toMatchObject({ ratePercent: 88, season: 'winter', fixedFen: null });
    expect(rateText(8800)).toBe('88%（8.8折）');
    expect(rateText(10000)).toBe('100%（原价）');
    expect(rateText(0)).toBe('0%（免费）');
    expect(specialPriceText({ mode: 'fixed', rateBp: null, fixedPriceFen: 15900 })).toBe('一口价 ¥159.00');
  });
});
