import { Component, type ReactNode } from 'react';
import { retryFailedPages } from './lazy-page.ts';

export const LOAD_FAILED_MESSAGE = '页面加载失败，请重试';

interface Props {
  /** what to show instead of the failed part; `retry` asks for the failed chunks again */
  fallback: (retry: () => void, error: unknown) => ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches a page whose chunk (or render) failed, so the rest of the app stays usable. */
export class LoadErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  retry = () => {
    retryFailedPages();
    this.setState({ error: null, failed: false });
  };

  render() {
    return this.state.failed ? this.props.fallback(this.retry, this.state.error) : this.props.children;
  }
}

/** The plain (antd-free) failure screen for top-level routes such as /login. */
export function PlainLoadFailed({ retry }: { retry: () => void }) {
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center', color: '#595959', fontSize: 14 }}>
      <p>{LOAD_FAILED_MESSAGE}</p>
      <button type="button" onClick={retry} style={{ padding: '4px 16px', cursor: 'pointer' }}>
        重试
      </button>
    </div>
  );
}
