import { useState } from 'react';
import { Alert, Button, Input, Modal } from 'antd';
import { STATEMENT_NOTE_MAX, StatementMessages, type StatementRecord } from '@erp/shared';

/**
 * 有异议 (issue 26): beside 确认对账单, the party says what does not agree (a payment not booked, an
 * amount it disputes) instead of confirming; the note is required and goes to HQ with the figures.
 */
export function StatementDisputeButton({ statement: s, onDispute }: { statement: StatementRecord; onDispute: (note: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    const text = note.trim();
    if (!text) return setProblem(StatementMessages.disputeNoteRequired);
    setSending(true);
    try {
      await onDispute(text);
      setOpen(false);
      setNote('');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="statement-dispute">
        有异议
      </Button>
      <Modal
        open={open}
        title={`对 ${s.from} 至 ${s.to} 的对账单有异议`}
        okText="提交异议"
        cancelText="取消"
        confirmLoading={sending}
        onOk={send}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>请写明哪一笔或哪个金额与贵方账目不符，总部财务将与您核对。提交后本期间不能再确认。</p>
        <Input.TextArea
          style={{ marginBottom: 20 }}
          rows={3}
          maxLength={STATEMENT_NOTE_MAX}
          showCount
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setProblem(null);
          }}
          placeholder="例如：11月20日转账5000元未入账"
          data-testid="statement-dispute-note"
        />
        {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} data-testid="statement-dispute-error" /> : null}
      </Modal>
    </>
  );
}
