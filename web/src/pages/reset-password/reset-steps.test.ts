import { describe, expect, it } from 'vitest';
import { RESET_START, RESET_STEP_TITLES, resetReducer, type ResetState } from './reset-steps.ts';

const verified = { type: 'verified', account: '13800000002', ticket: 't-1' } as const;

describe('resetReducer', () => {
  it('names the three steps', () => {
    expect(RESET_STEP_TITLES).toEqual(['验证身份', '设置新密码', '完成']);
  });

  it('goes 0 → 1 on a verified code, keeping the phone and ticket, then 1 → 2 on the change', () => {
    const one = resetReducer(RESET_START, verified);
    expect(one).toEqual({ step: 1, account: '13800000002', ticket: 't-1' });
    const done = resetReducer(one, { type: 'changed' });
    expect(done).toEqual({ step: 2 });
    expect(done).not.toHaveProperty('ticket');
  });

  it('cannot skip a step', () => {
    expect(resetReducer(RESET_START, { type: 'changed' })).toBe(RESET_START);
    const done: ResetState = { step: 2 };
    expect(resetReducer(done, verified)).toBe(done);
    const one: ResetState = { step: 1, account: 'a', ticket: 't' };
    expect(resetReducer(one, { ...verified, ticket: 't-2' })).toBe(one);
  });

  it('needs a ticket to leave step 0', () => {
    expect(resetReducer(RESET_START, { ...verified, ticket: '' })).toBe(RESET_START);
  });

  it('returns to verification when the ticket is refused', () => {
    const one: ResetState = { step: 1, account: 'a', ticket: 't' };
    expect(resetReducer(one, { type: 'ticketRejected' })).toEqual({ step: 0 });
    const done: ResetState = { step: 2 };
    expect(resetReducer(done, { type: 'ticketRejected' })).toBe(done);
  });
});
