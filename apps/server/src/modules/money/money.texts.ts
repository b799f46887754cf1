import { VALIDATION_MESSAGES } from '@crm/domain/validation';
import { IMAGE_TEXTS } from '../../images/images.texts.ts';
/** Messages of the repayment and proof calls, shown to the person as they are. */
export const MONEY_TEXTS = {
  fileMissing: '请选择要上传的图片',
  // Spec §5's, from its one table.
  amountFormat: VALIDATION_MESSAGES.amountFormat,
  amountTooLarge: VALIDATION_MESSAGES.amountTooLarge,
  ...IMAGE_TEXTS,
  recordNotFound: '记录不存在',
  imageNotFound: '图片不存在',
  imageForbidden: '无权查看该图片',
  imageOfOtherCase: '图片不属于该案件',
  imageInUse: '图片已被其他凭证或还款记录使用',
  imageAttached: '已提交的图片不能删除，如需更换请重新上传凭证',
  tooManyProofs: '该案件的凭证已达上限',
  proofNotRejected: '只有被驳回的凭证可以重新上传',
  proofAlreadyRejected: '该凭证已被驳回，等待重新上传',
  cannotConfirmOwn: '不能确认自己登记的还款',
  alreadyConfirmed: '该还款已确认，不能修改或删除',
  keyReused: '请求标识已用于其他案件，请刷新页面后重试',
  ocrNothing: '未能识别出号码，请对准卡片重新拍摄',
  ocrUnavailable: '识别服务暂不可用，请手动输入',
  ocrTimeout: '识别超时，请手动填写',
  ocrBusy: '识别请求过多，请稍后再试',
  uploaded: '上传成功',
  added: '保存成功',
  deleted: '删除成功',
  confirmed: '已确认',
  rejected: '已驳回',
} as const;
