import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@rec/core';

/** The issuer shown in authenticator apps beside the account's e-mail. */
export const TOTP_ISSUER = 'Recruitment platform';

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new random secret of 160 bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI and its QR code (an SVG document, drawn on the server: the page loads no QR script). */
export async function enrolmentOf(secret: string, email: string): Promise<{ uri: string; qrSvg: string }> {
  const uri = totpOf(secret, email).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrSvg };
}

/**
 * The time step a code is valid for (±1 step of clock drift), or undefined. A step at or before
 * `lastStep` is refused: a code accepted once is never accepted again, even inside its window.
 */
export function acceptedStep(secret: string, code: string, now: Date, lastStep: number | null): number | undefined {
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (lastStep !== null && step <= lastStep) return undefined;
  return step;
}
