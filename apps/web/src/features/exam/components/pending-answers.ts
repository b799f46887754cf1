/**
 * Answers chosen but not yet confirmed by the server, kept in the browser per attempt: a lost connection,
 * a reload or a closed WeCom window loses nothing; the attempt page sends them again when it comes back.
 */
const keyOf = (attemptId: number) => `ys_exam_pending_${attemptId}`;

export function readPending(attemptId: number): Record<string, string> {
  try {
    const raw = window.localStorage.getItem(keyOf(attemptId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function writePending(attemptId: number, pending: Record<string, string>): void {
  try {
    if (Object.keys(pending).length === 0) window.localStorage.removeItem(keyOf(attemptId));
    else window.localStorage.setItem(keyOf(attemptId), JSON.stringify(pending));
  } catch {
    // Storage full or refused (private mode): the answer is still on its way to the server.
  }
}
