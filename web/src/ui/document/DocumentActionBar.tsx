import { useState, type ReactNode } from 'react';
import { Alert, Button, Input, Modal, Space, type ButtonProps } from 'antd';
import { ApiError } from '../../api/request.ts';

/** What an action asks before it runs. */
export interface ActionDialog {
  /** what happens, e.g. 审核后库存立即变动。确定审核过账？ */
  confirm: string;
  /** a reason to type (作废原因 …) */
  reason?: { title: string; required: boolean; max: number; placeholder?: string };
  /** more fields of the dialog (their state lives with the caller) */
  body?: ReactNode;
  /** a problem with what the fields hold (shown in the dialog, nothing sent) */
  validate?: () => string | null;
  /** the dialog's buttons when the action's name would read badly on them (取消 → 确定取消 / 返回) */
  okText?: string;
  cancelText?: string;
}

export interface DocumentActionBarProps<A extends string> {
  /** the document number, in the dialog's title */
  docNo: string;
  /** the actions the document's status machine opens now, already filtered by the user's codes */
  open: readonly A[];
  /** which actions this bar offers, in this order */
  order: readonly A[];
  label: (action: A) => string;
  dialog: (action: A) => ActionDialog;
  /** runs a confirmed action; a thrown error keeps the dialog open with its message */
  run: (action: A, input: { reason: string }) => Promise<void>;
  /** takes an action over before its dialog (navigate to a form, open another dialog): return true */
  before?: (action: A) => boolean;
  /** called when an action's dialog opens (reset fields the caller keeps) */
  onStart?: (action: A) => void;
  primary?: (action: A) => boolean;
  danger?: (action: A) => boolean;
  /** row: link buttons in a table row; bar: buttons of a detail page */
  variant?: 'bar' | 'row';
  size?: ButtonProps['size'];
  testIds: { bar: string; button: (action: A) => string; confirm: string; reason: string; error: string };
}

/**
 * 单据操作栏: the buttons a document's status machine opens (shared/machine.ts), each asking
 * first — with a reason or more fields where the action needs them — then running, the dialog
 * staying open with the server's refusal so nothing typed is lost. Every document screen (stock
 * documents, purchase orders and refunds, and the selling documents after them) builds on it.
 */
export function DocumentActionBar<A extends string>({
  docNo,
  open,
  order,
  label,
  dialog,
  run,
  before,
  onStart,
  primary = () => false,
  danger = () => false,
  variant = 'bar',
  size,
  testIds,
}: DocumentActionBarProps<A>) {
  const [pending, setPending] = useState<A | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const shown = order.filter((a) => open.includes(a));
  const current = pending === null ? null : dialog(pending);

  const start = (action: A) => {
    if (before?.(action)) return;
    setReason('');
    setError(null);
    onStart?.(action);
    setPending(action);
  };

  const confirm = async () => {
    if (pending === null || current === null) return;
    const text = reason.trim();
    if (current.reason?.required && !text) return setError(`请填写${current.reason.title}`);
    const problem = current.validate?.() ?? null;
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await run(pending, { reason: text });
      setPending(null);
    } catch (e) {
      // the dialog stays open with what was typed and shows why (run's calls pass INLINE_ERROR: no toast besides)
      setError(e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  if (shown.length === 0) return null;
  const row = variant === 'row';
  return (
    <>
      <Space size={row ? 0 : 8} wrap={!row || undefined} data-testid={testIds.bar}>
        {shown.map((action) => (
          <Button
            key={action}
            type={row ? 'link' : primary(action) ? 'primary' : 'default'}
            size={row ? 'small' : size}
            danger={danger(action)}
            onClick={() => start(action)}
            data-testid={testIds.button(action)}
          >
            {label(action)}
          </Button>
        ))}
      </Space>
      <Modal
        title={pending !== null ? `${label(pending)} ${docNo}` : ''}
        open={pending !== null}
        onCancel={() => (busy ? undefined : setPending(null))}
        onOk={() => void confirm()}
        okText={current?.okText ?? (pending !== null ? label(pending) : '确定')}
        cancelText={current?.cancelText ?? '取消'}
        okButtonProps={{ danger: pending !== null && danger(pending), loading: busy, 'data-testid': testIds.confirm } as ButtonProps}
        destroyOnHidden
        mask={{ closable: !busy }}
      >
        <p>{current?.confirm}</p>
        {current?.reason ? (
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={current.reason.max}
            showCount
            placeholder={current.reason.placeholder ?? `${current.reason.title}${current.reason.required ? '（必填）' : '（选填）'}`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid={testIds.reason}
          />
        ) : null}
        {current?.body}
        {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} data-testid={testIds.error} /> : null}
      </Modal>
    </>
  );
}
