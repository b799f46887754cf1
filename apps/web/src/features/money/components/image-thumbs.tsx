import type { ProofImage } from '@crm/domain/api/money';
import { VIEWER_CLASS_NAMES } from '../../../components/image-viewer-mask.ts';
import { ImageViewer } from 'antd-mobile';
import { useState } from 'react';
import { moneyTexts as T } from '../texts.ts';
import './money.css';

/** Read-only thumbnails; a tap opens the full images full screen, swiping between them. */
export function ImageThumbs({
  images,
  faded = false,
  compact = false,
}: {
  images: ProofImage[];
  faded?: boolean;
  /** Small fixed-size thumbs in one row, for a list row (the leader's to-confirm list). */
  compact?: boolean;
}) {
  const [viewing, setViewing] = useState<number | null>(null);
  if (images.length === 0) return null;
  return (
    <>
      <ul className={`thumbs${faded ? ' thumbs--faded' : ''}${compact ? ' thumbs--compact' : ''}`}>
        {images.map((image, index) => (
          <li key={image.id}>
            <button
              type="button"
              className="thumbs__item"
              aria-label={T.previewImage(index + 1)}
              onClick={() => setViewing(index)}
            >
              <img src={image.thumb_url} alt="" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      {/* Keyed by the tapped image: the viewer reads defaultIndex only when it mounts. */}
      <ImageViewer.Multi
        key={viewing ?? -1}
        images={images.map((image) => image.url)}
        visible={viewing !== null}
        defaultIndex={viewing ?? 0}
        onClose={() => setViewing(null)}
        classNames={VIEWER_CLASS_NAMES}
      />
    </>
  );
}
