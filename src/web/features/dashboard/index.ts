export { useHint } from './hints';
export { CountTile } from './count-tile';
