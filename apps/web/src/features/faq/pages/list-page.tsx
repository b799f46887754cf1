import type { FaqListItem } from '@crm/domain/api/faq';
import { ErrorBlock, SearchBar } from 'antd-mobile';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PagedList } from '../../../components/paged-list.tsx';
import { useFaqList, type FaqFilter } from '../api/faq.ts';
import { faqTexts as T } from '../texts.ts';
import '../faq.css';

const idParam = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** /faq/list?keyword=…|category_id=…: search results in rank order, or a category's entries; pull to refresh. */
export function FaqListPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const categoryId = idParam(params.get('category_id'));
  const filter: FaqFilter = {
    ...(keyword ? { keyword } : {}),
    ...(categoryId === undefined ? {} : { categoryId }),
  };
  const list = useFaqList(filter);
  return (
    <div className="page">
      <div className="faq-search">
        <SearchBar
          key={keyword}
          defaultValue={keyword}
          placeholder={T.searchPlaceholder}
          aria-label={T.search}
          onSearch={(text) =>
            void navigate(text.trim() ? `/faq/list?keyword=${encodeURIComponent(text.trim())}` : '/faq/list', {
              replace: true,
            })
          }
        />
      </div>
      {!list.isPending && !list.error && list.items.length === 0 ? (
        <ErrorBlock status="empty" title={T.emptyList} description={<Link to="/faq/copilot">{T.emptyListHint}</Link>} />
      ) : (
        <PagedList<FaqListItem>
          list={list}
          renderItem={(item) => (
            <Link className="referral-row" to={`/faq/detail/${item.id}`}>
              <strong>{item.title}</strong>
              <div className="faq-meta">
                {item.category_name} · {T.views(item.views)}
              </div>
              <div>{item.summary}</div>
            </Link>
          )}
        />
      )}
    </div>
  );
}
