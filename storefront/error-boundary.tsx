/**
 * Each hydrated root renders inside an error boundary: a render error in one root is reported
 * (the runtime's tracker) and that root shows fallback content, while the other roots and the
 * rest of the page keep working.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Tracker } from './analytics/track.js';

export const ROOT_FALLBACK_TEXT =
  'This part of the page could not be shown. Please reload the page.';

interface Props {
  tracker: Tracker;
  children?: ReactNode;
}

export class RootErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.tracker.reportError(error, info.componentStack ?? undefined);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <p className="jsont-root-error" role="alert">
          {ROOT_FALLBACK_TEXT}
        </p>
      );
    }
    return this.props.children;
  }
}
