/** The gallery's pieces other parts combine: the portfolio of a profile. */
export { Portfolio, type ImagesUpdater } from './components/portfolio';
