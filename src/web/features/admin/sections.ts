import type { ComponentType, SVGProps } from 'react';
import { BadgeEuro, Camera, ChartColumn, Flag, Inbox, LayoutDashboard, MapPin, ShieldCheck, Star, Users } from 'lucide-react';
import { InstagramIcon } from '../../ui/instagram-icon';
import type { AdminSummary } from '../../../common/schemas/admin';

/** What an area's screen module exports: its screen, given the path's item (`/admin/users/12` -> "12"). */
export interface SectionModule {
  default: ComponentType<{ id?: string }>;
}

export interface AdminSection {
  /** The path's second part (`users` for /admin/users); '' for the dashboard. */
  id: string;
  /** The path without language prefix. */
  path: string;
  /** Its name in the sidebar, a key of the `admin` namespace. */
  labelKey: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The summary count shown beside it: the work waiting there. */
  badge?: keyof AdminSummary;
  /** The area's texts, loaded with its code. */
  namespaces: readonly string[];
  /** Each area is a chunk of its own, loaded when it is opened. */
  load: () => Promise<SectionModule>;
}

/** The sidebar in its order; the back-to-website link follows them (layout/sidebar.tsx). */
export const SECTIONS: readonly AdminSection[] = [
  { id: '', path: '/admin', labelKey: 'nav.dashboard', icon: LayoutDashboard, namespaces: [], load: () => import('./dashboard/dashboard-screen') },
  { id: 'users', path: '/admin/users', labelKey: 'nav.users', icon: Users, namespaces: ['adminUsers'], load: () => import('./users/users-screen') },
  {
    id: 'gallery',
    path: '/admin/gallery',
    labelKey: 'nav.gallery',
    icon: Camera,
    badge: 'imagesToReview',
    namespaces: ['adminModeration'],
    load: () => import('./gallery/gallery-screen'),
  },
  { id: 'reports', path: '/admin/reports', labelKey: 'nav.reports', icon: Flag, badge: 'openReports', namespaces: ['adminModeration'], load: () => import('./reports/reports-screen') },
  { id: 'premium', path: '/admin/premium', labelKey: 'nav.premium', icon: BadgeEuro, namespaces: ['adminMoney'], load: () => import('./premium/premium-screen') },
  {
    id: 'featured',
    path: '/admin/featured',
    labelKey: 'nav.featured',
    icon: Star,
    badge: 'featuredEndingSoon',
    namespaces: ['adminMoney'],
    load: () => import('./featured/featured-screen'),
  },
  {
    id: 'instagram',
    path: '/admin/instagram',
    labelKey: 'nav.instagram',
    icon: InstagramIcon,
    badge: 'promotionsDue',
    namespaces: ['adminMoney'],
    load: () => import('./instagram/instagram-screen'),
  },
  { id: 'city-import', path: '/admin/city-import', labelKey: 'nav.cityImport', icon: MapPin, namespaces: ['adminCities'], load: () => import('./city-import/city-import-screen') },
  { id: 'statistics', path: '/admin/statistics', labelKey: 'nav.statistics', icon: ChartColumn, namespaces: ['adminInbox'], load: () => import('./statistics/statistics-screen') },
  {
    id: 'contact',
    path: '/admin/contact',
    labelKey: 'nav.contact',
    icon: Inbox,
    badge: 'newContactMessages',
    namespaces: ['adminInbox'],
    load: () => import('./contact/contact-screen'),
  },
  { id: 'verification', path: '/admin/verification', labelKey: 'nav.verification', icon: ShieldCheck, namespaces: ['trust'], load: () => import('./verification/verification-screen') },
];

/** The section a path's second part names, or null for none (the screen then goes to /admin). */
export function sectionOf(id: string | undefined): AdminSection | null {
  return SECTIONS.find((section) => section.id === (id ?? '')) ?? null;
}
