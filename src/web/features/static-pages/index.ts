export { useSite } from './api/get-site';
