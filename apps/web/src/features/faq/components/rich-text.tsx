import type { FaqCitation, FaqDetailBlock } from '@crm/domain/api/faq';
import { VIEWER_CLASS_NAMES } from '../../../components/image-viewer-mask.ts';
import { Button, Image, ImageViewer } from 'antd-mobile';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { faqTexts as T } from '../texts.ts';

/** `**bold**` inside a line, as the authors write it; everything else is text (never HTML). */
export function InlineText({ text }: { text: string }) {
  const parts = text.split('**');
  return (
    <>{parts.map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : <Fragment key={i}>{part}</Fragment>))}</>
  );
}

/** An entry's body: headings, paragraphs, list items, and images that open full screen on a tap. */
export function FaqBlocks({ blocks }: { blocks: FaqDetailBlock[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const out: ReactNode[] = [];
  let items: { text: string; ordered: boolean }[] = [];
  const endList = (key: number) => {
    if (items.length === 0) return;
    const ordered = items[0]?.ordered ?? false;
    const lis = items.map((item, i) => (
      <li key={i}>
        <InlineText text={item.text} />
      </li>
    ));
    out.push(ordered ? <ol key={`l${key}`}>{lis}</ol> : <ul key={`l${key}`}>{lis}</ul>);
    items = [];
  };
  blocks.forEach((block, i) => {
    if (block.type === 'item') {
      items.push(block);
      return;
    }
    endList(i);
    if (block.type === 'heading')
      out.push(
        <h3 key={i}>
          <InlineText text={block.text} />
        </h3>,
      );
    else if (block.type === 'paragraph')
      out.push(
        <p key={i}>
          <InlineText text={block.text} />
        </p>,
      );
    else
      out.push(
        <button key={i} type="button" className="faq-image" aria-label={block.alt} onClick={() => setOpen(block.url)}>
          <Image src={block.url} alt={block.alt} fit="contain" lazy />
        </button>,
      );
  });
  endList(blocks.length);
  return (
    <div className="faq-body">
      {out}
      <ImageViewer
        image={open ?? ''}
        visible={open !== null}
        onClose={() => setOpen(null)}
        classNames={VIEWER_CLASS_NAMES}
        renderFooter={() => (
          <div className="faq-image-close">
            <Button fill="outline" onClick={() => setOpen(null)}>
              {T.closeImage}
            </Button>
          </div>
        )}
      />
    </div>
  );
}

/** An answer's text with its citation marks `[n]` as links to the entries they name. */
export function AnswerText({ text, citations }: { text: string; citations: FaqCitation[] }) {
  const parts = text.split(/(\[\d{1,2}\])/);
  return (
    <>
      {parts.map((part, i) => {
        const n = /^\[(\d{1,2})\]$/.exec(part)?.[1];
        const cited = n ? citations.find((c) => c.n === Number(n)) : undefined;
        if (cited)
          return (
            <Link
              key={i}
              className="faq-cite"
              to={`/faq/detail/${cited.id}`}
              aria-label={`出处${cited.n}：${cited.title}`}
            >
              [{cited.n}]
            </Link>
          );
        return <Fragment key={i}>{part}</Fragment>;
      })}
    </>
  );
}
