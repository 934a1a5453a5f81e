import { INLINE_ERROR } from '../../../api/request.ts';
import { useMemo } from 'react';
import type { ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { STOCK_DOC_ACTION_LABELS, STOCK_DOC_REASON_MAX, type StockDocAction, type StockDocRecord } from '@erp/shared';
import { usePermission } from '../../../access/route-meta.ts';
import { DocumentActionBar } from '../../../ui/document/DocumentActionBar.tsx';
import { toast } from '../../../api/feedback.ts';
import { allowedActions } from './doc-rules.ts';
import { type DocRouteAction, keepDocAnswer, newIdempotencyKey, stockDocsApi } from '../../../api/stock-docs.ts';

export interface ReasonPrompt {
  /** the input's label, e.g. 作废原因 */
  title: string;
  required: boolean;
}

export interface DocActionBarProps {
  doc: StockDocRecord;
  /** actions offered, in this order (default: submit, withdraw, ship, receive, startCount, post, void) */
  only?: readonly DocRouteAction[];
  /** button texts per action (default STOCK_DOC_ACTION_LABELS, e.g. post: '审核入库') */
  labels?: Partial<Record<StockDocAction, string>>;
  /** confirm texts per action (defaults say what happens) */
  confirms?: Partial<Record<StockDocAction, string>>;
  /** a reason to ask for an action; void always asks 作废原因 (required) */
  reasonFor?: (action: DocRouteAction) => ReasonPrompt | null;
  /** return true to take over an action before its dialog (e.g. open the difference page) */
  onBefore?: (action: DocRouteAction, doc: StockDocRecord) => boolean;
  /** after an action succeeded, with the document as it is now */
  onDone?: (record: StockDocRecord, action: DocRouteAction) => void;
  size?: ButtonProps['size'];
}

const ORDER: DocRouteAction[] = ['submit', 'withdraw', 'ship', 'receive', 'startCount', 'post', 'void'];

const CONFIRMS: Partial<Record<StockDocAction, string>> = {
  submit: '提交后单据不能再编辑（可撤回后修改）。确定提交？',
  withdraw: '撤回后单据回到草稿，可以继续编辑。确定撤回？',
  post: '审核后库存立即变动。确定审核过账？',
  ship: '发货后货品进入在途仓。确定发货？',
  receive: '收货后货品从在途仓转入调入仓库。确定收货？',
  startCount: '开始盘点后将冻结盘点范围内的库存变动。确定开始？',
  void: '作废后不能恢复；已过账的单据会冲回它写入的库存。确定作废？',
};

const VOID_REASON: ReasonPrompt = { title: '作废原因', required: true };

/**
 * The status buttons of a stock document on the shared action bar: the actions its status machine
 * opens, filtered by the user's codes; each asks for confirmation (void and, when asked, others
 * also for a reason) and sends one Idempotency-Key per confirming click.
 */
export function DocActionBar({ doc, only = ORDER, labels = {}, confirms = {}, reasonFor, onBefore, onDone, size }: DocActionBarProps) {
  const can = usePermission();
  const client = useQueryClient();
  const api = useMemo(() => stockDocsApi(doc.kind), [doc.kind]);
  const label = (a: StockDocAction) => labels[a] ?? STOCK_DOC_ACTION_LABELS[a];
  const reasonOf = (action: DocRouteAction) => reasonFor?.(action) ?? (action === 'void' ? VOID_REASON : null);

  return (
    <DocumentActionBar<DocRouteAction>
      docNo={doc.docNo}
      open={allowedActions(doc.kind, doc.actions, can) as DocRouteAction[]}
      order={only}
      label={label}
      size={size}
      primary={(a) => a === 'post' || a === 'submit' || a === 'ship' || a === 'receive'}
      danger={(a) => a === 'void'}
      before={onBefore ? (a) => onBefore(a, doc) : undefined}
      dialog={(action) => {
        const reason = reasonOf(action);
        return {
          confirm: confirms[action] ?? CONFIRMS[action] ?? `确定${label(action)}？`,
          reason: reason ? { ...reason, max: STOCK_DOC_REASON_MAX } : undefined,
        };
      }}
      run={async (action, { reason }) => {
        // the bar shows a failure in its dialog: no toast besides
        const detail = await api.action(doc.id, action, reason ? { reason } : {}, newIdempotencyKey(), INLINE_ERROR);
        keepDocAnswer(client, detail);
        toast().success(`${label(action)}成功`);
        onDone?.(detail, action);
      }}
      testIds={{ bar: 'doc-actions', button: (a) => `doc-action-${a}`, confirm: 'doc-action-confirm', reason: 'doc-action-reason', error: 'doc-action-error' }}
    />
  );
}
