import { useMemo, useState } from 'react';
import { Alert, Button, Input, Modal, Space, type ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { STOCK_DOC_ACTION_LABELS, STOCK_DOC_REASON_MAX, type StockDocAction, type StockDocDetail, type StockDocRecord } from '@erp/shared';
import { ApiError } from '../../../api/request.ts';
import { usePermission } from '../../../router/route-meta.ts';
import { toast } from '../../../ui/feedback.ts';
import { allowedActions } from './doc-rules.ts';
import { newIdempotencyKey, stockDocKeys, stockDocsApi, type DocRouteAction } from './stock-docs-api.ts';

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
  onDone?: (detail: StockDocDetail, action: DocRouteAction) => void;
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
 * The status buttons of a document: the actions its status machine opens, filtered by the user's
 * codes; each asks for confirmation (void and, when asked, others also for a reason) and sends
 * one Idempotency-Key per confirming click.
 */
export function DocActionBar({ doc, only = ORDER, labels = {}, confirms = {}, reasonFor, onBefore, onDone, size }: DocActionBarProps) {
  const can = usePermission();
  const client = useQueryClient();
  const api = useMemo(() => stockDocsApi(doc.kind), [doc.kind]);
  const [pending, setPending] = useState<{ action: DocRouteAction; reason: ReasonPrompt | null } | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = allowedActions(doc.kind, doc.actions, can);
  const shown = only.filter((a) => open.includes(a));
  const label = (a: StockDocAction) => labels[a] ?? STOCK_DOC_ACTION_LABELS[a];

  const start = (action: DocRouteAction) => {
    if (onBefore?.(action, doc)) return;
    setReason('');
    setError(null);
    setPending({ action, reason: reasonFor?.(action) ?? (action === 'void' ? VOID_REASON : null) });
  };

  const run = async () => {
    if (!pending) return;
    const text = reason.trim();
    if (pending.reason?.required && !text) {
      setError(`请填写${pending.reason.title}`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const detail = await api.action(doc.id, pending.action, text ? { reason: text } : {}, newIdempotencyKey());
      client.setQueryData(stockDocKeys.detail(doc.kind, doc.id), detail);
      void client.invalidateQueries({ queryKey: stockDocKeys.kind(doc.kind) });
      toast().success(`${label(pending.action)}成功`);
      setPending(null);
      onDone?.(detail, pending.action);
    } catch (e) {
      // the dialog stays open with the reason typed; the toast said it too
      setError(e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  if (shown.length === 0) return null;
  return (
    <>
      <Space wrap data-testid="doc-actions">
        {shown.map((action) => (
          <Button
            key={action}
            size={size}
            type={action === 'post' || action === 'submit' || action === 'ship' || action === 'receive' ? 'primary' : 'default'}
            danger={action === 'void'}
            onClick={() => start(action)}
            data-testid={`doc-action-${action}`}
          >
            {label(action)}
          </Button>
        ))}
      </Space>
      <Modal
        title={pending ? `${label(pending.action)} ${doc.docNo}` : ''}
        open={pending !== null}
        onCancel={() => (busy ? undefined : setPending(null))}
        onOk={() => void run()}
        okText={pending ? label(pending.action) : '确定'}
        okButtonProps={{ danger: pending?.action === 'void', loading: busy, 'data-testid': 'doc-action-confirm' } as ButtonProps}
        cancelText="取消"
        destroyOnHidden
        maskClosable={!busy}
      >
        <p>{pending ? (confirms[pending.action] ?? CONFIRMS[pending.action] ?? `确定${label(pending.action)}？`) : null}</p>
        {pending?.reason ? (
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={STOCK_DOC_REASON_MAX}
            showCount
            placeholder={`${pending.reason.title}${pending.reason.required ? '（必填）' : '（选填）'}`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="doc-action-reason"
          />
        ) : null}
        {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid="doc-action-error" /> : null}
      </Modal>
    </>
  );
}
