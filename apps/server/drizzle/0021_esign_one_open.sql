-- Decision 054: one open e-sign order per case. Before this index, repeated or concurrent adds made several
-- live orders, each with a signing link, for one case. Of each case's open orders keep one: the one whose
-- signer has already acted on it (opened the link, asked for a code, read a page: that is the link the
-- client is using), else the newest (the last link the staff member was shown, drawn from the case's latest
-- terms). The others are cancelled as a cancel does it (link and signer sessions gone), with a `cancelled`
-- event by `system` appended to each one's evidence chain, hashed as esign.chain.ts hashes events.
DO $$
DECLARE
  extra record;
  stamp text := to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD"T"HH24:MI:SS.MS') || '+08:00';
  detail text := '{"reason":"one_open_order"}';
  next_hash text;
BEGIN
  FOR extra IN
    SELECT ranked.id, ranked.corp_id, ranked.chain_head, ranked.event_count
    FROM (
      SELECT o.id, o.corp_id, o.chain_head, o.event_count,
        row_number() OVER (
          PARTITION BY o.corp_id, o.client_id
          ORDER BY EXISTS (SELECT 1 FROM esign_events e WHERE e.order_id = o.id AND e.actor = 'signer') DESC, o.id DESC
        ) AS place
      FROM esign_orders o
      WHERE o.status = 'sent'
    ) ranked
    WHERE ranked.place > 1
  LOOP
    next_hash := encode(sha256(convert_to(
      '[' || extra.id || ',' || (extra.event_count + 1) || ',"cancelled","system","","",' || to_json(stamp)::text
        || ',' || detail || ',' || to_json(extra.chain_head)::text || ']',
      'UTF8')), 'hex');
    INSERT INTO esign_events (corp_id, order_id, seq, type, actor, ip, user_agent, at, detail, prev_hash, hash)
    VALUES (extra.corp_id, extra.id, extra.event_count + 1, 'cancelled', 'system', '', '', stamp, detail::jsonb,
      extra.chain_head, next_hash);
    UPDATE esign_orders
    SET status = 'cancelled', cancelled_at = now(), link_token_hash = NULL, link_expires_at = NULL,
      chain_head = next_hash, event_count = extra.event_count + 1
    WHERE id = extra.id;
    DELETE FROM esign_sessions WHERE order_id = extra.id;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "esign_orders_one_open" ON "esign_orders" USING btree ("corp_id","client_id") WHERE status = 'sent';