import { EMPTY_DISPLAY, OPERATION_ACTION_LABELS, OPERATION_RESULT_LABELS, operationModuleLabel, type OperationAction, type OperationResult } from '@erp/shared';

export const ACTION_COLORS: Record<OperationAction, string> = {
  create: 'blue',
  update: 'geekblue',
  delete: 'red',
  submit: 'cyan',
  withdraw: 'default',
  audit: 'gold',
  reject: 'orange',
  cancel: 'magenta',
  void: 'red',
  close: 'default',
  ship: 'lime',
  receive: 'green',
  post: 'purple',
  login: 'green',
  login_failed: 'volcano',
  logout: 'default',
  other: 'default',
};

export const RESULT_COLORS: Record<OperationResult, string> = { success: 'success', failure: 'error' };

export const actionLabel = (action: string) => OPERATION_ACTION_LABELS[action as OperationAction] ?? action;
export const resultLabel = (result: string) => OPERATION_RESULT_LABELS[result as OperationResult] ?? result;
export const moduleLabel = (module: string) => (module ? operationModuleLabel(module) : EMPTY_DISPLAY);

/** 12 ms, 1.2 s */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return EMPTY_DISPLAY;
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
