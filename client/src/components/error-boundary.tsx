import { Component, type ReactNode } from 'react';

interface Props {
  /** The boundary clears its error when this changes (e.g. the pathname: a new page may render fine). */
  resetKey: string;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  failedAt: string | null;
}

/**
 * React's error boundary (a class is the only way to write one). react-router's own boundaries
 * (`errorElement`) exist only in its data mode, which costs the first paint ~17 KB gzipped more.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return state.failedAt === props.resetKey ? null : { failedAt: props.resetKey };
    if (state.failedAt !== props.resetKey) return { error: null, failedAt: props.resetKey };
    return null;
  }

  override render() {
    return this.state.error === null ? this.props.children : this.props.fallback(this.state.error);
  }
}
