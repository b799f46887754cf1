import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';

/** The four texts of the pull gesture; each feature keeps its own in its texts.ts. */
export type PullRefreshTexts = {
  pullToRefresh: string;
  releaseToRefresh: string;
  refreshing: string;
  refreshed: string;
};

export type PullRefreshProps = {
  /** Resolves when the data is fresh; what it resolves to is not read. */
  onRefresh: () => Promise<unknown>;
  texts: PullRefreshTexts;
  children: ReactNode;
};

/** A page that reloads its data when pulled down. */
export function PullRefresh({ onRefresh, texts, children }: PullRefreshProps) {
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={texts.pullToRefresh}
      canReleaseText={texts.releaseToRefresh}
      refreshingText={texts.refreshing}
      completeText={texts.refreshed}
    >
      {children}
    </PullToRefresh>
  );
}
