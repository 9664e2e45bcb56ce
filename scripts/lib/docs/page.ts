/**
 * The docs pages: what a page embeds (the description with operationId lines, packed), one
 * release's page around its prerendered markup, and the entry page.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import type { OpenAPIObject, OperationObject, PathItemObject } from 'openapi3-ts/oas31';
import { DEFAULT_RELEASE, SUPPORTED_RELEASES, type OneDevTag } from '../../../spec/releases.js';
import { HTTP_METHODS } from '../openapi.js';
import { escapeHtml, svgDataUri } from './html.js';
import type { Prerendered } from './prerender.js';

/** A page icon, inline, so the browser never asks the host for /favicon.ico. */
const FAVICON = svgDataUri(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0044d4"/>' +
    '<text x="8" y="11.5" text-anchor="middle" font-family="sans-serif" font-size="7" font-weight="bold" fill="#fff">API</text></svg>',
);

/** What the pages pass to Redoc: no telemetry, and the description is already one bundled file. */
const REDOC_OPTIONS = { disableTelemetry: true, skipBundle: true };

/** The line each operation's description opens with; Redoc shows it and indexes it for search. */
export function operationIdLine(operationId: string): string {
  return `Operation ID: \`${operationId}\``;
}

/**
 * The description as the page embeds it. Schema-level `examples` are left out: the page shows
 * media-type examples, which they repeat. Each operation's description opens with its
 * operationId, so the page shows it and its search finds it (every OneDevError names one).
 */
export function docsDocument(doc: OpenAPIObject): OpenAPIObject {
  const schemas = Object.fromEntries(
    Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => {
      const { examples: _examples, ...rest } = schema as Record<string, unknown>;
      return [name, rest];
    }),
  );
  const paths = Object.fromEntries(
    Object.entries(doc.paths ?? {}).map(([path, item]) => {
      const copy: PathItemObject = { ...item };
      for (const method of HTTP_METHODS) {
        const operation = item[method] as OperationObject | undefined;
        if (!operation?.operationId) continue;
        const line = operationIdLine(operation.operationId);
        copy[method] = { ...operation, description: operation.description ? `${line}\n\n${operation.description}` : line };
      }
      return [path, copy];
    }),
  );
  return { ...doc, paths, components: { ...doc.components, schemas } };
}

/**
 * The description as the page carries it: minified JSON, deflated (raw DEFLATE, level 9) and in
 * base64, about a fifth of its size; the page inflates it with the browser's DecompressionStream.
 * The compressor is fflate (plain JavaScript), not Node's zlib, whose bytes vary with the CPU's
 * features: the committed page must come out the same on every machine.
 */
export function packDescription(doc: OpenAPIObject): string {
  return Buffer.from(deflateSync(strToU8(JSON.stringify(doc)), { level: 9 })).toString('base64');
}

/** The reverse of packDescription, for tests and tools. */
export function unpackDescription(packed: string): unknown {
  return JSON.parse(strFromU8(inflateSync(new Uint8Array(Buffer.from(packed, 'base64')))));
}

/** The release bar: each release with a page beside this one (oldest first in `tags`), newest first, the current one marked. */
function releaseLinks(current: OneDevTag | undefined, prefix: string, tags: readonly OneDevTag[]): string {
  return [...tags]
    .reverse()
    .map((tag) => {
      const label = `${tag}${tag === DEFAULT_RELEASE ? ' (newest)' : ''}`;
      const attributes = tag === current ? ' aria-current="page"' : '';
      return `<a${attributes} href="${prefix}${tag}/index.html">${label}</a>`;
    })
    .join(' ');
}

const RELEASE_BAR_STYLE =
  'body{margin:0;padding:0}' +
  '.onedev-releases{display:flex;flex-wrap:wrap;align-items:center;gap:4px 10px;padding:6px 16px;font:13px/1.5 system-ui,sans-serif;' +
  'background:#f4f6fa;border-bottom:1px solid #dde2ea;color:#3b4351}' +
  '.onedev-releases a{color:#0044d4;text-decoration:none;padding:1px 6px;border-radius:4px}' +
  '.onedev-releases a:hover{text-decoration:underline}' +
  '.onedev-releases a[aria-current]{background:#0044d4;color:#fff;font-weight:600}' +
  '.onedev-releases .onedev-error{color:#b00020;font-weight:600}';

/** Unpacks the description and starts the renderer on the prerendered page; a failure is shown in the release bar. */
const START = `
document.addEventListener('DOMContentLoaded', function () {
  function fail(error) {
    var note = document.createElement('span');
    note.className = 'onedev-error';
    note.textContent = 'The interactive reference could not start: ' + String((error && error.message) || error);
    document.querySelector('.onedev-releases').appendChild(note);
  }
  if (typeof Redoc === 'undefined') return fail('../redoc.standalone.js did not load; keep the docs folder together.');
  if (typeof DecompressionStream === 'undefined') return fail('this browser cannot unpack the description (no DecompressionStream).');
  try {
    var packed = atob(document.getElementById('api-description').textContent.trim());
    var bytes = new Uint8Array(packed.length);
    for (var i = 0; i < packed.length; i++) bytes[i] = packed.charCodeAt(i);
    new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')))
      .json()
      .then(function (description) {
        return Redoc.hydrate(description, ${JSON.stringify(REDOC_OPTIONS)}, document.getElementById('redoc'));
      })
      .catch(fail);
  } catch (error) {
    fail(error);
  }
});`;

/**
 * One release's page; `sharedStyles` links redoc.css instead of inlining the styles. `tags`: the
 * releases whose pages sit beside it (its release bar links them), oldest first.
 */
export function renderReleasePage(
  tag: OneDevTag,
  doc: OpenAPIObject,
  prerendered: Prerendered,
  sharedStyles: boolean,
  tags: readonly OneDevTag[] = SUPPORTED_RELEASES,
): string {
  const title = `${doc.info.title}: OneDev ${tag}`;
  const styles = sharedStyles ? '<link rel="stylesheet" href="../redoc.css">' : prerendered.styles;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="${FAVICON}">
<style>${RELEASE_BAR_STYLE}</style>
${styles}
</head>
<body>
<nav class="onedev-releases" aria-label="OneDev release"><span>OneDev release:</span> ${releaseLinks(tag, '../', tags)}</nav>
<div id="redoc">${prerendered.markup}</div>
<script type="application/octet-stream" id="api-description" data-encoding="deflate-raw, base64">${packDescription(doc)}</script>
<script defer src="../redoc.standalone.js"></script>
<script>${START}
</script>
</body>
</html>
`;
}

/** The entry page: forwards to the newest of `tags` (oldest first), keeping the fragment; lists them all. */
export function renderEntryPage(doc: OpenAPIObject, tags: readonly OneDevTag[] = SUPPORTED_RELEASES): string {
  const newest = tags[tags.length - 1] ?? DEFAULT_RELEASE;
  const target = `${newest}/index.html`;
  // Only the newest OneDev release is called that; a set of older tags just names its newest.
  const lead = newest === DEFAULT_RELEASE ? `The newest release, OneDev ${newest},` : `OneDev ${newest}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title>
<link rel="icon" href="${FAVICON}">
<script>location.replace(${JSON.stringify(target)} + location.hash);</script>
<style>${RELEASE_BAR_STYLE}</style>
</head>
<body>
<nav class="onedev-releases" aria-label="OneDev release"><span>OneDev release:</span> ${releaseLinks(undefined, '', tags)}</nav>
<p style="padding:0 16px;font:14px/1.5 system-ui,sans-serif">${lead} is at <a href="${target}">${target}</a>.</p>
</body>
</html>
`;
}

