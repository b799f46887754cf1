import { ConsentConfirmPage } from '../../features/esign/pages/consent-page.tsx';
import { EsignSignPage } from '../../features/esign/pages/sign-page.tsx';
import {
  EsignAddPage,
  EsignDetailPage,
  EsignEvidencePage,
  EsignListPage,
  EsignOpenPage,
  EsignSuccessPage,
} from '../../features/esign/pages/staff-pages.tsx';
import { EsignVerifyPage } from '../../features/esign/pages/verify-page.tsx';
import type { ChunkPages } from './chunk-pages.ts';

/** Electronic signing (decision 054): the staff's orders and the client's signing page, one chunk. */
export const pages: ChunkPages = {
  '/interface/esign': EsignSignPage,
  '/interface/esign/list': EsignListPage,
  '/interface/esign/add/:user_id': EsignAddPage,
  '/interface/esign/open/:id': EsignOpenPage,
  '/interface/esign/evidence/:id': EsignEvidencePage,
  '/interface/esign/detail/:id': EsignDetailPage,
  '/interface/esign/success': EsignSuccessPage,
  // Anyone checks a PDF they hold (issue 48): no login, the file's own bytes.
  '/interface/esign/verify': EsignVerifyPage,
  // The client's consent (decision 073): the same public reader as signing, its own link.
  '/interface/consent': ConsentConfirmPage,
};
