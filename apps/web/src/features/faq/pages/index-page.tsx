import { Button, ErrorBlock, List, SearchBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { PullRefresh } from '../../../components/pull-refresh.tsx';
import { useFaqTree } from '../api/faq.ts';
import { faqTexts as T } from '../texts.ts';
import '../faq.css';

/** /faq/index: search, the copilot, and the types with their categories. */
export function FaqIndexPage() {
  const navigate = useNavigate();
  const tree = useFaqTree();
  const search = (keyword: string) => {
    const text = keyword.trim();
    void navigate(text ? `/faq/list?keyword=${encodeURIComponent(text)}` : '/faq/list');
  };
  return (
    <PullRefresh onRefresh={() => tree.refetch()} texts={T}>
      <div className="page">
        <div className="faq-search">
          <SearchBar placeholder={T.searchPlaceholder} onSearch={search} aria-label={T.search} />
        </div>
        <div className="faq-copilot-entry">
          <Button block color="primary" onClick={() => void navigate('/faq/copilot')}>
            {T.askCopilot}
          </Button>
        </div>
        {tree.isPending ? (
          <PageLoading />
        ) : tree.isError ? (
          <LoadError message={tree.error.message} onRetry={() => void tree.refetch()} />
        ) : tree.data.types.length === 0 ? (
          <ErrorBlock status="empty" title={T.emptyTypes} description="" />
        ) : (
          <>
            <List>
              <List.Item arrowIcon onClick={() => void navigate('/faq/list')}>
                {T.allQuestions}
              </List.Item>
            </List>
            {tree.data.types.map((type) => (
              <List key={type.id} header={type.name}>
                {tree.data.categories
                  .filter((category) => category.type_id === type.id)
                  .map((category) => (
                    <List.Item
                      key={category.id}
                      arrowIcon
                      onClick={() =>
                        void navigate(`/faq/list?category_id=${category.id}&title=${encodeURIComponent(category.name)}`)
                      }
                    >
                      {category.name}
                    </List.Item>
                  ))}
              </List>
            ))}
          </>
        )}
      </div>
    </PullRefresh>
  );
}
