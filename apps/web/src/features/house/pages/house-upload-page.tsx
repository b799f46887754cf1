import { HOUSE_IMAGE_TYPES, MAX_HOUSE_IMAGE_BYTES } from '@crm/domain/house';
import { ImageUploader, ImageViewer, Skeleton, type ImageUploadItem } from 'antd-mobile';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useAddHouseImg, useHouseImg } from '../api/house-images.ts';
import { houseTexts as t } from '../texts.ts';
import '../components/house.css';

/** /business/houseUpload/:id/:house_type: a client's images of one type; tap one to see it full screen. */
export function HouseUploadPage() {
  const params = useParams();
  const id = Number(params.id ?? 0);
  const houseType = Number(params.house_type ?? 0);
  const images = useHouseImg(id, houseType);
  const upload = useAddHouseImg();
  const typeLabel = HOUSE_IMAGE_TYPES.find((x) => x.value === houseType)?.label ?? '';

  if (images.isPending) return <Skeleton.Paragraph lineCount={4} animated />;
  if (images.isError) return <LoadError message={images.error.message} onRetry={() => void images.refetch()} />;
  const urls = images.data.map((img) => img.url);
  const items: ImageUploadItem[] = images.data.map((img) => ({ key: img.id, url: img.url }));

  return (
    <div className="page">
      <h3>{typeLabel}</h3>
      <ImageUploader
        value={items}
        accept="image/jpeg,image/png,image/webp"
        deletable={false}
        preview={false}
        onPreview={(index) => ImageViewer.Multi.show({ images: urls, defaultIndex: index })}
        beforeUpload={(file) => {
          if (file.size > MAX_HOUSE_IMAGE_BYTES) {
            showToast({ content: t.imageTooLarge });
            return null;
          }
          return file;
        }}
        upload={async (file) => {
          try {
            await upload.mutateAsync({ id, houseType, file });
            showToast({ content: t.uploaded, icon: 'success' });
          } catch (error) {
            showToast({ content: error instanceof Error ? error.message : String(error) });
            throw error;
          }
          return { url: URL.createObjectURL(file) };
        }}
      />
      {urls.length === 0 ? <p>{t.noImages}</p> : null}
    </div>
  );
}
