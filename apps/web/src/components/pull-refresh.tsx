import { useEffect, useRef, useState, type ReactNode } from 'react';

/** The four texts of the pull gesture; each feature keeps its own in its texts.ts. */
export type PullRefreshTexts = {
  pullToRefresh: string;
  releaseToRefresh: string;
  refreshing: string;
  refreshed: string;
};

export type PullRefreshProps = {
  /** Resolves when the data is fresh; what it resolves to is not read. */
  onRefresh: () => Promise<unknown>;
  texts: PullRefreshTexts;
  children: ReactNode;
};

type Status = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** The height the head keeps while refreshing, and how far it must be pulled to refresh (antd-mobile's). */
const HEAD_HEIGHT = 40;
const THRESHOLD = 60;
/** How long 刷新成功 stays before the head folds away. */
const COMPLETE_DELAY_MS = 500;
/** A finger moves the head by half its own distance, and not beyond this. */
const MAX_PULL = 120;

const atTopOfPage = () => (document.scrollingElement?.scrollTop ?? window.scrollY) <= 0;

/**
 * A page that reloads its data when pulled down from the top. The app's own, not antd-mobile's
 * PullToRefresh: that one brings react-spring and @use-gesture (25 KB gzipped, and their start-up work) to
 * every list page for one gesture.
 */
export function PullRefresh({ onRefresh, texts, children }: PullRefreshProps) {
  const [status, setStatus] = useState<Status>('idle');
  const [height, setHeight] = useState(0);
  const [dragging, setDragging] = useState(false);
  const areaRef = useRef<HTMLDivElement>(null);
  const refreshRef = useRef(onRefresh);
  useEffect(() => {
    refreshRef.current = onRefresh;
  }, [onRefresh]);

  useEffect(() => {
    const area = areaRef.current;
    if (!area) return;
    let startY: number | null = null;
    let pull = 0;
    let busy = false;

    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (busy || !touch || event.touches.length > 1 || !atTopOfPage()) return;
      startY = touch.clientY;
      pull = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (startY === null || !touch) return;
      const distance = touch.clientY - startY;
      if (distance <= 0) {
        // Scrolling up, not pulling: let the page scroll.
        if (pull > 0) {
          pull = 0;
          setHeight(0);
          setStatus('idle');
        }
        return;
      }
      if (event.cancelable) event.preventDefault();
      pull = Math.min(distance / 2, MAX_PULL);
      setDragging(true);
      setHeight(pull);
      setStatus(pull >= THRESHOLD ? 'canRelease' : 'pulling');
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      setDragging(false);
      if (pull < THRESHOLD) {
        pull = 0;
        setHeight(0);
        setStatus('idle');
        return;
      }
      pull = 0;
      busy = true;
      setHeight(HEAD_HEIGHT);
      setStatus('refreshing');
      // A failed refresh shows its own error on the page; the head folds away either way.
      void refreshRef
        .current()
        .catch(() => undefined)
        .then(async () => {
          setStatus('complete');
          await new Promise((resolve) => window.setTimeout(resolve, COMPLETE_DELAY_MS));
        })
        .finally(() => {
          busy = false;
          setHeight(0);
          setStatus('idle');
        });
    };

    // Not passive: a pull from the top must not also scroll (or bounce) the page.
    area.addEventListener('touchstart', onStart, { passive: true });
    area.addEventListener('touchmove', onMove, { passive: false });
    area.addEventListener('touchend', onEnd);
    area.addEventListener('touchcancel', onEnd);
    return () => {
      area.removeEventListener('touchstart', onStart);
      area.removeEventListener('touchmove', onMove);
      area.removeEventListener('touchend', onEnd);
      area.removeEventListener('touchcancel', onEnd);
    };
  }, []);

  const headText =
    status === 'canRelease'
      ? texts.releaseToRefresh
      : status === 'refreshing'
        ? texts.refreshing
        : status === 'complete'
          ? texts.refreshed
          : texts.pullToRefresh;

  return (
    <div ref={areaRef} className="pull-refresh">
      <div
        className={`pull-refresh__head${dragging ? '' : ' pull-refresh__head--settling'}`}
        style={{ height }}
        aria-hidden={status === 'idle'}
      >
        <span className="pull-refresh__text">{status === 'idle' ? null : headText}</span>
      </div>
      {children}
    </div>
  );
}
