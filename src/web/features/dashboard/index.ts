export { useHint } from './hints';
