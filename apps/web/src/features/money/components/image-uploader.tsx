import { MAX_IMAGES_PER_PROOF } from '@crm/domain/money';
import { VIEWER_CLASS_NAMES } from '../../../components/image-viewer-mask.ts';
import { ImageViewer, ProgressBar } from 'antd-mobile';
import { useRef, useState } from 'react';
import { moneyTexts as T } from '../texts.ts';
import type { ImageUploads } from './use-image-uploads.ts';
import './money.css';
import { askToConfirm } from '../../../lib/confirm.ts';
import { showErrorToast } from '../../../lib/toast.ts';

export type ImageUploaderProps = {
  uploads: ImageUploads;
  label: string;
  max?: number;
};

/**
 * A 3-column thumbnail grid: camera or gallery (the phone offers both for image/*), a progress bar on
 * each upload, tap a failed one to retry, tap a done one to view full screen and swipe, × to delete
 * after a confirm.
 */
export function ImageUploader({ uploads, label, max = MAX_IMAGES_PER_PROOF }: ImageUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const shown = uploads.items.filter((item) => item.status === 'done');

  const handleRemove = async (key: string) => {
    const confirmed = await askToConfirm(T.deleteImageAsk, T);
    if (!confirmed) return;
    try {
      await uploads.remove(key);
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <div className="uploader" role="group" aria-label={label}>
      <ul className="uploader__grid">
        {uploads.items.map((item) => (
          <li key={item.key} className={`uploader__cell uploader__cell--${item.status}`}>
            {item.status === 'failed' ? (
              <button type="button" className="uploader__retry" onClick={() => uploads.retry(item.key)}>
                <span>{T.uploadFailed}</span>
                {/* The server's reason (a wrong type, too large) says what to do; 上传失败 alone does not. */}
                {item.error ? <span className="uploader__retry-reason">{item.error}</span> : null}
                <span className="uploader__retry-hint">{T.tapToRetry}</span>
              </button>
            ) : (
              <button
                type="button"
                className="uploader__thumb"
                aria-label={T.previewImage(shown.indexOf(item) + 1)}
                disabled={item.status !== 'done'}
                onClick={() => setViewing(shown.indexOf(item))}
              >
                <img src={item.preview} alt="" />
              </button>
            )}
            {item.status === 'uploading' ? (
              <div
                className="uploader__progress"
                role="progressbar"
                aria-label={T.uploadProgress}
                aria-valuenow={Math.round(item.progress * 100)}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <ProgressBar percent={Math.round(item.progress * 100)} />
              </div>
            ) : null}
            <button
              type="button"
              className="uploader__remove"
              aria-label={T.delete}
              onClick={() => void handleRemove(item.key)}
            >
              ×
            </button>
          </li>
        ))}
        {uploads.items.length < max ? (
          <li className="uploader__cell">
            <button type="button" className="uploader__add" onClick={() => input.current?.click()}>
              <span aria-hidden="true">＋</span>
              <span>{T.addImage}</span>
            </button>
          </li>
        ) : null}
      </ul>
      <input
        ref={input}
        className="uploader__input"
        type="file"
        accept="image/*"
        multiple
        aria-label={T.addImage}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Clear it so choosing the same photo again still fires a change.
          event.target.value = '';
          void uploads.addFiles(files, max - uploads.items.length);
        }}
      />
      {/* Keyed by the tapped image: the viewer reads defaultIndex only when it mounts. */}
      <ImageViewer.Multi
        key={viewing ?? -1}
        images={shown.map((item) => item.image?.url ?? item.preview)}
        visible={viewing !== null}
        defaultIndex={viewing ?? 0}
        onClose={() => setViewing(null)}
        classNames={VIEWER_CLASS_NAMES}
      />
    </div>
  );
}
