import { Button, List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { showToast } from '../lib/toast.ts';
import { componentTexts as T } from './texts.ts';
import './link-qr.css';

/**
 * A link someone else opens (an invitation, a portal's login): its QR code to scan or save, and the link with
 * a copy button for a chat. `children` are further list items (an invite code, say).
 */
export function LinkQr(props: { png: string; link: string; alt: string; label: string; children?: ReactNode }) {
  const copy = () =>
    navigator.clipboard.writeText(props.link).then(
      () => showToast({ content: T.copied, icon: 'success' }),
      () => showToast({ content: T.copyFailed }),
    );
  return (
    <div className="link-qr">
      <img className="link-qr__img" src={props.png} alt={props.alt} width={220} height={220} />
      <List mode="card">
        {props.children}
        <List.Item
          description={<span className="link-qr__link">{props.link}</span>}
          extra={
            <Button size="small" color="primary" fill="outline" onClick={() => void copy()}>
              {T.copy}
            </Button>
          }
        >
          {props.label}
        </List.Item>
      </List>
    </div>
  );
}
