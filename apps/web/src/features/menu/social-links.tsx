import type { BranchContact } from '@comanda/core/contract';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { IconFacebook, IconInstagram, IconPhone, IconShare, IconWhatsApp } from '../../ui/icons.tsx';
import { CHAT_LABEL, chatOf, IconChat, useSupportChat } from '../support-chat/support-chat.tsx';

/** A stored social value may be a full URL or just the account name ('@donmateo'). */
export function socialUrl(value: string | undefined, base: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return `${base}${encodeURIComponent(trimmed.replace(/^@/, ''))}`;
}

function digitsOf(phone: string): string {
  return phone.replace(/\D/g, '');
}

interface SocialLink {
  key: string;
  href: string;
  label: string;
  icon: ReactNode;
  external: boolean;
}

/**
 * The header's icons, in the spec's order: instagram, facebook, phone, WhatsApp or chat, share by
 * WhatsApp. A shop with a support chat shows the chat in WhatsApp's place (decision 018).
 */
export function SocialLinks({ contact }: { contact: BranchContact }) {
  // re-rendered on navigation, so the shared URL is the page the diner is on
  useLocation();
  const { social } = contact.branch;
  const chatConfig = chatOf(contact.branch.generalConfig.supportChat);
  const chat = useSupportChat(chatConfig);
  const links: SocialLink[] = [];
  const instagram = socialUrl(social.instagram, 'https://www.instagram.com/');
  if (instagram)
    links.push({
      key: 'instagram',
      href: instagram,
      label: 'Instagram',
      icon: <IconInstagram />,
      external: true,
    });
  const facebook = socialUrl(social.facebook, 'https://www.facebook.com/');
  if (facebook)
    links.push({
      key: 'facebook',
      href: facebook,
      label: 'Facebook',
      icon: <IconFacebook />,
      external: true,
    });
  if (contact.callPhone && digitsOf(contact.callPhone)) {
    const phone = contact.callPhone.replace(/[^\d+]/g, '');
    links.push({
      key: 'phone',
      href: `tel:${phone}`,
      label: 'Llamar al local',
      icon: <IconPhone />,
      external: false,
    });
  }
  if (chatConfig) {
    links.push({ key: 'chat', href: '', label: CHAT_LABEL, icon: <IconChat />, external: false });
  } else if (contact.whatsAppPhone && digitsOf(contact.whatsAppPhone)) {
    links.push({
      key: 'whatsapp',
      href: `https://wa.me/${digitsOf(contact.whatsAppPhone)}`,
      label: 'Escribir por WhatsApp',
      icon: <IconWhatsApp />,
      external: true,
    });
  }
  links.push({
    key: 'share',
    href: `https://wa.me/?text=${encodeURIComponent(window.location.href)}`,
    label: 'Compartir por WhatsApp',
    icon: <IconShare />,
    external: true,
  });

  return (
    <ul className="social-links" aria-label="Contacto y redes">
      {links.map((link) => (
        <li key={link.key}>
          {link.key === 'chat' ? (
            <button
              type="button"
              className="social-links__link"
              aria-label={link.label}
              title={link.label}
              aria-busy={chat.opening || undefined}
              onClick={() => void chat.open()}
            >
              {link.icon}
            </button>
          ) : (
            <a
              className="social-links__link"
              href={link.href}
              aria-label={link.label}
              title={link.label}
              {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {link.icon}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
