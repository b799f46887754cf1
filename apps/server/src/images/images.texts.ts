/** What an image upload says when it is refused (zh-CN); every module that takes images uses these. */
export const IMAGE_TEXTS = {
  fileEmpty: '文件为空，请重新选择图片',
  fileTooLarge: '图片不能超过 10 MB',
  notAnImage: '只能上传 JPG、PNG 或 WebP 图片',
  imageBroken: '图片已损坏或不完整，请重新拍摄或选择',
  tooManyPixels: '图片像素过高，请调低相机分辨率后重新拍摄',
} as const;
