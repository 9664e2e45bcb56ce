/** One problem found with a request (or, for verify, with a server's answer). */
export interface Violation {
  /** Where: `['query', 'count']`, `['path', 'requestId']`, `['body', 'title']`, ... */
  path?: string[];
  /** ajv keyword (`type`, `required`), or an HTTP status used as a code (401, 415). */
  code?: string | number;
  message: string;
  /** 0 error, 1 warning, 2 information, 3 hint (the severities Prism uses). */
  severity: number;
}
