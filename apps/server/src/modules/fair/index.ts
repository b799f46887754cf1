/*
 * The public surface of modules/fair (the staff's check-in at a fair, decision 051): the lookup the access
 * policy asks about a fair.
 */
export { findFairScope } from './fair.repository.ts';
