import type { ComponentType } from 'react';

/**
 * What a section chunk exports: its built pages keyed by the router pattern (e.g. '/business/list').
 * A pattern with no page yet renders the shared "功能建设中" placeholder.
 */
export type SectionPages = Partial<Record<string, ComponentType>>;
