import { lazy } from 'react';

/**
 * Demand by city on the dashboard: an artist's followers and city-alert subscribers by city (a
 * table, and a globe the page hands in), a studio's artists coming to its city. The card, its
 * texts and its query load apart from the dashboard's first load.
 */
export const DemandCard = lazy(() => import('./demand-card').then((m) => ({ default: m.DemandCard })));
export type { DemandGlobe, DemandPlace } from './demand-card';
