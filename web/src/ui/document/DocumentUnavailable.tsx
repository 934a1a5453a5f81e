import { useNavigate } from 'react-router';
import { Button, Result, Space } from 'antd';
import { ApiError } from '../../api/request.ts';

export interface DocumentUnavailableProps {
  /** what the document is called (单据, 采购订单, 退货单 …) */
  noun?: string;
  /** the list the page is opened from, and its name for the way back */
  listPath: string;
  listName: string;
  /** no id in the address: the page was not opened from its list */
  missingId?: boolean;
  /** why it could not be read; a 404 means it does not exist or is not the user's to see */
  error?: Error | null;
  onRetry?: () => void;
}

/** Whether an error says the document is not there (or not in the user's scope: the server answers both alike). */
export const isMissing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * A document page that has no document to show: opened without an id, a document that does not
 * exist (or is another's), or one that failed to load. Always with a way back to its list; only a
 * failure that may pass is offered 重试.
 */
export function DocumentUnavailable({ noun = '单据', listPath, listName, missingId, error, onRetry }: DocumentUnavailableProps) {
  const navigate = useNavigate();
  const back = (
    <Button type="primary" onClick={() => navigate(listPath)} data-testid="doc-back-to-list">
      返回{listName}
    </Button>
  );
  if (missingId) return <Result status="warning" title={`缺少${noun}编号`} subTitle={`请从${listName}打开`} extra={back} />;
  if (isMissing(error)) {
    return <Result status="404" title={`${noun}不存在`} subTitle={`该${noun}不存在、已删除，或不在您可查看的范围内`} extra={back} data-testid="doc-missing" />;
  }
  return (
    <Result
      status="error"
      title={`${noun}加载失败`}
      subTitle={error?.message}
      extra={
        <Space>
          {onRetry ? <Button onClick={onRetry}>重试</Button> : null}
          {back}
        </Space>
      }
    />
  );
}
