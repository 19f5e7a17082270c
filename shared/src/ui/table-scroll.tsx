import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSharedT } from '../i18n/shared-catalog';

/** Where a scrolling table stands: wider than its box, and whether its right end is in view. */
export interface ScrollState {
  overflows: boolean;
  atEnd: boolean;
}

/** The scroll state of a box from its measures (a pixel of slack for fractional widths). */
export function scrollStateOf(box: { scrollWidth: number; clientWidth: number; scrollLeft: number }): ScrollState {
  const overflows = box.scrollWidth - box.clientWidth > 1;
  return { overflows, atEnd: !overflows || box.scrollLeft + box.clientWidth >= box.scrollWidth - 1 };
}

/**
 * A wide table that scrolls sideways inside its box (`.bl-table-wrap`) instead of widening the
 * page, and says so. Only when the table overflows, a bar above it holds a button: "Scroll for
 * more →" (scrolls most of a box-width on) while more lies to the right, with a fade on the
 * right edge, and "← Scroll back" once the end is in view (the bar stays, so the table does not
 * jump). The box is focusable while it scrolls, so keys scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const t = useSharedT();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ScrollState>({ overflows: false, atEnd: true });
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const next = scrollStateOf(el);
    setState((s) => (s.overflows === next.overflows && s.atEnd === next.atEnd ? s : next));
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    // The table changes size as rows load and columns fill; the box as the layout moves.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);

  const more = state.overflows && !state.atEnd;
  const scrollOn = () => {
    const el = box.current;
    if (el) el.scrollBy({ left: Math.max(el.clientWidth * 0.8, 100), behavior: 'smooth' });
  };
  const scrollBack = () => box.current?.scrollTo({ left: 0, behavior: 'smooth' });
  return (
    <div className={`bl-scroll${more ? ' bl-scroll--more' : ''}`}>
      {state.overflows ? (
        <div className="bl-scroll__bar">
          {more ? (
            <button type="button" className="bl-scroll__hint" onClick={scrollOn}>
              {t('tableScroll.more')} <span aria-hidden="true">→</span>
            </button>
          ) : (
            <button type="button" className="bl-scroll__hint" onClick={scrollBack}>
              <span aria-hidden="true">←</span> {t('tableScroll.back')}
            </button>
          )}
        </div>
      ) : null}
      <div className="bl-scroll__body">
        <div ref={box} className="bl-table-wrap" role="region" aria-label={label} tabIndex={state.overflows ? 0 : undefined}>
          {children}
        </div>
        {more ? <span className="bl-scroll__fade" aria-hidden="true" /> : null}
      </div>
    </div>
  );
}
