import { formatDay } from '@crm/domain/datetime';
import type { ProofRejectionItem } from '@crm/domain/api/money';
import { labelOf, PROOF_TYPES } from '@crm/domain/money';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProofRejections } from '../api/get-proof-rejections.ts';
import { useUpdateProof } from '../api/proof-mutations.ts';
import { ImageThumbs } from '../components/image-thumbs.tsx';
import { ImageUploader } from '../components/image-uploader.tsx';
import { EmptyState, FormSheet, ListSkeleton, MoreFooter } from '../components/page-states.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { useImageUploads } from '../components/use-image-uploads.ts';
import { moneyTexts as T } from '../texts.ts';
import '../components/money.css';

/** /business/proof: the caller's rejected proofs, each with its reason and a re-upload. */
export function ProofPage() {
  const rejections = useProofRejections();
  const [redoing, setRedoing] = useState<ProofRejectionItem | null>(null);

  if (rejections.isPending) return <ListSkeleton />;
  if (rejections.error)
    return <LoadError message={rejections.error.message} onRetry={() => void rejections.refresh()} />;
  const items = rejections.items;

  return (
    <PullRefresh onRefresh={rejections.refresh} texts={T}>
      <div className="money-page">
        {items.length === 0 ? <EmptyState text={T.noRejections} /> : null}
        {items.map((item) => (
          <article
            key={item.id}
            className="money-card"
            aria-label={`${item.client.name} ${labelOf(PROOF_TYPES, item.type)}`}
          >
            <div className="money-card__head">
              <strong>
                {item.client.name} · {labelOf(PROOF_TYPES, item.type)}
              </strong>
              <span className="money-card__meta">{formatDay(item.created_at)}</span>
            </div>
            <p className="money-card__reason">{T.rejectedBecause(item.reason)}</p>
            <div className="money-card__meta">{T.rejectedBy(item.rejected_by.name)}</div>
            <ImageThumbs images={item.images} />
            <div className="money-card__actions">
              <Link to={`/business/upload?id=${item.client.id}`}>
                <Button size="small" fill="outline">
                  {T.goUpload}
                </Button>
              </Link>
              <Button size="small" color="primary" onClick={() => setRedoing(item)}>
                {T.reupload}
              </Button>
            </div>
          </article>
        ))}
        <MoreFooter list={rejections} />
      </div>
      <FormSheet visible={redoing !== null} onClose={() => setRedoing(null)}>
        {redoing ? <ReuploadForm item={redoing} onDone={() => setRedoing(null)} /> : null}
      </FormSheet>
    </PullRefresh>
  );
}

/** Starts from the rejected images: remove the bad ones, add new ones, submit as the next version. */
function ReuploadForm({ item, onDone }: { item: ProofRejectionItem; onDone: () => void }) {
  const uploads = useImageUploads(item.client.id, item.images);
  const update = useUpdateProof();
  const submit = async () => {
    if (uploads.isBusy) return void showToast({ content: T.imagesBusy });
    if (uploads.hasFailed) return void showToast({ content: T.imagesFailed });
    try {
      await update.mutateAsync({ id: item.proof_id, imgs: uploads.imageIds });
      showToast({ icon: 'success', content: T.proofResubmitted });
      onDone();
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <div className="money-form">
      <div className="money-form__title">{T.reuploadTitle}</div>
      <p className="money-card__reason">{T.rejectedBecause(item.reason)}</p>
      <ImageUploader uploads={uploads} label={T.imagesLabel} />
      <Button block color="primary" loading={update.isPending} onClick={() => void submit()}>
        {T.submit}
      </Button>
    </div>
  );
}
