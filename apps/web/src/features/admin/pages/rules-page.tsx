import * as E from '@crm/domain/endpoints/admin';
import { adminSettingsSchema } from '@crm/domain/api/admin';
import { fenToYuan, yuanToFen } from '@crm/domain/money';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useAdminWrite, useSettings } from '../api/admin.ts';
import {
  FieldGroup,
  FormButtons,
  inputOf,
  LoadedEdit,
  submitChecked,
  type FieldSpec,
} from '../components/admin-form.tsx';
import { AdminShell, Field } from '../components/admin-shell.tsx';
import { adminTexts } from '../texts.ts';

const T = adminTexts.rules;
const A = adminTexts;
type RuleValues = {
  referral_protection_days: string;
  over_limit_rate_bp: string;
  over_limit_amount: string;
  all_in_cost_cap: string;
  clawback_window_days: string;
  /** '' while the server has not said (kept as it is). */
  clawback_mode: '' | 'full' | 'partial';
  statement_day: string;
  partner_commission_bp: string;
  pool_days: string;
  pool_warn_days: string;
  pool_claims_per_day: string;
  nudge_days: string;
  esign_expiry_days: string;
  duplicate_checks_per_day: string;
  log_retention_months: string;
  closed_case_retention_years: string;
};
/** A percent as typed (24, 22.5) in basis points; what is not a number goes on for the schema to refuse. */
const percentToBp = (text: string) => (text.trim() === '' ? NaN : Math.round(Number(text) * 100));
const LEDGER_FIELDS = ['clawback_window_days', 'statement_day', 'partner_commission_bp'] as const;
const KEPT_FIELDS = [
  'pool_days',
  'pool_warn_days',
  'pool_claims_per_day',
  'nudge_days',
  'esign_expiry_days',
  'duplicate_checks_per_day',
  'log_retention_months',
  'closed_case_retention_years',
  ...LEDGER_FIELDS,
] as const;
/** A pool, ledger or retention setting left blank keeps the company's value (the server's rule for a field left out). */
const wholeOrKept = (value: string) => (value.trim() === '' ? undefined : Number(value));

type TextKey = Exclude<keyof RuleValues, 'clawback_mode'>;
const whole = (label: string, name: TextKey): FieldSpec<TextKey> => ({ label, name, inputMode: 'numeric' });
/** The page's groups in order, each under its hint; the claw-back mode's select follows the claw-back window. */
const GROUPS: readonly { hint?: string; fields: FieldSpec<TextKey>[]; withClawbackMode?: true }[] = [
  { hint: T.protectionHint, fields: [whole(T.protectionDays, 'referral_protection_days')] },
  {
    hint: T.overLimitHint,
    fields: [
      whole(T.overLimitRate, 'over_limit_rate_bp'),
      { label: T.overLimitAmount, name: 'over_limit_amount', schemaKey: 'over_limit_amount_fen', inputMode: 'decimal' },
    ],
  },
  {
    hint: T.costCapHint,
    fields: [{ label: T.costCap, name: 'all_in_cost_cap', schemaKey: 'all_in_cost_cap_bp', inputMode: 'decimal' }],
  },
  { hint: T.ledgerHint, fields: [whole(T.clawbackWindowDays, 'clawback_window_days')], withClawbackMode: true },
  {
    fields: [whole(T.statementDay, 'statement_day'), whole(T.partnerCommissionBp, 'partner_commission_bp')],
  },
  {
    hint: T.poolHint,
    fields: [
      whole(T.poolDays, 'pool_days'),
      whole(T.poolWarnDays, 'pool_warn_days'),
      whole(T.poolClaimsPerDay, 'pool_claims_per_day'),
      whole(T.duplicateChecksPerDay, 'duplicate_checks_per_day'),
    ],
  },
  { hint: T.nudgeHint, fields: [whole(T.nudgeDays, 'nudge_days')] },
  { hint: T.esignHint, fields: [whole(T.esignExpiryDays, 'esign_expiry_days')] },
  {
    hint: T.retentionHint,
    fields: [
      whole(T.logRetentionMonths, 'log_retention_months'),
      whole(T.closedCaseRetentionYears, 'closed_case_retention_years'),
    ],
  },
];

/**
 * /admin/rules: the lead-protection period, the over-limit brokerage rule, the commission ledger's settings
 * (decision 067: claw-back window and mode, statement day, the partner's rate), the public pool's settings of
 * the company (decision 066: days without a follow-up, warning days, claims a day, the nudge's days, duplicate checks a day) and
 * the retention periods (decision 071: logs at least six months, a closed case's personal data).
 */
export function AdminRulesPage() {
  const settings = useSettings();
  return (
    <AdminShell title={A.nav.rules}>
      <LoadedEdit query={settings} emptyText={A.empty}>
        {(data) => (
          <RulesForm
            initial={{
              referral_protection_days: String(data.referral_protection_days),
              over_limit_rate_bp: String(data.over_limit_rate_bp),
              over_limit_amount: fenToYuan(data.over_limit_amount_fen),
              all_in_cost_cap: String((data.all_in_cost_cap_bp ?? 2400) / 100),
              clawback_window_days: String(data.clawback_window_days ?? ''),
              clawback_mode: data.clawback_partial === undefined ? '' : data.clawback_partial ? 'partial' : 'full',
              statement_day: String(data.statement_day ?? ''),
              partner_commission_bp: String(data.partner_commission_bp ?? ''),
              pool_days: String(data.pool_days ?? ''),
              pool_warn_days: String(data.pool_warn_days ?? ''),
              pool_claims_per_day: String(data.pool_claims_per_day ?? ''),
              nudge_days: String(data.nudge_days ?? ''),
              esign_expiry_days: String(data.esign_expiry_days ?? ''),
              duplicate_checks_per_day: String(data.duplicate_checks_per_day ?? ''),
              log_retention_months: String(data.log_retention_months ?? ''),
              closed_case_retention_years: String(data.closed_case_retention_years ?? ''),
            }}
          />
        )}
      </LoadedEdit>
    </AdminShell>
  );
}

function RulesForm({ initial }: { initial: RuleValues }) {
  const save = useAdminWrite(E.settingsUpdate);
  const form = useSchemaForm<RuleValues, unknown>({
    schema: adminSettingsSchema,
    initial,
    toInput: (v) => ({
      referral_protection_days: v.referral_protection_days.trim() === '' ? NaN : Number(v.referral_protection_days),
      over_limit_rate_bp: v.over_limit_rate_bp.trim() === '' ? NaN : Number(v.over_limit_rate_bp),
      over_limit_amount_fen: yuanToFen(v.over_limit_amount) ?? NaN,
      all_in_cost_cap_bp: percentToBp(v.all_in_cost_cap),
      clawback_partial: v.clawback_mode === '' ? undefined : v.clawback_mode === 'partial',
      ...Object.fromEntries(KEPT_FIELDS.map((key) => [key, wholeOrKept(v[key])])),
    }),
    idPrefix: 'admin-rules',
    ids: {
      over_limit_amount: 'admin-rules-over_limit_amount_fen',
      all_in_cost_cap: 'admin-rules-all_in_cost_cap_bp',
      clawback_mode: 'admin-rules-clawback_partial',
    },
  });
  return (
    <section className="admin-panel" aria-label={A.nav.rules}>
      <PlainForm className="admin-form" onSubmit={submitChecked(form, save)}>
        {GROUPS.map((group, index) => (
          <FieldGroup key={index} hint={group.hint} form={form} fields={group.fields}>
            {group.withClawbackMode ? (
              <Field label={T.clawbackMode} binding={form.field('clawback_partial')}>
                <select {...inputOf(form.input('clawback_mode'))}>
                  {(['full', 'partial'] as const).map((mode) => (
                    <option key={mode} value={mode}>
                      {T.clawbackModes[mode]}
                    </option>
                  ))}
                </select>
              </Field>
            ) : null}
          </FieldGroup>
        ))}
        <FormButtons submit={A.save} pending={save.isPending} />
      </PlainForm>
    </section>
  );
}
