/**
 * The gallery's pieces other parts combine: the portfolio of a profile, whose tab
 * (components/portfolio-tab.tsx) the profile loads lazily by its path, so only its types are here.
 */
export type { ImagesUpdater, PortfolioProps } from './components/portfolio';
