import { useEffect, type DependencyList } from 'react';
import type { LiveEvent } from '../../api/events';
import { onSettled } from './liveEvents';
import { useServices } from '../app/ServicesContext';

/** Changes closer together than this are read again once. */
const SETTLE_MS = 150;

/** A test of a change's stream: its kind (`statement`, `payment`...) and, when given, its id. */
export function streamOf(kind: string, id?: string): (event: LiveEvent) => boolean {
  const exact = id === undefined ? null : `${kind}-${id}`;
  return (event) =>
    exact === null ? event.streamId.startsWith(`${kind}-`) : event.streamId === exact;
}

/**
 * Calls `reload` when a change that passes `test` arrives on the live stream (or the stream says
 * too much was missed): the view reads the API again instead of asking on a timer.
 */
export function useLiveReload(
  test: (event: LiveEvent) => boolean,
  reload: () => void,
  deps: DependencyList,
): void {
  const { live } = useServices();
  useEffect(() => {
    return onSettled(live.watch(test), SETTLE_MS, reload);
    // `test` is rebuilt on every render; `deps` say when it changes (checked: eslint settings).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, reload, ...deps]);
}
