import { Component, type ReactNode } from 'react';
import { Button, Result } from 'antd';

interface Props {
  /** a new value (the path) clears a shown failure */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Catches a page (or its chunk) that fails to load, so the shell stays usable. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidUpdate(prev: Props) {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="warning"
        title="页面加载失败"
        subTitle="请检查网络后刷新重试"
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            刷新
          </Button>
        }
      />
    );
  }
}
