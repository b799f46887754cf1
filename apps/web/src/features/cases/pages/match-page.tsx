import { productMatchRequestSchema, type ProductMatchItem } from '@crm/domain/api/matching';
import type { CaseDetail } from '@crm/domain/api/cases';
import type { ReferralDetail } from '@crm/domain/api/outside';
import { parseIdNumber } from '@crm/domain/idcard';
import { fenToYuan, formatFen } from '@crm/domain/money';
import { EMPLOYER_TYPES, LOAN_PURPOSES, LOAN_TERMS } from '@crm/domain/options';
import { Button, List, NoticeBar, Skeleton, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import type { OptionFieldOption } from '../../../components/option-field.tsx';
import { PlainForm } from '../../../components/plain-form.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useClientDetail } from '../api/get-client-detail.ts';
import { useCities } from '../api/get-reference.ts';
import { useReferralProfile } from '../api/get-referral.ts';
import { useProductMatch, type MatchFields } from '../api/product-match.ts';
import { formRows } from '../components/form-rows.tsx';
import { casesTexts } from '../texts.ts';
import './match-page.css';

const T = casesTexts.match;
const FIELDS = [
  'age',
  'city_id',
  'income',
  'social_security_months',
  'housing_fund_months',
  'employer_type',
  'queries_3m',
  'queries_6m',
  'debt_ratio',
  'purpose',
  'amount',
  'term',
] as const;
const EMPTY: MatchFields = Object.fromEntries(FIELDS.map((field) => [field, '']));
const TERM_OPTIONS = LOAN_TERMS.map((term) => ({ value: term, label: casesTexts.months(term) }));
const VERDICT_COLORS: Record<string, 'success' | 'warning' | 'danger'> = {
  pass: 'success',
  unknown: 'warning',
  fail: 'danger',
};

/** Whole years from a birth date (YYYY-MM-DD) to today. */
function ageOn(birthDate: string, today: Date): number {
  const [year = 0, month = 1, day = 1] = birthDate.split('-').map(Number);
  const hadBirthday = today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return today.getFullYear() - year - (hadBirthday ? 0 : 1);
}

/** What a case already says about the client: the rest (social security, queries …) is asked. */
export function profileOfCase(c: CaseDetail, today = new Date()): MatchFields {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    ...EMPTY,
    age: c.birth_date ? String(ageOn(c.birth_date, today)) : '',
    city_id: text(c.city_id),
    income: c.income_fen === null ? '' : fenToYuan(c.income_fen),
    employer_type: text(c.employer_type),
    purpose: text(c.purpose),
    amount: c.amount_fen > 0 ? fenToYuan(c.amount_fen) : '',
    term: text(c.term),
  };
}

/**
 * What a partner's referral says about the client: the amount, and the age when the ID number is shown whole
 * (to who may convert the referral); everything else is asked.
 */
export function profileOfReferral(r: ReferralDetail, today = new Date()): MatchFields {
  const facts = parseIdNumber(r.id_number);
  return {
    ...EMPTY,
    age: facts ? String(ageOn(facts.birthDate, today)) : '',
    amount: r.amount_fen > 0 ? fenToYuan(r.amount_fen) : '',
  };
}

/**
 * The new-case form's address, pre-filled with a matched product, its bank, the loan and the product's fees;
 * from a referral, the case is that referral's conversion (转为报单 with the product chosen).
 */
export function addCaseAddress(item: ProductMatchItem, purpose: string, referralId: number | null = null): string {
  const params = new URLSearchParams({
    product_id: String(item.product_id),
    product_name: item.product_name,
    amount: fenToYuan(item.amount_fen),
    term: String(item.term),
  });
  if (item.bank_id !== null) params.set('bank_id', String(item.bank_id));
  if (item.fees.length > 0) params.set('fees', JSON.stringify(item.fees));
  if (purpose) params.set('purpose', purpose);
  if (referralId !== null) params.set('referral', String(referralId));
  return `/business/add?${params.toString()}`;
}

/**
 * /business/match (decision 068): the client's profile, typed or taken from a case (?client_id=) or a partner's
 * referral (?referral_id=), read against every product's admission rules (POST productMatch); a tap on a product
 * opens 新增报单 with it filled in (from a referral, as its 转为报单).
 */
export function MatchPage() {
  const [params] = useSearchParams();
  const idOf = (name: string) => {
    const id = Number(params.get(name) ?? 0);
    return Number.isInteger(id) && id > 0 ? id : null;
  };
  const clientId = idOf('client_id');
  const referralId = clientId === null ? idOf('referral_id') : null;
  const detail = useClientDetail(clientId ?? 0);
  const referral = useReferralProfile(referralId);
  const source = clientId !== null ? detail : referralId !== null ? referral : null;
  if (source?.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (source?.isError)
    return (
      <LoadError title={casesTexts.loadFailed} message={source.error.message} onRetry={() => void source.refetch()} />
    );
  if (clientId !== null && detail.data)
    return <MatchView initial={profileOfCase(detail.data)} notice={T.fromCase(detail.data.name)} referralId={null} />;
  if (referralId !== null && referral.data)
    return (
      <MatchView
        initial={profileOfReferral(referral.data)}
        notice={T.fromReferral(referral.data.name)}
        // Only a referral that may still become a case makes 用此产品报单 its conversion.
        referralId={referral.data.can_convert ? referralId : null}
      />
    );
  return <MatchView initial={EMPTY} notice={T.intro} referralId={null} />;
}

function MatchView({
  initial,
  notice,
  referralId,
}: {
  initial: MatchFields;
  notice: string;
  referralId: number | null;
}) {
  const navigate = useNavigate();
  const form = useSchemaForm({ schema: productMatchRequestSchema, initial, idPrefix: 'match' });
  const { values } = form;
  const [sent, setSent] = useState<MatchFields | null>(null);
  const match = useProductMatch(sent);
  const cities = useCities();
  const cityOptions: OptionFieldOption[] = (cities.data ?? [])
    .filter((city) => city.parent_id !== null)
    .map((city) => ({ value: city.id, label: city.name }));

  const submit = () => {
    if (form.validate()) setSent({ ...values });
  };
  const rows = formRows(form, values, (field) => (value) => form.patch({ [field]: value }));
  const { pick } = rows;
  const text = (field: string, label: string, mode: 'numeric' | 'decimal' = 'numeric', required = false) =>
    rows.text(field, label, { placeholder: required ? '' : T.optional, required, mode });

  return (
    <div className="page match-page">
      <NoticeBar wrap color="info" content={notice} />
      <PlainForm className="match-form" onSubmit={submit}>
        <List mode="card" header={T.loan}>
          {text('amount', T.amount, 'decimal', true)}
          {pick('term', T.term, TERM_OPTIONS, true)}
          {pick('purpose', T.purpose, LOAN_PURPOSES)}
        </List>
        <List mode="card" header={T.profile}>
          {text('age', T.age)}
          {pick('city_id', T.city, cityOptions)}
          {text('income', T.income, 'decimal')}
          {text('social_security_months', T.socialSecurity)}
          {text('housing_fund_months', T.housingFund)}
          {pick('employer_type', T.employerType, EMPLOYER_TYPES)}
          {text('queries_3m', T.queries3m)}
          {text('queries_6m', T.queries6m)}
          {text('debt_ratio', T.debtRatio)}
        </List>
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" loading={match.isFetching}>
            {T.submit}
          </Button>
        </div>
      </PlainForm>
      {sent === null ? null : match.isPending ? (
        <Skeleton.Paragraph lineCount={6} animated />
      ) : match.isError ? (
        <LoadError title={casesTexts.loadFailed} message={match.error.message} onRetry={() => void match.refetch()} />
      ) : match.data.list.length === 0 ? (
        <div className="match-page__empty">{T.empty}</div>
      ) : (
        <section aria-label={T.results(match.data.list.length)}>
          <div className="section-title">{T.results(match.data.list.length)}</div>
          {match.data.list.map((row) => (
            <MatchCard
              key={row.product_id}
              row={row}
              cap={match.data.all_in_cost_cap}
              onApply={() => void navigate(addCaseAddress(row, sent.purpose ?? '', referralId))}
            />
          ))}
        </section>
      )}
    </div>
  );
}

function MatchCard({ row, cap, onApply }: { row: ProductMatchItem; cap: number; onApply: () => void }) {
  const cost = row.all_in_cost;
  const costNote = cost === null ? '' : cost > 36 ? T.overLimit : cost > cap ? T.overCap(`${cap}%`) : '';
  return (
    <List
      mode="card"
      className="match-card"
      header={
        <span className="match-card__head">
          <span>{[row.bank_name, row.product_name].filter(Boolean).join(' · ')}</span>
          <span>
            <Tag color={VERDICT_COLORS[row.verdict] ?? 'default'}>{T.verdicts[row.verdict]}</Tag>{' '}
            <strong>{T.score(row.score)}</strong>
          </span>
        </span>
      }
    >
      <List.Item extra={row.price}>{T.price}</List.Item>
      <List.Item extra={row.month_payment_fen === null ? T.unpriced : formatFen(row.month_payment_fen)}>
        {T.monthPayment}
      </List.Item>
      <List.Item
        extra={
          <span className={costNote ? 'match-card__cost match-card__cost--over' : 'match-card__cost'}>
            {cost === null ? T.unpriced : `${cost.toFixed(2)}%`}
            {costNote ? <span className="match-card__note">{costNote}</span> : null}
          </span>
        }
      >
        {T.allInCost}
      </List.Item>
      <List.Item title={T.rules} description={row.score_note}>
        {row.rules.length === 0 ? (
          T.noRules
        ) : (
          <ul className="match-card__rules">
            {row.rules.map((rule) => (
              <li key={rule.key} className={`match-rule match-rule--${rule.result}`}>
                <span className="match-rule__mark" aria-label={T.ruleResults[rule.result]}>
                  {T.marks[rule.result]}
                </span>
                {rule.text}
              </li>
            ))}
          </ul>
        )}
      </List.Item>
      <List.Item>
        <Button
          block
          size="small"
          color="primary"
          fill={row.verdict === 'fail' ? 'outline' : 'solid'}
          onClick={onApply}
        >
          {T.apply}
        </Button>
      </List.Item>
    </List>
  );
}
