import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A list whose items rise into view once, when 20% of it is on screen. The HTML shows every item;
 * only a grid that is still below the screen once the page is interactive is hidden and then
 * revealed, and never under reduced motion.
 */
export function RevealGrid({ className, label, children }: { className: string; label?: string; children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  const [phase, setPhase] = useState<'static' | 'waiting' | 'shown'>('static');
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || typeof IntersectionObserver === 'undefined' || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const box = el.getBoundingClientRect();
    if (box.top < window.innerHeight) return;
    // 20% of the grid, or of the screen when a long column of cards is much taller than the screen.
    const threshold = Math.min(0.2, (window.innerHeight * 0.2) / box.height);
    const observer = new IntersectionObserver(
      ([entry]) => {
        // A jump past the grid (a link to further down) shows it too.
        if (entry?.isIntersecting && (entry.intersectionRatio >= threshold || entry.boundingClientRect.top < 0)) {
          setPhase('shown');
          observer.disconnect();
        }
      },
      { threshold: [0, threshold] },
    );
    setPhase('waiting');
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <ul ref={list} className={`reveal-grid ${className}`} data-reveal={phase} aria-label={label}>
      {children}
    </ul>
  );
}
