/**
 * The reset flow (SPEC §4 Reset flow steps: 0 verify, 1 set password, 2 done) as a reducer.
 * It only moves forward on a server success, so no step can be skipped; the ticket lives
 * here, in component state, and nowhere else.
 */
export type ResetState = { step: 0 } | { step: 1; account: string; ticket: string } | { step: 2 };

export type ResetEvent =
  /** checkSmsCode accepted the code */
  | { type: 'verified'; account: string; ticket: string }
  /** updatePassword succeeded */
  | { type: 'changed' }
  /** updatePassword refused the ticket: verify again */
  | { type: 'ticketRejected' };

export const RESET_START: ResetState = { step: 0 };

export const RESET_STEP_TITLES = ['验证身份', '设置新密码', '完成'] as const;

export function resetReducer(state: ResetState, event: ResetEvent): ResetState {
  switch (event.type) {
    case 'verified':
      return state.step === 0 && event.ticket ? { step: 1, account: event.account, ticket: event.ticket } : state;
    case 'changed':
      return state.step === 1 ? { step: 2 } : state;
    case 'ticketRejected':
      return state.step === 1 ? RESET_START : state;
  }
}
