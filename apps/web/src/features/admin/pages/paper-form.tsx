import * as E from '@crm/domain/endpoints/admin';
import type { AdminPaperFile } from '@crm/domain/api/admin';
import { useAdminWrite, usePaperFile } from '../api/admin.ts';
import { FormButtons, FormPanel, LabelOptions, LoadedEdit, PlainButton } from '../components/admin-form.tsx';
import { ItemList, numberOf, patchAt, PlainField, removeAt, usePlainValues } from '../components/item-form.tsx';
import { adminTexts } from '../texts.ts';
import { toIso, toLocal } from './notices-page.tsx';

const T = adminTexts.paperForm;
const A = adminTexts;

type QuestionType = 'single' | 'multiple' | 'judge' | 'short';
type AssignKind = 'all' | 'team' | 'job' | 'staff';
type QuestionValues = {
  type: QuestionType;
  text: string;
  /** One option a line. */
  options: string;
  /** single 'A'; multiple 'A,C'; judge 'true' | 'false' | ''. */
  answer: string;
  reference: string;
  points: string;
};
type AssignValues = { kind: AssignKind; value: string };
export type PaperValues = {
  code: string;
  kind: 'exam' | 'survey';
  title: string;
  intro: string;
  time_limit_minutes: string;
  pass_score: string;
  max_attempts: string;
  opens_at: string;
  closes_at: string;
  show_answers: boolean;
  anonymous: boolean;
  owner: string;
  assign: AssignValues[];
  questions: QuestionValues[];
};

const aQuestion = (): QuestionValues => ({
  type: 'single',
  text: '',
  options: '',
  answer: '',
  reference: '',
  points: '10',
});
const EMPTY: PaperValues = {
  code: '',
  kind: 'exam',
  title: '',
  intro: '',
  time_limit_minutes: '30',
  pass_score: '60',
  max_attempts: '1',
  opens_at: '',
  closes_at: '',
  show_answers: false,
  anonymous: false,
  owner: '',
  assign: [{ kind: 'all', value: '' }],
  questions: [aQuestion()],
};

const lines = (typed: string) =>
  typed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * The form's values as the object the paper's YAML file parses to (docs/exam-papers.md): the server checks it
 * with the file's own rules and loads it as a file is. A questionnaire's questions carry no answers.
 */
export function paperFileOf(v: PaperValues): Record<string, unknown> {
  const graded = v.kind === 'exam';
  return {
    code: v.code.trim(),
    kind: v.kind,
    title: v.title.trim(),
    intro: v.intro.trim(),
    time_limit_minutes: numberOf(v.time_limit_minutes),
    pass_score: numberOf(v.pass_score) ?? 0,
    max_attempts: numberOf(v.max_attempts) ?? 1,
    opens_at: v.opens_at ? toIso(v.opens_at) : null,
    closes_at: v.closes_at ? toIso(v.closes_at) : null,
    show_answers: v.show_answers,
    anonymous: v.kind === 'survey' && v.anonymous,
    owner: v.owner.trim() || null,
    assign: v.assign.map((a) => {
      if (a.kind === 'all') return { all: true };
      if (a.kind === 'job') return { job: numberOf(a.value) };
      return { [a.kind]: a.value.trim() };
    }),
    questions: v.questions.map((q) => {
      const base = { type: q.type, text: q.text.trim(), points: numberOf(q.points) ?? 0 };
      switch (q.type) {
        case 'single':
          return {
            ...base,
            options: lines(q.options),
            ...(graded && q.answer.trim() ? { answer: q.answer.trim() } : {}),
          };
        case 'multiple': {
          const letters = q.answer.split(/[,，\s]+/).filter((l) => l !== '');
          return { ...base, options: lines(q.options), ...(graded && letters.length > 0 ? { answer: letters } : {}) };
        }
        case 'judge':
          return { ...base, ...(graded && q.answer !== '' ? { answer: q.answer === 'true' } : {}) };
        case 'short':
          return { ...base, reference: q.reference.trim() };
      }
    }),
  };
}

/** A stored paper's file object as the form's values. */
export function paperValuesOf(file: AdminPaperFile): PaperValues {
  return {
    code: file.code,
    kind: file.kind,
    title: file.title,
    intro: file.intro,
    time_limit_minutes: file.time_limit_minutes === null ? '' : String(file.time_limit_minutes),
    pass_score: String(file.pass_score),
    max_attempts: String(file.max_attempts),
    opens_at: toLocal(file.opens_at),
    closes_at: toLocal(file.closes_at),
    show_answers: file.show_answers,
    anonymous: file.anonymous,
    owner: file.owner ?? '',
    assign: file.assign.map((a) => {
      if ('staff' in a) return { kind: 'staff', value: a.staff };
      if ('team' in a) return { kind: 'team', value: a.team };
      if ('job' in a) return { kind: 'job', value: String(a.job) };
      return { kind: 'all', value: '' };
    }),
    questions: file.questions.map((q) => ({
      type: q.type,
      text: q.text,
      options: (q.options ?? []).join('\n'),
      answer: Array.isArray(q.answer) ? q.answer.join(',') : q.answer === undefined ? '' : String(q.answer),
      reference: q.reference ?? '',
      points: String(q.points),
    })),
  };
}

/** One exam paper's form (decision 057): the structure its YAML file describes. A refusal keeps what was typed. */
export function PaperForm({
  initial,
  started,
  onDone,
}: {
  initial?: PaperValues;
  started?: boolean;
  onDone?: () => void;
}) {
  const write = useAdminWrite(E.papersSave);
  const prefix = initial ? 'admin-paper-edit' : 'admin-paper-add';
  const { values: v, set, reset, text, textArea, check } = usePlainValues<PaperValues>(initial ?? EMPTY, prefix);
  const setAssign = (i: number, patch: Partial<AssignValues>) => set('assign', patchAt(v.assign, i, patch));
  const title = initial ? T.editTitle(initial.code) : T.addTitle;
  return (
    <FormPanel
      title={title}
      hint={started ? T.started : T.hint}
      onSubmit={() => write.mutate({ paper: paperFileOf(v) }, { onSuccess: () => (onDone ? onDone() : reset(EMPTY)) })}
    >
      {text('code', T.code)}
      <PlainField id={`${prefix}-kind`} label={T.kind}>
        <select
          id={`${prefix}-kind`}
          value={v.kind}
          onChange={(e) => set('kind', e.target.value === 'survey' ? 'survey' : 'exam')}
        >
          <LabelOptions labels={T.kinds} />
        </select>
      </PlainField>
      {text('title', T.title)}
      {textArea('intro', T.intro)}
      {text('time_limit_minutes', T.timeLimit)}
      {text('pass_score', T.passScore)}
      {text('max_attempts', T.maxAttempts)}
      {text('opens_at', T.opensAt, 'datetime-local')}
      {text('closes_at', T.closesAt, 'datetime-local')}
      {text('owner', T.owner)}
      {check('show_answers', T.showAnswers)}
      {v.kind === 'survey' ? check('anonymous', T.anonymous) : null}
      <fieldset className="admin-checks" aria-label={T.assign}>
        <span>{T.assign}</span>
        {v.assign.map((a, i) => (
          <span key={i}>
            <select
              aria-label={T.assignKind(i + 1)}
              value={a.kind}
              onChange={(e) => setAssign(i, { kind: e.target.value as AssignKind })}
            >
              <LabelOptions labels={T.assignKinds} />
            </select>
            {a.kind === 'all' ? null : (
              <input
                aria-label={T.assignValue(i + 1)}
                value={a.value}
                onChange={(e) => setAssign(i, { value: e.target.value })}
              />
            )}
            <PlainButton onClick={() => set('assign', removeAt(v.assign, i))}>{A.remove}</PlainButton>
          </span>
        ))}
        <PlainButton onClick={() => set('assign', [...v.assign, { kind: 'team', value: '' }])}>
          {T.addAssign}
        </PlainButton>
      </fieldset>
      <ItemList
        items={v.questions}
        onChange={(questions) => set('questions', questions)}
        label={T.question}
        fresh={aQuestion}
        addText={T.addQuestion}
      >
        {(q, { n, patch, box }) => (
          <>
            <select
              aria-label={T.qType(n)}
              value={q.type}
              onChange={(e) => patch({ type: e.target.value as QuestionType, answer: '' })}
            >
              <LabelOptions labels={T.qTypes} />
            </select>
            {box('text', T.qText(n), { rows: 2 })}
            {q.type === 'single' || q.type === 'multiple' ? box('options', T.qOptions(n), { rows: 3 }) : null}
            {v.kind === 'exam' && (q.type === 'single' || q.type === 'multiple')
              ? box('answer', T.qAnswer(n), { placeholder: T.qAnswerHint[q.type] })
              : null}
            {v.kind === 'exam' && q.type === 'judge' ? (
              <select aria-label={T.qAnswer(n)} value={q.answer} onChange={(e) => patch({ answer: e.target.value })}>
                <LabelOptions labels={T.judgeAnswers} />
              </select>
            ) : null}
            {q.type === 'short' ? box('reference', T.qReference(n), { rows: 2 }) : null}
            {v.kind === 'exam' ? box('points', T.qPoints(n)) : null}
          </>
        )}
      </ItemList>
      <FormButtons submit={A.save} pending={write.isPending} onCancel={onDone} />
    </FormPanel>
  );
}

/** The edit form of the paper `id`, once its file's object has loaded. */
export function PaperEditForm({ id, onDone }: { id: number; onDone: () => void }) {
  const paper = usePaperFile(id);
  return (
    <LoadedEdit query={paper}>
      {(data) => <PaperForm key={id} initial={paperValuesOf(data.file)} started={data.started} onDone={onDone} />}
    </LoadedEdit>
  );
}
