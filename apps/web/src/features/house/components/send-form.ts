import type { IdempotentSubmit } from '../../../lib/use-idempotent-submit.ts';
import { showToast } from '../../../lib/toast.ts';
import { houseTexts as t } from '../texts.ts';

/**
 * Sends a house add form: nothing goes while the form's own rules refuse it (their messages show beside the
 * fields); a refusal from the server is a toast, and under the field it names, and what was typed stays; on success 保存成功, then `done` with
 * the answer (to open or list what was added). `send` gets the fill's idempotency key; a submit that did not
 * reach the server waits under the form for 重试 (lib/use-idempotent-submit.ts).
 */
export async function sendForm<Answer>(
  form: { validate: () => unknown; refuse: (error: unknown) => void },
  send: (idempotencyKey: string) => Promise<Answer>,
  done: (answer: Answer) => void,
  submit: Pick<IdempotentSubmit, 'run'>,
): Promise<void> {
  if (!form.validate()) return;
  await submit.run(async (key) => {
    const answer = await send(key);
    showToast({ content: t.saved, icon: 'success' });
    done(answer);
  }, form.refuse);
}

/** Sends a write and toasts `done`, or the failure's message; true when it went through (a sheet then closes). */
export async function toastedWrite(write: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await write();
    showToast({ content: done, icon: 'success' });
    return true;
  } catch (error) {
    showToast({ content: error instanceof Error ? error.message : String(error) });
    return false;
  }
}
