import { MAX_HOUSE_IMAGE_BYTES } from '@crm/domain/house';
import { VIEWER_CLASS_NAMES } from '../../../components/image-viewer-mask.ts';
import { ImageViewer } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CameraButton } from '../../../components/camera-button.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { useReferral, useUploadConsent } from '../api/houseloan.ts';
import { houseloanTexts as T } from '../texts.ts';
import '../houseloan.css';

/**
 * /houseloan/auth/:id/:type: the client's signed consent, photographed with the phone's camera (capture) and
 * sent through the shared image pipeline (checked by content on the server). Done, the agent waits for a
 * steward (/houseloan/wait); 稍后补拍 leaves it for the 待补授权书 list.
 */
export function HouseloanAuthPage() {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const referral = useReferral(Number.isInteger(id) ? id : 0);
  const upload = useUploadConsent();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  if (!referral.isSuccess) return <QueryFallback query={referral} />;

  const send = async (file: File) => {
    if (file.size > MAX_HOUSE_IMAGE_BYTES) {
      showToast({ content: T.imageTooLarge, icon: 'fail' });
      return;
    }
    setPreview(URL.createObjectURL(file));
    try {
      await upload.mutateAsync({ id, file });
      showToast({ content: T.consentDone, icon: 'success' });
      void navigate(`/houseloan/wait?id=${id}`, { replace: true });
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <div className="page">
      <h3>
        {T.consentTitle} · {referral.data.name}
      </h3>
      <p className="houseloan-muted">{T.consentHint}</p>
      <div className="houseloan-consent">
        {preview ? (
          <button
            type="button"
            className="houseloan-consent__preview"
            onClick={() => ImageViewer.show({ image: preview, classNames: VIEWER_CLASS_NAMES })}
          >
            <img src={preview} alt={T.consentTitle} />
          </button>
        ) : null}
      </div>
      <div className="form-actions">
        <CameraButton
          block
          color="primary"
          size="large"
          loading={upload.isPending}
          inputLabel={T.takePhoto}
          accept="image/jpeg,image/png,image/webp"
          onFile={send}
        >
          {referral.data.has_consent ? T.addConsent : T.takePhoto}
        </CameraButton>
        <Link className="houseloan-muted" to={`/houseloan/wait?id=${id}`}>
          {T.skip}
        </Link>
      </div>
    </div>
  );
}
