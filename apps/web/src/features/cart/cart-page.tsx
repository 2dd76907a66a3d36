import {
  type CartLine,
  canContinueToCheckout,
  cartItemCount,
  cartSubtotal,
  fromMinor,
  lineKey,
  MESSAGES,
  upsellCandidates,
} from '@comanda/core';
import type { BranchContact, OrderMode, Plate } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { dinerQueries } from '../../api/queries.ts';
// the cart carries the live channel's code: its storefront stream opens with its first render
import * as liveChannel from '../../app/live-channel.ts';
import { useStableNavigate } from '../../app/navigate.ts';
import { IconArrowLeft, IconCart, IconPlus } from '../../ui/icons.tsx';
import { CurrencyProvider, MinorMoney, useCurrency } from '../../ui/money.tsx';
import { useToast } from '../../ui/toast.tsx';
import { track } from '../analytics/track.ts';
import { DishModalLayer } from '../dish/dish-layer.tsx';
import { platePath } from '../dish/dish-path.ts';
import { itemNotesLimit } from '../dish/notes-limit.ts';
import { viewOnlyReason } from '../dish/view-only.ts';
import { discountsByPlate } from '../menu/dish-pricing.ts';
import { useContactCurrency } from '../menu/use-contact-currency.ts';
import { useStorefrontLive } from '../menu/use-storefront-live.ts';
import { modePath } from '../order-mode/mode-labels.ts';
import { StatusFromError, StatusScreen } from '../status/status-screen.tsx';
import { playCartAnimation, useCartAnimation } from './cart-animation.ts';
import { CartLineItem } from './cart-line-item.tsx';
import { cartActions, useCart } from './cart-store.ts';
import { EMPTY_CART_BODY, EMPTY_CART_TITLE } from './cart-texts.ts';
import { DeliveryProgressBar, useDeliveryProgress } from './delivery-progress-bar.tsx';
import { needsChoices, simpleLineInputOf } from './from-menu.ts';
import { ModeCard, OrderPageSkeleton, TotalBar } from './order-page-parts.tsx';
import { UpsellList } from './upsell-list.tsx';
import { useChangeQuantity } from './use-change-quantity.ts';
import { useDiscountRules } from './use-discount-rules.ts';
import './cart-page.css';

/** /menu/{alias}/preview: 'Mi pedido', the cart of the branch contact the alias names. */
export function CartPage() {
  const { alias = '' } = useParams();
  const query = useQuery(dinerQueries.alias(alias));
  if (query.isPending) return <CartSkeleton />;
  if (query.isError) return <StatusFromError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.type !== 'branchContact') return <StatusScreen kind="notFound" />;
  return <ContactCart contact={query.data.info} />;
}

function ContactCart({ contact }: { contact: BranchContact }) {
  const { search } = useLocation();
  const cart = useCart(contact.alias);
  const currency = useContactCurrency(contact);
  const modes = useQuery(dinerQueries.orderModes(contact.id));
  // the preview route has no mode segment: the cart knows which mode it was built for
  const mode = modes.data?.find((candidate) => candidate.active && candidate.id === cart.orderModeId);
  const menuPath = mode ? modePath(contact.alias, mode.showName, search) : `/menu/${contact.alias}${search}`;

  // once per visit of the page, with what the diner is looking at
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    track('VIEW_ORDER_SUMMARY', {
      itemCount: cartItemCount(cart.lines),
      total: fromMinor(cartSubtotal(cart.lines), currency.decimals),
      orderModeId: cart.orderModeId,
    });
  }, [cart, currency.decimals]);

  if (cart.lines.length === 0) return <CartEmpty backTo={menuPath} />;
  if (modes.isPending) return <CartSkeleton />;
  return (
    <CurrencyProvider value={currency}>
      <CartView contact={contact} mode={mode} lines={cart.lines} menuPath={menuPath} />
    </CurrencyProvider>
  );
}

interface CartViewProps {
  contact: BranchContact;
  mode: OrderMode | undefined;
  lines: CartLine[];
  menuPath: string;
}

function CartView({ contact, mode, lines, menuPath }: CartViewProps) {
  const alias = contact.alias;
  const { search } = useLocation();
  const navigate = useStableNavigate();
  const showToast = useToast();
  const { decimals } = useCurrency();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { rules, ready } = useDiscountRules(contact.branch.id, decimals);
  const discountsQuery = useQuery(dinerQueries.discounts(contact.branch.id));
  const discounts = useMemo(() => discountsByPlate(discountsQuery.data), [discountsQuery.data]);
  const menu = useQuery({ ...dinerQueries.menu(alias, mode?.id ?? 0), enabled: mode !== undefined });
  // a plate that ran out, or a mode paused, shows here when it happens (the storefront channel)
  useStorefrontLive(contact, liveChannel);
  const menuPlateIds = useMemo(
    () => (menu.data ? new Set(menu.data.categories.flatMap((c) => c.plates.map((p) => p.id))) : null),
    [menu.data],
  );
  const unavailable = lines.filter((line) => menuPlateIds !== null && !menuPlateIds.has(line.referenceId));
  const customizations = useQuery(dinerQueries.menuCustomizations(contact.branch.id));
  const [upsellPlate, setUpsellPlate] = useState<Plate | undefined>();

  const subtotal = cartSubtotal(lines);
  const itemCount = cartItemCount(lines);
  const progress = useDeliveryProgress(mode, subtotal);
  const readOnly = mode ? viewOnlyReason(contact, mode) : null;
  const canContinue =
    unavailable.length === 0 &&
    canContinueToCheckout({
      itemCount,
      minimumUnmet: progress.minimumUnmet,
      orderEnabled: mode?.orderEnabled === true && readOnly === null,
    });

  // prices follow the menu discounts as they are today
  useEffect(() => {
    if (ready) cartActions.reprice(alias, rules);
  }, [ready, rules, alias]);

  const changeQuantity = useChangeQuantity(alias, rules, headingRef);

  function addUpsell(plate: Plate) {
    if (!mode) return;
    if (needsChoices(plate)) {
      if (contact.branch.generalConfig.menuConfig?.plateDetailInModal !== false) setUpsellPlate(plate);
      else
        navigate(platePath(alias, mode.showName, plate, search), {
          state: { dishFrom: 'cart', upsell: true },
        });
      return;
    }
    const input = simpleLineInputOf(plate, decimals, 'UPSOLD');
    const result = cartActions.add(alias, input, rules);
    if (result.error) {
      showToast(result.error);
      return;
    }
    showToast(MESSAGES.itemAddedToOrder);
    playCartAnimation();
    track('ADD_ITEM', { plateId: plate.id, name: input.name, quantity: 1, source: 'UPSOLD', upsell: true });
  }

  function continueToCheckout() {
    track('CONTINUE_TO_CHECKOUT', { itemCount, total: fromMinor(subtotal, decimals), orderModeId: mode?.id });
    navigate(`/menu/${alias}/checkout${search}`);
  }

  const upsells =
    menu.data && readOnly === null ? upsellCandidates(menu.data.upselleds, lines) : ([] as Plate[]);

  return (
    <div className="cart-page cart-page--view">
      <header className="cart-page__header">
        <Link className="icon-button" to={menuPath} aria-label={MESSAGES.backToMenu}>
          <IconArrowLeft />
        </Link>
        <h1 ref={headingRef} tabIndex={-1} className="cart-page__title">
          {MESSAGES.myOrderTitle}
        </h1>
      </header>

      {mode ? <ModeCard mode={mode} shopName={contact.name} /> : null}

      <DeliveryProgressBar progress={progress} />

      <section className="cart-section" aria-labelledby="cart-items-title">
        <h2 id="cart-items-title" className="sr-only">
          Productos
        </h2>
        <ul className="cart-lines">
          {lines.map((line) => (
            <CartLineItem
              key={lineKey(line)}
              line={line}
              discount={discounts.get(line.referenceId)}
              unavailable={unavailable.includes(line)}
              onQuantity={(quantity) => changeQuantity(line, quantity)}
            />
          ))}
        </ul>
        <Link className="button button--secondary button--block cart-more" to={menuPath}>
          <IconPlus size={20} />
          {MESSAGES.addMoreProducts}
        </Link>
      </section>

      <UpsellList plates={upsells} discounts={discounts} onAdd={addUpsell} />

      <section className="cart-section cart-summary" aria-label="Resumen">
        <p className="cart-summary__row">
          <span>Total</span>
          <span aria-live="polite">
            <MinorMoney className="cart-summary__total" minor={subtotal} />
          </span>
        </p>
        {readOnly !== null ? <p className="cart-summary__note">{readOnly}</p> : null}
        {unavailable.map((line) => (
          <p key={lineKey(line)} className="cart-summary__note cart-summary__note--alert" role="alert">
            {MESSAGES.itemUnavailable(line.name)}
          </p>
        ))}
      </section>

      <ContinueBar total={subtotal} enabled={canContinue} onContinue={continueToCheckout} />

      {mode ? (
        <DishModalLayer
          plate={upsellPlate}
          onClose={() => setUpsellPlate(undefined)}
          context={{
            alias,
            rules,
            decimals,
            notesLimit: itemNotesLimit(customizations.data),
            viewOnlyReason: readOnly,
            source: 'UPSOLD',
          }}
        />
      ) : null}
    </div>
  );
}

/** 'Continuar' with the total; enabled only when the cart may go to checkout. */
function ContinueBar({
  total,
  enabled,
  onContinue,
}: {
  total: number;
  enabled: boolean;
  onContinue: () => void;
}) {
  const animation = useCartAnimation();
  return (
    <TotalBar
      label={MESSAGES.continue}
      total={total}
      disabled={!enabled}
      highlighted={animation}
      onClick={onContinue}
    />
  );
}

function CartEmpty({ backTo }: { backTo: string }) {
  return (
    <section className="cart-page cart-empty" aria-labelledby="cart-empty-title">
      <h1 className="sr-only">{MESSAGES.myOrderTitle}</h1>
      <span className="cart-empty__icon" aria-hidden="true">
        <IconCart size={40} />
      </span>
      <h2 id="cart-empty-title" className="cart-empty__title">
        {EMPTY_CART_TITLE}
      </h2>
      <p className="cart-empty__body">{EMPTY_CART_BODY}</p>
      <Link className="button button--primary" to={backTo}>
        {MESSAGES.backToMenu}
      </Link>
    </section>
  );
}

function CartSkeleton() {
  return <OrderPageSkeleton titleWidth="40%" blocks={[56, 96, 96]} />;
}
