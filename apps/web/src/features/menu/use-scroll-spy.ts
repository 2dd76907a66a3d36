import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

const PROGRAMMATIC_SCROLL_MS = 900;

/**
 * The id of the last section whose top has passed under the sticky bar, updated once per frame while
 * scrolling. `select` marks a section at once and holds it while a tap's smooth scroll runs past others.
 */
export function useScrollSpy(ids: string[], barRef: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const lockedUntil = useRef(0);
  const key = ids.join('|');

  useEffect(() => {
    const sectionIds = key ? key.split('|') : [];
    let frame = 0;
    const update = () => {
      frame = 0;
      if (performance.now() < lockedUntil.current) return;
      const line = (barRef.current?.getBoundingClientRect().bottom ?? 0) + 16;
      let current = sectionIds[0];
      for (const id of sectionIds) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= line) current = id;
      }
      // short last sections never reach the bar: at the bottom of the page the last one is the one in view
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      if (atBottom && window.scrollY > 0) current = sectionIds.at(-1);
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [key, barRef]);

  const select = useCallback((id: string) => {
    lockedUntil.current = performance.now() + PROGRAMMATIC_SCROLL_MS;
    setActive(id);
  }, []);

  return { active, select };
}
