import type { ComponentType } from 'react';

/**
 * What a page chunk (one per feature, `app/routes/<chunk>.ts`) exports: its pages keyed by the router
 * pattern (e.g. '/business/list'). A pattern no chunk serves renders the shared "功能建设中" placeholder.
 */
export type ChunkPages = Partial<Record<string, ComponentType>>;
