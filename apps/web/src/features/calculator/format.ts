/** Yuan with two decimals and thousands separators. */
export function formatYuan(value: number): string {
  return value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A rate in percent, as many decimals as it has (at most 4). */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('zh-CN', { maximumFractionDigits: 4 })}%`;
}
