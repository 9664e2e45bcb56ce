/**
 * Route tables and lifespans from resource classes written for the tests, in the help page's
 * names and order.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Classpath } from '../../../scripts/lib/source/classpath.js';
import { GitRepo } from '../../../scripts/lib/source/git.js';
import { lifespanRows, routeRows, uncamel, type RouteRow } from '../../../scripts/lib/source/routes.js';
import { formatLifespans, formatRoutes, parseRoutes } from '../../../scripts/lib/source/tables.js';
import { javaRepo } from './java-repo.js';

const buildResource = (extra = '') => `package io.onedev.server.rest.resource;
  import javax.ws.rs.*;
  import io.onedev.server.rest.annotation.Api;
  @Path("/builds")
  public class BuildResource {
    @Api(order=300) @DELETE @Path("/{buildId}")
    public Response deleteBuild(@PathParam("buildId") Long buildId) { return null; }
    @Api(order=100) @GET @Path("/{buildId}")
    public Build getBuild(@PathParam("buildId") Long buildId) { return null; }
    @GET @Path("/{buildId}/params")
    public Collection<BuildParam> getParams(@PathParam("buildId") Long buildId) { return null; }
    @Api(order=100, name="Query Basic Settings") @GET
    public List<Build> queryBuildSetting(@QueryParam("offset") int offset) { return null; }
    ${extra}
    @GET @Path("/helper") private String helper() { return null; }
    public void notARoute() {}
  }`;

const repo = javaRepo({
  v1: {
    'io/onedev/server/rest/resource/BuildResource.java': buildResource(),
    'io/onedev/server/rest/resource/ArtifactResource.java': `package io.onedev.server.rest.resource;
      @Path("/artifacts")
      public class ArtifactResource {
        @Api(order=100) @GET @Path("/{buildId}/contents/{artifactPath:(.*)}")
        public Response downloadArtifact(@PathParam("buildId") Long buildId, @PathParam("artifactPath") String path) { return null; }
        @Api(order=200) @POST @Path("/{buildId}{artifactPath:(/.*)?}")
        public Response uploadArtifact(@PathParam("buildId") Long buildId, InputStream input) { return null; }
      }`,
    'io/onedev/server/rest/resource/PackResource.java': `package io.onedev.server.rest.resource;
      @Api(name="Package", description="Packages")
      @Path("/packages")
      public class PackResource { @Api(order=100) @GET public List<Pack> queryPacks() { return null; } }`,
    'io/onedev/server/rest/resource/WorkerResource.java': `package io.onedev.server.rest.resource;
      @Api(internal=true)
      @Path("/worker")
      public class WorkerResource { @GET public String ping() { return null; } }`,
    'io/onedev/server/cluster/ClusterResource.java': `package io.onedev.server.cluster;
      @Api(internal = true) @Path("/cluster") public class ClusterResource { @GET public String info() { return null; } }`,
    'io/onedev/server/rest/resource/support/RestConstants.java': 'package io.onedev.server.rest.resource.support; public class RestConstants { public static final int MAX = 100; }',
  },
  v2: {
    'io/onedev/server/rest/resource/BuildResource.java': buildResource(
      '@Api(order=400) @POST @Path("/{buildId}/description") public Response setDescription(@PathParam("buildId") Long id, String description) { return null; }',
    ),
    'server-plugin/server-plugin-sso/src/main/java/io/onedev/server/plugin/sso/SsoResource.java': `package io.onedev.server.plugin.sso;
      @Path("/sso-providers") public class SsoResource { @Api(order=1) @GET @Path("/{providerId}") public Provider getProvider(@PathParam("providerId") Long id) { return null; } }`,
  },
  v3: {
    'io/onedev/server/rest/resource/BuildResource.java': buildResource(),
  },
});
afterAll(() => repo.remove());
const git = new GitRepo(repo.gitDir);
const rows = (tag: string) => routeRows(new Classpath(git, tag));
const brief = (r: RouteRow) => `${r.group} | ${r.operation} | ${r.method} ${r.path} | ${r.javaClass}.${r.javaMethod}`;

describe('routeRows', () => {
  it('lists the public HTTP methods of each served resource, by class name, then @Api order (declaration order on ties)', () => {
    expect(rows('v1').map(brief)).toEqual([
      'Artifact | Download Artifact | GET /artifacts/{buildId}/contents/{artifactPath:(.*)} | ArtifactResource.downloadArtifact',
      'Artifact | Upload Artifact | POST /artifacts/{buildId}{artifactPath:(/.*)?} | ArtifactResource.uploadArtifact',
      'Build | Get Build | GET /builds/{buildId} | BuildResource.getBuild',
      'Build | Query Basic Settings | GET /builds | BuildResource.queryBuildSetting',
      'Build | Delete Build | DELETE /builds/{buildId} | BuildResource.deleteBuild',
      'Build | Get Params | GET /builds/{buildId}/params | BuildResource.getParams',
      'Package | Query Packs | GET /packages | PackResource.queryPacks',
    ]);
  });

  it('finds resources in any module, and follows them from tag to tag', () => {
    expect(rows('v2').map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /builds/{buildId}',
      'GET /builds',
      'DELETE /builds/{buildId}',
      'POST /builds/{buildId}/description',
      'GET /builds/{buildId}/params',
      'GET /sso-providers/{providerId}',
    ]);
  });

  it('writes and reads the route table format', () => {
    const text = formatRoutes(rows('v1'));
    expect(text.split('\n')[0]).toBe('group\toperation\tmethod\tpath\tjavaClass\tjavaMethod');
    expect(text.split('\n')[1]).toBe('Artifact\tDownload Artifact\tGET\t/artifacts/{buildId}/contents/{artifactPath:(.*)}\tArtifactResource\tdownloadArtifact');
    expect(parseRoutes(text)).toEqual(rows('v1').map(({ signature, ...row }) => row));
    expect(rows('v1').map((r) => r.signature)).toEqual([
      'returns Response',
      'returns Response, reads InputStream',
      'returns Build',
      'returns List<Build>',
      'returns Response',
      'returns Collection<BuildParam>',
      'returns List<Pack>',
    ]);
  });
});

describe('uncamel', () => {
  it.each([
    ['getArtifactInfo', 'Get Artifact Info'],
    ['SsoProvider', 'Sso Provider'],
    ['queryBasicInfo', 'Query Basic Info'],
    ['getSSHKeys', 'Get SSH Keys'],
    ['convertToServiceAccount', 'Convert To Service Account'],
  ])('%s -> %s', (name, title) => expect(uncamel(name)).toBe(title));
});

describe('lifespanRows', () => {
  it('gives each blanked route its first tag and the first tag without it, leaving open ends empty', () => {
    const tags = ['v1', 'v2', 'v3'];
    const tables = new Map(tags.map((t) => [t, rows(t)]));
    const spans = lifespanRows(tables, tags).map((s) => `${s.method} ${s.path} ${s.since ?? '-'} ${s.until ?? '-'}`);
    expect(spans).toEqual([
      'DELETE /builds/{} - -',
      'GET /artifacts/{}/contents/{} - v2',
      'GET /builds - -',
      'GET /builds/{} - -',
      'GET /builds/{}/params - -',
      'GET /packages - v2',
      'GET /sso-providers/{} v2 v3',
      'POST /artifacts/{}{} - v2',
      'POST /builds/{}/description v2 v3',
    ]);
    const text = formatLifespans(lifespanRows(tables, tags), 'v1', 'v3');
    expect(text.split('\n').slice(0, 4)).toEqual([
      '# Every public route of OneDev v1..v3 (path parameters blanked), with the first tag that serves it',
      "# and the first that no longer does (empty: from before v1 / still served at v3). Written from each tag's resource classes.",
      'method\tpath\tsince\tuntil',
      'DELETE\t/builds/{}\t\t',
    ]);
  });

  it('refuses a route that leaves and comes back, naming it and its tags', () => {
    const tables = new Map<string, RouteRow[]>([
      ['a', rows('v1')],
      ['b', rows('v2')],
      ['c', rows('v1')],
    ]);
    expect(() => lifespanRows(tables, ['a', 'b', 'c'])).toThrow(/^lifespans: GET \/artifacts\/\{\}\/contents\/\{\} leaves and comes back \(served at a, c\)$/);
    expect(() => lifespanRows(tables, ['a', 'x'])).toThrow('lifespans: no route table for x');
  });
});
