import { Secret, TOTP } from 'otpauth';

// spec §9: SHA1, 6 digits, 30 s period. 160-bit secrets (RFC 4226 §4 recommends 160 bits).
const ALGORITHM = 'SHA1';
const DIGITS = 6;
const PERIOD_SECONDS = 30;
const SECRET_BYTES = 20;
const ISSUER = 'Tripmates';

export function generateTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

export function otpauthUrl(secret: string, accountName: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: accountName,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  }).toString();
}

/** qrcode loads when someone sets up two-factor, not at start (issue #36). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** The code for a moment (RFC 6238). Exposed for tests and the RFC's test vectors. */
export function totpCode(
  secret: Secret | string,
  timestampMs: number,
  options: { digits?: number; algorithm?: string } = {},
): string {
  return TOTP.generate({
    secret: typeof secret === 'string' ? Secret.fromBase32(secret) : secret,
    algorithm: options.algorithm ?? ALGORITHM,
    digits: options.digits ?? DIGITS,
    period: PERIOD_SECONDS,
    timestamp: timestampMs,
  });
}

/**
 * Checks a code, allowing one time step of clock drift either way. Returns the time step the code
 * belongs to, or null. A step at or before `lastUsedStep` is refused: each code works once
 * (RFC 6238 §5.2), so a code seen over someone's shoulder cannot be replayed.
 */
export function verifyTotp(
  secret: string,
  token: string,
  lastUsedStep: number | null,
  nowMs: number = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
    timestamp: nowMs,
    window: 1,
  });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}
