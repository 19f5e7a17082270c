import { useEffect, useRef, useState } from 'react';

/** A tile's image loads once this share of it is visible (docs/rules/product.md §9: 10%). */
export const TILE_IMAGE_VISIBLE_RATIO = 0.1;

/**
 * An image that is only requested once `TILE_IMAGE_VISIBLE_RATIO` of its box is on screen, so a long
 * list of tiles costs only the images the player scrolls to. Until then its box keeps its place
 * (the tile does not jump). Without IntersectionObserver (an old browser) it loads at once.
 */
export function LazyImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (visible || !box.current) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= TILE_IMAGE_VISIBLE_RATIO)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: TILE_IMAGE_VISIBLE_RATIO },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <span ref={box} className={`bl-lazy-img${className ? ` ${className}` : ''}`}>
      {visible ? <img src={src} alt={alt} loading="lazy" decoding="async" /> : null}
    </span>
  );
}
