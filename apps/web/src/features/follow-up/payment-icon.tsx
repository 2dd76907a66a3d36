import { IconCard, IconCash, IconReceipt, IconTransfer } from '../../ui/icons.tsx';

/** The follow-up header's payment icon: cash, card, transfer, or a receipt for any other method. */
export function PaymentIcon({ method }: { method: string | null }) {
  if (method === 'CASH') return <IconCash size={18} />;
  if (method === 'CARD') return <IconCard size={18} />;
  if (method === 'TRANSFER') return <IconTransfer size={18} />;
  return <IconReceipt size={18} />;
}
