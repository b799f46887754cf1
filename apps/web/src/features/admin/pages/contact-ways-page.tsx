import { useState } from 'react';
import * as E from '@crm/domain/endpoints/contactways';
import { formatDateTime } from '@crm/domain/datetime';
import {
  CONTACT_WAY_KINDS,
  contactWayCreateSchema,
  type ContactWay,
  type ContactWayKind,
} from '@crm/domain/api/contactways';
import { Link } from 'react-router';
import { askToConfirm } from '../../../lib/confirm.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite } from '../api/admin.ts';
import { useContactWayMembers, useContactWays } from '../api/contact-ways.ts';
import { FormButtons, FormPanel, InputField, inputOf, PlainButton, submitChecked } from '../components/admin-form.tsx';
import { AdminShell, DataTable, Field, queryRows } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.contactWays;
const A = adminTexts;
const KINDS = Object.entries(CONTACT_WAY_KINDS) as [ContactWayKind, string][];
type WayValues = { name: string; kind: ContactWayKind; staff_id: string };

/**
 * /admin/contact-ways: 渠道活码 (issue 50 point 1, decision 083): WeCom contact-me QRs made for a channel, an
 * activity or a partner; a customer who scans one is tagged with it and filed. Offline, 模拟扫码添加 makes the
 * fake WeCom call back as a real scan would.
 */
export function AdminContactWaysPage() {
  const ways = useContactWays();
  const disable = useAdminWrite(E.contactWayDisable);
  const simulate = useAdminWrite(E.contactWaySimulate);
  const [shown, setShown] = useState<number | null>(null);
  const list = ways.data?.list;
  const open = list?.find((way) => way.id === shown);
  return (
    <AdminShell title={A.nav['contact-ways']}>
      <p className="admin-hint">
        {T.hint} <Link to="/admin/contact-ways-stats">{T.statsLink}</Link>
      </p>
      <ContactWayForm />
      {open ? <QrPanel way={open} onClose={() => setShown(null)} /> : null}
      <DataTable<ContactWay>
        columns={[
          [A.name, (way) => way.name],
          [T.kind, (way) => CONTACT_WAY_KINDS[way.kind]],
          [T.member, (way) => way.staff_name],
          [T.customers, (way) => way.customers],
          [A.status, (way) => (way.is_active ? A.active : A.inactive)],
          [T.createdAt, (way) => formatDateTime(way.created_at)],
          [
            A.actions,
            (way) => (
              <>
                <PlainButton onClick={() => setShown(shown === way.id ? null : way.id)}>
                  {shown === way.id ? T.hideQr : T.showQr}
                </PlainButton>
                {ways.data?.demo && way.is_active ? (
                  <PlainButton onClick={() => simulate.mutate({ id: way.id })}>{T.simulate}</PlainButton>
                ) : null}
                {way.is_active ? (
                  <PlainButton
                    onClick={async () => {
                      if (await askToConfirm(T.confirmDisable(way.name), T.disableTexts))
                        disable.mutate({ id: way.id });
                    }}
                  >
                    {T.disable}
                  </PlainButton>
                ) : null}
              </>
            ),
          ],
        ]}
        {...queryRows({ ...ways, data: list })}
        emptyText={T.empty}
      />
    </AdminShell>
  );
}

function QrPanel({ way, onClose }: { way: ContactWay; onClose: () => void }) {
  return (
    <section className="admin-form" aria-label={T.qrAlt(way.name)}>
      <h2>
        {way.name} · {CONTACT_WAY_KINDS[way.kind]}
      </h2>
      <img src={way.qr_code} alt={T.qrAlt(way.name)} width={240} height={240} />
      <p className="admin-hint">{T.qrHint}</p>
      <PlainButton onClick={onClose}>{T.hideQr}</PlainButton>
    </section>
  );
}

const blank: WayValues = { name: '', kind: 'channel', staff_id: '' };

function ContactWayForm() {
  const write = useAdminWrite(E.contactWayCreate);
  const members = useContactWayMembers();
  const form = useSchemaForm<WayValues, unknown>({
    schema: contactWayCreateSchema,
    initial: blank,
    toInput: (v) => ({ ...v, staff_id: v.staff_id === '' ? null : Number(v.staff_id) }),
    idPrefix: 'admin-contact-way-add',
  });
  return (
    <FormPanel title={T.addTitle} onSubmit={submitChecked(form, write, () => form.reset(blank))}>
      <InputField label={T.name} form={form} name="name" />
      <Field label={T.kind} binding={form.field('kind')}>
        <select {...inputOf(form.input('kind'))}>
          {KINDS.map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field label={T.member} binding={form.field('staff_id')}>
        <select {...inputOf(form.input('staff_id'))}>
          <option value="">{T.me}</option>
          {(members.data?.list ?? []).map((member) => (
            <option key={member.id} value={String(member.id)} disabled={!member.bound}>
              {member.bound ? member.name : `${member.name}${T.unbound}`}
            </option>
          ))}
        </select>
      </Field>
      <FormButtons submit={T.generate} pending={write.isPending} />
    </FormPanel>
  );
}
