import { useEffect, useRef } from 'react';

/**
 * A thin bar across the top of the window that fills as the page is scrolled, following the
 * scroll with a spring (stiffness 100, damping 30, mass 1: over-damped, so it never overshoots),
 * or at once under reduced motion. Decorative: the scroll bar already tells assistive technology.
 * Only its transform changes, so it never shifts the layout.
 */
export function ReadingProgress() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = bar.current!;
    const reduced = matchMedia('(prefers-reduced-motion: reduce)');
    let x = 0;
    let v = 0;
    let target = 0;
    let frame = 0;
    let last = 0;
    const paint = () => {
      // Set through the CSSOM, which the style-src policy allows (a style attribute it would not).
      el.style.transform = `scaleX(${x})`;
    };
    const step = (now: number) => {
      // At most 1/30 s per step, so a background tab coming back does not jump.
      const dt = Math.min(Math.max(now - last, 0) / 1000, 1 / 30);
      last = now;
      v += (100 * (target - x) - 30 * v) * dt;
      x += v * dt;
      if (Math.abs(target - x) < 1e-3 && Math.abs(v) < 1e-2) {
        x = target;
        frame = 0;
      } else frame = requestAnimationFrame(step);
      paint();
    };
    const onScroll = () => {
      const max = document.documentElement.scrollHeight - innerHeight;
      target = max > 0 ? Math.min(1, scrollY / max) : 0;
      if (reduced.matches) {
        cancelAnimationFrame(frame);
        frame = 0;
        x = target;
        v = 0;
        paint();
      } else if (!frame) {
        last = performance.now();
        frame = requestAnimationFrame(step);
      }
    };
    onScroll();
    addEventListener('scroll', onScroll, { passive: true });
    addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', onScroll);
      removeEventListener('resize', onScroll);
    };
  }, []);
  return <div ref={bar} className="reading-progress" aria-hidden="true" />;
}
