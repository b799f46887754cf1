import type { OcrKind } from '@crm/domain/idcard';

export interface OcrReading {
  /** The document number as read, after the check-digit post-processing. */
  number: string;
  /** 0 to 1. */
  confidence: number;
  /** Whether the number passes its check digit (GB 11643 for ID cards, Luhn for bank cards). */
  valid: boolean;
}

/** Reads the number off an ID card or bank card photo. Null: no number found in the picture. */
export interface OcrAdapter {
  readonly kind: 'local' | 'tencent';
  recognize(kind: OcrKind, image: Buffer): Promise<OcrReading | null>;
  close(): Promise<void>;
}

/** The service is down or refused the call: the person types the number instead. */
export class OcrUnavailableError extends Error {}

/** The picture took longer than the engine allows itself: the person types the number instead. */
export class OcrTimeoutError extends OcrUnavailableError {}

/** A number that fails its check digit is shown for the person to correct, with its confidence halved. */
export const UNCHECKED_PENALTY = 0.5;
