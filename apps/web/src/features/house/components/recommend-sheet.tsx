import { formatDateTime } from '@crm/domain/datetime';
import { formatFen } from '@crm/domain/money';
import { List, Skeleton } from 'antd-mobile';
import { Sheet } from '../../../components/sheet.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { RevealableValue } from '../../../components/masked-value.tsx';
import { revealHouseNumber } from '../api/reveal-order-card.ts';
import { useRecommendDetail } from '../api/house-recommends.ts';
import { houseTexts as t } from '../texts.ts';

/**
 * A recommendation's own record, in a sheet over its list: it is no house client yet, so it has no page of
 * its own. Its fields are read from the server, which masks the phone (decision 065): 查看 shows it whole and the server logs who looked.
 */
export function RecommendSheet({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useRecommendDetail(id);
  return (
    <Sheet
      open={id !== null}
      onClose={onClose}
      showCloseButton
      bodyStyle={{ borderTopLeftRadius: 8, borderTopRightRadius: 8, minHeight: '40vh' }}
    >
      <div role="dialog" aria-label={t.recommendDetail}>
        {detail.isPending ? (
          <Skeleton.Paragraph lineCount={5} animated />
        ) : detail.isError ? (
          <LoadError message={detail.error.message} onRetry={() => void detail.refetch()} />
        ) : (
          <List header={t.recommendDetail}>
            <List.Item extra={detail.data.name}>{t.name}</List.Item>
            <List.Item
              extra={
                <RevealableValue
                  kind="phone"
                  value={detail.data.phone}
                  reveal={() => revealHouseNumber('recommend', detail.data.id)}
                />
              }
            >
              {t.phone}
            </List.Item>
            <List.Item extra={detail.data.channel_name ?? t.channelNone}>{t.channel}</List.Item>
            <List.Item extra={detail.data.intent_amount_fen > 0 ? formatFen(detail.data.intent_amount_fen) : '—'}>
              {t.intentAmountShown}
            </List.Item>
            <List.Item extra={detail.data.remark || '—'}>{t.remark}</List.Item>
            <List.Item extra={detail.data.staff_name}>{t.recommendedBy}</List.Item>
            <List.Item extra={formatDateTime(detail.data.created_at)}>{t.recommendedAt}</List.Item>
          </List>
        )}
      </div>
    </Sheet>
  );
}
