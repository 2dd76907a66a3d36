import type { Category, MenuDiscount } from '@comanda/core/contract';
import { categorySectionId } from './category-nav.tsx';
import { DishCard } from './dish-card.tsx';

export interface CategorySectionProps {
  category: Category;
  discounts: Map<number, MenuDiscount>;
  /** h1 on the category page, h2 inside the whole menu. */
  headingLevel?: 1 | 2;
}

export function CategorySection({ category, discounts, headingLevel = 2 }: CategorySectionProps) {
  const id = categorySectionId(category);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section id={id} className="category-section" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="menu-section-title">
        {category.showName || category.name}
      </Heading>
      {category.description ? <p className="category-section__description">{category.description}</p> : null}
      <ul className="dish-list">
        {category.plates.map((plate) => (
          <li key={plate.id}>
            <DishCard plate={plate} discount={discounts.get(plate.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
