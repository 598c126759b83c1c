import type { RestorableKind } from '../../shared/contracts/activity';
import type { WidgetType } from '../../shared/contracts/board';
import type { CommentSubjectType } from '../../shared/contracts/comments';
import type { ServerFeature, WidgetPolicy } from './feature';

// What the rest of the server asks of the features (registry.ts lists them).

/** One entry per key across the features: two features claiming one key is a mistake. */
function collect<K extends string, V>(
  features: readonly ServerFeature[],
  part: (feature: ServerFeature) => Partial<Record<K, V>> | undefined,
) {
  const all = new Map<K, V>();
  for (const feature of features) {
    for (const [key, value] of Object.entries(part(feature) ?? {}) as [K, V][]) {
      if (all.has(key)) throw new Error(`${feature.name} claims ${key}, which another feature has`);
      all.set(key, value);
    }
  }
  return all;
}

/**
 * The registry's tables, loaded on first use. Loaded, not imported: the registry imports every
 * feature, whose services ask here (a trip's first data, a member's leaving), so a static import
 * would be a cycle in which a feature's manifest could be read before its service had run.
 */
let tables: ReturnType<typeof tablesOf> | null = null;

async function registered() {
  if (!tables) {
    const { SERVER_FEATURES } = await import('./registry');
    tables = tablesOf(SERVER_FEATURES);
  }
  return tables;
}

function tablesOf(features: readonly ServerFeature[]) {
  return {
    features,
    restorers: collect(features, (feature) => feature.restorers),
    commentSubjects: collect(features, (feature) => feature.commentSubjects),
    widgets: collect(features, (feature) => feature.widgets),
  };
}

/** How the deletion `kind` is undone (every restorable kind has one: registry.test.ts). */
export async function restorerOf(kind: RestorableKind) {
  const restorer = (await registered()).restorers.get(kind);
  if (!restorer) throw new Error(`No feature restores ${kind}`);
  return restorer;
}

/** Where a comment's subject of this type lives, and what names it. */
export async function commentSubjectOf(type: CommentSubjectType) {
  const subject = (await registered()).commentSubjects.get(type);
  if (!subject) throw new Error(`No feature has comment subjects of type ${type}`);
  return subject;
}

/** A widget type's rules beyond every widget's (none: an empty policy). */
export const widgetPolicyOf = async (type: WidgetType): Promise<WidgetPolicy> =>
  (await registered()).widgets.get(type) ?? {};

/** Inside a member's leaving: what of theirs each feature lets go. */
export async function memberLeaving(
  ...args: Parameters<NonNullable<ServerFeature['memberLeaving']>>
) {
  for (const feature of (await registered()).features) await feature.memberLeaving?.(...args);
}

/** A new account's first trip: each feature's sample data. */
export async function firstTripData(...args: Parameters<NonNullable<ServerFeature['firstTrip']>>) {
  for (const feature of (await registered()).features) await feature.firstTrip?.(...args);
}
