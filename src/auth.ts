/** The three ways OneDev accepts credentials, and the Authorization header each one becomes. */

export type OneDevAuth =
  /** HTTP Basic with the account password. */
  | { user: string; password: string; accessToken?: never }
  /** HTTP Basic with an access token in place of the password. */
  | { user: string; accessToken: string; password?: never }
  /** `Authorization: Bearer <token>`. */
  | { accessToken: string; user?: never; password?: never };

export interface PreparedAuth {
  /** The Authorization header value, or undefined for anonymous access. */
  header: string | undefined;
  /** Every form of the secret that could show up in text, to keep it out of error messages. */
  secrets: string[];
}

function base64Utf8(text: string): string {
  // btoa only takes Latin-1; encode to UTF-8 bytes first so non-ASCII passwords survive.
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function nonEmpty(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`auth.${name} must be a non-empty string`);
  return value;
}

/** Checks the auth option (never echoing it) and builds the header. */
export function prepareAuth(auth: unknown): PreparedAuth {
  if (auth === undefined) return { header: undefined, secrets: [] };
  if (auth === null || typeof auth !== 'object') {
    throw new TypeError('auth must be { user, password }, { user, accessToken } or { accessToken }');
  }
  const { user, password, accessToken } = auth as Record<string, unknown>;
  if (password !== undefined && accessToken !== undefined) {
    throw new TypeError('auth takes either a password or an accessToken, not both');
  }
  if (user === undefined) {
    if (password !== undefined) throw new TypeError('auth.password needs auth.user');
    const token = nonEmpty(accessToken, 'accessToken');
    return { header: `Bearer ${token}`, secrets: [token] };
  }
  const name = nonEmpty(user, 'user');
  if (password === undefined && accessToken === undefined) {
    throw new TypeError('auth with a user needs a password or an accessToken');
  }
  // RFC 7617: the user part of Basic credentials cannot contain a colon.
  if (name.includes(':')) throw new TypeError('auth.user must not contain ":"');
  const secret = password !== undefined ? nonEmpty(password, 'password') : nonEmpty(accessToken, 'accessToken');
  const encoded = base64Utf8(`${name}:${secret}`);
  return { header: `Basic ${encoded}`, secrets: [secret, encoded] };
}

/** Replaces any secret found in `text` (e.g. a server echoing a header back). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  // Very short secrets would blank out ordinary letters; they are not worth garbling messages for.
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}
