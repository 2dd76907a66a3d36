import type { BranchContact, OrderMode } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { dinerQueries } from '../../api/queries.ts';
import { CurrencyProvider } from '../../ui/money.tsx';
import { modePath, segmentMatches } from '../order-mode/mode-labels.ts';
import { StatusFromError, StatusScreen } from '../status/status-screen.tsx';
import { CategoryNav } from './category-nav.tsx';
import { CategorySection } from './category-section.tsx';
import { CategoryTiles } from './category-tiles.tsx';
import { ClosedBanner, isClosedNow } from './closed-banner.tsx';
import { discountsByPlate } from './dish-pricing.ts';
import { Highlights } from './highlights.tsx';
import { MenuSectionsSkeleton, MenuSkeleton } from './menu-skeleton.tsx';
import { ModeInfo } from './mode-info.tsx';
import { ModeTabs } from './mode-tabs.tsx';
import { PromoBanner, promotionalBannerText } from './promo-banner.tsx';
import { StoreHeader } from './store-header.tsx';
import { useContactCurrency } from './use-contact-currency.ts';
import './menu.css';

const WorkingHoursModal = lazy(() => import('./working-hours-modal.tsx'));

export const MENU_INFORMATIVE_ONLY = 'Menú informativo. Pedidos deshabilitados.';

/** /menu/{alias}/{mode}[/{category}]: the alias must be a branch contact, the mode one of its active modes. */
export function MenuPage() {
  const { alias = '', mode = '', category } = useParams();
  const query = useQuery(dinerQueries.alias(alias));
  if (query.isPending) return <MenuSkeleton />;
  if (query.isError) return <StatusFromError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.type !== 'branchContact') return <StatusScreen kind="notFound" />;
  return <ContactMenu contact={query.data.info} modeSegment={mode} categorySegment={category} />;
}

interface ContactMenuProps {
  contact: BranchContact;
  modeSegment: string;
  categorySegment: string | undefined;
}

function ContactMenu({ contact, modeSegment, categorySegment }: ContactMenuProps) {
  const { search } = useLocation();
  const blocked = contact.commercialTermsInfo.blocked;
  const query = useQuery({ ...dinerQueries.orderModes(contact.id), enabled: !blocked });

  if (blocked) return <StatusScreen kind="blocked" />;
  if (query.isPending) return <MenuSkeleton />;
  if (query.isError) return <StatusFromError error={query.error} onRetry={() => void query.refetch()} />;

  const modes = query.data.filter((mode) => mode.active);
  if (modes.length === 0) return <StatusScreen kind="inactive" />;
  const mode = modes.find((candidate) => segmentMatches(modeSegment, candidate.showName));
  if (!mode) {
    return (
      <StatusScreen
        kind="notFound"
        body="Este local no tiene el menú que buscás."
        link={{ to: `/menu/${contact.alias}${search}`, label: 'Ver los menús del local' }}
      />
    );
  }
  return <MenuView contact={contact} modes={modes} mode={mode} categorySegment={categorySegment} />;
}

interface MenuViewProps {
  contact: BranchContact;
  modes: OrderMode[];
  mode: OrderMode;
  categorySegment: string | undefined;
}

function MenuView({ contact, modes, mode, categorySegment }: MenuViewProps) {
  const { search } = useLocation();
  const branchId = contact.branch.id;
  const menu = useQuery(dinerQueries.menu(contact.alias, mode.id));
  const discountsQuery = useQuery(dinerQueries.discounts(branchId));
  const customizations = useQuery(dinerQueries.menuCustomizations(branchId));
  const currency = useContactCurrency(contact);
  const discounts = useMemo(() => discountsByPlate(discountsQuery.data), [discountsQuery.data]);
  const [hoursOpen, setHoursOpen] = useState(false);
  const [hoursLoaded, setHoursLoaded] = useState(false);

  function showHours() {
    setHoursLoaded(true);
    setHoursOpen(true);
  }

  const closed = mode.orderEnabled && isClosedNow(contact, mode);
  const basePath = modePath(contact.alias, mode.showName, '');
  const platesInMainView = contact.branch.generalConfig.menuConfig?.platesInMainView !== false;

  return (
    <CurrencyProvider value={currency}>
      {closed ? <ClosedBanner canSchedule={mode.canSchedule} onShowHours={showHours} /> : null}
      <StoreHeader contact={contact} onShowHours={showHours} />
      <div className="menu-intro">
        <PromoBanner text={promotionalBannerText(customizations.data, mode.type)} />
        <ModeTabs alias={contact.alias} modes={modes} current={mode} />
        <ModeInfo mode={mode} />
        {!mode.orderEnabled ? (
          <p className="info-banner" role="status">
            {MENU_INFORMATIVE_ONLY}
          </p>
        ) : null}
      </div>
      {menu.isPending ? <MenuSectionsSkeleton /> : null}
      {menu.isError ? (
        <StatusFromError error={menu.error} onRetry={() => void menu.refetch()} compact />
      ) : null}
      {menu.isSuccess ? (
        categorySegment !== undefined ? (
          <CategoryView
            categories={menu.data.categories}
            segment={categorySegment}
            discounts={discounts}
            backTo={`${basePath}${search}`}
          />
        ) : (
          <>
            {platesInMainView ? <CategoryNav categories={menu.data.categories} /> : null}
            <div className="menu-content">
              <Highlights plates={menu.data.remarkeds} discounts={discounts} />
              {platesInMainView ? (
                menu.data.categories.map((category) => (
                  <CategorySection key={category.id} category={category} discounts={discounts} />
                ))
              ) : (
                <CategoryTiles categories={menu.data.categories} basePath={basePath} search={search} />
              )}
              {menu.data.categories.length === 0 ? (
                <p className="empty-note">Este menú todavía no tiene productos.</p>
              ) : null}
            </div>
          </>
        )
      ) : null}
      {hoursLoaded ? (
        <Suspense fallback={null}>
          <WorkingHoursModal
            open={hoursOpen}
            onClose={() => setHoursOpen(false)}
            contact={contact}
            modes={modes}
          />
        </Suspense>
      ) : null}
    </CurrencyProvider>
  );
}

interface CategoryViewProps {
  categories: Parameters<typeof CategoryNav>[0]['categories'];
  segment: string;
  discounts: ReturnType<typeof discountsByPlate>;
  backTo: string;
}

/** /menu/{alias}/{mode}/{category}: only that category's plates. */
function CategoryView({ categories, segment, discounts, backTo }: CategoryViewProps) {
  const category = categories.find((candidate) =>
    segmentMatches(segment, candidate.showName || candidate.name),
  );
  if (!category) {
    return (
      <StatusScreen
        kind="notFound"
        body="No encontramos esta categoría en el menú."
        link={{ to: backTo, label: 'Ver todo el menú' }}
        compact
      />
    );
  }
  return (
    <div className="menu-content">
      <Link className="back-link" to={backTo}>
        ← Ver todo el menú
      </Link>
      <CategorySection category={category} discounts={discounts} />
    </div>
  );
}
