import type { OutsideProduct } from '@crm/domain/api/outside';
import { fenToWan } from '@crm/domain/money';
import { Button, ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { Sheet } from '../../../components/sheet.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { useBanks, useBranches, useProducts } from '../api/partners.ts';
import { outsideTexts as T } from '../texts.ts';
import { FormAction } from '../../../components/form-action.tsx';

type Bank = { id: number; name: string };

function BranchSheet({ bank, onClose }: { bank: Bank | null; onClose: () => void }) {
  const branches = useBranches(bank?.id ?? null);
  return (
    <Sheet open={bank !== null} onClose={onClose} bodyStyle={{ maxHeight: '70vh', overflowY: 'auto' }}>
      {bank ? (
        <List header={T.branches(bank.name)}>
          {branches.isPending ? (
            <Skeleton.Paragraph lineCount={4} animated />
          ) : branches.isError ? (
            <LoadError message={branches.error.message} onRetry={() => void branches.refetch()} />
          ) : branches.data.length === 0 ? (
            <ErrorBlock status="empty" title={T.noBranches} description="" />
          ) : (
            branches.data.map((branch) => <List.Item key={branch.id}>{branch.name}</List.Item>)
          )}
        </List>
      ) : null}
      <FormAction onClick={onClose}>{T.close}</FormAction>
    </Sheet>
  );
}

/** /outside/product: what a partner can refer for; tapping a bank lists its branches. */
export function OutsideProductPage() {
  const products = useProducts();
  const banks = useBanks();
  const [bank, setBank] = useState<Bank | null>(null);
  if (!products.isSuccess) return <QueryFallback query={products} />;
  const row = (product: OutsideProduct) => {
    const productBank = banks.data?.find((row) => row.id === product.bank_id) ?? null;
    return (
      <List.Item
        key={product.id}
        description={
          <>
            <div>{T.amountRange(fenToWan(product.min_amount_fen), fenToWan(product.max_amount_fen))}</div>
            <div>{T.terms(product.terms)}</div>
          </>
        }
        extra={
          productBank ? (
            <Button size="mini" fill="none" color="primary" onClick={() => setBank(productBank)}>
              {product.bank_name}
            </Button>
          ) : (
            product.bank_name
          )
        }
      >
        {product.name}
      </List.Item>
    );
  };
  return (
    <PullRefresh onRefresh={() => products.refetch()} texts={T}>
      <div className="page">
        {products.data.length === 0 ? (
          <ErrorBlock status="empty" title={T.empty} description="" />
        ) : (
          <List mode="card">{products.data.map(row)}</List>
        )}
      </div>
      <BranchSheet bank={bank} onClose={() => setBank(null)} />
    </PullRefresh>
  );
}
