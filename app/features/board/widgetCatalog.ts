import type { EachExactlyOnce, WidgetKind, WidgetTypesClaimed } from '@/features/feature';
import { CLIENT_FEATURES, type ClientFeatures } from '@/features/registry';
import type { WidgetType } from '../../../shared/contracts/board';

// A widget type that no feature shows, or that two do, does not compile.
true satisfies EachExactlyOnce<WidgetType, WidgetTypesClaimed<ClientFeatures>>;

/** The widget types in the Add Widget dialog's order: the registry's. */
export const WIDGET_KINDS: readonly WidgetKind[] = CLIENT_FEATURES.flatMap(
  (feature) => feature.widgets ?? [],
);

export function widgetKind(type: WidgetType): WidgetKind {
  // Every WidgetType has an entry (checked above).
  return WIDGET_KINDS.find((kind) => kind.type === type)!;
}

/** spec §4: an added widget starts at top 100, left 100. */
export const NEW_WIDGET_POSITION = { top: 100, left: 100 } as const;
