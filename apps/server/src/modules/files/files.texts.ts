/** The files module's messages (zh-CN). */
export const FILES_TEXTS = {
  imageNotFound: '图片不存在',
  imageForbidden: '无权查看该图片',
  imageErased: '该图片已按个人信息保存期限删除',
} as const;
