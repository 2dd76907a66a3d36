import type { BranchContact, OrderMode } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { dinerQueries } from '../../api/queries.ts';
import { useStableNavigate } from '../../app/navigate.ts';
import { CurrencyProvider } from '../../ui/money.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useWideLayout, WIDE_LAYOUT_QUERY } from '../../ui/use-wide-layout.ts';
import { setAnalyticsContext } from '../analytics/track.ts';
import { CartBar } from '../cart/cart-bar.tsx';
import { useDiscountRules } from '../cart/use-discount-rules.ts';
import { useClosedShopNotice } from '../closed-shop/use-closed-shop-notice.tsx';
import { useFailureLog } from '../diner-log/log-later.ts';
import { type DishContext, DishModalLayer, DishPageLayer, DishPageSkeleton } from '../dish/dish-layer.tsx';
import { DishLinkProvider, type DishLinkTarget } from '../dish/dish-link.tsx';
import { type DishLocationState, findPlate, platePath, preloadDishDetail } from '../dish/dish-path.ts';
import { itemNotesLimit } from '../dish/notes-limit.ts';
import { viewOnlyReason } from '../dish/view-only.ts';
import { useCartGuard } from '../mode-change/use-cart-guard.tsx';
import { useModeChange } from '../mode-change/use-mode-change.tsx';
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
import { OrderInProgressLink } from './order-in-progress-link.tsx';
import { PromoBanner, promotionalBannerText } from './promo-banner.tsx';
import { StoreHeader } from './store-header.tsx';
import { useContactCurrency } from './use-contact-currency.ts';
import { useStorefrontLive } from './use-storefront-live.ts';
import './menu.css';

const WorkingHoursModal = lazy(() => import('./working-hours-modal.tsx'));

// 'Mi pedido' beside the menu exists on wide screens only: a phone never downloads it, and a desktop
// starts fetching it with the menu's own code so it is there when the menu's data is
const loadCartColumn = () =>
  import('../cart/cart-column.tsx').then(({ CartColumn }) => ({ default: CartColumn }));
const CartColumn = lazy(loadCartColumn);
if (typeof window !== 'undefined' && window.matchMedia?.(WIDE_LAYOUT_QUERY).matches) void loadCartColumn();

export const MENU_INFORMATIVE_ONLY = 'Menú informativo. Pedidos deshabilitados.';

/**
 * /menu/{alias}/{mode}[/{category}[/{plate}]]: the alias must be a branch contact, the mode one of its
 * active modes. A plate opens as a modal over the menu or as its own page (menuConfig.plateDetailInModal).
 */
export function MenuPage() {
  const { alias = '', mode = '', category, plate } = useParams();
  const query = useQuery(dinerQueries.alias(alias));
  // the spec's silent fallbacks: the branch lookup, order modes, menu, discounts and customisations
  // failures are logged (their screens say what the diner can do)
  useFailureLog('Branch lookup', query, { component: 'menu', payload: { alias } });
  if (query.isPending) return <MenuSkeleton />;
  if (query.isError) return <StatusFromError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.type !== 'branchContact') return <StatusScreen kind="notFound" />;
  return (
    <ContactMenu
      contact={query.data.info}
      modeSegment={mode}
      categorySegment={category}
      plateSegment={plate}
    />
  );
}

interface ContactMenuProps {
  contact: BranchContact;
  modeSegment: string;
  categorySegment: string | undefined;
  plateSegment: string | undefined;
}

function ContactMenu({ contact, modeSegment, ...segments }: ContactMenuProps) {
  const { search } = useLocation();
  const blocked = contact.commercialTermsInfo.blocked;
  const query = useQuery({ ...dinerQueries.orderModes(contact.id), enabled: !blocked });
  useFailureLog('Order modes', query, { component: 'menu', bcId: contact.id, branchId: contact.branch.id });

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
  return <MenuView contact={contact} modes={modes} mode={mode} {...segments} />;
}

interface MenuViewProps {
  contact: BranchContact;
  modes: OrderMode[];
  mode: OrderMode;
  categorySegment: string | undefined;
  plateSegment: string | undefined;
}

function MenuView({ contact, modes, mode, categorySegment, plateSegment }: MenuViewProps) {
  const { search, state } = useLocation();
  const navigate = useStableNavigate();
  const showToast = useToast();
  const branchId = contact.branch.id;
  const menu = useQuery(dinerQueries.menu(contact.alias, mode.id));
  // a plate out of stock leaves, a paused mode closes, while the diner looks (storefront channel)
  useStorefrontLive(contact);
  const discountsQuery = useQuery(dinerQueries.discounts(branchId));
  const customizations = useQuery(dinerQueries.menuCustomizations(branchId));
  const logContext = { component: 'menu', bcId: contact.id, branchId, payload: { orderModeId: mode.id } };
  useFailureLog('Menu', menu, logContext);
  useFailureLog('Discounts', discountsQuery, logContext);
  useFailureLog('Menu customization', customizations, logContext);
  const currency = useContactCurrency(contact);
  const discounts = useMemo(() => discountsByPlate(discountsQuery.data), [discountsQuery.data]);
  const { rules } = useDiscountRules(branchId, currency.decimals);
  const [hoursOpen, setHoursOpen] = useState(false);
  const [hoursLoaded, setHoursLoaded] = useState(false);
  // a desktop gets the cart as a column beside the menu; a phone keeps the bottom bar
  const wide = useWideLayout();

  function showHours() {
    setHoursLoaded(true);
    setHoursOpen(true);
  }

  const guard = useCartGuard({ contact, modes, mode, menuHash: menu.data?.hash });
  const modeChange = useModeChange(contact, modes);
  // the notice waits for any other question, an open dish or the hours the diner already asked for
  const closedNotice = useClosedShopNotice({
    contact,
    mode,
    ready: menu.isSuccess && guard.conflict === null && plateSegment === undefined && !hoursOpen,
    onShowHours: showHours,
  });

  useEffect(() => {
    setAnalyticsContext({ branchId, branchContactId: contact.id });
  }, [branchId, contact.id]);

  // a campaign link's plates (?menu=, decision 021), once the menu is in and no cart question is open
  const linkPlates =
    menu.isSuccess && discountsQuery.isFetched && guard.conflict === null && /[?&]menu=/.test(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when it becomes possible
  useEffect(() => {
    if (!linkPlates || !menu.data) return;
    const request = {
      contact,
      mode,
      menu: menu.data,
      discounts: discountsQuery.data ?? [],
      decimals: currency.decimals,
      viewOnly: viewOnlyReason(contact, mode) !== null,
      search,
    };
    void import('../entry-links/preselect-plates.ts').then(({ preselectLinkPlates }) => {
      const outcome = preselectLinkPlates(request);
      if (outcome?.to) navigate(outcome.to, { state: { dishFrom: 'menu' } });
      if (outcome?.toast) showToast(outcome.toast);
    });
  }, [linkPlates]);

  const inModal = contact.branch.generalConfig.menuConfig?.plateDetailInModal !== false;
  const readOnlyReason = viewOnlyReason(contact, mode);
  const menuReady = menu.isSuccess;
  useEffect(() => {
    if (!menuReady || readOnlyReason !== null) return;
    // the dish code downloads while the diner is still reading the menu
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1500));
    idle(() => preloadDishDetail(inModal));
  }, [menuReady, readOnlyReason, inModal]);

  const closed = mode.orderEnabled && isClosedNow(contact, mode);
  const basePath = modePath(contact.alias, mode.showName, '');
  const platesInMainView = contact.branch.generalConfig.menuConfig?.platesInMainView !== false;
  const dishState = (state as DishLocationState | null) ?? {};
  const dishFrom = dishState.dishFrom;
  const categoryOnly =
    categorySegment !== undefined && (plateSegment === undefined || dishFrom === 'category');
  const plate =
    plateSegment !== undefined && categorySegment !== undefined && menu.data
      ? findPlate(menu.data.categories, categorySegment, plateSegment)
      : undefined;

  const dishLinks: DishLinkTarget = {
    pathOf: (target) => platePath(contact.alias, mode.showName, target, search),
    state: { dishFrom: categoryOnly ? 'category' : 'menu' },
    inModal,
    orderable: readOnlyReason === null,
  };
  const dishContext: DishContext = {
    alias: contact.alias,
    rules,
    decimals: currency.decimals,
    notesLimit: itemNotesLimit(customizations.data),
    viewOnlyReason: readOnlyReason,
    source: dishState.upsell ? 'UPSOLD' : 'PLATE',
  };

  function closeDish() {
    if (dishFrom) navigate(-1);
    else navigate(`${basePath}${search}`, { replace: true, preventScrollReset: inModal });
  }

  const dialogs = (
    <>
      {guard.dialog}
      {modeChange.dialog}
      {closedNotice}
    </>
  );

  if (!inModal && plateSegment !== undefined) {
    return (
      <CurrencyProvider value={currency}>
        {menu.isPending ? <DishPageSkeleton /> : null}
        {menu.isError ? (
          <StatusFromError error={menu.error} onRetry={() => void menu.refetch()} compact />
        ) : null}
        {menu.isSuccess && plate ? (
          <DishPageLayer plate={plate} onBack={closeDish} context={dishContext} />
        ) : null}
        {menu.isSuccess && !plate ? (
          <StatusScreen
            kind="notFound"
            body="No encontramos este producto en el menú."
            link={{ to: `${basePath}${search}`, label: 'Ver todo el menú' }}
            compact
          />
        ) : null}
        {dialogs}
      </CurrencyProvider>
    );
  }

  return (
    <CurrencyProvider value={currency}>
      <DishLinkProvider value={dishLinks}>
        {closed ? <ClosedBanner canSchedule={mode.canSchedule} onShowHours={showHours} /> : null}
        <div className="menu-layout">
          <div className="menu-layout__main">
            <StoreHeader contact={contact} onShowHours={showHours} />
            <div className="menu-intro">
              <OrderInProgressLink alias={contact.alias} />
              <PromoBanner text={promotionalBannerText(customizations.data, mode.type)} />
              <ModeTabs alias={contact.alias} modes={modes} current={mode} onSelect={modeChange.onSelect} />
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
              categoryOnly && categorySegment !== undefined ? (
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
            {/* the brand editor's switch */}
            {contact.branch.generalConfig.showPoweredBy === false ? null : (
              <footer className="powered-by">Hecho con Comanda</footer>
            )}
          </div>
          {wide ? (
            <Suspense fallback={<div className="menu-layout__aside-placeholder" />}>
              <CartColumn
                alias={contact.alias}
                mode={mode}
                rules={rules}
                discounts={discounts}
                viewOnlyReason={readOnlyReason}
              />
            </Suspense>
          ) : null}
        </div>
        {wide ? null : <CartBar alias={contact.alias} />}
        {inModal ? <DishModalLayer plate={plate} onClose={closeDish} context={dishContext} /> : null}
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
        {dialogs}
      </DishLinkProvider>
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
