import type { ComponentType } from 'react';
import type { RouteId } from '../../common/routes';

/** What a lazily loaded screen module exports. */
export interface ScreenModule {
  default: ComponentType;
}

/**
 * Every route of the shared route table mapped to its screen. The Record type makes TypeScript
 * fail when a route is added to ROUTES without a screen here.
 */
export const screens: Record<RouteId, () => Promise<ScreenModule>> = {
  home: () => import('../features/home/home-page'),
  login: () => import('../features/auth/login-page'),
  register: () => import('../features/auth/register-page'),
  forgotPassword: () => import('../features/auth/forgot-password-page'),
  resetPassword: () => import('../features/auth/reset-password-page'),
  dashboard: () => import('../features/dashboard/dashboard-page'),
  aboutus: () => import('../features/static-pages/about-page'),
  impressum: () => import('../features/static-pages/imprint-page'),
  privacy: () => import('../features/static-pages/privacy-page'),
  datenschutz: () => import('../features/static-pages/privacy-page'),
  terms: () => import('../features/static-pages/terms-page'),
  agb: () => import('../features/static-pages/terms-page'),
  contact: () => import('../features/static-pages/contact-page'),
  kontakt: () => import('../features/static-pages/contact-page'),
};

/**
 * Translation namespaces a screen needs, loaded in parallel with its code so the screen
 * renders its texts at once. List `errors` for every screen that shows form or API errors
 * (`t('errors:...')`): the shell leaves it out so the start page loads less. A namespace not
 * listed is fetched on first use, after a moment of loading skeleton.
 */
export const screenNamespaces: Partial<Record<RouteId, readonly string[]>> = {
  home: ['home'],
  login: ['auth', 'errors'],
  register: ['auth', 'errors'],
  forgotPassword: ['auth', 'errors'],
  resetPassword: ['auth', 'errors'],
  dashboard: ['dashboard', 'auth', 'errors'],
  aboutus: ['about'],
  impressum: ['imprint'],
  privacy: ['privacy'],
  datenschutz: ['privacy'],
  terms: ['terms'],
  agb: ['terms'],
  contact: ['contact', 'errors'],
  kontakt: ['contact', 'errors'],
};
