import { encodeModeSegment } from '@comanda/core';
import type { Category } from '@comanda/core/contract';
import { Link } from 'react-router';
import { IconChevronRight } from '../../ui/icons.tsx';

/** With platesInMainView off, the menu lists its categories and each opens its own page. */
export function CategoryTiles({
  categories,
  basePath,
  search,
}: {
  categories: Category[];
  basePath: string;
  search: string;
}) {
  return (
    <nav aria-label="Categorías">
      <ul className="category-tiles">
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              className="category-tile"
              to={`${basePath}/${encodeModeSegment(category.showName || category.name)}${search}`}
            >
              <span className="category-tile__text">
                <span className="category-tile__name">{category.showName || category.name}</span>
                <span className="category-tile__count">
                  {category.plates.length === 1 ? '1 producto' : `${category.plates.length} productos`}
                </span>
              </span>
              <IconChevronRight />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
