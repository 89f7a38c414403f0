import { BehaviorSubject } from 'rxjs';
import type { Session } from '../../api/session';

export const DEBUG_STORAGE_KEY = 'portal:debug';
/** Set only when the user picks a language; it then wins over the session's setting. */
export const LANGUAGE_CHOICE_KEY = 'portal:language-choice';

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private browsing): the choice lasts for this page only.
  }
}

/** SPEC section 2: the debug toggle is for the admin or overseer role, and only when not emulating. */
export function canToggleDebug(session: Pick<Session, 'roles' | 'emulation'>): boolean {
  if (session.emulation) return false;
  return session.roles.includes('admin') || session.roles.includes('overseer');
}

export class Preferences {
  readonly debug$ = new BehaviorSubject<boolean>(readStored(DEBUG_STORAGE_KEY) === 'true');

  setDebug(on: boolean): void {
    writeStored(DEBUG_STORAGE_KEY, String(on));
    this.debug$.next(on);
  }
}
