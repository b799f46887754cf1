/**
 * What a page test imports: the harness and the record factories, from one place, so a test's header says
 * what it uses and nothing about where the harness keeps it. The per-test lifecycle is in setup.ts.
 */
export * from './render-page.tsx';
export * from './factories.ts';
