import { HOUSE_IMAGE_TYPES, MAX_HOUSE_IMAGE_BYTES } from '@crm/domain/house';
import { VIEWER_CLASS_NAMES } from '../../../components/image-viewer-mask.ts';
import { ImageUploader, ImageViewer, Skeleton, type ImageUploadItem } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { askToConfirm } from '../../../lib/confirm.ts';
import { showToast } from '../../../lib/toast.ts';
import { toastedWrite } from '../components/send-form.ts';
import { houseImgQueryOptions, useAddHouseImg, useDelHouseImg, useHouseImg } from '../api/house-images.ts';
import { houseTexts as t } from '../texts.ts';
import '../components/house.css';

/**
 * /business/houseUpload/:id/:house_type: a client's images of one type; tap one to see it full screen, × to
 * delete one after a confirmation while the server says it may go (a new client's, decision 033).
 */
export function HouseUploadPage() {
  const params = useParams();
  const id = Number(params.id ?? 0);
  const houseType = Number(params.house_type ?? 0);
  const images = useHouseImg(id, houseType);
  const upload = useAddHouseImg();
  const remove = useDelHouseImg();
  const queryClient = useQueryClient();
  const typeLabel = HOUSE_IMAGE_TYPES.find((x) => x.value === houseType)?.label ?? '';

  if (images.isPending) return <Skeleton.Paragraph lineCount={4} animated />;
  if (images.isError) return <LoadError message={images.error.message} onRetry={() => void images.refetch()} />;
  const urls = images.data.map((img) => img.url);
  const items: ImageUploadItem[] = images.data.map((img) => ({ key: img.id, url: img.url }));
  // One client's images share its status, so they are all deletable or none is.
  const deletable = images.data.some((img) => img.deletable);

  const removeImage = async (item: ImageUploadItem): Promise<boolean> => {
    if (!(await askToConfirm(t.deleteImageConfirm, t))) return false;
    return toastedWrite(() => remove.mutateAsync(Number(item.key)), t.deleted);
  };

  return (
    <div className="page">
      <h3>{typeLabel}</h3>
      <ImageUploader
        value={items}
        accept="image/jpeg,image/png,image/webp"
        deletable={deletable}
        deleteIcon={
          <span className="house-image-delete" role="button" aria-label={t.deleteImage}>
            ×
          </span>
        }
        onDelete={removeImage}
        preview={false}
        onPreview={(index) =>
          ImageViewer.Multi.show({ images: urls, defaultIndex: index, classNames: VIEWER_CLASS_NAMES })
        }
        beforeUpload={(file) => {
          if (file.size > MAX_HOUSE_IMAGE_BYTES) {
            showToast({ content: t.imageTooLarge });
            return null;
          }
          return file;
        }}
        upload={async (file) => {
          const before = new Set(images.data.map((img) => img.id));
          try {
            await upload.mutateAsync({ id, houseType, file });
            showToast({ content: t.uploaded, icon: 'success' });
          } catch (error) {
            showToast({ content: error instanceof Error ? error.message : String(error) });
            throw error;
          }
          // The uploader drops its own tile once the list holds the same url: answering with the server's
          // url of the new image (the list is re-read on success) shows it once, as the server has it,
          // instead of a local copy beside it that a reload would not show.
          const after = await queryClient.fetchQuery(houseImgQueryOptions(id, houseType));
          const added = after.find((img) => !before.has(img.id));
          return { url: added?.url ?? URL.createObjectURL(file) };
        }}
      />
      {urls.length === 0 ? <p>{t.noImages}</p> : null}
    </div>
  );
}
