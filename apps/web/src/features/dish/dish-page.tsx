import { IconButton } from '../../ui/button.tsx';
import { IconArrowLeft } from '../../ui/icons.tsx';
import { DishBody, DishFooter, type DishViewProps, useDishView } from './dish-detail.tsx';

export interface DishPageProps extends DishViewProps {
  /** Back to where the dish was opened from (also after adding it). */
  onBack: () => void;
}

/** /menu/{alias}/{mode}/{category}/{plate} for branches that show dishes as a page. */
export default function DishPage(props: DishPageProps) {
  return <DishPageContent key={props.plate.id} {...props} />;
}

function DishPageContent({ onBack, ...view }: DishPageProps) {
  const form = useDishView(view, onBack);
  return (
    <article className="dish-page" aria-labelledby="dish-page-title">
      <header className="dish-page__bar">
        <IconButton label="Volver al menú" onClick={onBack}>
          <IconArrowLeft />
        </IconButton>
        <h1 id="dish-page-title" className="dish-page__title">
          {view.plate.showName || view.plate.name}
        </h1>
      </header>
      <DishBody view={view} form={form} />
      <div className="dish-page__footer bottom-dock">
        <div className="dish-page__footer-inner bottom-element">
          <DishFooter view={view} form={form} />
        </div>
      </div>
    </article>
  );
}
