/** Site search: the page (a screen of its own) and the header's box, whose suggestions load on first use. */
export { HeaderSearch } from './header-search';
