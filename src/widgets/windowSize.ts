import { useEffect, useState } from 'react';
import { debounce } from './debounce';

/** SPEC section 9: a window resize is acted on 200 ms after the last resize event. */
export const RESIZE_DEBOUNCE_MS = 200;

export interface WindowSize {
  width: number;
  height: number;
}

type SizedWindow = Pick<Window, 'innerWidth' | 'innerHeight' | 'addEventListener'> &
  Pick<Window, 'removeEventListener'>;

const sizeOf = (target: SizedWindow): WindowSize => ({
  width: target.innerWidth,
  height: target.innerHeight,
});

/**
 * Calls `onSize` with the window's size once resizing has paused for `waitMs`: dragging a window
 * edge fires many events, and layouts (popover places, chart widths) follow only the last one.
 * Returns the way to stop listening.
 */
export function watchWindowSize(
  target: SizedWindow,
  onSize: (size: WindowSize) => void,
  waitMs = RESIZE_DEBOUNCE_MS,
): () => void {
  const changed = debounce(() => onSize(sizeOf(target)), waitMs);
  const listener = () => changed();
  target.addEventListener('resize', listener);
  return () => {
    changed.cancel();
    target.removeEventListener('resize', listener);
  };
}

/** The window's size, updated 200 ms after resizing stops. */
export function useWindowSize(): WindowSize {
  const [size, setSize] = useState(() => sizeOf(window));
  useEffect(() => watchWindowSize(window, setSize), []);
  return size;
}
