import { Component, Suspense, type ReactNode } from 'react';
import { logError } from '../lib/log';

interface QuietBoundaryProps {
  /** What failed, for the log: 'Sending saved demo requests'. */
  what: string;
  children: ReactNode;
}

/**
 * Around a part that works in the background or comes after the page (a sender drawing nothing,
 * the toaster): nothing is drawn while its code loads, and when it fails, or its code cannot be
 * fetched (offline before the app was ready for it), the page goes on without it and the error is
 * logged. What a sender would have sent stays kept; the next page load sends it.
 */
export class QuietBoundary extends Component<QuietBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    logError(`${this.props.what} could not start`, error);
  }

  override render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
