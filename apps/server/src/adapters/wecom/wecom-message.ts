/*
 * WeCom's app message (POST /cgi-bin/message/send?access_token=), text card kind: the reminders of decision
 * 058. Kept beside the adapter in its own file so other WeCom calls can be added without touching this one.
 */

/** A text card to one member: WeCom shows the title, the description and a link button to `url`. */
export interface TextCardMessage {
  toUserId: string;
  title: string;
  /** Plain text (WeCom allows a few HTML tags; we send none). Up to 512 bytes. */
  description: string;
  /** Absolute https URL the card opens. */
  url: string;
  buttonText?: string;
}

/**
 * WeCom drops a message identical to one sent within the interval when `enable_duplicate_check` is set: the
 * worker's retry of a job whose first send did reach WeCom (a crash before the job was marked done) is then
 * not shown twice. The sender makes every job's card unique, so only a repeat of the same job is dropped.
 */
export const DUPLICATE_CHECK_SECONDS = 4 * 3600;

/** The message/send body: textcard to one member, with WeCom's own duplicate check on. */
export function textCardBody(agentId: string, message: TextCardMessage): Record<string, unknown> {
  return {
    touser: message.toUserId,
    msgtype: 'textcard',
    agentid: Number(agentId),
    textcard: {
      title: message.title.slice(0, 128),
      description: message.description.slice(0, 512),
      url: message.url,
      btntxt: message.buttonText ?? '详情',
    },
    enable_id_trans: 0,
    enable_duplicate_check: 1,
    duplicate_check_interval: DUPLICATE_CHECK_SECONDS,
  };
}

/** The key WeCom's duplicate check compares: the same member and the same card. */
export function duplicateKey(body: Record<string, unknown>): string {
  return JSON.stringify([body.touser, body.msgtype, body.textcard]);
}

/**
 * WeCom answers errcode 0 even when some recipients were not reached, naming them in `invaliduser`: a card to
 * a member who left the corp is then a failure, not a success.
 */
export function unreachedRecipient(body: Record<string, unknown>): string | null {
  const invalid = typeof body.invaliduser === 'string' ? body.invaliduser : '';
  return invalid === '' ? null : invalid;
}
