import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useWindowSize } from './windowSize';
import { POPOVER_CLOSE_DELAY_MS, placePopover } from './popoverPlacement';

export interface PopoverProps {
  /** The anchor's content (a label or an icon); it opens the popover on hover and focus. */
  anchor: ReactNode;
  /** The anchor's accessible name, when its content is not text. */
  anchorLabel?: string;
  children: ReactNode;
  closeDelayMs?: number;
}

/** Shows its content next to an anchor while the pointer or focus is on either. */
export function Popover({
  anchor,
  anchorLabel,
  children,
  closeDelayMs = POPOVER_CLOSE_DELAY_MS,
}: PopoverProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const anchorRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  // The delay lets the pointer cross the gap between anchor and popover.
  const hideSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), closeDelayMs);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // A popover left open while the window is resized is placed again once resizing stops.
  const viewport = useWindowSize();

  useLayoutEffect(() => {
    if (!open || !anchorRef.current || !panelRef.current) {
      setPosition(null);
      return;
    }
    const rect = anchorRef.current.getBoundingClientRect();
    const panel = panelRef.current.getBoundingClientRect();
    setPosition(
      placePopover(
        { top: rect.top, left: rect.left, width: rect.width, height: rect.height },
        { width: panel.width, height: panel.height },
        viewport,
      ),
    );
  }, [open, viewport]);

  return (
    <span className="popover-anchor-wrap" onMouseEnter={show} onMouseLeave={hideSoon}>
      <button
        ref={anchorRef}
        type="button"
        className="popover-anchor"
        aria-expanded={open}
        aria-controls={id}
        aria-label={anchorLabel}
        onFocus={show}
        onBlur={hideSoon}
        onClick={() => (open ? setOpen(false) : show())}
      >
        {anchor}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={id}
          role="dialog"
          className="popover"
          data-testid="popover"
          style={
            position
              ? { top: position.top, left: position.left }
              : { top: 0, left: 0, visibility: 'hidden' }
          }
          onMouseEnter={show}
          onMouseLeave={hideSoon}
        >
          {children}
        </div>
      )}
    </span>
  );
}
