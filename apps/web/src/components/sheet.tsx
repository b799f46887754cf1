import { Popup, type PopupProps } from 'antd-mobile';

/** A bottom sheet shown while `open`; its mask and its close button (where it has one) both call `onClose`. */
export function Sheet({
  open,
  onClose,
  ...popup
}: { open: boolean; onClose: () => void } & Omit<PopupProps, 'visible' | 'onMaskClick' | 'onClose'>) {
  return <Popup visible={open} onMaskClick={onClose} onClose={onClose} {...popup} />;
}
