import type { ComponentType } from 'react';
import type { RouteId } from '../../common/routes';

/** What a lazily loaded screen module exports. */
export interface ScreenModule {
  default: ComponentType;
}

/** A screen exported under a name (the listing screens export one per kind). */
function named<M>(load: () => Promise<M>, name: keyof M): () => Promise<ScreenModule> {
  return () => load().then((m) => ({ default: m[name] as ComponentType }));
}

// The location search's demo pages exist only in development (decision 5). Behind
// import.meta.env.DEV, which a production build replaces with false, so their code is dropped
// from it; there they are the not-found screen, as the server answers them with 404.
const locationDemos = import.meta.env.DEV ? () => import('../features/locations/demo-pages') : null;
const notFoundScreen = () => import('../ui/not-found').then((m) => ({ default: m.NotFound }));
const locationDemo = (name: 'LocationSearchDemo' | 'LocationSearchSimplifiedDemo' | 'LocationSearchNewDemo' | 'CityDemo' | 'GeoLookupDemo') =>
  locationDemos ? named(locationDemos, name) : notFoundScreen;

const listing = {
  // The lists with their "Save this search" beside the filters.
  list: () => import('./routes/listing-list-pages'),
  manage: () => import('../features/listings/manage-page'),
  form: () => import('../features/listings/form-page'),
  // The detail pages combine the listing with messaging (Apply, the message dialog).
  detail: () => import('./routes/listing-detail-pages'),
};

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
  dashboard: () => import('./routes/dashboard-page'),
  aboutus: () => import('../features/static-pages/about-page'),
  impressum: () => import('../features/static-pages/imprint-page'),
  privacy: () => import('../features/static-pages/privacy-page'),
  datenschutz: () => import('../features/static-pages/privacy-page'),
  terms: () => import('../features/static-pages/terms-page'),
  agb: () => import('../features/static-pages/terms-page'),
  contact: () => import('../features/static-pages/contact-page'),
  kontakt: () => import('../features/static-pages/contact-page'),
  ownProfile: () => import('../features/profiles/own-profile-page'),
  ownProfileDashboard: () => import('../features/profiles/own-profile-page'),
  ownProfileMe: () => import('../features/profiles/own-profile-page'),
  profile: () => import('./routes/profile-page'),
  search: () => import('../features/search/search-page'),
  map: () => import('../features/map/map-page'),
  // The forum: each page its own chunk, so neither the lists nor a thread carry the editor.
  forum: () => import('../features/forum/forum-page'),
  forumNew: () => import('../features/forum/new-thread-page'),
  forumCategory: () => import('../features/forum/category-page'),
  forumCategoryPage: () => import('../features/forum/category-page'),
  forumThread: () => import('../features/forum/thread-page'),
  forumThreadPage: () => import('../features/forum/thread-page'),
  gallery: () => import('../features/gallery/gallery-page'),
  galleryDe: () => import('../features/gallery/gallery-page'),
  galleryEs: () => import('../features/gallery/gallery-page'),
  galleryFr: () => import('../features/gallery/gallery-page'),
  galleryPt: () => import('../features/gallery/gallery-page'),
  guestSpots: named(listing.list, 'GuestSpotListPage'),
  guestSpotsPage: named(listing.list, 'GuestSpotListPage'),
  gastplatze: named(listing.list, 'GuestSpotListPage'),
  // A studio's spots with the applications each received.
  guestSpotsManage: () => import('./routes/guest-spot-manage-page'),
  guestSpotNew: named(listing.form, 'GuestSpotFormPage'),
  guestSpot: named(listing.detail, 'GuestSpotDetailPage'),
  guestSpotEdit: named(listing.form, 'GuestSpotFormPage'),
  guestArtistNew: named(listing.form, 'AvailabilityFormPage'),
  guestArtistEdit: named(listing.form, 'AvailabilityFormPage'),
  guestArtistManage: named(listing.manage, 'AvailabilityManagePage'),
  availabilityList: named(listing.list, 'AvailabilityListPage'),
  availabilityListPage: named(listing.list, 'AvailabilityListPage'),
  availabilityNew: named(listing.form, 'AvailabilityFormPage'),
  availabilityManage: named(listing.manage, 'AvailabilityManagePage'),
  // An entry's id address leads to its title slug page, as the server's 301 does.
  availabilityDetail: () => import('./legacy-redirect'),
  tattooArtist: named(listing.detail, 'AvailabilityDetailPage'),
  tattooArtists: () => import('./routes/artists-page'),
  tattooArtistsPage: () => import('./routes/artists-page'),
  tattooStudios: () => import('./routes/studios-page'),
  tattooStudiosPage: () => import('./routes/studios-page'),
  messages: () => import('../features/messages/messages-page'),
  messagesContact: () => import('../features/messages/messages-page'),
  chat: () => import('../features/messages/chat-page'),
  unsubscribe: () => import('../features/notifications/unsubscribe-page'),
  messagingTest: () => import('../features/messages/messaging-test-page'),
  locationSearchDemo: locationDemo('LocationSearchDemo'),
  locationSearchSimplifiedDemo: locationDemo('LocationSearchSimplifiedDemo'),
  locationSearchNewDemo: locationDemo('LocationSearchNewDemo'),
  cityDemo: locationDemo('CityDemo'),
  geoLookupDemo: locationDemo('GeoLookupDemo'),
  // Payments: the test provider's approval page and the printable receipt.
  checkoutTest: () => import('../features/payments/checkout-test-page'),
  paymentReceipt: () => import('../features/payments/receipt-page'),
  dealRequests: () => import('../features/deals/requests-page'),
  stayAgreement: () => import('../features/agreements/agreement-page'),
  // The city alert mails' links: confirm, and manage the address's alerts.
  cityAlertsManage: () => import('../features/city-alerts/manage-page'),
  cityAlertConfirm: () => import('../features/city-alerts/confirm-page'),
  // Planned social posts: the owner's pages under their profile path.
  profileTour: () => import('./routes/tour-page'),
  userPosts: () => import('../features/posts/posts-page'),
  userPostUpsell: () => import('../features/posts/upsell-page'),
  userPostNew: () => import('../features/posts/post-editor-page'),
  userPostEdit: () => import('../features/posts/post-editor-page'),
  // The admin area is one chunk of its own, loaded only when an admin path is opened.
  admin: () => import('../features/admin/admin-app'),
  adminNotAuthorized: () => import('../features/admin/admin-app'),
  adminSection: () => import('../features/admin/admin-app'),
  adminSectionItem: () => import('../features/admin/admin-app'),
};

/**
 * Translation namespaces a screen needs, loaded in parallel with its code so the screen
 * renders its texts at once. List `errors` for every screen that renders `t('errors:...')`
 * (forms, not-found texts); API failures load it themselves (lib/api.ts), so the public lists
 * and the gallery leave it out of their first load. A namespace not
 * listed is fetched on first use, after a moment of loading skeleton.
 */
export const screenNamespaces: Partial<Record<RouteId, readonly string[]>> = {
  home: ['home'],
  login: ['auth', 'errors'],
  register: ['auth', 'errors'],
  forgotPassword: ['auth', 'errors'],
  resetPassword: ['auth', 'errors'],
  dashboard: ['dashboard', 'auth', 'messages', 'notifications', 'reviews', 'posts', 'forum', 'payments', 'receipts', 'deals', 'tour', 'errors'],
  aboutus: ['about'],
  impressum: ['imprint'],
  privacy: ['privacy'],
  datenschutz: ['privacy'],
  terms: ['terms'],
  agb: ['terms'],
  contact: ['contact', 'errors'],
  kontakt: ['contact', 'errors'],
  ownProfile: ['profiles', 'gallery', 'errors'],
  ownProfileDashboard: ['profiles', 'gallery', 'errors'],
  ownProfileMe: ['profiles', 'gallery', 'errors'],
  // The About tab's texts only: every other tab, the message dialog and the menus load their own.
  profile: ['profiles'],
  search: ['search'],
  map: ['map', 'locations'],
  forum: ['forum'],
  forumNew: ['forum', 'errors'],
  forumCategory: ['forum'],
  forumCategoryPage: ['forum'],
  forumThread: ['forum'],
  forumThreadPage: ['forum'],
  gallery: ['gallery'],
  galleryDe: ['gallery'],
  galleryEs: ['gallery'],
  galleryFr: ['gallery'],
  galleryPt: ['gallery'],
  // The lists' city type-ahead loads after the list, with its own texts (`locations`).
  guestSpots: ['guestSpots', 'listings'],
  guestSpotsPage: ['guestSpots', 'listings'],
  gastplatze: ['guestSpots', 'listings'],
  // The texts of the detail, form and manage pages are apart from the list's (`*Entry`), so
  // the public lists leave them out of their first load.
  guestSpotsManage: ['guestSpotsEntry', 'guestSpots', 'listings', 'listingsEntry', 'deals', 'profiles', 'errors'],
  guestSpotNew: ['guestSpotsEntry', 'listings', 'listingsEntry', 'dealTerms', 'profiles', 'spotPhotos', 'errors', 'locations'],
  guestSpot: ['guestSpotsEntry', 'listings', 'listingsEntry', 'messages', 'deals', 'dealTerms', 'profiles', 'spotPhotos', 'errors'],
  guestSpotEdit: ['guestSpotsEntry', 'listings', 'listingsEntry', 'dealTerms', 'profiles', 'spotPhotos', 'errors', 'locations'],
  guestArtistNew: ['availabilityEntry', 'listings', 'listingsEntry', 'dealTerms', 'errors', 'locations'],
  guestArtistEdit: ['availabilityEntry', 'listings', 'listingsEntry', 'dealTerms', 'errors', 'locations'],
  guestArtistManage: ['availabilityEntry', 'availability', 'listings', 'listingsEntry', 'errors'],
  availabilityList: ['availability', 'listings'],
  availabilityListPage: ['availability', 'listings'],
  availabilityNew: ['availabilityEntry', 'listings', 'listingsEntry', 'dealTerms', 'errors', 'locations'],
  availabilityManage: ['availabilityEntry', 'availability', 'listings', 'listingsEntry', 'errors'],
  availabilityDetail: ['availabilityEntry', 'listings', 'listingsEntry', 'messages', 'dealTerms', 'errors'],
  tattooArtist: ['availabilityEntry', 'listings', 'listingsEntry', 'messages', 'deals', 'dealTerms', 'errors'],
  tattooArtists: ['artists', 'listings'],
  tattooArtistsPage: ['artists', 'listings'],
  tattooStudios: ['studios', 'listings'],
  tattooStudiosPage: ['studios', 'listings'],
  messages: ['messages', 'errors'],
  messagesContact: ['messages', 'errors'],
  chat: ['messages'],
  unsubscribe: ['notifications', 'errors'],
  messagingTest: ['messages', 'errors'],
  locationSearchDemo: ['locations'],
  locationSearchSimplifiedDemo: ['locations'],
  locationSearchNewDemo: ['locations'],
  cityDemo: ['locations'],
  geoLookupDemo: ['locations'],
  checkoutTest: ['payments', 'receipts', 'errors'],
  paymentReceipt: ['payments', 'receipts', 'errors'],
  // The stays link to their agreement with its texts.
  dealRequests: ['deals', 'profiles', 'agreements', 'errors'],
  stayAgreement: ['agreements', 'errors'],
  cityAlertsManage: ['cityAlerts', 'errors'],
  cityAlertConfirm: ['cityAlerts', 'errors'],
  profileTour: ['tour'],
  userPosts: ['posts', 'errors'],
  userPostUpsell: ['posts', 'errors'],
  // The picture upload reports its failures with the gallery's texts.
  userPostNew: ['posts', 'gallery', 'errors'],
  userPostEdit: ['posts', 'gallery', 'errors'],
  // Each section loads its own namespace with its code (src/web/features/admin/sections.ts).
  admin: ['admin', 'errors'],
  adminNotAuthorized: ['admin', 'errors'],
  adminSection: ['admin', 'errors'],
  adminSectionItem: ['admin', 'errors'],
};
