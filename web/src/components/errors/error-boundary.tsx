import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { fallback: (reset: () => void) => ReactNode; children: ReactNode };
type State = { error: unknown };

/** Catches a render error in its subtree and shows the fallback until reset. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  reset = (): void => this.setState({ error: null });

  override render(): ReactNode {
    if (this.state.error) return this.props.fallback(this.reset);
    return this.props.children;
  }
}
