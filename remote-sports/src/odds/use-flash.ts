import { useEffect, useRef, useState } from 'react';

/** How long a changed price is highlighted. */
export const PRICE_FLASH_MS = 700;

/**
 * True for PRICE_FLASH_MS after `value` changes (not on the first render), so a cell whose price
 * or size just moved can carry a brief highlight class.
 */
export function useFlash(value: string, durationMs = PRICE_FLASH_MS): boolean {
  const previous = useRef(value);
  const [flashing, setFlashing] = useState(false);
  useEffect(() => {
    if (previous.current === value) return undefined;
    previous.current = value;
    setFlashing(true);
    const timer = setTimeout(() => setFlashing(false), durationMs);
    return () => clearTimeout(timer);
  }, [value, durationMs]);
  return flashing;
}
