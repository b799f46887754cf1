import { VALIDATION_MESSAGES } from '../validation/messages.ts';

/** Messages of the case form. Format messages are spec §5's (VALIDATION_MESSAGES); the rest are ours. */
export const CASE_MESSAGES = {
  ...VALIDATION_MESSAGES,
  nameRequired: '客户姓名必填',
  nameTooLong: '客户姓名不能超过 20 个字',
  idNumberRequired: '身份证号码必填',
  idNumberCheck: '身份证号码校验失败，请核对',
  amountRequired: '贷款金额必填',
  termRequired: '贷款期限必选',
  termInvalid: '贷款期限无效',
  optionInvalid: '选项无效',
  remarksTooLong: '备注不能超过 500 个字',
  reasonRequired: '请填写原因',
  reasonTooLong: '原因不能超过 200 个字',
  rejectReasonRequired: '请选择驳回原因',
  noteRequired: '请填写跟进内容',
  nextContactRequired: '请选择下次联系时间',
  statusInvalid: '状态无效',
  idInvalid: '记录无效',
} as const;
