import * as F from '@crm/domain/endpoints/faq-authoring';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { readQuery, useEndpointList } from '../../../lib/read-query.ts';

/*
 * What FAQ authors keep beside the entries (issue 46, decision 069) through their endpoint contracts: the
 * company's synonym groups and the questions the copilot could not answer. Writes go through useAdminWrite.
 */

/** The company's own synonym groups, oldest first (a whole list: a company keeps tens, not thousands). */
export const useFaqSynonyms = readQuery(endpointKey(F.faqSynonyms), F.faqSynonyms, { method: 'GET' });

/** The unanswered questions, newest first, twenty a page; every page also says how many there are. */
export const useFaqUnanswered = () => useEndpointList(endpointKey(F.faqUnanswered), F.faqUnanswered, {}, 'GET');
