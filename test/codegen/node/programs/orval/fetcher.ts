/** The fetch function orval's generated code calls: adds the OneDev origin and credentials. */
export const connection = { baseUrl: '', token: '' };

export async function onedevFetch<T>(url: string, init: RequestInit): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${connection.token}`);
  const response = await fetch(`${connection.baseUrl}${url}`, { ...init, headers });
  const text = await response.text();
  // OneDev answers JSON, plain-text errors, or an empty body.
  const data = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return { data, status: response.status, headers: response.headers } as T;
}
