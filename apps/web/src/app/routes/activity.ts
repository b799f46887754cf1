import type { SectionPages } from './section-pages.ts';

/** The activity section's pages (one lazy chunk). Pages are added here as their features are built. */
export const pages: SectionPages = {};
