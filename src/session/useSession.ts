import { useSelector } from '@xstate/react';
import type { LoginError, SessionEnd } from '../../machines/sessionMachine';
import type { Session } from '../../api/session';
import { useServices } from '../app/ServicesContext';

export interface SessionView {
  session: Session | null;
  /** Reading, opening or closing a session is under way. */
  busy: boolean;
  /** Still finding out whether a session exists. */
  checking: boolean;
  loginError: LoginError | null;
  endedBy: SessionEnd | null;
}

export function useSession(): SessionView {
  const { session: actor } = useServices();
  const session = useSelector(actor, (state) => state.context.session);
  const busy = useSelector(actor, (state) => state.hasTag('busy'));
  const checking = useSelector(actor, (state) => state.matches('checking'));
  const loginError = useSelector(actor, (state) => state.context.loginError);
  const endedBy = useSelector(actor, (state) => state.context.endedBy);
  return { session, busy, checking, loginError, endedBy };
}
