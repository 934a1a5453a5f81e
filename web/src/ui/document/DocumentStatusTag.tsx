import { Tag } from 'antd';

/** antd tag colours by the meaning a status has in any document's machine. */
export type StatusTone = 'draft' | 'waiting' | 'moving' | 'attention' | 'done' | 'stopped';
const TONES: Record<StatusTone, string> = { draft: 'default', waiting: 'processing', moving: 'purple', attention: 'orange', done: 'success', stopped: 'error' };

/** A document's status as a coloured tag: each document type maps its statuses to tones once. */
export function DocumentStatusTag<S extends string>({ status, label, tones, testId }: { status: S; label: string; tones: Record<S, StatusTone | 'cyan'>; testId: string }) {
  const tone: StatusTone | 'cyan' = tones[status];
  return (
    <Tag color={tone === 'cyan' ? 'cyan' : TONES[tone]} data-testid={testId}>
      {label}
    </Tag>
  );
}
