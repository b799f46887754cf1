import { addProofRequestSchema, type Proof } from '@crm/domain/api/money';
import { labelOf, PROOF_TYPES } from '@crm/domain/money';
import { Button, List, Tag } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChoiceField } from '../../../components/choice-field.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useProofs } from '../api/get-proof.ts';
import { useAddProof, useDelProof } from '../api/proof-mutations.ts';
import { ImageThumbs } from '../components/image-thumbs.tsx';
import { ImageUploader } from '../components/image-uploader.tsx';
import { EmptyState, ListSkeleton, MissingCase, useCaseId } from '../components/page-states.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { RejectPopup } from '../components/reject-popup.tsx';
import { useImageUploads } from '../components/use-image-uploads.ts';
import { moneyTexts as T } from '../texts.ts';
import '../components/money.css';
import { choiceBinding } from '../../../lib/choice-binding.ts';
import { showErrorToast, showToast } from '../../../lib/toast.ts';

/** /business/upload?id=<case>: the case's proofs, a form for a new one, and reject for those who may. */
export function UploadPage() {
  const clientId = useCaseId();
  const proofs = useProofs(clientId);
  const [rejecting, setRejecting] = useState<number | null>(null);

  if (clientId === 0) return <MissingCase />;
  if (proofs.isPending) return <ListSkeleton />;
  if (proofs.isError) return <LoadError message={proofs.error.message} onRetry={() => void proofs.refetch()} />;
  const data = proofs.data;

  return (
    <PullRefresh onRefresh={() => proofs.refetch()} texts={T}>
      <div className="money-page">
        <div className="money-summary">
          <span className="money-summary__name">{data.client.name}</span>
          <Link to={`/business/money?id=${clientId}`}>{T.goMoney}</Link>
        </div>
        {data.can_add ? <NewProofForm clientId={clientId} /> : null}
        <div className="money-section-title">{T.proofsTitle}</div>
        {data.items.length === 0 ? <EmptyState text={T.noProofs} /> : null}
        {data.items.map((proof) => (
          <ProofCard key={proof.id} proof={proof} canWrite={data.can_add} onReject={() => setRejecting(proof.id)} />
        ))}
      </div>
      <RejectPopup proofId={rejecting} onClose={() => setRejecting(null)} />
    </PullRefresh>
  );
}

function NewProofForm({ clientId }: { clientId: number }) {
  const uploads = useImageUploads(clientId);
  const form = useSchemaForm({
    schema: addProofRequestSchema,
    initial: { type: null as number | null },
    toInput: ({ type }) => ({ id: clientId, type: type ?? '', imgs: uploads.imageIds }),
    idPrefix: 'proof',
  });
  const type = form.values.type;
  const add = useAddProof();

  const submit = async () => {
    // The images' own states come first: the schema would only say that none is there yet.
    if (uploads.isBusy) return void showToast({ content: T.imagesBusy });
    if (uploads.hasFailed) return void showToast({ content: T.imagesFailed });
    if (!form.validate() || type === null) return;
    try {
      await add.mutateAsync({ id: clientId, type, imgs: uploads.imageIds });
      showToast({ icon: 'success', content: T.proofSubmitted });
      form.reset({ type: null });
      uploads.reset();
    } catch (error) {
      // What was chosen stays, the message under the field the server names (issue 39) and as a toast.
      form.refuse(error);
    }
  };

  return (
    <section className="money-card" aria-label={T.newProof}>
      <List header={T.newProof}>
        <ChoiceField {...choiceBinding(form, 'type')} label={T.typeLabel} options={PROOF_TYPES} columns={3} />
        <FormField field={form.field('imgs')} label={T.imagesLabel}>
          <ImageUploader uploads={uploads} label={T.imagesLabel} />
        </FormField>
      </List>
      <Button block color="primary" loading={add.isPending} onClick={() => void submit()}>
        {T.uploadProof}
      </Button>
    </section>
  );
}

function ProofCard({ proof, canWrite, onReject }: { proof: Proof; canWrite: boolean; onReject: () => void }) {
  const del = useDelProof();
  const open = proof.rejections.find((rejection) => rejection.resolved_at === null);
  const remove = async () => {
    const confirmed = await askToConfirm(T.deleteProofAsk, T);
    if (!confirmed) return;
    try {
      await del.mutateAsync(proof.id);
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <article className="money-card" aria-label={labelOf(PROOF_TYPES, proof.type)}>
      <div className="money-card__head">
        <strong>{labelOf(PROOF_TYPES, proof.type)}</strong>
        <Tag color={proof.status === 'rejected' ? 'danger' : 'success'}>
          {proof.status === 'rejected' ? T.statusRejected : T.statusSubmitted}
        </Tag>
      </div>
      {open ? (
        <p className="money-card__reason">
          {T.rejectedBecause(open.reason)}（{T.rejectedBy(open.rejected_by.name)}）
        </p>
      ) : null}
      <ImageThumbs images={proof.images} />
      {proof.history.map((version) => (
        <div key={version.version}>
          <div className="money-card__meta">{T.history(version.version)}</div>
          <ImageThumbs images={version.images} faded />
        </div>
      ))}
      <div className="money-card__actions">
        {proof.can_reject ? (
          <Button size="small" color="danger" fill="outline" onClick={onReject}>
            {T.rejectProof}
          </Button>
        ) : null}
        {proof.can_edit ? (
          <Link to="/business/proof">
            <Button size="small" color="primary" fill="outline">
              {T.reupload}
            </Button>
          </Link>
        ) : null}
        {canWrite ? (
          <Button size="small" fill="outline" loading={del.isPending} onClick={() => void remove()}>
            {T.delete}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
