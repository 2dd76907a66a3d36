import type { OrderModeType } from '@comanda/core/contract';
import { IconBag, IconDelivery, type IconProps, IconStore, IconTable } from '../../ui/icons.tsx';

export function ModeIcon({ type, ...props }: IconProps & { type: OrderModeType }) {
  if (type === 'DELIVERY') return <IconDelivery {...props} />;
  if (type === 'TAKE_AWAY') return <IconBag {...props} />;
  if (type === 'TABLE') return <IconTable {...props} />;
  return <IconStore {...props} />;
}
