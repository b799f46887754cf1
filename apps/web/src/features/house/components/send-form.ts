import { showErrorToast, showToast } from '../../../lib/toast.ts';
import { houseTexts as t } from '../texts.ts';

/**
 * Sends a house add form: nothing goes while the form's own rules refuse it (their messages show beside the
 * fields); a refusal from the server is a toast and what was typed stays; on success 保存成功, then `done` with
 * the answer (to open or list what was added).
 */
export async function sendForm<Answer>(
  form: { validate: () => unknown },
  send: () => Promise<Answer>,
  done: (answer: Answer) => void,
): Promise<void> {
  if (!form.validate()) return;
  try {
    const answer = await send();
    showToast({ content: t.saved, icon: 'success' });
    done(answer);
  } catch (error) {
    showErrorToast(error);
  }
}
