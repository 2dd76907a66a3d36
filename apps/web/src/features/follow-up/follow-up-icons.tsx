import { type IconProps, IconReceipt, Svg } from '../../ui/icons.tsx';

// Icons only the follow-up page draws: kept out of ui/icons.tsx, which the storefront's first screen loads.

function IconCash(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="2.5" y="6" width="19" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M6 9.5v5M18 9.5v5" />
    </Svg>
  );
}

function IconCard(props: IconProps) {
  return (
    <Svg {...props}>
      <rect x="2.5" y="5" width="19" height="14" rx="2" />
      <path d="M2.5 10h19M6.5 15h4" />
    </Svg>
  );
}

function IconTransfer(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 8h14l-3.5-3.5M20 16H6l3.5 3.5" />
    </Svg>
  );
}

export function IconAlert(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 3.5 2.5 20h19L12 3.5Z" />
      <path d="M12 10v4.5M12 17.3v.2" />
    </Svg>
  );
}

/** The follow-up header's payment icon: cash, card, transfer, or a receipt for any other method. */
export function PaymentIcon({ method }: { method: string | null }) {
  if (method === 'CASH') return <IconCash size={18} />;
  if (method === 'CARD') return <IconCard size={18} />;
  if (method === 'TRANSFER') return <IconTransfer size={18} />;
  return <IconReceipt size={18} />;
}
