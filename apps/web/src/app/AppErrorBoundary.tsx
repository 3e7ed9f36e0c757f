import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FatalErrorView } from './RouteErrors.tsx';

interface State {
  crashed: boolean;
}

/**
 * The outermost error boundary. The router's own boundaries (RouteErrors.tsx) catch what pages
 * throw; this one catches the rest (providers, the realtime bridge, the router itself), which
 * React would otherwise answer by unmounting everything: a blank page.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { crashed: false };

  static getDerivedStateFromError(): State {
    return { crashed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.crashed ? <FatalErrorView /> : this.props.children;
  }
}
