/** The files module's messages (zh-CN). */
export const FILES_TEXTS = {
  imageNotFound: '图片不存在',
  imageForbidden: '无权查看该图片',
} as const;
