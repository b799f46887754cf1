import { formatFen } from '@crm/domain/money';

/**
 * A calculator result in yuan, shown in the one money format ("¥1,234.56"). The calculator works in
 * floats for display only (nothing it computes is stored), so rounding to the fen here is safe.
 */
export function formatYuan(value: number): string {
  return formatFen(Math.round(value * 100));
}

/** A rate in percent, as many decimals as it has (at most 4). */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('zh-CN', { maximumFractionDigits: 4 })}%`;
}
