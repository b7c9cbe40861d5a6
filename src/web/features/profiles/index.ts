export { SocialLinksRow } from './components/social-links-row';
export { fallbackQuoteIndex } from './quotes';
