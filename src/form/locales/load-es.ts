/**
 * Loads the Spanish catalog. For bundler users (`import 'paytoken/form'`) it is a chunk of its own;
 * the hosted bundle replaces this module with load-es.hosted.ts (vite.config.ts).
 */
import type { FormCatalog } from './types.js';

export const loadSpanish = (): Promise<FormCatalog> => import('./es.js').then((module) => module.ES);
