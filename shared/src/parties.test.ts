import { describe, expect, it } from 'vitest';
import { checkResetPassword } from './passwords.ts';
import { areaProblem, openedOnProblem, partyAccountInputProblem, partyPhoneProblem, regionLabel, shanghaiToday, shopAgentProblem, shopInputProblem } from './parties.ts';

describe('party rules', () => {
  it('accepts mainland mobiles and landlines with an area code', () => {
    for (const phone of ['13800000001', '0571-87001234', '021-62581234', '057187001234', '0571-87001234-808', '400-820-1234']) {
      expect(partyPhoneProblem(phone), phone).toBeNull();
    }
    expect(partyPhoneProblem('')).toBe('请输入联系电话');
    for (const phone of ['1380000000', '87001234', '0571-870', '+86 138 0000 0001']) {
      expect(partyPhoneProblem(phone), phone).toBe('请输入正确的联系电话（手机号或座机号，如 0571-87001234）');
    }
  });

  it('ties agents to franchise shops only', () => {
    // a franchise shop without an agent is HQ's own, billed directly
    expect(shopAgentProblem('franchise', null)).toBeNull();
    expect(shopAgentProblem('franchise', 3)).toBeNull();
    expect(shopAgentProblem('direct', 3)).toBe('直营店不属于代理商，请清空所属代理商');
    expect(shopAgentProblem('direct', null)).toBeNull();
  });

  it('takes areas as whole square metres and opening dates up to today in Shanghai', () => {
    expect(areaProblem(null)).toBeNull();
    expect(areaProblem(120)).toBeNull();
    for (const bad of [0, -5, 1.5, 100_001, '120']) expect(areaProblem(bad)).toBe('营业面积须为1-100000的正整数（平方米）');
    expect(openedOnProblem('2024-02-29', '2026-01-01')).toBeNull();
    expect(openedOnProblem('2023-02-29', '2026-01-01')).toBe('开业日期格式不正确');
    expect(openedOnProblem('2024/01/01', '2026-01-01')).toBe('开业日期格式不正确');
    expect(openedOnProblem('2026-01-02', '2026-01-01')).toBe('开业日期不能晚于今天');
    expect(openedOnProblem('2026-01-01', '2026-01-01')).toBeNull();
    // 16:30 UTC is already the next day in Shanghai
    expect(shanghaiToday(new Date('2026-03-01T16:30:00Z'))).toBe('2026-03-02');
    expect(shanghaiToday(new Date('2026-03-01T15:59:59.999Z'))).toBe('2026-03-01');
  });

  it("takes Shanghai's day as the time-zone database does, at every hour of many years", () => {
    const zone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let t = Date.UTC(1995, 0, 1); t < Date.UTC(2040, 0, 1); t += 3_600_000 * 7 + 60_001) {
      const at = new Date(t);
      if (shanghaiToday(at) !== zone.format(at)) expect([at.toISOString(), shanghaiToday(at)]).toEqual([at.toISOString(), zone.format(at)]);
    }
  });

  it('reports the first problem in form order', () => {
    expect(shopInputProblem({ code: 'SH1', name: '', kind: 'boss' })).toBe('请输入门店名称');
    expect(shopInputProblem({ code: 'SH1', name: '店', kind: 'direct', phone: '13800000001', region: 'east' })).toBeNull();
    expect(partyAccountInputProblem({ account: 'ab', name: 'x', phone: '13800000001', password: 'Aa-12345' })).toBe('账号须为3-32位字母、数字、下划线、点或短横线');
    expect(partyAccountInputProblem({ account: 'abc', name: 'x', phone: '13800000001', password: 'Aa-12345' })).toBe(checkResetPassword('Aa-12345'));
    expect(regionLabel('east')).toBe('华东');
    expect(regionLabel('mars')).toBe('mars');
  });
});
