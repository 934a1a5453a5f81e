import { Component, type ReactNode } from 'react';

interface Props {
  /** A new key clears a previous failure. */
  resetKey: unknown;
  onError: (message: string) => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  key: unknown;
}

/** A template that throws while drawing reports it and draws nothing, instead of taking the shell down. */
export class TemplateBoundary extends Component<Props, State> {
  state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    this.props.onError(error instanceof Error ? error.message : String(error));
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
