import { EmulationControls } from '../emulation/EmulateButton';
import { AppFrame } from '../frame/AppFrame';
import { hasPage } from './pages';

/** The frame of application pages, with the emulation button: loaded once someone is signed in. */
export function SignedInFrame() {
  return <AppFrame controls={EmulationControls} navigable={hasPage} />;
}
