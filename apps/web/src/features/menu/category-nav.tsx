import type { Category } from '@comanda/core/contract';
import { useEffect, useRef } from 'react';
import { useScrollSpy } from './use-scroll-spy.ts';

export function categorySectionId(category: Category): string {
  return `categoria-${category.id}`;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** Sticky category slider: highlights the section in view, and a tap scrolls to its section. */
export function CategoryNav({ categories }: { categories: Category[] }) {
  const navRef = useRef<HTMLElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const { active, select } = useScrollSpy(categories.map(categorySectionId), navRef);

  // keep the highlighted chip visible inside the slider
  useEffect(() => {
    const track = trackRef.current;
    const chip = active ? track?.querySelector<HTMLElement>(`[aria-controls="${active}"]`) : null;
    if (!track || !chip) return;
    const left = chip.offsetLeft - (track.clientWidth - chip.offsetWidth) / 2;
    track.scrollTo({ left, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [active]);

  function goTo(category: Category) {
    const id = categorySectionId(category);
    select(id);
    document
      .getElementById(id)
      ?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }

  if (categories.length === 0) return null;
  return (
    <nav ref={navRef} className="category-nav" aria-label="Categorías">
      <ul ref={trackRef} className="category-nav__track">
        {categories.map((category) => {
          const id = categorySectionId(category);
          return (
            <li key={category.id}>
              <button
                type="button"
                className="chip category-nav__chip"
                aria-current={active === id ? 'true' : undefined}
                aria-controls={id}
                onClick={() => goTo(category)}
              >
                {category.showName || category.name}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
