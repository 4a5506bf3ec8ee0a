import type { Feature } from '../lib/feature';

/**
 * Every web feature, picked up from its own features/<name>/feature.tsx: adding a module adds
 * its folder and nothing here. Eager, but light: the pages behind the routes load on first visit.
 */
export const FEATURES: Feature[] = Object.values(
  import.meta.glob<Feature>('../features/*/feature.tsx', { eager: true, import: 'feature' }),
);
