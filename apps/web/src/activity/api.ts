import type { Endpoint } from '@crm/domain/endpoints';
import { ACTIVITY_OAUTH_PATH, activityRefs, type EndpointRef } from '@crm/domain/endpoint-refs';
import type { z } from 'zod';

/** An answer of the API: the envelope and the HTTP status (401/403 say who is calling). */
export interface Answer<T> {
  status: number;
  code: number;
  msg: string;
  data: T | null;
}

/**
 * Posts a multipart form (spec §7) or GETs, to an endpoint named by its contract's path (endpoint-refs: this
 * page carries no zod, decision 056); its fields and answer are typed from the contract. A network failure
 * answers status 0 and a Chinese message.
 */
export async function call<E extends Endpoint>(
  ref: EndpointRef<E>,
  fields?: { [K in keyof z.input<E['request']>]?: string | number },
  method = 'POST',
): Promise<Answer<z.output<E['response']>>> {
  let body: FormData | undefined;
  if (method === 'POST') {
    body = new FormData();
    for (const [key, value] of Object.entries(fields ?? {})) body.append(key, String(value));
  }
  try {
    const response = await fetch(ref.path, { method, body, credentials: 'same-origin' });
    const json = (await response.json()) as { code: number; msg: string; data: z.output<E['response']> | null };
    return { status: response.status, ...json };
  } catch {
    return { status: 0, code: -1, msg: '网络异常，请稍后重试', data: null };
  }
}

const R = activityRefs;

export const activityApi = {
  info: (id: number) => call(R.info, { activity_id: id }),
  visitor: () => call(R.visitor, undefined, 'GET'),
  mine: (id?: number) => call(R.mine, id ? { activity_id: id } : {}),
  smsCode: (phone: string) => call(R.smsCode, { phone, scene: 'activity' }),
  login: (phone: string, code: string) => call(R.login, { phone, code }),
  draw: (id: number) => call(R.draw, { activity_id: id }),
  coupon: (id: number) => call(R.coupon, { activity_id: id }),
  add: (fields: Record<string, string | number>) => call(R.add, fields),
};

/** Where the browser goes to be recognised by WeChat (snsapi_base), coming back to `to`. */
export const oauthUrl = (activityId: number, to: string) =>
  `${ACTIVITY_OAUTH_PATH}?activity=${activityId}&to=${encodeURIComponent(to)}`;
