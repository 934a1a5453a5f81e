import type { ReactNode } from 'react';
import { Button } from 'antd';
import { LOAD_FAILED_MESSAGE, LoadErrorBoundary } from './LoadErrorBoundary.tsx';
import { StatusResult } from './StatusResult.tsx';

/** Inside a tab: a page that failed to load (or to render) shows the retry message there. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <LoadErrorBoundary
      fallback={(retry) => (
        <StatusResult
          status="warning"
          title={LOAD_FAILED_MESSAGE}
          subTitle="网络不稳定或系统已更新，请点击重试；仍然失败请刷新浏览器。"
          extra={
            <Button type="primary" onClick={retry} data-testid="page-retry">
              重试
            </Button>
          }
        />
      )}
    >
      {children}
    </LoadErrorBoundary>
  );
}
