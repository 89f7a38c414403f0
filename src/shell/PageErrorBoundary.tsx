import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ReloadPage } from '../widgets/lazyComponent';

/** What a person sees when a page failed while it was drawn: what happened, and a way out. */
function PageCrashed() {
  const { t } = useTranslation();
  return <ReloadPage message={t('shell.crash.failed')} />;
}

interface BoundaryProps {
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  /** The address the failure happened at: opening another one tries again. */
  pathname: string;
}

class Boundary extends Component<BoundaryProps & { pathname: string }, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept in the browser's console for whoever investigates; the person reads PageCrashed.
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <PageCrashed /> : this.props.children;
  }
}

/**
 * Catches a page that fails while it is drawn, so the portal shows a translated message with a
 * reload button instead of going blank; opening another address tries again. Nothing below it is
 * mounted again when the address changes: the frame and what runs in it stay as they are.
 */
export function PageErrorBoundary({ children }: BoundaryProps) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
