/**
 * The web-hook events of a tag: every concrete event class under `event/project/` that some
 * `WebHook.EventType` constant `includes` (an `instanceof` test in the constant's body), with the
 * properties OneDev's ObjectMapper writes for it.
 */
import type { Classpath, JavaClass } from './classpath.js';
import { SourceError } from './git.js';
import { isNullable, propertyJsonType, wireProperties, type JsonType } from './wire.js';

export const WEB_HOOK_CLASS = 'io.onedev.server.model.support.WebHook';
export const EVENT_FOLDER = 'server-core/src/main/java/io/onedev/server/event/project/';

export interface WebHookRow {
  event: string;
  eventType: string;
  property: string;
  type: JsonType;
  nullable: boolean;
}

/** Each event type constant with the classes its `includes` tests for. */
export function eventTypes(cp: Classpath): { name: string; includes: JavaClass[] }[] {
  const webHook = cp.find(WEB_HOOK_CLASS);
  const eventType = webHook && cp.find(`${WEB_HOOK_CLASS}.EventType`);
  if (!eventType) throw new SourceError(`${cp.tag}: no ${WEB_HOOK_CLASS}.EventType in the repository`);
  return eventType.decl.enumConstants.map((constant) => {
    const tested = constant.methods.filter((m) => m.name === 'includes').flatMap((m) => m.instanceofTypes);
    const includes = tested.map((ref) => {
      const found = cp.resolveRef(ref, eventType);
      if (!found) throw new SourceError(`${cp.tag}: WebHook.EventType.${constant.name} tests for ${ref.name}, which the repository does not declare`);
      return found;
    });
    return { name: constant.name, includes };
  });
}

/** Every concrete class declared under event/project/ (member classes included). */
export function projectEventClasses(cp: Classpath): JavaClass[] {
  const files = cp.files().filter((f) => f.path.startsWith(EVENT_FOLDER));
  cp.parseFiles(files);
  return files.flatMap((f) => cp.classesOf(f)).filter((c) => c.decl.kind === 'class' && cp.isConcrete(c));
}

const simple = (fqn: string) => fqn.slice(fqn.lastIndexOf('.') + 1);

/** The web-hook table of the classpath's tag, sorted by event, then property. */
export function webHookRows(cp: Classpath): WebHookRow[] {
  const types = eventTypes(cp);
  const rows: WebHookRow[] = [];
  for (const cls of projectEventClasses(cp)) {
    const matching = types.filter((t) => t.includes.some((target) => cp.isSubtypeOf(cls, target)));
    if (matching.length === 0) continue;
    const props = wireProperties(cp, cls);
    for (const type of matching) {
      for (const prop of props) {
        rows.push({ event: simple(cls.fqn), eventType: type.name, property: prop.name, type: propertyJsonType(cp, prop), nullable: isNullable(cp, cls, prop) });
      }
    }
  }
  const key = (r: WebHookRow) => [r.event, r.property, r.eventType];
  return rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  });
}
