import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Session } from '../../api/session';
import { canOpenEmulation } from '../routes/access';
import { loadSignedInEnglish } from '../i18n/lazy';
import { lazyComponent } from '../widgets/lazyComponent';

// The dialog, its machine and its list are fetched when it opens: most people never open it.
const EmulateDialog = lazyComponent(() => import('./EmulateDialog').then((m) => m.EmulateDialog), {
  fallback: null,
  texts: loadSignedInEnglish,
});

export const EMULATE_MODAL = 'emulate';

/** The 'Emulate User' button and the dialog that `?modal=emulate` opens. */
export function EmulationControls({ session }: { session: Session }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!canOpenEmulation(session)) return null;
  const open = searchParams.get('modal') === EMULATE_MODAL;
  const setOpen = (next: boolean) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next) params.set('modal', EMULATE_MODAL);
      // SPEC section 2: closing the dialog clears the query.
      else params.delete('modal');
      return params;
    });
  return (
    <>
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => setOpen(true)}
      >
        {t('emulation.button.open')}
      </button>
      {open && <EmulateDialog session={session} onClose={() => setOpen(false)} />}
    </>
  );
}
