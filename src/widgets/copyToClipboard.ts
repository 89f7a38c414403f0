import type { ToastRequest } from '../../machines/toastsMachine';
import { ERROR_TOAST_SECONDS } from '../api/responses';

/** SPEC section 9: the copy-to-clipboard info toast lasts 2 s. */
export const COPY_TOAST_SECONDS = 2;

export interface CopyDeps {
  /** `navigator.clipboard`; absent on pages not served over https or localhost. */
  clipboard: Pick<Clipboard, 'writeText'> | undefined;
  notify: (toast: ToastRequest) => void;
  messages: { done: string; failed: string };
}

/** Copies `text`, then says so in a 2 s info toast, or why not in an error toast. */
export async function copyToClipboard(text: string, deps: CopyDeps): Promise<boolean> {
  try {
    if (!deps.clipboard) throw new Error('No clipboard');
    await deps.clipboard.writeText(text);
  } catch {
    deps.notify({
      type: 'error',
      content: deps.messages.failed,
      timer: ERROR_TOAST_SECONDS,
      cancelable: true,
    });
    return false;
  }
  deps.notify({ type: 'info', content: deps.messages.done, timer: COPY_TOAST_SECONDS });
  return true;
}
