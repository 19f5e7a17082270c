import { useMediaQuery } from '@backlay/shared';

/** Six tiles a row from this width up (the layout flag of docs/rules/product.md §2), four below it. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';
/**
 * Two tiles a row up to this width (issue 32): four on a 360 px phone were 72 px tiles with their
 * titles broken mid-word. A deliberate difference from SPEC's two widths (ADR 0073).
 */
export const PHONE_LAYOUT_QUERY = '(max-width: 479px)';

/** A tile's width on this screen: 16.66 % wide, 50 % on a phone, else 25 % (`tileWidth`). */
export function useTileWidth(): string {
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const phone = useMediaQuery(PHONE_LAYOUT_QUERY);
  return wide ? '16.66%' : phone ? '50%' : '25%';
}
