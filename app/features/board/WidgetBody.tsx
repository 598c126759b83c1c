import type { WidgetBodyProps } from '@/features/feature';
import { widgetKind } from './widgetCatalog';

/** What goes inside a widget's frame: the body its type's feature declares. */
export function WidgetBody(props: WidgetBodyProps) {
  const { Body } = widgetKind(props.widget.type);
  return <Body {...props} />;
}
