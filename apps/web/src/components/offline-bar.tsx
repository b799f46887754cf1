import { formatDateTime } from '@crm/domain/datetime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { clearFinished, flushOutbox, listOutbox, OUTBOX_EVENT, type OutboxItem } from '../lib/outbox.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { offlineTexts as T } from './offline-texts.ts';
import './offline-bar.css';

/** While writes wait and the phone is online, another try this often (a server that was down comes back). */
const RETRY_MS = 30_000;

const isOnline = () => globalThis.navigator?.onLine !== false;

/**
 * The signed-in pages' offline bar (issue 49, decision 082). It registers the service worker, sends the writes
 * kept offline when the network returns (lib/outbox.ts), and says what is going on: offline (pages show what was
 * kept), how many writes wait, what was sent and what the server refused; a tap lists them. Nothing shows while
 * the phone is online with nothing kept.
 */
export default function OfflineBar() {
  const queryClient = useQueryClient();
  const [online, setOnline] = useState(isOnline);
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [isOpen, setIsOpen] = useState(false);

  const reload = useCallback(() => {
    listOutbox().then(setItems, () => setItems([]));
  }, []);

  const flush = useCallback(async () => {
    if (!isOnline()) return;
    const sent = await flushOutbox().catch(() => 0);
    // The lists and the home page's counts now include what was sent.
    if (sent > 0) await queryClient.invalidateQueries();
  }, [queryClient]);

  useEffect(() => {
    void registerServiceWorker(() => void queryClient.refetchQueries({ type: 'active' }));
    reload();
    void flush();
    const goOnline = () => {
      setOnline(true);
      void flush();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    window.addEventListener(OUTBOX_EVENT, reload);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      window.removeEventListener(OUTBOX_EVENT, reload);
    };
  }, [reload, flush, queryClient]);

  const waiting = items.filter((item) => item.state === 'waiting').length;
  const sent = items.filter((item) => item.state === 'sent').length;
  const refused = items.filter((item) => item.state === 'refused').length;

  useEffect(() => {
    if (waiting === 0 || !online) return;
    void flush();
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, online, flush]);

  if (online && items.length === 0) return null;

  const lines = [
    online ? null : T.offline,
    waiting > 0 ? (online ? T.sending(waiting) : T.waiting(waiting)) : null,
    refused > 0 ? T.refused(refused) : null,
    sent > 0 ? T.sent(sent) : null,
  ].filter((line): line is string => line !== null);

  return (
    <section className={`offline-bar${refused > 0 ? ' offline-bar--refused' : ''}`} aria-label={T.listTitle}>
      {items.length > 0 ? (
        <button
          type="button"
          className="offline-bar__summary"
          aria-expanded={isOpen}
          onClick={() => setIsOpen((open) => !open)}
        >
          <span role="status">{lines.join(' · ')}</span>
          <span className="offline-bar__toggle">{isOpen ? T.hide : T.show}</span>
        </button>
      ) : (
        <p className="offline-bar__summary" role="status">
          {lines.join(' · ')}
        </p>
      )}
      {isOpen && items.length > 0 ? (
        <div className="offline-bar__list">
          <ul>
            {items.map((item) => (
              <li key={item.key} className={`offline-bar__item offline-bar__item--${item.state}`}>
                <span className="offline-bar__state">{T.states[item.state]}</span>
                <span className="offline-bar__label">{item.label}</span>
                <span className="offline-bar__time">{T.queuedAt(formatDateTime(new Date(item.queuedAt)))}</span>
                {item.state === 'refused' ? (
                  <span className="offline-bar__message" role="alert">
                    {item.message} {T.refusedHint}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {sent + refused > 0 ? (
            <button type="button" className="link-button link-button--ghost" onClick={() => void clearFinished()}>
              {T.clearFinished}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
