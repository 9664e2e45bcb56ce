/** Turns the server origin users give into the API root (`<origin>/~api`). */

const EXAMPLE = 'e.g. https://onedev.example.com';

/**
 * Accepts `https://host`, `https://host/`, `https://host/~api` and servers under a sub-path
 * (`https://host/onedev`). The input is never echoed in an error: it may hold a password.
 */
export function apiRoot(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') {
    throw new TypeError(`baseUrl is required: the origin of the OneDev server, ${EXAMPLE}`);
  }
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new TypeError(`baseUrl is not an absolute URL (${EXAMPLE})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`baseUrl must be an http or https URL (${EXAMPLE})`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new TypeError('baseUrl must not carry credentials (user:password@); pass them as `auth` instead');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new TypeError('baseUrl must not have a query string or a fragment');
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (!path.endsWith('/~api')) path += '/~api';
  return url.origin + path;
}
