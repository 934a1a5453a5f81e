import { DeleteOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

export interface RowDeleteButtonProps {
  /** what the click removes, shown on hover and read by screen readers (删除该行, 删除整款 …) */
  title?: string;
  disabled?: boolean;
  onDelete: () => void;
  testId?: string;
}

/**
 * The red bin at the end of an editable row. The row goes at once, without a confirmation: it is
 * an unsaved edit, and nothing reaches the server until the document is saved.
 */
export function RowDeleteButton({ title = '删除该行', disabled, onDelete, testId }: RowDeleteButtonProps) {
  return (
    <Tooltip title={title}>
      <Button type="text" danger size="small" icon={<DeleteOutlined />} disabled={disabled} onClick={onDelete} aria-label={title} data-testid={testId} />
    </Tooltip>
  );
}
